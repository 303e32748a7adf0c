import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  parseDesnz,
  parseGeg,
  parseGrid,
  parseRefrigerants,
  parseRefrigerantsAr5,
} from './emission-db.datasets.ts';
import { BUILTIN_DIR, builtinManifest } from './emission-db.import.ts';

const HEADER = 'ID,Scope,Level 1,Level 2,Level 3,Level 4,Column Text,UOM,GHG/Unit,GHG Conversion Factor 2025';

describe('DESNZ flat file parser', () => {
  const file = [
    HEADER,
    '1_101_1011_8_1,Scope 1,Fuels,Liquid fuels,Diesel (average biofuel blend),,,litres,kg CO2e,2.57082',
    '1_101_1011_8_2,Scope 1,Fuels,Liquid fuels,Diesel (average biofuel blend),,,litres,kg CO2e of CO2 per unit,2.53763',
    '1_101_1011_8_3,Scope 1,Fuels,Liquid fuels,Diesel (average biofuel blend),,,litres,kg CO2e of CH4 per unit,0.00029',
    '1_101_1011_8_4,Scope 1,Fuels,Liquid fuels,Diesel (average biofuel blend),,,litres,kg CO2e of N2O per unit,0.0329',
    '11_101_1011_8_1,Scope 3,WTT- fuels,Liquid fuels,Diesel (average biofuel blend),,,litres,kg CO2e,0.61101',
    '99_1,Outside of Scopes,Outside of scopes,Forecourt fuels containing biofuel,Diesel (average biofuel blend),,,litres,kg CO2e of CO2 per unit,0.14',
    '27_304_3140_14_1,Scope 3,Freighting goods,HGV (all diesel),All HGVs,,Average laden,tonne.km,kg CO2e,0.10163',
    '28_907_3140_14_1,Scope 3,WTT- delivery vehs & freight,WTT- HGV (all diesel),All HGVs,,Average laden,tonne.km,kg CO2e,0.02359',
    '50_1,Scope 3,Hotel stay,Hotel stay,Germany,,,Room per night,kg CO2e,13.2',
    '50_2,Scope 3,Hotel stay,Hotel stay,France,,,Room per night,kg CO2e,6.9',
    '60_1,Scope 1,SECR kWh pass & delivery vehs,Vans,Average (up to 3.5 tonnes),,Diesel,km,kWh (Net CV),0.8',
    '32_602_9999_12_1,Scope 3,Homeworking,Heating,,,,per FTE Working Hour,kg CO2e,0.30234',
  ].join('\n');
  const d = parseDesnz(file);
  const byKey = (key: string) => d.activities.find((a) => a.key === `desnz:${key}`);

  it('names an activity with nothing below Level 2 by its two levels', () => {
    const heating = byKey('Homeworking|Heating|||');
    expect([heating?.de, heating?.en]).toEqual(['Homeoffice · Heizung', 'Homeworking · Heating']);
  });

  it('reads the edition from the header and gives the calendar year as its period', () => {
    expect(d).toMatchObject({
      version: '2025',
      validFrom: '2025-01-01',
      validUntil: '2025-12-31',
      releaseDate: '2025-06-10',
    });
  });

  it('keeps one factor per unit with its gases, links WTT and the biogenic CO2 outside the scopes', () => {
    const diesel = byKey('Fuels|Liquid fuels|Diesel (average biofuel blend)||');
    expect(diesel?.f).toEqual([
      {
        ext: '1_101_1011_8_1',
        unit: 'l',
        co2e: 2.57082,
        co2: 2.53763,
        ch4: 0.00029,
        n2o: 0.0329,
        wtt: 0.61101,
        bio: 0.14,
        country: null,
        year: 2025,
      },
    ]);
    expect(diesel).toMatchObject({ de: 'Diesel (durchschnittliche Biokraftstoffbeimischung)', w: 0 });
    expect(byKey('Freighting goods|HGV (all diesel)|All HGVs||Average laden')?.f[0]).toMatchObject({
      unit: 'tkm',
      co2e: 0.10163,
      wtt: 0.02359,
    });
  });

  it('makes one hotel activity with a factor per country, and leaves energy-use rows out', () => {
    const hotel = byKey('Hotel stay|Hotel stay|||');
    expect(hotel?.f.map((f) => [f.country, f.co2e])).toEqual([
      ['DE', 13.2],
      ['FR', 6.9],
    ]);
    expect(d.activities.some((a) => a.key.includes('SECR'))).toBe(false);
    // WTT rows are no activities of their own once linked.
    expect(d.activities.some((a) => a.key.includes('WTT'))).toBe(false);
  });
});

