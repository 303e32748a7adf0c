/**
 * Order bodies the order tests, the orders bench and the order e2e specs share (plain data: no test
 * runner imports, so Playwright and the bench load it too).
 */

/** DESNZ 2025 articulated 40 t truck, average laden, diesel (European road class). */
export const ROAD = 'road_eu_artic_40t_avg_diesel';
/** GLEC container ship class on the Asia – North Europe trade, dry containers. */
export const SEA = 'sea_container_asia_north_europe_dry';

type Place = Record<string, string>;

const VEHICLE: Record<string, string> = { road: ROAD, sea: SEA };

/** One carriage of a single leg, by ROAD or SEA for those modes unless `extra` names a vehicle class. */
export function carriage(
  activity: string,
  transportMode: string,
  origin: Place,
  destination: Place,
  extra: Record<string, unknown> = {},
) {
  const glecVehicleType = VEHICLE[transportMode];
  return { activity, legs: [{ transportMode, origin, destination, glecVehicleType, ...extra }] };
}

/** A one-leg road order (main carriage) of 2 t unit cargo; `distance` skips the location look-up. */
export function roadOrder(
  origin: Place,
  destination: Place,
  over: Record<string, unknown> = {},
  distance?: number,
) {
  return {
    number: 'A-1',
    client: 'Müller Logistik',
    cargoType: 'general',
    freightType: 'unit_cargo',
    grossWeight: 2000,
    grossWeightUnit: 'kg',
    date: '2026-03-02',
    activities: [
      carriage('main_carriage', 'road', origin, destination, distance === undefined ? {} : { distance }),
    ],
    ...over,
  };
}

/**
 * Issue 17's worked example: a 10 t container from a Hamburg postal code by road to the port of
 * Rotterdam, by sea to Shanghai, by road to the city of Suzhou. `zipCode` varies the first place.
 */
export function workedExampleOrder(over: Record<string, unknown> = {}, zipCode = '20095') {
  return {
    number: 'WE-1',
    client: 'Hanse Import',
    cargoType: 'general',
    quantity: 1,
    freightType: 'container',
    grossWeight: 10,
    grossWeightUnit: 't',
    containerLoad: 'FCL',
    containerSpec: '20ft',
    date: '2026-03-02',
    activities: [
      carriage('pre_carriage', 'road', { country: 'DE', zipCode }, { locode: 'NLRTM' }),
      carriage('main_carriage', 'sea', { locode: 'NLRTM' }, { locode: 'CNSHA' }),
      carriage('on_carriage', 'road', { locode: 'CNSHA' }, { country: 'CN', city: 'Suzhou' }),
    ],
    ...over,
  };
}
