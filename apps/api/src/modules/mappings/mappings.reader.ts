import { csvRows, yieldingSlices } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { type Cell, type ReadMeter, xlsxRows } from '../../platform/spreadsheet.ts';

/** Rows pushed as JSON objects keyed by field id: a title row of the ids, then the values. */
async function* jsonRows(data: Buffer, fields: readonly string[]): AsyncGenerator<Cell[]> {
  const rows = JSON.parse(data.toString('utf8')) as Record<string, Cell>[];
  yield [...fields];
  for (const r of rows) yield fields.map((f) => r[f] ?? null);
}

export type SourceKind = 'xlsx' | 'csv' | 'json';

/**
 * The cells of an import source row by row, row 1 the titles (seed 000 §5): xlsx streamed in a
 * reader thread, CSV with the mapping's delimiter, a JSON push with its field ids as titles.
 * `meter` counts the bytes read, for progress; `tenant` is the company an upload's xlsx read
 * counts against (none for the import job).
 */
export function fileRows(
  data: Buffer,
  kind: SourceKind,
  delimiter = ';',
  jsonFields: readonly string[] = [],
  meter?: ReadMeter,
  tenant?: string | null,
): AsyncGenerator<Cell[]> {
  if (kind === 'json') {
    if (meter) meter.bytes = data.length;
    return jsonRows(data, jsonFields);
  }
  if (kind === 'xlsx') return xlsxRows({ buffer: data, tenant }, meter);
  const slices = yieldingSlices(data, (bytes) => {
    if (meter) meter.bytes = bytes;
  });
  return csvRows(slices, delimiter);
}

/** What a reading failure says in an import's row issue, e.g. `(fileLimitExceeded: recordBytes, 262144, row 3)`. */
export function readFailure(err: unknown): string | undefined {
  if (!(err instanceof AppError) || !err.detail) return undefined;
  const d = err.detail as { limit?: string; reason?: string; max?: number; row?: number };
  const what = [d.limit ?? d.reason, d.max, d.row !== undefined ? `row ${d.row}` : undefined];
  return `(${err.key}: ${what.filter((x) => x !== undefined).join(', ')})`;
}