describe('DESNZ blank cells are no factors', () => {
  const file = [
    HEADER,
    // A van of unknown fuel: DESNZ gives no figure (blank cells), the diesel van has one.
    '40_1,Scope 1,Delivery vehicles,Vans,Average (up to 3.5 tonnes),,Unknown,km,kg CO2e,',
    '40_2,Scope 1,Delivery vehicles,Vans,Average (up to 3.5 tonnes),,Unknown,km,kg CO2e of CO2 per unit,',
    '41_1,Scope 1,Delivery vehicles,Vans,Average (up to 3.5 tonnes),,Diesel,km,kg CO2e,0.25',
    '41_2,Scope 3,WTT- delivery vehs & freight,WTT- vans,Average (up to 3.5 tonnes),,Diesel,km,kg CO2e,',
    '50_1,Scope 3,Hotel stay,Hotel stay,Poland,,,Room per night,kg CO2e,',
    '50_2,Scope 3,Hotel stay,Hotel stay,Korea,,,Room per night,kg CO2e,55.8',
  ].join('\n');
  const d = parseDesnz(file);

  it('skips and counts blank cells: 1,000 km in a van of unknown fuel has no factor, not 0 kg', () => {
    expect(d.blankCells).toBe(4);
    const keys = d.activities.map((a) => a.key);
    expect(keys).not.toContain('desnz:Delivery vehicles|Vans|Average (up to 3.5 tonnes)||Unknown');
    const diesel = d.activities.find((a) => a.key.endsWith('|Diesel'));
    // A blank WTT cell leaves the upstream figure unknown (null), not 0.
    expect(diesel?.f).toEqual([{ ext: '41_1', unit: 'km', co2e: 0.25, country: null, year: 2025 }]);
  });

  it('offers hotel stays only in countries with a value; "Korea" is the Republic of Korea', () => {
    const hotel = d.activities.find((a) => a.key === 'desnz:Hotel stay|Hotel stay|||');
    expect(hotel?.f.map((f) => [f.country, f.co2e])).toEqual([['KR', 55.8]]);
  });

  // Parses the whole shipped table: a generous timeout, as the machine may be busy.
  it(
    'the shipped DESNZ table: no factor comes from a blank source cell, none is 0 without a 0 in the source',
    { timeout: 60_000 },
    () => {
      const { file: name, blankCells } = builtinManifest().desnz;
      const text = gunzipSync(readFileSync(join(BUILTIN_DIR, name)));
      const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[];
      const cell = new Map(rows.map((r) => [r.ID, r['GHG Conversion Factor 2025']]));
      const blank = new Set(
        rows.filter((r) => r['GHG Conversion Factor 2025'].trim() === '').map((r) => r.ID),
      );
      const shipped = parseDesnz(text);
      const factors = shipped.activities.flatMap((a) => a.f);
      expect(blank.size).toBeGreaterThan(500);
      expect(shipped.blankCells).toBe(blank.size);
      expect(blankCells).toBe(blank.size);
      for (const f of factors) {
        expect(blank.has(f.ext)).toBe(false);
        if (f.co2e === 0) expect(Number(cell.get(f.ext))).toBe(0);
        for (const part of [f.co2, f.ch4, f.n2o, f.wtt, f.bio]) expect(Number.isNaN(part)).toBe(false);
      }
    },
  );
});

