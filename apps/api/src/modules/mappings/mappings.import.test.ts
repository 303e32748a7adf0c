import { describe, expect, it } from 'vitest';
import { type Staged, stage, unstage } from './mappings.staged.ts';

const empty = { name: null, city: null, zip: null, country: null };

const sparse: Staged = {
  row: 7,
  tourReference: 'T-1',
  departure: empty,
  arrival: { name: null, city: 'Berlin', zip: null, country: 'DE' },
  departureDate: '2026-03-02T00:00:00.000Z',
  arrivalDate: null,
  licensePlate: null,
  vehicleReference: null,
  glecTransportType: 'road_in_tractor_30_60t_diesel',
  weightKg: 501,
  distance: 51,
  emptyDistance: null,
  fuelUsed: null,
  fuelType: null,
  fuelUnit: null,
  temperatureControl: false,
  tourTags: [],
  shipment: {
    reference: 'S-1',
    orderNumber: null,
    shipper: 'Kunde 1',
    description: null,
    weightKg: 501,
    loadedDistance: null,
    origin: empty,
    destination: empty,
    carriage: 'main_carriage',
    tags: [],
  },
  distanceMeasured: false,
  distanceIssue: undefined,
  vehicleId: null,
  type: 'road_in_tractor_30_60t_diesel',
  consumption: null,
};

const full: Staged = {
  ...sparse,
  departure: { name: 'Lager Nord', city: 'Hamburg', zip: '20095', country: 'DE' },
  arrivalDate: '2026-03-03T00:00:00.000Z',
  licensePlate: 'HH-DL 401',
  vehicleReference: 'V-9',
  emptyDistance: 0,
  fuelUsed: 38.5,
  fuelType: 'diesel',
  fuelUnit: 'L',
  temperatureControl: true,
  tourTags: ['Fern', 'Kühl'],
  shipment: {
    ...(sparse.shipment as NonNullable<Staged['shipment']>),
    orderNumber: 'A-1',
    tags: ['Express'],
  },
  distanceMeasured: true,
  distanceIssue: { code: 'distanceMissing', detail: 'x' },
  vehicleId: '6f1c2b7e-0000-4000-8000-000000000001',
  consumption: [{ fuelType: 'diesel', per100km: 29, unit: 'L' }],
};

describe('staged import rows', () => {
  it('come back field for field, nulls, zeros, false and empty lists included', () => {
    expect(unstage(stage(sparse))).toEqual(sparse);
    expect(unstage(stage(full))).toEqual(full);
    expect(unstage(stage({ ...sparse, shipment: null }))).toEqual({ ...sparse, shipment: null });
  });

  it('leave out what is empty', () => {
    const text = stage(sparse);
    expect(text).not.toContain('null');
    expect(text).not.toContain('[]');
    expect(text.length).toBeLessThan(JSON.stringify(sparse).length / 2);
  });
});
