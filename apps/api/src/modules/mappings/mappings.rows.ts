import { MAPPING_FIELDS, type ImportRowCode, type MappingCategory, type RowIssue } from '@klimadesk/contract';
import type { Cell } from './mappings.reader.ts';
import type { MappingDetail, StoredFormatOptions } from './mappings.schema.ts';

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

export const CODE_MESSAGES: Record<ImportRowCode, string> = {
  fileReadError: 'The file could not be read.',
  glecTransportTypeMissing: 'No GLEC transport type: give one in the row or use a vehicle that has one.',
  invalidGlecTransportType: 'The GLEC transport type is not known.',
  shipmentReferenceMissing: 'The shipment reference is missing.',
  titleNotFound: 'A column title of the mapping is not in the first row of the file.',
  tourReferenceMissing: 'The tour reference is missing.',
  vehicleLicensePlateMissing: 'The licence plate is missing.',
  vehicleReferenceMissing: 'The vehicle reference is missing.',
  weightMissing: 'The weight is missing.',
  invalidWeight: 'The weight is not a positive number.',
  invalidDate: 'The date cannot be read with the date format of the mapping.',
  invalidNumber: 'A number cannot be read.',
  vehicleNotFound: 'No active vehicle has this licence plate or reference.',
  distanceMissing: 'The distance is missing and cannot be computed from departure and arrival.',
  locationNotFound: 'Departure or arrival could not be found.',
  calculationFailed: 'The emissions could not be calculated.',
  trialShipmentLimit: 'The trial edition evaluates at most 30 shipments per upload.',
};

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

export const normTitle = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Column index of every mapped field; titles of the mapping missing from row 1 are reported. */
export function resolveColumns(
  titles: Cell[],
  details: MappingDetail[],
): { columns: Map<string, { index: number; title: string }>; issues: RowIssue[] } {
  const byTitle = new Map<string, number>();
  titles.forEach((t, i) => {
    if (t !== null && t !== '' && !byTitle.has(normTitle(String(t)))) byTitle.set(normTitle(String(t)), i);
  });
  const columns = new Map<string, { index: number; title: string }>();
  const issues: RowIssue[] = [];
  for (const d of details) {
    const index = byTitle.get(normTitle(d.value));
    if (index === undefined) issues.push(issue(1, d.value, 'titleNotFound', `(${d.value})`));
    else columns.set(d.mappingField, { index, title: d.value });
  }
  return { columns, issues };
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

const text = (c: Cell | undefined): string | null => {
  if (c === null || c === undefined) return null;
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  const s = String(c).trim();
  return s === '' ? null : s;
};

/** A number cell: numbers as they are, text with the mapping's decimal separator. */
export function numberOf(c: Cell | undefined, decimalSeparator: string): number | null | typeof Number.NaN {
  if (c === null || c === undefined) return null;
  if (typeof c === 'number') return c;
  const s = String(c)
    .trim()
    .replace(/[\s\u00a0]/g, '');
  if (s === '') return null;
  const group = decimalSeparator === ',' ? '.' : ',';
  const normal = s.split(group).join('').replace(decimalSeparator, '.');
  return /^[+-]?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** A date cell: Excel dates as they are, text in the mapping's date format (time of day optional). */
export function dateOf(c: Cell | undefined, format: string): string | null | typeof Number.NaN {
  if (c === null || c === undefined || c === '') return null;
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? Number.NaN : c.toISOString();
  const s = String(c).trim();
  const [datePart, timePart] = s.split(/[ T]/);
  const parts = datePart.split(/[./-]/).map((p) => Number(p));
  if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p))) return Number.NaN;
  let y: number;
  let m: number;
  let d: number;
  if (format === 'YYYY-MM-DD') [y, m, d] = parts;
  else if (format === 'MM/DD/YYYY') [m, d, y] = parts;
  else [d, m, y] = parts;
  if (y < 100) y += 2000;
  const time = timePart && /^\d{1,2}:\d{2}(:\d{2})?$/.test(timePart) ? timePart : '00:00';
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d, hh, mm, ss));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return Number.NaN;
  return date.toISOString();
}

function boolOf(c: Cell | undefined): boolean {
  if (c === true) return true;
  if (c === null || c === undefined || c === false) return false;
  return ['1', 'x', 'ja', 'yes', 'true', 'j', 'y'].includes(String(c).trim().toLowerCase());
}

function carriageOf(c: Cell | undefined): Carriage {
  const s = String(c ?? '')
    .trim()
    .toLowerCase();
  if (/^(pre|vor)/.test(s)) return 'pre_carriage';
  if (/^(on|nach)/.test(s)) return 'on_carriage';
  return 'main_carriage';
}

