/**
 * The spreadsheet of one report section (issue 19, seed 001 §5 and §7 export-entries, import): the
 * columns each section holds, its entries as rows, and a read row turned into entry data or the
 * per-field codes of seed 001 §5. The export is the import's template, so a section's file goes
 * back in unchanged.
 */
import {
  type CfcEntryData,
  type CfcImportCode,
  type CfcSectionDef,
  FLIGHT_TYPES,
  type Language,
  TRAVEL_CLASSES,
  TREATMENTS,
  UNITS,
  unitOf,
} from '@klimadesk/contract';
import countries from 'i18n-iso-countries';
import type { Column, Label, Value } from '../../platform/spreadsheet.ts';
import { texts } from '@klimadesk/contract/messages';

/** The entry fields a sheet may hold, plus the activity's id and name. */
export type SheetField = keyof CfcEntryData | 'activityId';
type Row = Record<string, unknown>;

type FieldSpec = { header: Readonly<Record<Language, string>>; type?: Column<Row>['type']; width?: number };

const FIELDS: Record<SheetField, FieldSpec> = {
  activity: { header: texts('cfc.sheet.activity'), width: 48 },
  activityId: { header: texts('cfc.sheet.activityId'), width: 38 },
  amount: { header: texts('cfc.sheet.amount'), type: 'number', width: 14 },
  unit: { header: texts('cfc.sheet.unit'), width: 12 },
  country: { header: texts('cfc.sheet.countryISO'), width: 12 },
  fuel: { header: texts('cfc.sheet.fuel') },
  substance: { header: texts('cfc.sheet.substance') },
  vehicles: { header: texts('cfc.sheet.numberOfCars'), type: 'number', width: 14 },
  passengers: { header: texts('cfc.sheet.passengers'), type: 'number', width: 12 },
  travelClass: { header: texts('cfc.sheet.travelClass'), width: 16 },
  flightType: { header: texts('cfc.sheet.flightType'), width: 14 },
  rooms: { header: texts('cfc.sheet.rooms'), type: 'number', width: 10 },
  nights: { header: texts('cfc.sheet.nights'), type: 'number', width: 10 },
  employees: { header: texts('cfc.sheet.employees'), type: 'number', width: 14 },
  daysPerYear: { header: texts('cfc.sheet.daysPerYear'), type: 'number', width: 14 },
  wasteGroup: { header: texts('cfc.sheet.wasteGroup') },
  wasteType: { header: texts('cfc.sheet.wasteType') },
  treatment: { header: texts('cfc.sheet.treatment') },
  emissionFactor: {
    header: texts('cfc.sheet.ownEmissionFactorKgCO2e'),
    type: 'number',
    width: 22,
  },
  emissionFactorName: { header: texts('cfc.sheet.emissionFactorName'), width: 24 },
  dataSource: { header: texts('cfc.sheet.dataSource'), width: 24 },
  dataQuality: { header: texts('cfc.sheet.dataQuality13'), width: 14 },
  note: { header: texts('cfc.sheet.note'), width: 32 },
};

// Titles that read differently in some sections (a distance, a supply contract's factor).
const DISTANCE: FieldSpec = {
  header: texts('cfc.sheet.distanceKmPerTrip'),
  type: 'number',
};
const CONTRACT: FieldSpec = {
  header: texts('cfc.sheet.supplyContractFactorKgCO2e'),
  type: 'number',
  width: 22,
};

