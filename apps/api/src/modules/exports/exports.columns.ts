import type { ExportKind, Language } from '@klimadesk/contract';
import { glecVehicleTypes } from '@klimadesk/glec';
import type { Column, Label } from '../../platform/spreadsheet.ts';
import type { Place } from '../tours/index.ts';
import type { ShipmentExportRow, TourExportRow } from './exports.repository.ts';

export type ExportColumn<T> = Column<T> & { header: Record<Language, string> };

// Decimals the figures are written with (kg, tkm and g/tkm two, km and percent one).
const KG = 2;
const KM = 1;
const PCT = 1;

/** GLEC vehicle types by their names in the export language. */
const TYPE_NAMES: ReadonlyMap<string, Label> = new Map(glecVehicleTypes().map((v) => [v.id, v.label]));

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
    type: 'number',
    digits: KG,
    value: (r) => r[key],
  });
  return [
    {
      key: 'tkm',
      header: { de: 'Tonnenkilometer (tkm)', en: 'Tonne-kilometres (tkm)' },
      width: 18,
      type: 'number',
      digits: KG,
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
      type: 'number',
      digits: KG,
      value: (r) => intensity(r.co2DefaultWtw, r.tkm),
    },
    {
      key: 'intensityIndividual',
      header: { de: 'Intensität individuell (g CO2e/tkm)', en: 'Intensity individual (g CO2e/tkm)' },
      width: 18,
      type: 'number',
      digits: KG,
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
    type: 'date',
    value: (r) => r.departureDate,
  },
  {
    key: 'arrivalDate',
    header: { de: 'Ankunft', en: 'Arrival' },
    width: 18,
    type: 'date',
    value: (r) => r.arrivalDate,
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
    names: TYPE_NAMES,
    value: (r) => r.glecVehicleType,
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
    type: 'number',
    digits: KG,
    value: (r) => r.weightKg,
  },
  {
    key: 'distanceKm',
    header: { de: 'Distanz (km)', en: 'Distance (km)' },
    width: 14,
    type: 'number',
    digits: KM,
    value: (r) => r.distanceKm,
  },
  {
    key: 'emptyDistanceKm',
    header: { de: 'Leerfahrt (km)', en: 'Empty running (km)' },
    width: 14,
    type: 'number',
    digits: KM,
    value: (r) => r.emptyDistanceKm,
  },
  {
    key: 'emptyRunning',
    header: { de: 'Leerfahrtanteil (%)', en: 'Empty running (%)' },
    width: 14,
    type: 'number',
    digits: PCT,
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
    type: 'date',
    value: (r) => r.departureDate,
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
    type: 'number',
    digits: KG,
    value: (r) => r.weightKg,
  },
  {
    key: 'loadedDistanceKm',
    header: { de: 'Lastdistanz (km)', en: 'Loaded distance (km)' },
    width: 14,
    type: 'number',
    digits: KM,
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

export const SHEET_NAME: Record<ExportKind, Record<Language, string>> = {
  tours: { de: 'Touren', en: 'Tours' },
  shipments: { de: 'Sendungen', en: 'Shipments' },
};

export function columnsOf(kind: ExportKind): ExportColumn<never>[] {
  return (kind === 'tours' ? TOUR_COLUMNS : SHIPMENT_COLUMNS) as ExportColumn<never>[];
}
