/**
 * Limits on reading an uploaded xlsx file (a ZIP archive of XML parts). A few hundred kilobytes
 * of ZIP can inflate to gigabytes, so every archive is checked before exceljs opens it: the sizes
 * are capped, every part is inflated once while counting (reading stops at the cap) and no XML
 * text or tag may exceed what an Excel cell can hold.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from './errors.ts';
import { limitExceeded } from './csv.ts';

export type XlsxLimits = {
  /** Sum of the uncompressed sizes of all parts. */
  totalBytes: number;
  /** The shared-string part, which exceljs holds in memory while it reads the sheets. */
  sharedStringsBytes: number;
};

const MiB = 1024 * 1024;
/** Streamed reading (mapping sample, validation and import): sheets are never held whole. */
export const XLSX_STREAM_LIMITS: XlsxLimits = { totalBytes: 1024 * MiB, sharedStringsBytes: 64 * MiB };
/** Reading a whole workbook into memory (fleet templates hold a few thousand vehicles at most). */
export const XLSX_LOAD_LIMITS: XlsxLimits = { totalBytes: 64 * MiB, sharedStringsBytes: 16 * MiB };
/**
 * Bytes between two `<` of an XML part: a text or a tag. A cell of 32,767 characters (Excel's
 * limit) written with entities stays below this.
 */
export const XML_TOKEN_MAX_BYTES = 256 * 1024;
/** Room for a data descriptor after an entry's data (at most 24 bytes in ZIP64). */
const DESCRIPTOR_MAX_BYTES = 24;

const unreadable = (reason: string) => new AppError('fileReadError', { reason });

const tokenTooLong = (part: string) =>
  new AppError('fileLimitExceeded', { limit: 'xmlTokenBytes', max: XML_TOKEN_MAX_BYTES, part });

/** Inflates one part, counting and checking the longest run between two `<` of XML parts. */
async function inflatePart(stream: Readable, xml: boolean, name: string): Promise<number> {
  let bytes = 0;
  let run = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (!xml) continue;
      let from = 0;
      for (let at = chunk.indexOf(60); at !== -1; at = chunk.indexOf(60, from)) {
        if (run + at - from > XML_TOKEN_MAX_BYTES) throw tokenTooLong(name);
        run = 0;
        from = at + 1;
      }
      run += chunk.length - from;
      if (run > XML_TOKEN_MAX_BYTES) throw tokenTooLong(name);
    }
  } finally {
    stream.destroy();
  }
  return bytes;
}

/**
 * Refuses an archive that breaks a limit (`fileLimitExceeded`) or is not a plain ZIP
 * (`fileReadError`): unreadable, encrypted, or with bytes no directory entry accounts for, which
 * a streaming unzipper might read differently from the directory.
 */
export async function checkXlsx(data: Buffer, limits: XlsxLimits = XLSX_STREAM_LIMITS): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw unreadable('zip');
  }
  // Before any entry is read the cursor stands at the start of the central directory.
  const directoryAt = zip.readEntryCursor as unknown as number;
  const spans: { start: number; end: number }[] = [];
  let declared = 0;
  let inflated = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted() || !entry.canDecodeFileData()) throw unreadable('entry');
      const shared = /sharedstrings\d*\.xml$/i.test(entry.fileName);
      if (shared && entry.uncompressedSize > limits.sharedStringsBytes)
        throw limitExceeded('sharedStringsBytes', limits.sharedStringsBytes);
      declared += entry.uncompressedSize;
      if (declared > limits.totalBytes) throw limitExceeded('uncompressedBytes', limits.totalBytes);
      const header = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
      spans.push({
        start: entry.relativeOffsetOfLocalHeader,
        end: header.fileDataStart + entry.compressedSize,
      });
      if (entry.fileName.endsWith('/')) continue;
      // validateEntrySizes stops the inflation as soon as it passes the declared size.
      const stream = await zip.openReadStreamPromise(entry);
      inflated += await inflatePart(stream, /\.(xml|rels)$/i.test(entry.fileName), entry.fileName);
      if (inflated > limits.totalBytes) throw limitExceeded('uncompressedBytes', limits.totalBytes);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('entry');
  } finally {
    zip.close();
  }
  spans.sort((a, b) => a.start - b.start);
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor || span.start - cursor > DESCRIPTOR_MAX_BYTES) throw unreadable('layout');
    cursor = span.end;
  }
  if (directoryAt < cursor || directoryAt - cursor > DESCRIPTOR_MAX_BYTES) throw unreadable('layout');
}
