import { describe, expect, it } from 'vitest';
import {
  preselectVehicleType,
  railRegionOf,
  roadRegionOf,
  tradeAreaOf,
  tradeLaneOf,
} from './vehicle-regions.ts';

/** Ports as the location service resolves them (UN/LOCODE coordinates, rounded). */
const PORT = {
  rotterdam: { country: 'NL', lat: 51.9, lon: 4.1 },
  hamburg: { country: 'DE', lat: 53.5, lon: 9.9 },
  leHavre: { country: 'FR', lat: 49.5, lon: 0.1 },
  marseille: { country: 'FR', lat: 43.3, lon: 5.4 },
  bayonne: { country: 'FR', lat: 43.5, lon: -1.5 },
  algeciras: { country: 'ES', lat: 36.1, lon: -5.5 },
  valencia: { country: 'ES', lat: 39.5, lon: -0.3 },
  bilbao: { country: 'ES', lat: 43.3, lon: -2.9 },
  huelva: { country: 'ES', lat: 37.3, lon: -7.0 },
  stPetersburg: { country: 'RU', lat: 59.9, lon: 30.3 },
  novorossiysk: { country: 'RU', lat: 44.7, lon: 37.8 },
  vladivostok: { country: 'RU', lat: 43.1, lon: 131.9 },
  shanghai: { country: 'CN', lat: 31.2, lon: 121.5 },
  singapore: { country: 'SG', lat: 1.3, lon: 103.8 },
  portKlang: { country: 'MY', lat: 3.0, lon: 101.4 },
  jebelAli: { country: 'AE', lat: 25.0, lon: 55.1 },
  losAngeles: { country: 'US', lat: 33.7, lon: -118.3 },
  savannah: { country: 'US', lat: 32.1, lon: -81.1 },
  newYork: { country: 'US', lat: 40.7, lon: -74.0 },
  santos: { country: 'BR', lat: -24.0, lon: -46.3 },
  durban: { country: 'ZA', lat: -29.9, lon: 31.0 },
  sydney: { country: 'AU', lat: -33.9, lon: 151.2 },
};
type Port = keyof typeof PORT;

const sea = (from: Port, to: Port, freightType = 'container') =>
  preselectVehicleType({ mode: 'sea', freightType, origin: PORT[from], destination: PORT[to] }).vehicleType;
const land = (mode: 'road' | 'rail', origin: string | null, destination: string | null = null) =>
  preselectVehicleType({
    mode,
    freightType: 'unit_cargo',
    origin: origin === null ? null : { country: origin },
    destination: destination === null ? null : { country: destination },
  });

describe('road and rail classes by the region of the leg', () => {
  it('maps countries to the factor-set regions GLEC publishes road and rail values for', () => {
    expect(
      ['DE', 'PL', 'GB', 'CH', 'TR', 'BR', 'AR', 'US', 'IN', 'CN', 'JP', 'ZA'].map(roadRegionOf),
    ).toEqual([
      'Europe',
      'Europe',
      'Europe',
      'Europe',
      'Europe',
      // GLEC road Tables 7-9 are "Europe & South America".
      'Europe',
      'Europe',
      'North America',
      'India',
      null,
      null,
      null,
    ]);
    // No South American rail table.
    expect(['DE', 'BR', 'CA', 'IN', 'CN'].map(railRegionOf)).toEqual([
      'Europe',
      null,
      'North America',
      'India',
      null,
    ]);
  });

  it('a European road leg starts with the GLEC artic truck, an Indian one with the Indian tractor-trailer', () => {
    expect(land('road', 'DE', 'NL')).toEqual({
      vehicleType: 'road_eu_artic_40t_avg_diesel',
      region: 'Europe',
      missing: false,
      country: 'DE',
    });
    expect(land('road', 'IN', 'IN')).toMatchObject({
      vehicleType: 'road_in_tractor_30_60t_diesel',
      region: 'India',
    });
    expect(land('road', 'BR')).toMatchObject({
      vehicleType: 'road_eu_artic_40t_avg_diesel',
      region: 'Europe',
    });
  });

  it('a Chinese or North American road leg gets no European truck: the set has no class there', () => {
    for (const country of ['CN', 'US', 'JP'])
      expect(land('road', country, country)).toEqual({
        vehicleType: null,
        region: null,
        missing: true,
        country,
      });
  });

  it('takes the origin first, the destination when the origin is not known yet', () => {
    expect(land('road', 'DE', 'CN').vehicleType).toBe('road_eu_artic_40t_avg_diesel');
    expect(land('road', 'CN', 'DE').missing).toBe(true);
    expect(land('road', null, 'IN').vehicleType).toBe('road_in_tractor_30_60t_diesel');
  });

  it('rail: Europe, US and India have their own class; before the places the European average', () => {
    expect(land('rail', 'DE').vehicleType).toBe('rail_eu_unknown_avg');
    expect(land('rail', 'US', 'CA').vehicleType).toBe('rail_us_diesel');
    expect(land('rail', 'IN').vehicleType).toBe('rail_in_mixed');
    expect(land('rail', 'CN').missing).toBe(true);
    expect(land('rail', null)).toMatchObject({ vehicleType: 'rail_eu_unknown_avg', missing: false });
    expect(land('road', null)).toMatchObject({ vehicleType: 'road_eu_artic_40t_avg_diesel', missing: false });
  });
});

