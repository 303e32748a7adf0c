import { crc32, inflateSync } from 'node:zlib';
import { LOGO_MAX_PIXELS, LOGO_MIN_PIXELS } from '@klimadesk/contract';
import { AppError } from '../../platform/errors.ts';

export type ImageFacts = { mimeType: 'image/png' | 'image/jpeg'; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Samples per pixel of each PNG colour type (PNG spec §11.2.2 IHDR). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The Adam7 passes: start and step across and down (PNG spec §8.2). */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * What an uploaded logo is, read from its bytes alone (name and declared type say nothing): a PNG
 * or a JPEG within the allowed sides, else `invalidFileType` or `imageSizeInvalid`. A PNG is read
 * to its end, every chunk's CRC and the inflated pixel data checked, because the PDF writer inflates
 * it again later where a broken stream could not be answered as an upload error.
 */
export function imageFacts(bytes: Buffer): ImageFacts {
  const facts = bytes.subarray(0, 8).equals(PNG_SIGNATURE)
    ? pngFacts(bytes)
    : bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
      ? jpegFacts(bytes)
      : null;
  if (!facts) throw new AppError('invalidFileType', { accepted: ['image/png', 'image/jpeg'] });
  const { width, height } = facts;
  const fits = (side: number) => side >= LOGO_MIN_PIXELS && side <= LOGO_MAX_PIXELS;
  if (!fits(width) || !fits(height))
    throw new AppError('imageSizeInvalid', { width, height, min: LOGO_MIN_PIXELS, max: LOGO_MAX_PIXELS });
  return facts;
}

function pngFacts(bytes: Buffer): ImageFacts | null {
  let at = 8;
  let header: { width: number; height: number; bits: number; type: number; interlaced: boolean } | null =
    null;
  let palette = false;
  const data: Buffer[] = [];
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return null;
    if (type === 'IHDR') {
      if (header || length !== 13) return null;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bits: body[8],
        type: body[9],
        interlaced: body[12] === 1,
      };
    } else if (!header) return null;
    if (type === 'PLTE') palette = true;
    if (type === 'IDAT') data.push(body);
    at = end;
    if (type === 'IEND') break;
  }
  if (!header || !(header.type in PNG_CHANNELS) || ![1, 2, 4, 8, 16].includes(header.bits)) return null;
  if (header.type === 3 && !palette) return null;
  const { width, height } = header;
  // The sides are checked before anything is inflated, so a forged header cannot ask for gigabytes.
  if (width > LOGO_MAX_PIXELS || height > LOGO_MAX_PIXELS || width < 1 || height < 1)
    return { mimeType: 'image/png', width, height };
  const bitsPerPixel = PNG_CHANNELS[header.type] * header.bits;
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  const expected = header.interlaced
    ? ADAM7.reduce((sum, [x0, y0, dx, dy]) => {
        const w = Math.ceil((width - x0) / dx);
        const h = Math.ceil((height - y0) / dy);
        return w > 0 && h > 0 ? sum + h * rowBytes(w) : sum;
      }, 0)
    : height * rowBytes(width);
  try {
    const pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
    if (pixels.length !== expected) return null;
  } catch {
    return null;
  }
  return { mimeType: 'image/png', width, height };
}

/** The sides from the first start-of-frame segment (ITU T.81 B.2.2), walking the segments from the start. */
function jpegFacts(bytes: Buffer): ImageFacts | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM and the restart markers; an end of image before a frame is broken.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (length < 8) return null;
      return {
        mimeType: 'image/jpeg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
      };
    }
    at += 2 + length;
  }
  return null;
}
