import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';
import { csvRecordsAsync, splitCsvLine } from '../../platform/csv.ts';

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
 * goes, so only one row is held at a time. Row 1 holds the titles (seed 000 §5).
 */
async function* xlsxRows(input: Readable): AsyncGenerator<Cell[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
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
      for (let i = 1; i < values.length; i++) out.push(plain(values[i]));
      yield out;
      expected = row.number + 1;
    }
    return; // first worksheet only
  }
}

/** CSV rows line by line; a quoted field may span lines. */
async function* csvRows(input: Readable, delimiter: string): AsyncGenerator<Cell[]> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let first = true;
  for await (const record of csvRecordsAsync(lines)) {
    yield splitCsvLine(first ? record.replace(/^\uFEFF/, '') : record, delimiter);
    first = false;
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

/** The file as a stream of slices that adds what the reader pulls to `meter.bytes`. */
function metered(data: Buffer, meter?: ReadMeter): Readable {
  if (!meter) return Readable.from([data]);
  const SLICE = 256 * 1024;
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += SLICE) {
        meter.bytes = Math.min(data.length, at + SLICE);
        yield data.subarray(at, at + SLICE);
      }
    })(),
  );
}

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
  return kind === 'xlsx' ? xlsxRows(metered(data, meter)) : csvRows(metered(data, meter), delimiter);
}
