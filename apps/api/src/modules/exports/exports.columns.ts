import type { ExportKind, Language } from '@klimadesk/contract';
import { glecVehicleTypes } from '@klimadesk/glec';
import type { Column, Label } from '../../platform/spreadsheet.ts';
import type {
  Place,
  ShipmentPageRow as ShipmentExportRow,
  TourPageRow as TourExportRow,
} from '../tours/index.ts';
import { type MessageKey, texts } from '@klimadesk/contract/messages';

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

type Header = MessageKey;

/**
 * Column builders for one row type: the header's catalogue key, the width, how the value is
 * read and, for figures, the decimals it is written with.
 */
function columnsFor<T>() {
  const column = (
    key: string,
    header: Header,
    width: number,
    value: (r: T) => unknown,
    format: Pick<ExportColumn<T>, 'type' | 'digits' | 'names'> = {},
  ): ExportColumn<T> => ({ key, header: texts(header), width, ...format, value });
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
  const kg = (key: keyof Figures, header: Header) => figure(key, header, 16, KG, (r) => r[key]);
  return [
    figure('tkm', 'exports.columns.tkm', 18, KG, (r) => r.tkm),
    kg('co2DefaultWtw', 'exports.columns.co2DefaultWtw'),
    kg('co2DefaultTtw', 'exports.columns.co2DefaultTtw'),
    kg('co2DefaultWtt', 'exports.columns.co2DefaultWtt'),
    kg('co2IndividualWtw', 'exports.columns.co2IndividualWtw'),
    kg('co2IndividualTtw', 'exports.columns.co2IndividualTtw'),
    kg('co2IndividualWtt', 'exports.columns.co2IndividualWtt'),
    kg('hubCo2Wtw', 'exports.columns.hubCo2Wtw'),
    figure('intensityDefault', 'exports.columns.intensityDefault', 18, KG, (r) =>
      intensity(r.co2DefaultWtw, r.tkm),
    ),
    figure('intensityIndividual', 'exports.columns.intensityIndividual', 18, KG, (r) =>
      intensity(r.co2IndividualWtw, r.tkm),
    ),
  ];
}

const tour = columnsFor<TourExportRow>();
export const TOUR_COLUMNS: ExportColumn<TourExportRow>[] = [
  tour.text('reference', 'exports.columns.reference', 18, (r) => r.reference),
  tour.date('departureDate', 'exports.columns.departureDate', 18, (r) => r.departureDate),
  tour.date('arrivalDate', 'exports.columns.arrivalDate', 18, (r) => r.arrivalDate),
  tour.text('departure', 'exports.columns.departure', 30, (r) => placeText(r.departure)),
  tour.text('arrival', 'exports.columns.arrival', 30, (r) => placeText(r.arrival)),
  tour.text('glecVehicleType', 'exports.columns.glecVehicleType', 40, (r) => r.glecVehicleType, {
    names: TYPE_NAMES,
  }),
  tour.text('licensePlate', 'exports.columns.licensePlate', 14, (r) => r.licensePlate),
  tour.text('vehicleReference', 'exports.columns.vehicleReference', 16, (r) => r.vehicleReference),
  tour.figure('weightKg', 'exports.columns.weightKg', 14, KG, (r) => r.weightKg),
  tour.figure('distanceKm', 'exports.columns.distanceKm', 14, KM, (r) => r.distanceKm),
  tour.figure('emptyDistanceKm', 'exports.columns.emptyDistanceKm', 14, KM, (r) => r.emptyDistanceKm),
  tour.figure('emptyRunning', 'exports.columns.emptyRunning', 14, PCT, (r) =>
    r.emptyRunningShare === null ? null : r.emptyRunningShare * 100,
  ),
  tour.text('temperatureControl', 'exports.columns.temperatureControl', 12, (r) => r.temperatureControl),
  tour.text('shipmentCount', 'exports.columns.shipmentCount', 10, (r) => r.shipmentCount),
  ...emissionColumns<TourExportRow>(),
  tour.text('tags', 'exports.columns.tags', 24, (r) => (r.tags ?? []).join(', ')),
];

const shipment = columnsFor<ShipmentExportRow>();
export const SHIPMENT_COLUMNS: ExportColumn<ShipmentExportRow>[] = [
  shipment.text('reference', 'exports.columns.reference2', 18, (r) => r.reference),
  shipment.text('orderNumber', 'exports.columns.orderNumber', 18, (r) => r.orderNumber),
  shipment.text('shipper', 'exports.columns.shipper', 24, (r) => r.shipper),
  shipment.text('description', 'exports.columns.description', 24, (r) => r.description),
  shipment.date('departureDate', 'exports.columns.departureDate', 18, (r) => r.departureDate),
  shipment.text('origin', 'exports.columns.origin', 30, (r) => placeText(r.origin)),
  shipment.text('destination', 'exports.columns.destination', 30, (r) => placeText(r.destination)),
  shipment.text('tours', 'exports.columns.tours', 24, (r) => r.tourReferences.join(', ')),
  shipment.figure('weightKg', 'exports.columns.weightKg', 14, KG, (r) => r.weightKg),
  shipment.figure('loadedDistanceKm', 'exports.columns.loadedDistanceKm', 14, KM, (r) => r.loadedDistanceKm),
  ...emissionColumns<ShipmentExportRow>(),
  shipment.text('tags', 'exports.columns.tags', 24, (r) => (r.tags ?? []).join(', ')),
];

export const SHEET_NAME: Record<ExportKind, Record<Language, string>> = {
  tours: texts('exports.sheet.tours'),
  shipments: texts('exports.sheet.shipments'),
};

export function columnsOf(kind: ExportKind): ExportColumn<never>[] {
  return (kind === 'tours' ? TOUR_COLUMNS : SHIPMENT_COLUMNS) as ExportColumn<never>[];
}
