import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { listOf, orderQuery, paginationQuery, paginationQueryOf } from '../http.ts';

/** Mapping status (seed 000 §4): 1 enabled, 3 disabled; toggling turns 1 into 3 and anything else into 1. */
export const MAPPING_STATUS = { enabled: 1, disabled: 3 } as const;
export const IMPORT_TASK_PAGE_SIZE = 30;
export const TOUR_CODE_PAGE_SIZE = 15;

/**
 * Mapping categories: `tour` files hold one row per tour; `shipment` files hold one row per
 * shipment with the tour it rides on (several rows share a tour reference).
 */
export const MAPPING_CATEGORIES = ['tour', 'shipment'] as const;
export type MappingCategory = (typeof MAPPING_CATEGORIES)[number];
export const MAPPING_FORMATS = ['xlsx', 'csv'] as const;
export type MappingFormat = (typeof MAPPING_FORMATS)[number];
export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export const DECIMAL_SEPARATORS = [',', '.'] as const;
export const DATE_FORMATS = ['DD.MM.YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;

type FieldDef = {
  id: string;
  /** The part of a tour or shipment the column fills (wizard grouping). */
  group: string;
  /** `tour` fields fill the tour; `shipment` fields exist only in shipment mappings. */
  category: MappingCategory;
  /** Title words that suggest this field for a file column (lower case, de and en). */
  hints: readonly string[];
};

const f = (id: string, group: string, category: MappingCategory, hints: string[]): FieldDef => ({
  id,
  group,
  category,
  hints,
});

/** The column targets of a mapping (issue 7), grouped by category and part. */
export const MAPPING_FIELDS: readonly FieldDef[] = [
  f('tourReference', 'references', 'tour', ['tour', 'tour id', 'tournummer', 'tour reference', 'fahrt']),
  f('departureName', 'departure', 'tour', ['departure name', 'abfahrtsort', 'absender name', 'start']),
  f('departureCity', 'departure', 'tour', ['departure city', 'abfahrt ort', 'von ort', 'start city']),
  f('departureZip', 'departure', 'tour', ['departure zip', 'abfahrt plz', 'von plz', 'start zip']),
  f('departureCountry', 'departure', 'tour', ['departure country', 'abfahrt land', 'von land']),
  f('departureDate', 'departure', 'tour', ['departure date', 'abfahrtsdatum', 'datum', 'date']),
  f('arrivalName', 'arrival', 'tour', ['arrival name', 'ankunftsort', 'ziel']),
  f('arrivalCity', 'arrival', 'tour', ['arrival city', 'ankunft ort', 'nach ort', 'ziel ort']),
  f('arrivalZip', 'arrival', 'tour', ['arrival zip', 'ankunft plz', 'nach plz', 'ziel plz']),
  f('arrivalCountry', 'arrival', 'tour', ['arrival country', 'ankunft land', 'nach land']),
  f('arrivalDate', 'arrival', 'tour', ['arrival date', 'ankunftsdatum']),
  f('licensePlate', 'vehicle', 'tour', ['license plate', 'licence plate', 'kennzeichen', 'plate']),
  f('vehicleReference', 'vehicle', 'tour', ['vehicle reference', 'fahrzeugreferenz', 'fahrzeug']),
  f('glecTransportType', 'vehicle', 'tour', ['glec', 'transport type', 'fahrzeugtyp', 'glec type']),
  f('weight', 'load', 'tour', ['weight', 'gewicht']),
  f('weightUnit', 'load', 'tour', ['weight unit', 'gewichtseinheit', 'einheit']),
  f('distance', 'distance', 'tour', ['distance', 'distanz', 'km', 'strecke']),
  f('emptyDistance', 'distance', 'tour', ['empty distance', 'leerkilometer', 'leerfahrt']),
  f('fuelUsed', 'fuel', 'tour', ['fuel used', 'kraftstoff', 'verbrauch', 'diesel']),
  f('fuelType', 'fuel', 'tour', ['fuel type', 'kraftstoffart']),
  f('fuelUnit', 'fuel', 'tour', ['fuel unit', 'kraftstoffeinheit']),
  f('temperatureControl', 'load', 'tour', ['temperature', 'kühlung', 'temperaturgeführt', 'reefer']),
  f('tourTags', 'tags', 'tour', ['tour tags', 'tour tag']),
  f('shipmentReference', 'references', 'shipment', [
    'shipment',
    'sendung',
    'sendungsnummer',
    'shipment reference',
  ]),
  f('orderNumber', 'references', 'shipment', ['order number', 'auftragsnummer', 'auftrag', 'order']),
  f('shipper', 'shipment', 'shipment', ['shipper', 'versender', 'kunde', 'customer']),
  f('description', 'shipment', 'shipment', ['description', 'beschreibung']),
  f('loadedDistance', 'distance', 'shipment', ['loaded distance', 'lastkilometer', 'sendungsdistanz']),
  f('originName', 'origin', 'shipment', ['origin', 'herkunft', 'abholort']),
  f('originCity', 'origin', 'shipment', ['origin city', 'abholung ort']),
  f('originZip', 'origin', 'shipment', ['origin zip', 'abholung plz']),
  f('originCountry', 'origin', 'shipment', ['origin country', 'abholung land']),
  f('destinationName', 'destination', 'shipment', ['destination', 'empfänger', 'zustellort']),
  f('destinationCity', 'destination', 'shipment', ['destination city', 'zustellung ort']),
  f('destinationZip', 'destination', 'shipment', ['destination zip', 'zustellung plz']),
  f('destinationCountry', 'destination', 'shipment', ['destination country', 'zustellung land']),
  f('shipmentWeight', 'load', 'shipment', ['shipment weight', 'sendungsgewicht']),
  f('carriage', 'shipment', 'shipment', ['carriage', 'lauf', 'vorlauf', 'hauptlauf', 'nachlauf']),
  f('shipmentTags', 'tags', 'shipment', ['tags', 'shipment tags', 'tag']),
];
export const MAPPING_FIELD_IDS = MAPPING_FIELDS.map((x) => x.id);
export type MappingFieldId = string;

/**
 * Fields a mapping must map before it can be saved or used (check-required-field). A vehicle
 * must be identified by plate, reference or a GLEC transport type.
 */
export const REQUIRED_FIELDS: Record<MappingCategory, { all: string[]; oneOf: string[][] }> = {
  tour: {
    all: ['tourReference', 'departureDate', 'weight'],
    oneOf: [['glecTransportType', 'licensePlate', 'vehicleReference']],
  },
  shipment: {
    all: ['tourReference', 'shipmentReference', 'departureDate', 'weight'],
    oneOf: [['glecTransportType', 'licensePlate', 'vehicleReference']],
  },
};

/** Row validation codes of seed 000 §5, shown per row in the validation report and as tour codes. */
export const MAPPING_VALIDATION_CODES = [
  'fileReadError',
  'glecTransportTypeMissing',
  'invalidGlecTransportType',
  'shipmentReferenceMissing',
  'titleNotFound',
  'tourReferenceMissing',
  'vehicleLicensePlateMissing',
  'vehicleReferenceMissing',
  'weightMissing',
] as const;
/** Further per-row codes of the import (tour code protocol). */
export const IMPORT_ROW_CODES = [
  ...MAPPING_VALIDATION_CODES,
  'invalidWeight',
  'invalidDate',
  'invalidNumber',
  'vehicleNotFound',
  'distanceMissing',
  'locationNotFound',
  'calculationFailed',
  'trialShipmentLimit',
  'implausibleIntensity',
  'implausibleLoad',
] as const;
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];
/** Codes that stop a row only until the upload confirms the implausible figures. */
export const PLAUSIBILITY_CODES = ['implausibleIntensity', 'implausibleLoad'] as const;