describe('container ships by the trade lane between the ports (GLEC v3.2 Table 18)', () => {
  it('picks the lane of the two seaboards, in either direction', () => {
    expect(sea('rotterdam', 'shanghai')).toBe('sea_container_asia_north_europe_dry');
    expect(sea('shanghai', 'hamburg')).toBe('sea_container_asia_north_europe_dry');
    expect(sea('marseille', 'shanghai')).toBe('sea_container_asia_mediterranean_dry');
    expect(sea('shanghai', 'losAngeles')).toBe('sea_container_asia_north_america_west_dry');
    expect(sea('savannah', 'shanghai')).toBe('sea_container_asia_north_america_east_dry');
    expect(sea('santos', 'shanghai')).toBe('sea_container_asia_south_america_dry');
    expect(sea('durban', 'singapore')).toBe('sea_container_asia_africa_dry');
    expect(sea('sydney', 'shanghai')).toBe('sea_container_asia_oceania_dry');
    expect(sea('jebelAli', 'shanghai')).toBe('sea_container_asia_middle_east_india_dry');
    expect(sea('hamburg', 'jebelAli')).toBe('sea_container_europe_middle_east_india_dry');
    expect(sea('singapore', 'shanghai')).toBe('sea_container_southeast_northeast_asia_dry');
    expect(sea('singapore', 'portKlang')).toBe('sea_container_intra_southeast_asia_dry');
    expect(sea('vladivostok', 'shanghai')).toBe('sea_container_industry_average_dry');
  });

  it('takes the industry average where Table 18 has no lane', () => {
    expect(sea('hamburg', 'newYork')).toBe('sea_container_industry_average_dry');
    expect(sea('rotterdam', 'algeciras')).toBe('sea_container_industry_average_dry');
    expect(sea('santos', 'durban')).toBe('sea_container_industry_average_dry');
    expect(
      preselectVehicleType({
        mode: 'sea',
        freightType: 'container',
        origin: PORT.rotterdam,
        destination: null,
      }).vehicleType,
    ).toBe('sea_container_industry_average_dry');
    // A US port without coordinates has no known coast.
    expect(tradeLaneOf(tradeAreaOf({ country: 'US' }), tradeAreaOf(PORT.shanghai))).toBe('industry_average');
  });

  it('splits countries on two seaboards by the port', () => {
    const area = (p: Port) => tradeAreaOf(PORT[p]);
    expect(['leHavre', 'marseille', 'bayonne'].map((p) => area(p as Port))).toEqual([
      'northEurope',
      'mediterranean',
      'northEurope',
    ]);
    expect(['algeciras', 'valencia', 'bilbao', 'huelva'].map((p) => area(p as Port))).toEqual([
      'mediterranean',
      'mediterranean',
      'northEurope',
      'northEurope',
    ]);
    expect(['stPetersburg', 'novorossiysk', 'vladivostok'].map((p) => area(p as Port))).toEqual([
      'northEurope',
      'mediterranean',
      'northEastAsia',
    ]);
    expect([area('losAngeles'), area('newYork')]).toEqual(['northAmericaWest', 'northAmericaEast']);
  });

  it('unit cargo goes on a general cargo ship, not a container ship (seed 000 §4)', () => {
    expect(sea('rotterdam', 'shanghai', 'unit_cargo')).toBe('sea_general_cargo_5000_9999_dwt');
  });

  it('inland waterway and air keep the one default of the mode', () => {
    const leg = { freightType: 'unit_cargo', origin: { country: 'CN' }, destination: { country: 'CN' } };
    expect(preselectVehicleType({ mode: 'inland_waterway', ...leg }).vehicleType).toBe('iww_motor_85_110m');
    expect(preselectVehicleType({ mode: 'air', ...leg }).vehicleType).toBe('air_unknown_long');
  });
});
