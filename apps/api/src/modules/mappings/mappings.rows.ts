import {
  MAPPING_FIELDS,
  QUANTITY_FIELDS,
  ROW_CODE_TEXTS,
  type ImportRowCode,
  type MappingCategory,
  type QuantityUnit,
  type RowIssue,
  inferQuantityUnit,
} from '@klimadesk/contract';
import {
  type CellType,
  type Column,
  type RowIssue as CellIssue,
  type Value,
  normTitle,
} from '../../platform/spreadsheet.ts';
import type { MappingDetail } from './mappings.schema.ts';

export type Place = { name: string | null; city: string | null; zip: string | null; country: string | null };
export type Carriage = 'pre_carriage' | 'main_carriage' | 'on_carriage';

/** One file row after mapping: what the import needs of a tour and (optionally) a shipment. */
export type ParsedRow = {
  row: number;
  tourReference: string;
  departure: Place;
  arrival: Place;
  departureDate: string | null;
  arrivalDate: string | null;
  licensePlate: string | null;
  vehicleReference: string | null;
  glecTransportType: string | null;
  weightKg: number | null;
  distance: number | null;
  emptyDistance: number | null;
  fuelUsed: number | null;
  fuelType: string | null;
  fuelUnit: string | null;
  temperatureControl: boolean;
  tourTags: string[];
  shipment: {
    reference: string;
    orderNumber: string | null;
    shipper: string | null;
    description: string | null;
    weightKg: number | null;
    loadedDistance: number | null;
    origin: Place;
    destination: Place;
    carriage: Carriage;
    tags: string[];
  } | null;
};

/** The stored (English) text of each code; screens and the issues workbook translate by code. */
export const CODE_MESSAGES = Object.fromEntries(
  Object.entries(ROW_CODE_TEXTS).map(([code, t]) => [code, t.en.message]),
) as Record<ImportRowCode, string>;

/** Characters of file text quoted in an issue: a report never echoes whole cells back. */
export const ECHO_MAX_CHARS = 200;
export const clip = (text: string, max = ECHO_MAX_CHARS) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export function issue(row: number, column: string | null, code: ImportRowCode, extra?: string): RowIssue {
  return {
    row,
    column: column === null ? null : clip(column),
    code,
    message: extra ? `${CODE_MESSAGES[code]} ${clip(extra)}` : CODE_MESSAGES[code],
  };
}

/** Fields read as figures, dates or yes/no; every other field is text. */
const FIELD_TYPES: Readonly<Record<string, CellType>> = {
  weight: 'number',
  shipmentWeight: 'number',
  loadedDistance: 'number',
  distance: 'number',
  emptyDistance: 'number',
  fuelUsed: 'number',
  departureDate: 'date',
  arrivalDate: 'date',
  temperatureControl: 'boolean',
};

/** The mapping's fields as spreadsheet columns: each found by the mapping's title, which row 1 must hold. */
export function mappingColumns(details: readonly MappingDetail[]): Column<never>[] {
  return details.map((d) => ({
    key: d.mappingField,
    header: d.value,
    type: FIELD_TYPES[d.mappingField] ?? 'text',
    required: true,
  }));
}

/**
 * A cell issue of the reader in the codes of seed 000 §5. A temperature flag that is not a yes
 * word counts as no, so it is no issue.
 */
export function cellIssue(i: CellIssue): RowIssue | null {
  switch (i.code) {
    case 'emptyFile':
      return issue(1, null, 'fileReadError', '(empty file)');
    case 'missingColumn':
      return issue(1, i.column, 'titleNotFound', `(${i.column})`);
    case 'invalidBoolean':
      return null;
    default:
      return issue(i.row, i.column, i.code, `(${i.cell})`);
  }
}