/** Units a quantity column can hold; the import converts to kg and km. */
export const QUANTITY_UNITS = { weight: ['t', 'kg'], distance: ['km', 'm'] } as const;
export type QuantityUnit = 't' | 'kg' | 'km' | 'm';
/** Mapping fields holding a quantity, with the kind of unit they take. */
export const QUANTITY_FIELDS: Readonly<Record<string, keyof typeof QUANTITY_UNITS>> = {
  weight: 'weight',
  shipmentWeight: 'weight',
  distance: 'distance',
  emptyDistance: 'distance',
  loadedDistance: 'distance',
};

/**
 * The unit a column title names ("Gewicht (t)", "Weight in kg", "Distanz [km]"), or null when the
 * title does not say: the wizard then asks.
 */
export function inferQuantityUnit(field: string, title: string): QuantityUnit | null {
  const kind = QUANTITY_FIELDS[field];
  if (!kind) return null;
  const words = title
    .toLowerCase()
    .split(/[^a-z0-9äöüß]+/)
    .filter(Boolean);
  const has = (...w: string[]) => w.some((x) => words.includes(x));
  if (kind === 'weight') {
    if (has('kg', 'kilogramm', 'kilogram', 'kilograms', 'kilogramme')) return 'kg';
    if (has('t', 'to', 'tonnen', 'tonne', 'tonnes', 'tons', 'ton')) return 't';
    return null;
  }
  if (has('km', 'kilometer', 'kilometre', 'kilometres', 'kilometers', 'leerkilometer', 'lastkilometer'))
    return 'km';
  if (has('m', 'meter', 'metre', 'metres', 'meters')) return 'm';
  return null;
}