describe('GEG and grid electricity parsers', () => {
  it('converts g CO2e per kWh to kg and skips rows without a fixed value', () => {
    const geg = parseGeg(
      'no,category_de,energy_carrier_de,energy_carrier_en,g_co2e_per_kwh,note\n2,Fossile Brennstoffe,Erdgas,Natural gas,240,\n18,"Wärme, Kälte",KWK,CHP,,no fixed value\n',
    );
    expect(geg.activities).toHaveLength(1);
    expect(geg.activities[0].f[0]).toMatchObject({
      ext: '2',
      unit: 'kWh-net',
      co2e: 0.24,
      country: 'DE',
      coverage: 'life-cycle',
    });
    // Life-cycle values: no section of the footprint offers them (not scope 1, not a scope 2 grid average).
    expect(geg.activities[0].cat).toEqual([]);
  });

  it('keeps countries per year and leaves sub-zones out', () => {
    const grid = parseGrid(
      'zone,zone_name,eu27_country_or_subzone,year,carbon_intensity_gco2eq_per_kwh,renewable_pct,carbon_free_pct\nDE,Germany,yes,2024,341,60,65\nDK-DK1,West Denmark,yes,2024,150,80,80\nDE,Germany,yes,2025,342,60,64\n',
    );
    expect(grid.version).toBe('2024-2025');
    expect(grid.activities[0].f.map((f) => [f.country, f.year, f.co2e, f.from, f.until])).toEqual([
      ['DE', 2024, 0.341, '2024-01-01', '2024-12-31'],
      ['DE', 2025, 0.342, '2025-01-01', '2025-12-31'],
    ]);
  });
});

describe('refrigerant GWP sets (IPCC AR5 and AR6)', () => {
  const file = [
    'refrigerant,desnz_group,gwp100_desnz2025_kyoto_only,gwp100_desnz2025_total_incl_non_kyoto,composition_mass_pct,gwp100_ar5_computed,gwp100_ar6_computed,notes',
    'R410A,Blends,1924,1924,R32 50; R125 50,1923.5,2255.5,',
  ].join('\n');

  it('reads one table as two data sets, each marked with its set', () => {
    // R410A: HFC-32 and HFC-125 at 50 % each; AR5 677/3,170 → 1,923.5; AR6 771/3,740 → 2,255.5.
    const ar5 = parseRefrigerantsAr5(file);
    const ar6 = parseRefrigerants(file);
    expect(ar5).toMatchObject({ key: 'refrigerants-ar5', version: 'AR5', gwpSet: 'AR5' });
    expect(ar6).toMatchObject({ key: 'refrigerants-ar6', version: 'AR6', gwpSet: 'AR6' });
    expect(ar5.activities[0]).toMatchObject({
      key: 'gwp-ar5:R410A',
      en: 'Refrigerant R410A (GWP100 AR5)',
      f: [{ co2e: 1923.5 }],
    });
    expect(ar6.activities[0]).toMatchObject({ key: 'gwp-ar6:R410A', f: [{ co2e: 2255.5 }] });
  });

  it('marks DESNZ and the grid series as AR5 and GEG without a set', () => {
    expect(
      parseDesnz(
        `${HEADER}\n1_101_1011_8_1,Scope 1,Fuels,Liquid fuels,Diesel (average biofuel blend),,,litres,kg CO2e,2.57082\n`,
      ).gwpSet,
    ).toBe('AR5');
    expect(parseGrid('zone,year,carbon_intensity_gco2eq_per_kwh\nDE,2025,342\n').gwpSet).toBe('AR5');
    expect(parseGeg('no,category_de,energy_carrier_de,energy_carrier_en,g_co2e_per_kwh\n').gwpSet).toBeNull();
  });
});
