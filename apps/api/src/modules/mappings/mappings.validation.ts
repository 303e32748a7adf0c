import { glecVehicleTypes } from '@klimadesk/glec';
import type { RowIssue } from '@klimadesk/contract';
import type { FleetIndex, FleetVehicle } from '../tours/index.ts';
import { type Cell, type ReadMeter, type SourceKind, readRows } from './mappings.reader.ts';
import type { MappingRow } from './mappings.repository.ts';
import { type ParsedRow, isEmptyRow, issue, parseRow, resolveColumns } from './mappings.rows.ts';

const knownTypes = new Set(glecVehicleTypes().map((v) => v.id));
export const isKnownType = (id: string) => knownTypes.has(id);

/** The vehicle and GLEC type a row uses, or the code why it has none. */
export function vehicleOf(
  row: ParsedRow,
  fleet: FleetIndex,
  titles: { plate: string | null; type: string | null },
): { vehicle: FleetVehicle | null; type: string | null; issue: RowIssue | null } {
  const vehicle = fleet.find(row.licensePlate, row.vehicleReference);
  if ((row.licensePlate || row.vehicleReference) && !vehicle && !row.glecTransportType) {
    return {
      vehicle: null,
      type: null,
      issue: issue(row.row, titles.plate, 'vehicleNotFound', `(${row.licensePlate ?? row.vehicleReference})`),
    };
  }
  const type = row.glecTransportType ?? vehicle?.glecVehicleType ?? null;
  if (!type) return { vehicle, type: null, issue: issue(row.row, titles.type, 'glecTransportTypeMissing') };
  return { vehicle, type, issue: null };
}

export type ScanHandlers = {
  /** Called for every data row with its parsed value (null when the row has issues). */
  row: (parsed: ParsedRow | null, issues: RowIssue[]) => Promise<void> | void;
  /** Counts the bytes read, for progress. */
  meter?: ReadMeter;
};

/**
 * Streams a file through a mapping: titles from row 1, then each non-empty row parsed and checked
 * against the fleet. Returns the title issues (a missing title fails the whole file).
 */
export async function scanFile(
  data: Buffer,
  kind: SourceKind,
  mapping: MappingRow,
  fleet: FleetIndex,
  handlers: ScanHandlers,
): Promise<{ titles: string[]; titleIssues: RowIssue[]; rows: number }> {
  let titles: Cell[] | null = null;
  let ctx: Parameters<typeof parseRow>[2] | null = null;
  let rowNumber = 0;
  let rows = 0;
  const titleIssues: RowIssue[] = [];
  for await (const raw of readRows(
    data,
    kind,
    mapping.formatOptions.delimiter,
    mapping.details.map((d) => d.mappingField),
    handlers.meter,
  )) {
    rowNumber++;
    if (!titles) {
      titles = raw;
      const resolved = resolveColumns(raw, mapping.details);
      titleIssues.push(...resolved.issues);
      if (titleIssues.length) break;
      ctx = {
        category: mapping.category as 'tour' | 'shipment',
        columns: resolved.columns,
        options: mapping.formatOptions,
        isKnownType,
      };
      continue;
    }
    if (isEmptyRow(raw) || !ctx) continue;
    rows++;
    const { value, issues } = parseRow(raw, rowNumber, ctx);
    if (value) {
      const v = vehicleOf(value, fleet, {
        plate: ctx.columns.get('licensePlate')?.title ?? ctx.columns.get('vehicleReference')?.title ?? null,
        type: ctx.columns.get('glecTransportType')?.title ?? null,
      });
      if (v.issue) await handlers.row(null, [v.issue]);
      else await handlers.row(value, []);
    } else await handlers.row(null, issues);
  }
  if (!titles) titleIssues.push(issue(1, null, 'fileReadError', '(empty file)'));
  return { titles: (titles ?? []).map((t) => (t === null ? '' : String(t))), titleIssues, rows };
}