export const mappingDetail = z.strictObject({
  /** Column title as in the first row of the file. */
  value: z.string().trim().min(1).max(255),
  mappingField: z.enum(MAPPING_FIELD_IDS as [string, ...string[]]),
  /** Unit of a quantity column (t/kg, km/m); without one the title's unit, else kg and km. */
  unit: z.enum(['t', 'kg', 'km', 'm']).optional(),
});

export const formatOptions = z.strictObject({
  delimiter: z.enum(CSV_DELIMITERS).default(';'),
  decimalSeparator: z.enum(DECIMAL_SEPARATORS).default(','),
  dateFormat: z.enum(DATE_FORMATS).default('DD.MM.YYYY'),
});
export type FormatOptions = z.infer<typeof formatOptions>;

const details = z
  .array(mappingDetail)
  .max(MAPPING_FIELDS.length)
  .refine((d) => new Set(d.map((x) => x.mappingField)).size === d.length, 'a field is mapped twice');

export const mappingBody = z.strictObject({
  templateName: z.string().trim().min(1).max(100),
  mappingFieldCategory: z.enum(MAPPING_CATEGORIES),
  mappingFormat: z.enum(MAPPING_FORMATS),
  formatOptions: formatOptions.optional(),
  mappingDetails: details,
});
export const mappingPatchBody = z.strictObject({
  templateName: z.string().trim().min(1).max(100).optional(),
  /** The file format, e.g. when the wizard goes back to its first step after storing. */
  mappingFormat: z.enum(MAPPING_FORMATS).optional(),
  mappingDetails: details.optional(),
  formatOptions: formatOptions.optional(),
  /** Any value toggles: 1 becomes 3, anything else becomes 1 (seed 000 §4). */
  status: z.number().int().optional(),
});
export const checkRequiredBody = z.strictObject({
  mappingFieldCategory: z.enum(MAPPING_CATEGORIES),
  mappingDetails: z
    .array(
      z.strictObject({
        value: z.string().max(255),
        mappingField: z.string().max(50),
        unit: z.enum(['t', 'kg', 'km', 'm']).optional(),
      }),
    )
    .max(100),
});
export const checkRequiredResult = z.object({
  code: z.literal(20000),
  message: z.string(),
  valid: z.literal(true),
});

