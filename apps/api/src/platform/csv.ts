/**
 * CSV reading shared by every import: RFC 4180 quoting with `""` escapes and any delimiter. Uploads
 * go through csv-parse (linear, streaming) fed in slices that each wait for a turn of the event
 * loop, so a hostile file can neither take quadratic time nor hold the API while it is parsed.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, type Options, parse } from 'csv-parse';
import { AppError } from './errors.ts';

/** Bytes of one CSV record (a line, or several when a quoted cell holds line breaks). */
export const CSV_MAX_RECORD_BYTES = 256 * 1024;
/** Characters of one cell: Excel's own limit, also applied to xlsx cells. */
export const CELL_MAX_CHARS = 32_767;
/** Cells of one record: Excel's column limit. */
export const MAX_COLUMNS = 16_384;
/** Bytes handed to a parser per turn of the event loop. */
const SLICE_BYTES = 64 * 1024;

/** A file that breaks one of the reading limits; `row` is the record (CSV) or row (xlsx) where known. */
export function limitExceeded(limit: string, max: number, row?: number): AppError {
  return new AppError('fileLimitExceeded', { limit, max, ...(row ? { row } : {}) });
}

/**
 * The buffer in slices, each after a turn of the event loop: whatever parses the slices runs in
 * short steps between other requests. `onSlice` receives the bytes handed out so far.
 */
export async function* yieldingSlices(
  data: Buffer,
  onSlice?: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += SLICE_BYTES) {
    await nextTurn();
    onSlice?.(Math.min(data.length, at + SLICE_BYTES));
    yield data.subarray(at, at + SLICE_BYTES);
  }
}

/** Splits one CSV line of trusted reference data (no line breaks inside cells) into cells. */
export function splitCsvLine(line: string, delimiter = ','): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  out.push(cell);
  return out;
}

/** `;` when the header line has at least as many semicolons as commas (German spreadsheets). */
export function detectDelimiter(headerLine: string): ';' | ',' {
  return (headerLine.match(/;/g) ?? []).length >= (headerLine.match(/,/g) ?? []).length ? ';' : ',';
}

const PARSE_OPTIONS: Options = {
  bom: true,
  // Quotes inside an unquoted cell are kept as text, as spreadsheet programs write them.
  relax_quotes: true,
  relax_column_count: true,
  max_record_size: CSV_MAX_RECORD_BYTES,
};

/** csv-parse's errors as catalogue errors: limits as `fileLimitExceeded`, the rest unreadable. */
function readError(err: unknown): unknown {
  if (!(err instanceof CsvError)) return err;
  // The record being read when it failed: the records before it plus one.
  const records = (err as CsvError & { records?: number }).records;
  const row = records === undefined ? undefined : records + 1;
  if (err.code === 'CSV_MAX_RECORD_SIZE') return limitExceeded('recordBytes', CSV_MAX_RECORD_BYTES, row);
  return new AppError('fileReadError', { reason: err.code, ...(row ? { row } : {}) });
}

/**
 * Records of a CSV stream, empty lines included (as `['']`) so that record numbers stay those of
 * the file. `delimiter: 'detect'` chooses `;` or `,` by the first line.
 */
export async function* csvRows(
  chunks: AsyncIterable<Buffer>,
  delimiter: string | 'detect',
): AsyncGenerator<string[]> {
  const source = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let sep = delimiter;
  if (delimiter === 'detect') {
    // The first line decides; it may not be longer than a record.
    let bytes = 0;
    for (;;) {
      const next = await source.next();
      if (next.done) break;
      head.push(next.value);
      bytes += next.value.length;
      if (next.value.includes(10) || next.value.includes(13) || bytes > CSV_MAX_RECORD_BYTES) break;
    }
    const start = Buffer.concat(head).subarray(0, CSV_MAX_RECORD_BYTES).toString('utf8');
    sep = detectDelimiter(start.split(/\r?\n|\r/, 1)[0] ?? '');
  }
  const rest = async function* () {
    yield* head;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  };
  const parser = Readable.from(rest()).pipe(parse({ ...PARSE_OPTIONS, delimiter: sep }));
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      if (record.length > MAX_COLUMNS) throw limitExceeded('columns', MAX_COLUMNS, row);
      if (record.some((cell) => cell.length > CELL_MAX_CHARS))
        throw limitExceeded('cellChars', CELL_MAX_CHARS, row);
      yield record;
    }
  } catch (err) {
    throw readError(err);
  }
}

/** A whole uploaded CSV file (at most the upload limit) as rows; blank rows dropped. */
export async function parseCsv(data: Buffer | string): Promise<string[][]> {
  const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const rows: string[][] = [];
  for await (const cells of csvRows(yieldingSlices(buffer), 'detect')) {
    if (cells.some((c) => c.trim() !== '')) rows.push(cells);
  }
  return rows;
}
