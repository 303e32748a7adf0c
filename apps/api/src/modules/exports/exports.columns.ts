import type { ExportKind, Language } from '@klimadesk/contract';
import { glecVehicleTypes } from '@klimadesk/glec';
import { wallClock } from '../../platform/dates.ts';
import { neutraliseFormula } from '../../platform/spreadsheet.ts';
import type { Place } from '../tours/index.ts';
import type { ShipmentExportRow, TourExportRow } from './exports.repository.ts';

type Label = Record<Language, string>;
export type ExportColumn<T> = {
  key: string;
  header: Label;
  width: number;
  /** Excel number format; a code, so Excel shows separators in the reader's own locale. */
  numFmt?: string | Label;
  /** Decimals a figure is written with: rounded here, at the edge, never in the calculation. */
  digits?: number;
  value: (row: T, timeZone: string, lang: Language) => unknown;
};

const KG = '#,##0.00';
const KM = '#,##0.0';
const PCT = '0.0';
// One date order per language across the app: German dd.mm.yyyy, English dd/mm/yyyy (en-GB).
const DATE: Label = { de: 'dd.mm.yyyy hh:mm', en: 'dd/mm/yyyy hh:mm' };
/** Decimals of each number format, so the cell holds what it shows. */
const DIGITS: Record<string, number> = { [KG]: 2, [KM]: 1, [PCT]: 1 };

const TYPE_NAMES = new Map(glecVehicleTypes().map((v) => [v.id, v.label]));

/** A GLEC vehicle type by its name in the export language; an unknown id stays as it is. */
export function vehicleTypeName(id: string | null, lang: Language): string | null {
  if (!id) return null;
  return TYPE_NAMES.get(id)?.[lang] ?? id;
}

/** A figure rounded half away from zero to `digits` decimals, as the cell shows it. */
export function roundFigure(value: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(Math.abs(value) * f * (1 + Number.EPSILON)) / f;
  return value < 0 ? -r : r;
}

export function placeText(p: Place | null): string | null {
  if (!p) return null;
  const town = [p.zip, p.city].filter(Boolean).join(' ');
  const text = [p.name, town, p.country].filter(Boolean).join(', ');
  return text || null;
}

/** g CO2e per tkm from kg CO2e and tkm; null without transport activity. */
export function intensity(kgCo2: number | null, tkm: number | null): number | null {
  if (kgCo2 === null || tkm === null || !(tkm > 0)) return null;
  return (kgCo2 * 1000) / tkm;
}

type Figures = {
  co2DefaultTtw: number | null;
  co2DefaultWtt: number | null;
  co2DefaultWtw: number | null;
  co2IndividualTtw: number | null;
  co2IndividualWtt: number | null;
  co2IndividualWtw: number | null;
  hubCo2Wtw: number | null;
  tkm: number | null;
};

function emissionColumns<T extends Figures>(): ExportColumn<T>[] {
  const kg = (key: keyof Figures, de: string, en: string): ExportColumn<T> => ({
    key,
    header: { de, en },
    width: 16,
    numFmt: KG,
    value: (r) => r[key],
  });
  return [
    {
      key: 'tkm',
      header: { de: 'Tonnenkilometer (tkm)', en: 'Tonne-kilometres (tkm)' },
      width: 18,
      numFmt: KG,
      value: (r) => r.tkm,
    },
    kg('co2DefaultWtw', 'CO2e Standard WTW (kg)', 'CO2e default WTW (kg)'),
    kg('co2DefaultTtw', 'CO2e Standard TTW (kg)', 'CO2e default TTW (kg)'),
    kg('co2DefaultWtt', 'CO2e Standard WTT (kg)', 'CO2e default WTT (kg)'),
    kg('co2IndividualWtw', 'CO2e individuell WTW (kg)', 'CO2e individual WTW (kg)'),
    kg('co2IndividualTtw', 'CO2e individuell TTW (kg)', 'CO2e individual TTW (kg)'),
    kg('co2IndividualWtt', 'CO2e individuell WTT (kg)', 'CO2e individual WTT (kg)'),
    kg('hubCo2Wtw', 'CO2e Umschlag WTW (kg)', 'CO2e hub WTW (kg)'),
    {
      key: 'intensityDefault',
      header: { de: 'Intensität Standard (g CO2e/tkm)', en: 'Intensity default (g CO2e/tkm)' },
      width: 18,
      numFmt: KG,
      value: (r) => intensity(r.co2DefaultWtw, r.tkm),
    },
    {
      key: 'intensityIndividual',
      header: { de: 'Intensität individuell (g CO2e/tkm)', en: 'Intensity individual (g CO2e/tkm)' },
      width: 18,
      numFmt: KG,
      value: (r) => intensity(r.co2IndividualWtw, r.tkm),
    },
  ];
}