export const mapping = z.object({
  id: z.uuid(),
  templateName: z.string(),
  status: z.number().int(),
  mappingFieldCategory: z.enum(MAPPING_CATEGORIES),
  mappingFormat: z.enum(MAPPING_FORMATS),
  formatOptions,
  mappingDetails: z.array(
    z.object({
      value: z.string(),
      mappingField: z.string(),
      unit: z.enum(['t', 'kg', 'km', 'm']).optional(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type Mapping = z.infer<typeof mapping>;
export const mappingList = listOf(mapping);
export const mappingListQuery = z.strictObject({
  ...paginationQuery,
  status: z.enum(['1', '3', 'all']).default('all'),
  search: z.string().trim().max(100).optional(),
  mappingFieldCategory: z.enum(MAPPING_CATEGORIES).optional(),
  ...orderQuery(['templateName', 'createdAt', 'updatedAt']),
});

export const mappingField = z.object({
  id: z.string(),
  group: z.string(),
  category: z.enum(MAPPING_CATEGORIES),
  required: z.boolean(),
  hints: z.array(z.string()),
});
export const mappingFieldList = listOf(mappingField);
export const mappingFieldQuery = z.strictObject({ category: z.enum(MAPPING_CATEGORIES).optional() });
export const mappingFieldCategoryList = listOf(
  z.object({ id: z.enum(MAPPING_CATEGORIES), groups: z.array(z.string()) }),
);
export const mappingFormatList = listOf(
  z.object({
    id: z.enum(MAPPING_FORMATS),
    delimiters: z.array(z.string()),
    decimalSeparators: z.array(z.string()),
    dateFormats: z.array(z.string()),
  }),
);

export const rowIssue = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type RowIssue = z.infer<typeof rowIssue>;

/** Validation of a sample file against a mapping: the titles found, suggestions and row issues. */
export const sampleValidation = z.object({
  titles: z.array(z.string()),
  suggestions: z.array(z.object({ value: z.string(), mappingField: z.string().nullable() })),
  rows: z.number().int(),
  valid: z.boolean(),
  issues: z.array(rowIssue),
  /**
   * The first computed tour of the sample, with the import's own calculation: the figures a user
   * checks before trusting the mapping (kg, km, tkm, kg CO2e, g CO2e per tkm).
   */
  sample: z
    .object({
      row: z.number().int(),
      tourReference: z.string(),
      glecVehicleType: z.string(),
      weightKg: z.number(),
      distanceKm: z.number(),
      tkm: z.number().nullable(),
      co2WtwKg: z.number(),
      gramsPerTkm: z.number().nullable(),
    })
    .nullable()
    .optional(),
});

/** Import task statuses of seed 000 §4 / seed 002; `failed` marks a task whose worker crashed. */
export const IMPORT_TASK_STATUSES = [
  'uploaded',
  'in_processing_queue',
  'success',
  'mapping_field_not_matched',
  'mapping_timed_out',
  'cancelled',
  'failed',
] as const;
export type ImportTaskStatus = (typeof IMPORT_TASK_STATUSES)[number];

export const importTask = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(IMPORT_TASK_STATUSES),
  /**
   * processing, success or failed (seed 000 §4 simplified view); `warning` when some rows were
   * rejected, `failed` also when every row was.
   */
  state: z.enum(['processing', 'success', 'warning', 'failed']),
  done: z.boolean(),
  source: z.enum(['file', 'api']),
  uploadedAt: z.string(),
  processedAt: z.string().nullable(),
  importer: z.string().nullable(),
  importMapping: z.object({ id: z.uuid(), templateName: z.string() }).nullable(),
  progress: z.number().int(),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  message: z.string().nullable(),
});
export type ImportTask = z.infer<typeof importTask>;
export const importTaskList = listOf(importTask);
export const importTaskListQuery = z.strictObject(paginationQueryOf(IMPORT_TASK_PAGE_SIZE));

export const importTemplateQuery = z.strictObject({ category: z.enum(MAPPING_CATEGORIES) });

export const tourCode = z.object({
  id: z.uuid(),
  taskId: z.uuid().nullable(),
  tour: z.string().nullable(),
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  time: z.string(),
});
export const tourCodeList = listOf(tourCode);
export const tourCodeListQuery = z.strictObject({
  ...paginationQueryOf(TOUR_CODE_PAGE_SIZE),
  taskId: z.uuid().optional(),
  search: z.string().trim().max(100).optional(),
  /** The tour code protocol's filters (seed 002 §7): one code, and a range of days. */
  code: z.string().trim().max(100).optional(),
  'createdAt[after]': calendarDay.optional(),
  'createdAt[before]': calendarDay.optional(),
});
