import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { plateKey } from './fleet.rules.ts';
import { trailers, vehicles } from './fleet.schema.ts';

/** The demo company's fleet (seed/demo.ts, when the demo is seeded): three vehicles and three trailers. */
export async function seedDemoFleet(tx: DbOrTx, companyId: CompanyId): Promise<void> {
  await tx
    .insert(vehicles)
    .values(DEMO_VEHICLES.map((v) => ({ ...v, companyId, licensePlateKey: plateKey(v.licensePlate) })));
  await tx
    .insert(trailers)
    .values(DEMO_TRAILERS.map((t) => ({ ...t, companyId, licensePlateKey: plateKey(t.licensePlate) })));
}

const DEMO_VEHICLES = [
  {
    licensePlate: 'HH-DL 401',
    vehicleLocation: 'Hamburg',
    description: 'Sattelzugmaschine Fernverkehr',
    vehicleReference: 'SZM-401',
    glecVehicleType: 'road_eu_artic_33t_avg_diesel',
    fuelInformation: [{ consumption: 28.9, unitFuelConsumption: 'L' as const, fuelType: 'diesel_b7' }],
    manufacturer: 'Volvo',
    type: 'FH',
    model: '460',
    maxWeight: 40000,
    yearOfConstruction: 2022,
    exhaustStandard: 'Euro VI e',
  },
  {
    licensePlate: 'HH-DL 402',
    vehicleLocation: 'Hamburg',
    description: 'Sattelzugmaschine Fernverkehr',
    vehicleReference: 'SZM-402',
    // European class and diesel fuel: the built-in European road classes are diesel (DESNZ 2025).
    glecVehicleType: 'road_eu_artic_33t_avg_diesel',
    fuelInformation: [{ consumption: 27.6, unitFuelConsumption: 'L' as const, fuelType: 'diesel_b7' }],
    manufacturer: 'Iveco',
    type: 'S-Way',
    model: 'AS 460',
    maxWeight: 40000,
    yearOfConstruction: 2023,
    exhaustStandard: 'Euro VI e',
  },
  {
    licensePlate: 'HB-DL 17',
    vehicleLocation: 'Bremen',
    description: 'Verteiler-Lkw 12 t',
    vehicleReference: 'VT-17',
    glecVehicleType: 'road_eu_rigid_7_5_17t_avg_diesel',
    fuelInformation: [{ consumption: 19.5, unitFuelConsumption: 'L' as const, fuelType: 'diesel_b7' }],
    manufacturer: 'Mercedes-Benz',
    type: 'Atego',
    model: '1224',
    maxWeight: 12000,
    yearOfConstruction: 2019,
    hasCoolingUnit: true,
    coolingUnitDescription: 'Thermo King T-800R',
  },
];

const DEMO_TRAILERS = [
  {
    licensePlate: 'HH-DA 11',
    description: 'Planenauflieger',
    trailerReference: 'A-11',
    glecTrailerType: 'curtainsider',
    loadVolume: 90,
    yearOfConstruction: 2020,
  },
  {
    licensePlate: 'HH-DA 12',
    description: 'Kühlauflieger',
    trailerReference: 'A-12',
    glecTrailerType: 'reefer',
    loadVolume: 86,
    yearOfConstruction: 2021,
    hasCoolingUnit: true,
    coolingUnitDescription: 'Carrier Vector HE 19',
  },
  {
    licensePlate: 'HH-DA 13',
    description: 'Containerchassis 40 ft',
    trailerReference: 'A-13',
    glecTrailerType: 'container_chassis',
    yearOfConstruction: 2018,
  },
];