/** Section-specific fields (seed 001 §3 entry data by what each section records). */
const EXTRAS: Record<string, SheetField[]> = {
  'stationary-combustion': ['fuel'],
  'mobile-combustion': ['fuel', 'vehicles'],
  'fugitive-emissions': ['substance'],
  'waste-solid': ['wasteGroup', 'wasteType', 'treatment'],
  'business-travel-flights': ['flightType', 'travelClass', 'passengers'],
  'business-travel-rail': ['passengers'],
  'business-travel-car': ['vehicles'],
  'business-travel-hotel': ['rooms', 'nights'],
  'employee-commuting': ['employees', 'daysPerYear'],
};
/** Sections whose amount is a distance travelled (seed 001 §5 "distance"). */
const DISTANCE_SECTIONS = new Set([
  'business-travel-flights',
  'business-travel-rail',
  'business-travel-car',
  'employee-commuting',
]);
/** Sections whose rows need a country (hotel factors are per country). */
const COUNTRY_REQUIRED = new Set(['business-travel-hotel']);

/** The fields of a section's sheet in column order. */
export function sheetFields(section: CfcSectionDef): SheetField[] {
  const extras = EXTRAS[section.id] ?? [];
  // Scope 2 is looked up in the business unit's site country, not per row.
  const country: SheetField[] = section.energyMethod ? [] : ['country'];
  return [
    'activity',
    'activityId',
    'amount',
    'unit',
    ...country,
    ...extras,
    'emissionFactor',
    'emissionFactorName',
    'dataSource',
    'dataQuality',
    'note',
  ];
}

function specOf(section: CfcSectionDef, field: SheetField): FieldSpec {
  if (field === 'amount' && DISTANCE_SECTIONS.has(section.id)) return DISTANCE;
  if (field === 'emissionFactor' && section.energyMethod) return CONTRACT;
  return FIELDS[field];
}

/** The columns of a section's sheet (reading takes either language's title or the field's key). */
export function sectionColumns(section: CfcSectionDef): Column<Row>[] {
  return sheetFields(section).map((key) => {
    const spec = specOf(section, key);
    return {
      key,
      header: spec.header as Label,
      type: spec.type ?? 'text',
      width: spec.width ?? 20,
      aliases: [key],
      required: key === 'amount',
    };
  });
}

export const sectionSheetName = (section: CfcSectionDef, lang: Language) =>
  // Excel allows 31 characters and no []:*?/\ in a sheet name.
  section.names[lang].replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/** An entry as a sheet row: its data, the activity's id and name. */
