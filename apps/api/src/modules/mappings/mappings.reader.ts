import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  CELL_MAX_CHARS,
  csvRows as parseCsvRows,
  limitExceeded,
  yieldingSlices,
} from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { checkXlsx } from '../../platform/xlsx.ts';

export type Cell = string | number | boolean | Date | null;

/** Plain value of an exceljs cell (rich text, formulas, hyperlinks reduced to their text/result). */
function plain(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((r) => r.text).join('');
    if ('result' in o) return plain(o.result);
    if ('text' in o) return plain(o.text);
    if ('error' in o) return null;
  }
  return String(v);
}

/**
 * Rows of the first worksheet, streamed: exceljs' WorkbookReader parses the sheet XML as it
 * goes, so only one row is held at a time. Row 1 holds the titles (seed 000 §5). The archive is
 * checked against the reading limits first.
 */
async function* xlsxRows(data: Buffer, meter?: ReadMeter): AsyncGenerator<Cell[]> {
  await checkXlsx(data);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(slices(data, meter)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    let expected = 1;
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      // Empty rows are skipped by the reader; keep the row numbers of the file.
      for (; expected < row.number; expected++) yield [];
      const values = row.values as unknown[];
      const out: Cell[] = [];
      for (let i = 1; i < values.length; i++) {
        const cell = plain(values[i]);
        if (typeof cell === 'string' && cell.length > CELL_MAX_CHARS)
          throw limitExceeded('cellChars', CELL_MAX_CHARS, row.number);
        out.push(cell);
      }
      yield out;
      expected = row.number + 1;
    }
    return; // first worksheet only
  }
}

/** Rows pushed as JSON objects keyed by field id: a title row of the ids, then the values. */
async function* jsonRows(data: Buffer, fields: readonly string[]): AsyncGenerator<Cell[]> {
  const rows = JSON.parse(data.toString('utf8')) as Record<string, Cell>[];
  yield [...fields];
  for (const r of rows) yield fields.map((f) => r[f] ?? null);
}

export type SourceKind = 'xlsx' | 'csv' | 'json';

/** Bytes of the file the reader has consumed so far: progress without a counting pass. */
export type ReadMeter = { bytes: number; total: number };

/** The file in slices, one per turn of the event loop, adding what the reader pulls to `meter.bytes`. */
const slices = (data: Buffer, meter?: ReadMeter) =>
  yieldingSlices(data, (bytes) => {
    if (meter) meter.bytes = bytes;
  });

export function readRows(
  data: Buffer,
  kind: SourceKind,
  delimiter = ';',
  jsonFields: readonly string[] = [],
  meter?: ReadMeter,
): AsyncGenerator<Cell[]> {
  if (kind === 'json') {
    if (meter) meter.bytes = data.length;
    return jsonRows(data, jsonFields);
  }
  return kind === 'xlsx' ? xlsxRows(data, meter) : parseCsvRows(slices(data, meter), delimiter);
}

/** What a reading failure says in an import's row issue, e.g. `(fileLimitExceeded: recordBytes, 262144, row 3)`. */
export function readFailure(err: unknown): string | undefined {
  if (!(err instanceof AppError) || !err.detail) return undefined;
  const d = err.detail as { limit?: string; reason?: string; max?: number; row?: number };
  const what = [d.limit ?? d.reason, d.max, d.row !== undefined ? `row ${d.row}` : undefined];
  return `(${err.key}: ${what.filter((x) => x !== undefined).join(', ')})`;
}