/** The mapping field suggested for a file title: exact id, then the longest matching hint. */
export function suggestField(title: string, taken: Set<string>): string | null {
  const t = normTitle(title);
  let best: { id: string; score: number } | null = null;
  for (const f of MAPPING_FIELDS) {
    if (taken.has(f.id)) continue;
    if (t === f.id.toLowerCase()) return f.id;
    for (const h of f.hints) {
      const score = t === h ? 1000 : t.includes(h) ? h.length : 0;
      if (score > 0 && (!best || score > best.score)) best = { id: f.id, score };
    }
  }
  return best?.id ?? null;
}

function carriageOf(c: string | null): Carriage {
  const s = (c ?? '').toLowerCase();
  if (/^(pre|vor)/.test(s)) return 'pre_carriage';
  if (/^(on|nach)/.test(s)) return 'on_carriage';
  return 'main_carriage';
}

const tagsOf = (c: string | null): string[] =>
  [
    ...new Set(
      (c ?? '')
        .split(/[,;|]/)
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);

/** What mapping a row needs besides its values: the category, each field's title and unit, the known GLEC types. */
export type RowContext = {
  category: MappingCategory;
  titles: ReadonlyMap<string, string>;
  /** Unit of each quantity field (mapping, else the title's); a field without one is in kg or km. */
  units: ReadonlyMap<string, QuantityUnit>;
  isKnownType: (id: string) => boolean;
};

/** The units of a mapping's quantity columns: the stored unit, else the one its title names. */
export function mappingUnits(details: readonly MappingDetail[]): Map<string, QuantityUnit> {
  const units = new Map<string, QuantityUnit>();
  for (const d of details) {
    const unit = d.unit ?? inferQuantityUnit(d.mappingField, d.value);
    if (unit) units.set(d.mappingField, unit);
  }
  return units;
}

/** Factor to kilograms or kilometres (1 t = 1,000 kg; 1 km = 1,000 m; SI). */
const TO_BASE: Record<QuantityUnit, number> = { t: 1000, kg: 1, km: 1, m: 0.001 };

/** A unit cell of the file (`weightUnit` column): tonnes or kilograms, anything else as kg. */
const cellWeightUnit = (text: string | null): QuantityUnit | null => {
  const u = (text ?? '').trim().toLowerCase();
  if (!u) return null;
  return u === 't' || u === 'to' || u.startsWith('tonne') || u.startsWith('ton') ? 't' : 'kg';
};

/** One row's cells by mapping field: texts, numbers, dates, places, and quantities in kg or km. */
function rowCells(values: Readonly<Record<string, Value>>, ctx: RowContext) {
  const str = (field: string) => (values[field] ?? null) as string | null;
  const num = (field: string) => (values[field] ?? null) as number | null;
  // A unit column of the row wins over the mapping's unit of the weight column.
  const rowUnit = cellWeightUnit(str('weightUnit'));
  const factor = (field: string) =>
    TO_BASE[(QUANTITY_FIELDS[field] === 'weight' ? rowUnit : null) ?? ctx.units.get(field) ?? 'kg'];
  return {
    col: (field: string) => ctx.titles.has(field),
    str,
    title: (field: string) => ctx.titles.get(field) ?? null,
    num,
    date: (field: string) => (values[field] instanceof Date ? (values[field] as Date).toISOString() : null),
    place: (prefix: string): Place => ({
      name: str(`${prefix}Name`),
      city: str(`${prefix}City`),
      zip: str(`${prefix}Zip`),
      country: str(`${prefix}Country`)?.toUpperCase() ?? null,
    }),
    factor,
    quantity: (field: string) => {
      const v = num(field);
      return v === null ? null : v * factor(field);
    },
  };
}

type RowCells = ReturnType<typeof rowCells>;
type RowVehicle = Pick<ParsedRow, 'licensePlate' | 'vehicleReference' | 'glecTransportType'>;

function checkVehicle(c: RowCells, row: number, ctx: RowContext, vehicle: RowVehicle, issues: RowIssue[]) {
  const { licensePlate, vehicleReference, glecTransportType } = vehicle;
  // A vehicle is identified by plate or reference; a GLEC type alone is enough for the default method.
  if (c.col('licensePlate') && !licensePlate && !vehicleReference && !glecTransportType) {
    issues.push(issue(row, c.title('licensePlate'), 'vehicleLicensePlateMissing'));
  } else if (c.col('vehicleReference') && !vehicleReference && !licensePlate && !glecTransportType) {
    issues.push(issue(row, c.title('vehicleReference'), 'vehicleReferenceMissing'));
  } else if (!c.col('licensePlate') && !c.col('vehicleReference') && !glecTransportType) {
    issues.push(issue(row, c.title('glecTransportType'), 'glecTransportTypeMissing'));
  }
  if (glecTransportType && !ctx.isKnownType(glecTransportType)) {
    issues.push(
      issue(row, c.title('glecTransportType'), 'invalidGlecTransportType', `(${glecTransportType})`),
    );
  }
}

function shipmentOf(
  c: RowCells,
  row: number,
  weightKg: number | null,
  issues: RowIssue[],
): NonNullable<ParsedRow['shipment']> {
  const reference = c.str('shipmentReference');
  if (!reference) issues.push(issue(row, c.title('shipmentReference'), 'shipmentReferenceMissing'));
  const sw = c.quantity('shipmentWeight');
  return {
    reference: reference ?? '',
    orderNumber: c.str('orderNumber'),
    shipper: c.str('shipper'),
    description: c.str('description'),
    // Without its own weight column a shipment row's weight is the shipment's weight.
    weightKg: sw === null ? weightKg : sw,
    loadedDistance: c.quantity('loadedDistance'),
    origin: c.place('origin'),
    destination: c.place('destination'),
    carriage: carriageOf(c.str('carriage')),
    tags: tagsOf(c.str('shipmentTags')),
  };
}

/**
 * Maps one row of typed values and reports its problems with the codes of seed 000 §5, after the
 * reader's cell issues. Vehicle existence is checked by the caller (it needs the fleet); here
 * only what the row itself shows.
 */
export function parseRow(
  values: Readonly<Record<string, Value>>,
  row: number,
  cellIssues: readonly CellIssue[],
  ctx: RowContext,
): { value: ParsedRow | null; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  for (const i of cellIssues) {
    const converted = cellIssue(i);
    if (converted) issues.push(converted);
  }
  const c = rowCells(values, ctx);
  const { str, title, num, place, date, quantity } = c;

  const tourReference = str('tourReference');
  if (!tourReference) issues.push(issue(row, title('tourReference'), 'tourReferenceMissing'));

  const rawWeight = num('weight');
  if (rawWeight === null && !cellIssues.some((i) => i.key === 'weight')) {
    issues.push(issue(row, title('weight'), 'weightMissing'));
  } else if (rawWeight !== null && rawWeight <= 0) issues.push(issue(row, title('weight'), 'invalidWeight'));
  const weightKg = rawWeight === null ? null : rawWeight * c.factor('weight');

  const vehicle: RowVehicle = {
    licensePlate: str('licensePlate'),
    vehicleReference: str('vehicleReference'),
    glecTransportType: str('glecTransportType'),
  };
  checkVehicle(c, row, ctx, vehicle, issues);

  const shipment = ctx.category === 'shipment' ? shipmentOf(c, row, weightKg, issues) : null;

  const value: ParsedRow = {
    row,
    tourReference: tourReference ?? '',
    departure: place('departure'),
    arrival: place('arrival'),
    departureDate: date('departureDate'),
    arrivalDate: date('arrivalDate'),
    ...vehicle,
    weightKg,
    distance: quantity('distance'),
    emptyDistance: quantity('emptyDistance'),
    fuelUsed: num('fuelUsed'),
    fuelType: str('fuelType')?.toLowerCase() ?? null,
    fuelUnit: str('fuelUnit'),
    temperatureControl: values.temperatureControl === true,
    tourTags: tagsOf(str('tourTags')),
    shipment,
  };
  return { value: issues.length ? null : value, issues };
}