const tagsOf = (c: Cell | undefined): string[] =>
  [
    ...new Set(
      (text(c) ?? '')
        .split(/[,;|]/)
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);

/** Whether the row of a given field holds a value (for the "…Missing" codes). */
export type RowContext = {
  category: MappingCategory;
  columns: Map<string, { index: number; title: string }>;
  options: StoredFormatOptions;
  isKnownType: (id: string) => boolean;
};

/**
 * Maps one data row and reports its problems with the codes of seed 000 §5. Vehicle existence is
 * checked by the caller (it needs the fleet); here only what the row itself shows.
 */
export function parseRow(
  raw: Cell[],
  row: number,
  ctx: RowContext,
): { value: ParsedRow | null; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const col = (field: string) => ctx.columns.get(field);
  const cell = (field: string): Cell | undefined => {
    const c = col(field);
    return c ? raw[c.index] : undefined;
  };
  const str = (field: string) => text(cell(field));
  const title = (field: string) => col(field)?.title ?? null;
  const num = (field: string): number | null => {
    const v = numberOf(cell(field), ctx.options.decimalSeparator);
    if (Number.isNaN(v)) {
      issues.push(issue(row, title(field), 'invalidNumber', `(${String(cell(field))})`));
      return null;
    }
    return v as number | null;
  };
  const date = (field: string): string | null => {
    const v = dateOf(cell(field), ctx.options.dateFormat);
    if (Number.isNaN(v)) {
      issues.push(issue(row, title(field), 'invalidDate', `(${String(cell(field))})`));
      return null;
    }
    return v as string | null;
  };
  const place = (prefix: string): Place => ({
    name: str(`${prefix}Name`),
    city: str(`${prefix}City`),
    zip: str(`${prefix}Zip`),
    country: str(`${prefix}Country`)?.toUpperCase() ?? null,
  });

  const tourReference = str('tourReference');
  if (!tourReference) issues.push(issue(row, title('tourReference'), 'tourReferenceMissing'));

  const unit = (str('weightUnit') ?? 'kg').toLowerCase();
  const factor = unit === 't' || unit.startsWith('tonne') ? 1000 : 1;
  const rawWeight = num('weight');
  if (rawWeight === null && !issues.some((i) => i.code === 'invalidNumber' && i.column === title('weight'))) {
    issues.push(issue(row, title('weight'), 'weightMissing'));
  } else if (rawWeight !== null && rawWeight <= 0) issues.push(issue(row, title('weight'), 'invalidWeight'));
  const weightKg = rawWeight === null ? null : rawWeight * factor;

  const licensePlate = str('licensePlate');
  const vehicleReference = str('vehicleReference');
  const glecTransportType = str('glecTransportType');
  // A vehicle is identified by plate or reference; a GLEC type alone is enough for the default method.
  if (col('licensePlate') && !licensePlate && !vehicleReference && !glecTransportType) {
    issues.push(issue(row, title('licensePlate'), 'vehicleLicensePlateMissing'));
  } else if (col('vehicleReference') && !vehicleReference && !licensePlate && !glecTransportType) {
    issues.push(issue(row, title('vehicleReference'), 'vehicleReferenceMissing'));
  } else if (!col('licensePlate') && !col('vehicleReference') && !glecTransportType) {
    issues.push(issue(row, title('glecTransportType'), 'glecTransportTypeMissing'));
  }
  if (glecTransportType && !ctx.isKnownType(glecTransportType)) {
    issues.push(issue(row, title('glecTransportType'), 'invalidGlecTransportType', `(${glecTransportType})`));
  }

  let shipment: ParsedRow['shipment'] = null;
  if (ctx.category === 'shipment') {
    const reference = str('shipmentReference');
    if (!reference) issues.push(issue(row, title('shipmentReference'), 'shipmentReferenceMissing'));
    const sw = num('shipmentWeight');
    shipment = {
      reference: reference ?? '',
      orderNumber: str('orderNumber'),
      shipper: str('shipper'),
      description: str('description'),
      // Without its own weight column a shipment row's weight is the shipment's weight.
      weightKg: sw === null ? weightKg : sw * factor,
      loadedDistance: num('loadedDistance'),
      origin: place('origin'),
      destination: place('destination'),
      carriage: carriageOf(cell('carriage')),
      tags: tagsOf(cell('shipmentTags')),
    };
  }

  const value: ParsedRow = {
    row,
    tourReference: tourReference ?? '',
    departure: place('departure'),
    arrival: place('arrival'),
    departureDate: date('departureDate'),
    arrivalDate: date('arrivalDate'),
    licensePlate,
    vehicleReference,
    glecTransportType,
    weightKg,
    distance: num('distance'),
    emptyDistance: num('emptyDistance'),
    fuelUsed: num('fuelUsed'),
    fuelType: str('fuelType')?.toLowerCase() ?? null,
    fuelUnit: str('fuelUnit'),
    temperatureControl: boolOf(cell('temperatureControl')),
    tourTags: tagsOf(cell('tourTags')),
    shipment,
  };
  return { value: issues.length ? null : value, issues };
}

export const isEmptyRow = (raw: Cell[]) =>
  raw.every((c) => c === null || c === '' || (typeof c === 'string' && c.trim() === ''));
