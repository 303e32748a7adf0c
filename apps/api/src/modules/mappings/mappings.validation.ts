import { glecVehicleTypes } from '@klimadesk/glec';
import type { RowIssue } from '@klimadesk/contract';
import type { FleetIndex, FleetVehicle } from '../fleet/index.ts';
import { type ReadMeter, readRows } from '../../platform/spreadsheet.ts';
import { type SourceKind, fileRows } from './mappings.reader.ts';
import type { MappingRow } from './mappings.repository.ts';
import { type ParsedRow, cellIssue, issue, mappingColumns, mappingUnits, parseRow } from './mappings.rows.ts';

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
  /** Called for every data row with its parsed value (null when the row has issues) and its file row. */
  row: (parsed: ParsedRow | null, issues: RowIssue[], rowNumber: number) => Promise<void> | void;
  /** Counts the bytes read, for progress. */
  meter?: ReadMeter;
  /** The company an upload's read counts against (`fileRows`). */
  tenant?: string | null;
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
  const { delimiter, decimalSeparator, dateFormat } = mapping.formatOptions;
  const source = fileRows(
    data,
    kind,
    delimiter,
    mapping.details.map((d) => d.mappingField),
    handlers.meter,
    handlers.tenant,
  );
  const sheet = await readRows(source, mappingColumns(mapping.details), { decimalSeparator, dateFormat });
  const titleIssues = sheet.issues.map(cellIssue).filter((i) => i !== null);
  const ctx = {
    category: mapping.category as 'tour' | 'shipment',
    titles: new Map(mapping.details.map((d) => [d.mappingField, d.value])),
    units: mappingUnits(mapping.details),
    isKnownType,
  };
  const vehicleTitles = {
    plate: ctx.titles.get('licensePlate') ?? ctx.titles.get('vehicleReference') ?? null,
    type: ctx.titles.get('glecTransportType') ?? null,
  };
  let rows = 0;
  for await (const r of sheet.rows) {
    rows++;
    const { value, issues } = parseRow(r.values, r.row, r.issues, ctx);
    if (value) {
      const v = vehicleOf(value, fleet, vehicleTitles);
      if (v.issue) await handlers.row(null, [v.issue], r.row);
      else await handlers.row(value, [], r.row);
    } else await handlers.row(null, issues, r.row);
  }
  return { titles: sheet.titles, titleIssues, rows };
}