export function entryRow(
  entry: { data: CfcEntryData; activityId: string | null },
  activityName: string | null,
): Row {
  return { ...entry.data, activity: activityName, activityId: entry.activityId };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** What the import needs to know of an activity named in a row. */
export type ImportActivity = {
  id: string;
  /** A custom activity of the company (seed 001 §5: its rows need a source). */
  isCustom: boolean;
  categories: string[];
  treatmentId: string | null;
  /** Unit types its factors take. */
  unitTypes: string[];
};

export type ParsedRow = { data: CfcEntryData; activityId: string | null };
export type RowProblem = { column: string | null; code: CfcImportCode; value: string | null };

const unitByName = new Map<string, string>();
for (const u of UNITS) for (const n of [u.id, u.names.de, u.names.en]) unitByName.set(n.toLowerCase(), u.id);
const treatmentByName = new Map<string, string>();
for (const t of TREATMENTS)
  for (const n of [t.id, t.names.de, t.names.en]) treatmentByName.set(n.toLowerCase(), t.id);
const QUALITY_WORDS: Record<string, 1 | 2 | 3> = {
  '1': 1,
  '2': 2,
  '3': 3,
  hoch: 1,
  high: 1,
  mittel: 2,
  medium: 2,
  niedrig: 3,
  low: 3,
};

/** A country as ISO alpha-2 code, or its German or English name; null when neither. */
export function countryOf(text: string): string | null {
  const t = text.trim();
  if (/^[A-Za-z]{2}$/.test(t) && countries.isValid(t.toUpperCase())) return t.toUpperCase();
  return countries.getAlpha2Code(t, 'de') ?? countries.getAlpha2Code(t, 'en') ?? null;
}

const INVALID_COUNT: Partial<Record<SheetField, CfcImportCode>> = {
  vehicles: 'invalidNumberOfCars',
  passengers: 'invalidPassengers',
  rooms: 'invalidRooms',
  nights: 'invalidNights',
  employees: 'invalidEmployees',
  daysPerYear: 'invalidDaysPerYear',
};

const textOf = (v: Value | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const s = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();
  return s === '' ? null : s;
};

/** A row being read: its cells, the problems found so far, and readers of numbers and counts. */
function rowReader(
  section: CfcSectionDef,
  values: Record<string, Value>,
  kitIssues: ReadonlyMap<string, string | undefined>,
  lang: Language,
) {
  const problems: RowProblem[] = [];
  // The problem names the column as the sheet heads it in the reader's language.
  const headerOf = (f: SheetField) => specOf(section, f).header[lang];
  const fail = (f: SheetField | null, code: CfcImportCode) =>
    problems.push({
      column: f ? headerOf(f) : null,
      code,
      // Reports quote at most 200 characters of a cell (docs/architecture.md, uploads).
      value: f ? ((kitIssues.get(f) ?? textOf(values[f]))?.slice(0, 200) ?? null) : null,
    });
  const number = (f: SheetField, invalid: CfcImportCode): number | null => {
    if (kitIssues.has(f)) {
      fail(f, invalid);
      return null;
    }
    const v = values[f];
    if (v === null || v === undefined) return null;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      fail(f, invalid);
      return null;
    }
    return v;
  };
  const count = (f: SheetField): number | null => {
    const code = INVALID_COUNT[f] as CfcImportCode;
    const n = number(f, code);
    if (n === null) return null;
    if (!Number.isInteger(n) || (f === 'daysPerYear' && n > 366)) {
      fail(f, code);
      return null;
    }
    return n;
  };
  return { values, kitIssues, fields: new Set(sheetFields(section)), problems, fail, number, count };
}

type RowReader = ReturnType<typeof rowReader>;

/** Amount, counts and unit into `data`; answers the unit's id when the row names a known one. */
function readQuantities(r: RowReader, section: CfcSectionDef, data: CfcEntryData): string | undefined {
  const { values, kitIssues, fields, fail } = r;
  const amount = r.number('amount', DISTANCE_SECTIONS.has(section.id) ? 'invalidDistance' : 'invalidAmount');
  if (amount !== null) data.amount = amount;
  for (const f of ['vehicles', 'passengers', 'rooms', 'nights', 'employees', 'daysPerYear'] as const) {
    if (!fields.has(f)) continue;
    const n = r.count(f);
    if (n !== null) data[f] = n;
  }
  const unitText = textOf(values.unit);
  const unit = unitText ? unitByName.get(unitText.toLowerCase()) : undefined;
  if (unitText && !unit) fail('unit', 'unsupportedUnit');
  if (unit) data.unit = unit as CfcEntryData['unit'];
  const hasRoomNights = data.rooms !== undefined && data.nights !== undefined;
  if (amount === null && !kitIssues.has('amount') && values.amount == null && !hasRoomNights)
    fail('amount', 'missingAmount');
  if (!unitText && (amount !== null || hasRoomNights)) fail('unit', 'missingUnit');
  return unit;
}