export const TOUR_COLUMNS: ExportColumn<TourExportRow>[] = [
  { key: 'reference', header: { de: 'Tour', en: 'Tour' }, width: 18, value: (r) => r.reference },
  {
    key: 'departureDate',
    header: { de: 'Abfahrt', en: 'Departure' },
    width: 18,
    numFmt: DATE,
    value: (r, tz) => wallClock(r.departureDate, tz),
  },
  {
    key: 'arrivalDate',
    header: { de: 'Ankunft', en: 'Arrival' },
    width: 18,
    numFmt: DATE,
    value: (r, tz) => wallClock(r.arrivalDate, tz),
  },
  {
    key: 'departure',
    header: { de: 'Abfahrtsort', en: 'Departure place' },
    width: 30,
    value: (r) => placeText(r.departure),
  },
  {
    key: 'arrival',
    header: { de: 'Ankunftsort', en: 'Arrival place' },
    width: 30,
    value: (r) => placeText(r.arrival),
  },
  {
    key: 'glecVehicleType',
    header: { de: 'Fahrzeugtyp nach GLEC', en: 'GLEC vehicle type' },
    width: 40,
    value: (r, _tz, lang) => vehicleTypeName(r.glecVehicleType, lang),
  },
  {
    key: 'licensePlate',
    header: { de: 'Kennzeichen', en: 'Licence plate' },
    width: 14,
    value: (r) => r.licensePlate,
  },
  {
    key: 'vehicleReference',
    header: { de: 'Fahrzeugreferenz', en: 'Vehicle reference' },
    width: 16,
    value: (r) => r.vehicleReference,
  },
  {
    key: 'weightKg',
    header: { de: 'Gewicht (kg)', en: 'Weight (kg)' },
    width: 14,
    numFmt: KG,
    value: (r) => r.weightKg,
  },
  {
    key: 'distanceKm',
    header: { de: 'Distanz (km)', en: 'Distance (km)' },
    width: 14,
    numFmt: KM,
    value: (r) => r.distanceKm,
  },
  {
    key: 'emptyDistanceKm',
    header: { de: 'Leerfahrt (km)', en: 'Empty running (km)' },
    width: 14,
    numFmt: KM,
    value: (r) => r.emptyDistanceKm,
  },
  {
    key: 'emptyRunning',
    header: { de: 'Leerfahrtanteil (%)', en: 'Empty running (%)' },
    width: 14,
    numFmt: PCT,
    value: (r) => (r.emptyRunningShare === null ? null : r.emptyRunningShare * 100),
  },
  {
    key: 'temperatureControl',
    header: { de: 'Temperaturgeführt', en: 'Temperature-controlled' },
    width: 12,
    value: (r) => r.temperatureControl,
  },
  {
    key: 'shipmentCount',
    header: { de: 'Sendungen', en: 'Shipments' },
    width: 10,
    value: (r) => r.shipmentCount,
  },
  ...emissionColumns<TourExportRow>(),
  {
    key: 'tags',
    header: { de: 'Schlagwörter', en: 'Tags' },
    width: 24,
    value: (r) => (r.tags ?? []).join(', '),
  },
];

export const SHIPMENT_COLUMNS: ExportColumn<ShipmentExportRow>[] = [
  { key: 'reference', header: { de: 'Sendung', en: 'Shipment' }, width: 18, value: (r) => r.reference },
  {
    key: 'orderNumber',
    header: { de: 'Auftragsnummer', en: 'Order number' },
    width: 18,
    value: (r) => r.orderNumber,
  },
  { key: 'shipper', header: { de: 'Versender', en: 'Shipper' }, width: 24, value: (r) => r.shipper },
  {
    key: 'description',
    header: { de: 'Beschreibung', en: 'Description' },
    width: 24,
    value: (r) => r.description,
  },
  {
    key: 'departureDate',
    header: { de: 'Abfahrt', en: 'Departure' },
    width: 18,
    numFmt: DATE,
    value: (r, tz) => wallClock(r.departureDate, tz),
  },
  { key: 'origin', header: { de: 'Herkunft', en: 'Origin' }, width: 30, value: (r) => placeText(r.origin) },
  {
    key: 'destination',
    header: { de: 'Ziel', en: 'Destination' },
    width: 30,
    value: (r) => placeText(r.destination),
  },
  {
    key: 'tours',
    header: { de: 'Touren', en: 'Tours' },
    width: 24,
    value: (r) => r.tourReferences.join(', '),
  },
  {
    key: 'weightKg',
    header: { de: 'Gewicht (kg)', en: 'Weight (kg)' },
    width: 14,
    numFmt: KG,
    value: (r) => r.weightKg,
  },
  {
    key: 'loadedDistanceKm',
    header: { de: 'Lastdistanz (km)', en: 'Loaded distance (km)' },
    width: 14,
    numFmt: KM,
    value: (r) => r.loadedDistanceKm,
  },
  ...emissionColumns<ShipmentExportRow>(),
  {
    key: 'tags',
    header: { de: 'Schlagwörter', en: 'Tags' },
    width: 24,
    value: (r) => (r.tags ?? []).join(', '),
  },
];

export const SHEET_NAME: Record<ExportKind, Label> = {
  tours: { de: 'Touren', en: 'Tours' },
  shipments: { de: 'Sendungen', en: 'Shipments' },
};

export function columnsOf(kind: ExportKind): ExportColumn<never>[] {
  return (kind === 'tours' ? TOUR_COLUMNS : SHIPMENT_COLUMNS) as ExportColumn<never>[];
}

/**
 * A row as cell values: text neutralised against formula injection, figures rounded to the
 * decimals their format shows (so a sum in the sheet adds what the reader sees).
 */
export function cellValues<T>(
  columns: ExportColumn<T>[],
  row: T,
  timeZone: string,
  lang: Language,
): unknown[] {
  return columns.map((c) => {
    const v = c.value(row, timeZone, lang);
    if (v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return null;
    const digits = c.digits ?? (typeof c.numFmt === 'string' ? DIGITS[c.numFmt] : undefined);
    if (typeof v === 'number' && digits !== undefined) return roundFigure(v, digits);
    return neutraliseFormula(v);
  });
}
