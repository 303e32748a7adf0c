/**
 * Limits on reading an uploaded xlsx file (a ZIP archive of XML parts). A few hundred kilobytes
 * of ZIP can inflate to gigabytes, so every archive is checked before exceljs opens it: the number
 * of parts, their sizes and the rows of the worksheets are capped, every part is inflated once
 * while counting (reading stops at the cap) and no XML text or tag may exceed what an Excel cell
 * can hold. The check runs in a reader thread (`xlsx-pool.ts`) like the reading itself.
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
  /** Parts of the archive: a workbook has a dozen plus one per sheet; each costs a header read. */
  entries: number;
  /** `<row>` elements of all worksheets together. */
  rows: number;
};

const MiB = 1024 * 1024;
/**
 * Streamed reading (mapping sample, validation and import of up to 20 MB): an import of 100,000
 * rows of 30 columns (decision 0005) inflates to about 120 MiB; twice the rows are allowed.
 */
export const XLSX_STREAM_LIMITS: XlsxLimits = {
  totalBytes: 256 * MiB,
  sharedStringsBytes: 32 * MiB,
  entries: 500,
  rows: 200_000,
};
/**
 * Reading a whole workbook into memory: fleet templates (a few thousand vehicles), factor lists,
 * CFC sections (at most 5,000 rows) and CSRD indicator templates (a few hundred rows per sheet).
 * 20,000 rows of 40 columns inflate to about 12 MiB.
 */
export const XLSX_LOAD_LIMITS: XlsxLimits = {
  totalBytes: 16 * MiB,
  sharedStringsBytes: 4 * MiB,
  entries: 500,
  rows: 20_000,
};
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

const ROW_TAG = Buffer.from('row');
/** `<row` followed by a space, `>` or `/`: a row element (`<rowBreaks` is not one). */
const isRowTag = (b: Buffer, at: number) =>
  b[at] === ROW_TAG[0] &&
  b[at + 1] === ROW_TAG[1] &&
  b[at + 2] === ROW_TAG[2] &&
  (b[at + 3] === 32 || b[at + 3] === 62 || b[at + 3] === 47);

/**
 * Inflates one part, counting its bytes and (in worksheets) its rows, and checking the longest
 * run between two `<` of XML parts.
 */
async function inflatePart(
  stream: Readable,
  kind: 'xml' | 'sheet' | 'other',
  name: string,
  onRow: () => void,
): Promise<number> {
  let bytes = 0;
  let run = 0;
  // The bytes after a `<` at the end of the previous chunk: a row tag may span two chunks.
  let carry: Buffer | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (kind === 'other') continue;
      if (carry) {
        const joined = Buffer.concat([carry, chunk.subarray(0, 4)]);
        if (joined.length >= 4 && isRowTag(joined, 0)) onRow();
        carry = null;
      }
      let from = 0;
      for (let at = chunk.indexOf(60); at !== -1; at = chunk.indexOf(60, from)) {
        if (run + at - from > XML_TOKEN_MAX_BYTES) throw tokenTooLong(name);
        if (kind === 'sheet') {
          if (at + 4 < chunk.length) {
            if (isRowTag(chunk, at + 1)) onRow();
          } else carry = Buffer.from(chunk.subarray(at + 1));
        }
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
  // Counted from the directory's end record, before a single entry is read.
  if (zip.entryCount > limits.entries) {
    zip.close();
    throw limitExceeded('entries', limits.entries);
  }
  const spans: { start: number; end: number }[] = [];
  let declared = 0;
  let inflated = 0;
  let rows = 0;
  const onRow = () => {
    if (++rows > limits.rows) throw limitExceeded('rows', limits.rows);
  };
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
      const kind = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.fileName)
        ? 'sheet'
        : /\.(xml|rels)$/i.test(entry.fileName)
          ? 'xml'
          : 'other';
      inflated += await inflatePart(stream, kind, entry.fileName, onRow);
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