/** Own factor, free texts, data quality, travel class and flight type into `data`; answers the own factor. */
function readFactorAndOptions(r: RowReader, data: CfcEntryData): number | null {
  const { values, fields, fail } = r;
  const factor = r.number('emissionFactor', 'invalidFactor');
  if (factor !== null) data.emissionFactor = factor;
  for (const f of [
    'emissionFactorName',
    'dataSource',
    'note',
    'fuel',
    'substance',
    'wasteGroup',
    'wasteType',
  ] as const) {
    const text = fields.has(f) ? textOf(values[f]) : null;
    if (text) data[f] = text;
  }
  if (factor !== null && !data.emissionFactorName) fail('emissionFactorName', 'missingEmissionFactorName');

  const quality = textOf(values.dataQuality);
  if (quality) {
    const q = QUALITY_WORDS[quality.toLowerCase()];
    if (q) data.dataQuality = q;
    else fail('dataQuality', 'invalidDataQuality');
  }
  if (fields.has('travelClass')) {
    const text = textOf(values.travelClass)?.toLowerCase();
    if (text && !(TRAVEL_CLASSES as readonly string[]).includes(text)) fail('travelClass', 'invalidOption');
    else if (text) data.travelClass = text as CfcEntryData['travelClass'];
  }
  if (fields.has('flightType')) {
    const text = textOf(values.flightType)?.toLowerCase();
    if (text && !(FLIGHT_TYPES as readonly string[]).includes(text)) fail('flightType', 'invalidOption');
    else if (text) data.flightType = text as CfcEntryData['flightType'];
  }
  return factor;
}

/** The activity: by id, else by name within the section's category. */
async function readActivity(
  r: RowReader,
  section: CfcSectionDef,
  activity: (nameOrId: string) => Promise<ImportActivity | null>,
  unit: string | undefined,
  factor: number | null,
  data: CfcEntryData,
): Promise<ImportActivity | null> {
  const { values, fields, fail } = r;
  const idText = textOf(values.activityId);
  const nameText = textOf(values.activity);
  let found: ImportActivity | null = null;
  if (idText || nameText) {
    found = await activity((idText ?? nameText) as string);
    const isWaste = fields.has('treatment');
    const category = section.activityCategory;
    if (!found) fail(idText ? 'activityId' : 'activity', 'invalidName');
    else if (category && !found.categories.includes(category))
      fail(idText ? 'activityId' : 'activity', isWaste ? 'invalidWasteCategory' : 'invalidName');
    else if (unit && found.unitTypes.length && !found.unitTypes.includes(unitOf(unit)?.unitType ?? ''))
      fail('unit', 'unsupportedUnit');
    else data.activity = found.id;
  } else if (factor === null) fail('activity', 'missingName');
  return found;
}

/**
 * A read row as entry data, or its problems (seed 001 §5 per-field codes). `kitIssues` are the
 * keys whose cell the kit could not read as a number, with the cell as read; `activity` answers the row's activity by id
 * or name within the section's category (null: none of that name).
 */
export async function parseRow(
  section: CfcSectionDef,
  values: Record<string, Value>,
  kitIssues: ReadonlyMap<string, string | undefined>,
  activity: (nameOrId: string) => Promise<ImportActivity | null>,
  lang: Language = 'en',
): Promise<{ row: ParsedRow } | { problems: RowProblem[] }> {
  const r = rowReader(section, values, kitIssues, lang);
  const { fields, problems, fail } = r;
  const data: CfcEntryData = {};

  const unit = readQuantities(r, section, data);
  if (fields.has('country')) {
    const text = textOf(values.country);
    const code = text ? countryOf(text) : null;
    if (text && !code) fail('country', 'invalidCountry');
    else if (code) data.country = code;
    else if (COUNTRY_REQUIRED.has(section.id)) fail('country', 'missingCountry');
  }
  const factor = readFactorAndOptions(r, data);

  const found = await readActivity(r, section, activity, unit, factor, data);
  // Seed 001 §5: a custom activity (or an own factor) needs its source.
  if ((factor !== null || found?.isCustom) && !data.dataSource) fail('dataSource', 'missingSource');

  if (fields.has('treatment')) {
    const text = textOf(values.treatment);
    const id = text ? treatmentByName.get(text.toLowerCase()) : undefined;
    if (!text) fail('treatment', 'missingTreatment');
    else if (!id || (found?.treatmentId && found.treatmentId !== id)) fail('treatment', 'invalidTreatment');
    else data.treatment = id;
  }

  if (problems.length) return { problems };
  return { row: { data, activityId: data.activity ?? null } };
}
