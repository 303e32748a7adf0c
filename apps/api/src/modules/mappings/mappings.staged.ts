import type { RowIssue } from '@klimadesk/contract';
import { TRIAL_LIMITS } from '../companies/index.ts';
import type { FleetIndex } from '../fleet/index.ts';
import type { DistanceResolver } from '../tours/index.ts';
import { type ParsedRow, type Place, issue } from './mappings.rows.ts';

export type Staged = ParsedRow & {
  /** Distance measured between departure and arrival (the row had none). */
  distanceMeasured?: boolean;
  distanceIssue?: { code: 'locationNotFound' | 'distanceMissing'; detail: string };
  vehicleId: string | null;
  type: string;
  consumption: { fuelType: string; per100km: number; unit: 'L' | 'kg' | 'kWh' }[] | null;
};

/**
 * Staged rows are JSON without nulls, empty lists and empty places: a third of the full text
 * (about 310 instead of 820 bytes per row), so less to write, read back and parse. `unstage` restores every field;
 * the mapped types make the compiler name a field added to the row and missing here.
 */
const blank = (v: unknown): boolean =>
  v === null ||
  (Array.isArray(v)
    ? v.length === 0
    : typeof v === 'object' && Object.values(v as object).every((x) => x === null));

export const stage = (row: Staged): string => JSON.stringify(row, (_key, v) => (blank(v) ? undefined : v));

const place = (p: Partial<Place> | undefined): Place => ({
  name: p?.name ?? null,
  city: p?.city ?? null,
  zip: p?.zip ?? null,
  country: p?.country ?? null,
});

type StagedShipment = NonNullable<ParsedRow['shipment']>;

export function unstage(data: string): Staged {
  const r = JSON.parse(data);
  const s = r.shipment;
  const shipment: { [K in keyof StagedShipment]-?: StagedShipment[K] } | null = s
    ? {
        reference: s.reference,
        orderNumber: s.orderNumber ?? null,
        shipper: s.shipper ?? null,
        description: s.description ?? null,
        weightKg: s.weightKg ?? null,
        loadedDistance: s.loadedDistance ?? null,
        origin: place(s.origin),
        destination: place(s.destination),
        carriage: s.carriage,
        tags: s.tags ?? [],
      }
    : null;
  const row: { [K in keyof Staged]-?: Staged[K] } = {
    row: r.row,
    tourReference: r.tourReference,
    departure: place(r.departure),
    arrival: place(r.arrival),
    departureDate: r.departureDate ?? null,
    arrivalDate: r.arrivalDate ?? null,
    licensePlate: r.licensePlate ?? null,
    vehicleReference: r.vehicleReference ?? null,
    glecTransportType: r.glecTransportType ?? null,
    weightKg: r.weightKg ?? null,
    distance: r.distance ?? null,
    emptyDistance: r.emptyDistance ?? null,
    fuelUsed: r.fuelUsed ?? null,
    fuelType: r.fuelType ?? null,
    fuelUnit: r.fuelUnit ?? null,
    temperatureControl: r.temperatureControl ?? false,
    tourTags: r.tourTags ?? [],
    shipment,
    distanceMeasured: r.distanceMeasured ?? false,
    distanceIssue: r.distanceIssue,
    vehicleId: r.vehicleId ?? null,
    type: r.type,
    consumption: r.consumption ?? null,
  };
  return row;
}

/**
 * Resolves a checked row as the import computes it: the vehicle's id, GLEC type and consumption
 * from the fleet, and a distance measured between departure and arrival where the row has none.
 * The mapping's check step calls this too, so both see the same row.
 */
export async function resolveRow(
  value: ParsedRow,
  fleet: FleetIndex,
  distances: DistanceResolver,
): Promise<Staged> {
  const vehicle = fleet.find(value.licensePlate, value.vehicleReference);
  const consumption = (vehicle?.fuelInformation ?? [])
    .filter((f) => f.consumption && f.unitFuelConsumption && f.fuelType)
    .map((f) => ({
      fuelType: f.fuelType as string,
      per100km: f.consumption as number,
      unit: f.unitFuelConsumption as 'L' | 'kg' | 'kWh',
    }));
  const row: Staged = {
    ...value,
    vehicleId: vehicle?.id ?? null,
    type: (value.glecTransportType ?? vehicle?.glecVehicleType) as string,
    consumption: consumption.length ? consumption : null,
  };
  // Measured here, outside the import's write transaction (PGlite has one connection).
  if (row.distance === null) {
    const m = await distances.measure(row.type, row.departure, row.arrival);
    if ('km' in m) {
      row.distance = m.km;
      row.distanceMeasured = true;
    } else row.distanceIssue = m;
  }
  return row;
}

/**
 * The trial edition's limit per upload (seed 000 §9): evaluates the first shipments (tours in a
 * tour mapping) and answers the issue of a row beyond them; no limit outside the trial.
 */
export function trialShipmentGate(trial: boolean): (value: ParsedRow) => RowIssue | null {
  const evaluated = new Set<string>();
  return (value) => {
    if (!trial) return null;
    const key = value.shipment ? value.shipment.reference : value.tourReference;
    if (!evaluated.has(key) && evaluated.size >= TRIAL_LIMITS.shipmentsPerUpload)
      return issue(value.row, null, 'trialShipmentLimit');
    evaluated.add(key);
    return null;
  };
}
