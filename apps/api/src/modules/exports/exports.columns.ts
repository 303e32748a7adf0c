import type { ExportKind, Language } from '@klimadesk/contract';
import { glecVehicleTypes } from '@klimadesk/glec';
import type { Column, Label } from '../../platform/spreadsheet.ts';
import type {
  Place,
  ShipmentPageRow as ShipmentExportRow,
  TourPageRow as TourExportRow,
} from '../tours/index.ts';

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

type Header = [de: string, en: string];

/**
 * Column builders for one row type: the header in German and English, the width, how the value is
 * read and, for figures, the decimals it is written with.
 */
function columnsFor<T>() {
  const column = (
    key: string,
    [de, en]: Header,
    width: number,
    value: (r: T) => unknown,
    format: Pick<ExportColumn<T>, 'type' | 'digits' | 'names'> = {},
  ): ExportColumn<T> => ({ key, header: { de, en }, width, ...format, value });
  return {
    text: column,
    date: (key: string, header: Header, width: number, value: (r: T) => unknown) =>
      column(key, header, width, value, { type: 'date' }),
    figure: (key: string, header: Header, width: number, digits: number, value: (r: T) => unknown) =>
      column(key, header, width, value, { type: 'number', digits }),
  };
}

function emissionColumns<T extends Figures>(): ExportColumn<T>[] {
  const { figure } = columnsFor<T>();
  const kg = (key: keyof Figures, de: string, en: string) => figure(key, [de, en], 16, KG, (r) => r[key]);
  return [
    figure('tkm', ['Tonnenkilometer (tkm)', 'Tonne-kilometres (tkm)'], 18, KG, (r) => r.tkm),
    kg('co2DefaultWtw', 'CO2e Standard WTW (kg)', 'CO2e default WTW (kg)'),
    kg('co2DefaultTtw', 'CO2e Standard TTW (kg)', 'CO2e default TTW (kg)'),
    kg('co2DefaultWtt', 'CO2e Standard WTT (kg)', 'CO2e default WTT (kg)'),
    kg('co2IndividualWtw', 'CO2e individuell WTW (kg)', 'CO2e individual WTW (kg)'),
    kg('co2IndividualTtw', 'CO2e individuell TTW (kg)', 'CO2e individual TTW (kg)'),
    kg('co2IndividualWtt', 'CO2e individuell WTT (kg)', 'CO2e individual WTT (kg)'),
    kg('hubCo2Wtw', 'CO2e Umschlag WTW (kg)', 'CO2e hub WTW (kg)'),
    figure(
      'intensityDefault',
      ['Intensität Standard (g CO2e/tkm)', 'Intensity default (g CO2e/tkm)'],
      18,
      KG,
      (r) => intensity(r.co2DefaultWtw, r.tkm),
    ),
    figure(
      'intensityIndividual',
      ['Intensität individuell (g CO2e/tkm)', 'Intensity individual (g CO2e/tkm)'],
      18,
      KG,
      (r) => intensity(r.co2IndividualWtw, r.tkm),
    ),
  ];
}

const tour = columnsFor<TourExportRow>();
export const TOUR_COLUMNS: ExportColumn<TourExportRow>[] = [
  tour.text('reference', ['Tour', 'Tour'], 18, (r) => r.reference),
  tour.date('departureDate', ['Abfahrt', 'Departure'], 18, (r) => r.departureDate),
  tour.date('arrivalDate', ['Ankunft', 'Arrival'], 18, (r) => r.arrivalDate),
  tour.text('departure', ['Abfahrtsort', 'Departure place'], 30, (r) => placeText(r.departure)),
  tour.text('arrival', ['Ankunftsort', 'Arrival place'], 30, (r) => placeText(r.arrival)),
  tour.text('glecVehicleType', ['Fahrzeugtyp nach GLEC', 'GLEC vehicle type'], 40, (r) => r.glecVehicleType, {
    names: TYPE_NAMES,
  }),
  tour.text('licensePlate', ['Kennzeichen', 'Licence plate'], 14, (r) => r.licensePlate),
  tour.text('vehicleReference', ['Fahrzeugreferenz', 'Vehicle reference'], 16, (r) => r.vehicleReference),
  tour.figure('weightKg', ['Gewicht (kg)', 'Weight (kg)'], 14, KG, (r) => r.weightKg),
  tour.figure('distanceKm', ['Distanz (km)', 'Distance (km)'], 14, KM, (r) => r.distanceKm),
  tour.figure('emptyDistanceKm', ['Leerfahrt (km)', 'Empty running (km)'], 14, KM, (r) => r.emptyDistanceKm),
  tour.figure('emptyRunning', ['Leerfahrtanteil (%)', 'Empty running (%)'], 14, PCT, (r) =>
    r.emptyRunningShare === null ? null : r.emptyRunningShare * 100,
  ),
  tour.text(
    'temperatureControl',
    ['Temperaturgeführt', 'Temperature-controlled'],
    12,
    (r) => r.temperatureControl,
  ),
  tour.text('shipmentCount', ['Sendungen', 'Shipments'], 10, (r) => r.shipmentCount),
  ...emissionColumns<TourExportRow>(),
  tour.text('tags', ['Schlagwörter', 'Tags'], 24, (r) => (r.tags ?? []).join(', ')),
];

const shipment = columnsFor<ShipmentExportRow>();
export const SHIPMENT_COLUMNS: ExportColumn<ShipmentExportRow>[] = [
  shipment.text('reference', ['Sendung', 'Shipment'], 18, (r) => r.reference),
  shipment.text('orderNumber', ['Auftragsnummer', 'Order number'], 18, (r) => r.orderNumber),
  shipment.text('shipper', ['Versender', 'Shipper'], 24, (r) => r.shipper),
  shipment.text('description', ['Beschreibung', 'Description'], 24, (r) => r.description),
  shipment.date('departureDate', ['Abfahrt', 'Departure'], 18, (r) => r.departureDate),
  shipment.text('origin', ['Herkunft', 'Origin'], 30, (r) => placeText(r.origin)),
  shipment.text('destination', ['Ziel', 'Destination'], 30, (r) => placeText(r.destination)),
  shipment.text('tours', ['Touren', 'Tours'], 24, (r) => r.tourReferences.join(', ')),
  shipment.figure('weightKg', ['Gewicht (kg)', 'Weight (kg)'], 14, KG, (r) => r.weightKg),
  shipment.figure(
    'loadedDistanceKm',
    ['Lastdistanz (km)', 'Loaded distance (km)'],
    14,
    KM,
    (r) => r.loadedDistanceKm,
  ),
  ...emissionColumns<ShipmentExportRow>(),
  shipment.text('tags', ['Schlagwörter', 'Tags'], 24, (r) => (r.tags ?? []).join(', ')),
];

export const SHEET_NAME: Record<ExportKind, Record<Language, string>> = {
  tours: { de: 'Touren', en: 'Tours' },
  shipments: { de: 'Sendungen', en: 'Shipments' },
};

export function columnsOf(kind: ExportKind): ExportColumn<never>[] {
  return (kind === 'tours' ? TOUR_COLUMNS : SHIPMENT_COLUMNS) as ExportColumn<never>[];
}
