import { describe, expect, it } from 'vitest';
import {
  fuelTypes,
  glecVehicleTypes,
  hubTypes,
  listFuelTypes,
  listGlecVehicleTypes,
  listSourceVersions,
  listTrailerTypes,
  TRAILER_TYPES,
} from './master-data.ts';

describe('master data', () => {
  it('serves vehicle types in the contract shape, air with haul and aircraft only', () => {
    const de = listGlecVehicleTypes('de');
    const en = listGlecVehicleTypes('en');
    expect(de).toHaveLength(en.length);
    const air = en.filter((v) => v.mode === 'air');
    expect(air).toHaveLength(6);
    for (const a of air) {
      expect(['short', 'long']).toContain(a.haul);
      expect(['belly', 'freighter', 'unknown']).toContain(a.aircraft);
    }
    const road = en.find((v) => v.id === 'road_eu_artic_40t_avg_diesel')!;
    expect(Object.keys(road).sort()).toEqual(['id', 'mode', 'name', 'region']);
    expect(road.region).toBe('Europe');
    expect(de.find((v) => v.id === road.id)!.name).toContain('Sattelzug');
    expect(new Set(en.map((v) => v.mode))).toEqual(
      new Set(['road', 'rail', 'sea', 'inland_waterway', 'air']),
    );
  });

  it('lists classes outside Europe with their region; a region setting narrows the list', () => {
    const all = listGlecVehicleTypes('en');
    const regions = (mode: string) => new Set(all.filter((v) => v.mode === mode).map((v) => v.region));
    // GLEC v3.2 Table 13 (India road), Tables 4-5 (US and India rail); sea and air are global.
    expect(regions('road')).toEqual(new Set(['Europe', 'India']));
    expect(regions('rail')).toEqual(new Set(['Europe', 'North America', 'India']));
    expect(regions('sea')).toEqual(new Set(['Global']));
    expect(regions('air')).toEqual(new Set(['Global']));
    const europe = listGlecVehicleTypes('en', undefined, []);
    expect(europe.some((v) => v.region === 'India')).toBe(false);
    expect(listGlecVehicleTypes('en', undefined, ['India']).some((v) => v.region === 'India')).toBe(true);
  });

  it('labels every vehicle type in de and en and marks reefer types', () => {
    const all = glecVehicleTypes();
    for (const v of all) {
      expect(v.label.de.length).toBeGreaterThan(2);
      expect(v.label.en.length).toBeGreaterThan(2);
    }
    expect(all.find((v) => v.id === 'sea_container_industry_average_reefer')!.temperatureControlled).toBe(
      true,
    );
    expect(all.find((v) => v.id === 'sea_container_industry_average_dry')!.temperatureControlled).toBe(false);
  });

  it('lists fuel types with the units that fit them', () => {
    const en = listFuelTypes('en');
    const byId = new Map(en.map((f) => [f.id, f]));
    expect(byId.get('diesel')!.units).toEqual(['L', 'kg']);
    expect(byId.get('electricity_de')!.units).toEqual(['kWh']);
    expect(byId.get('cng')!.units).toEqual(['kg']);
    expect(listFuelTypes('de').find((f) => f.id === 'petrol')!.name).toBe('Benzin');
    expect(fuelTypes()[0]!.label).toEqual({ de: 'Diesel (B0)', en: 'Diesel (B0)' });
  });

  it('lists trailer types, hub types and source versions', () => {
    expect(listTrailerTypes('de').find((t) => t.id === 'reefer')).toEqual({
      id: 'reefer',
      name: 'Kühlauflieger',
      temperatureControlled: true,
    });
    expect(TRAILER_TYPES.filter((t) => t.temperatureControlled).map((t) => t.id)).toEqual(['reefer']);
    expect(hubTypes().map((h) => h.id)).toContain('maritime_container_terminal');
    const versions = listSourceVersions('en');
    expect(versions.map((v) => v.id)).toContain('glec-v3.1');
    expect(versions.every((v) => v.note.length > 0)).toBe(true);
  });
});
