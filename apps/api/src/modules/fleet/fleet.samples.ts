import type { Trailer, Vehicle } from '@klimadesk/contract';

/**
 * What basic companies see instead of their own fleet (seed 000 §6: vehicles table 2 rows,
 * trailers 5), so the professional edition can be tried out before unlocking it.
 */
const at = '2026-01-05T08:00:00.000Z';
const common = {
  status: 1,
  restoredAt: null,
  decommissionedAt: null,
  createdAt: at,
  updatedAt: at,
  sample: true,
};

export const SAMPLE_VEHICLES: Vehicle[] = [
  {
    ...common,
    id: '00000000-0000-4000-8000-000000000101',
    licensePlate: 'HH-KD 101',
    vehicleLocation: 'Hamburg',
    description: 'Sattelzugmaschine Fernverkehr',
    vehicleReference: 'SZM-01',
    fuelInformation: [{ consumption: 29.5, unitFuelConsumption: 'L', fuelType: 'diesel' }],
    glecVehicleType: 'road_in_tractor_30_60t_diesel',
    manufacturer: 'MAN',
    type: 'TGX',
    model: '18.470',
    maxPayload: 26000,
    maxWeight: 40000,
    weight: 7600,
    enginePowerPs: 470,
    enginePowerKw: 346,
    engineDisplacement: 12419,
    yearOfConstruction: 2022,
    exhaustStandard: 'Euro VI e',
    hasCoolingUnit: false,
    coolingUnitDescription: null,
  },
  {
    ...common,
    id: '00000000-0000-4000-8000-000000000102',
    licensePlate: 'HH-KD 202',
    vehicleLocation: 'Bremen',
    description: 'Verteiler-Lkw mit Kühlkoffer',
    vehicleReference: 'VT-02',
    fuelInformation: [{ consumption: 21, unitFuelConsumption: 'L', fuelType: 'diesel_b7' }],
    glecVehicleType: 'road_in_12_20t_diesel',
    manufacturer: 'Mercedes-Benz',
    type: 'Atego',
    model: '1530',
    maxPayload: 8200,
    maxWeight: 15000,
    weight: 6800,
    enginePowerPs: 299,
    enginePowerKw: 220,
    engineDisplacement: 7700,
    yearOfConstruction: 2020,
    exhaustStandard: 'Euro VI d',
    hasCoolingUnit: true,
    coolingUnitDescription: 'Thermo King T-680R',
  },
];

const trailer = (n: number, type: string, description: string, volume: number, reefer = false): Trailer => ({
  ...common,
  id: `00000000-0000-4000-8000-00000000020${n}`,
  licensePlate: `HH-KA ${n}0${n}`,
  description,
  trailerReference: `AUF-0${n}`,
  glecTrailerType: type,
  loadVolume: volume,
  maxPayload: 27000,
  maxWeight: 34000,
  weight: 7000,
  hasCoolingUnit: reefer,
  coolingUnitDescription: reefer ? 'Carrier Vector HE 19' : null,
  yearOfConstruction: 2018 + n,
});

export const SAMPLE_TRAILERS: Trailer[] = [
  trailer(1, 'curtainsider', 'Planenauflieger Standard', 90),
  trailer(2, 'reefer', 'Kühlauflieger', 86, true),
  trailer(3, 'box', 'Kofferauflieger', 88),
  trailer(4, 'container_chassis', 'Containerchassis 40 ft', 0),
  trailer(5, 'swap_body', 'Wechselbrücke', 45),
];
