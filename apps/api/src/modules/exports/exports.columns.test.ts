import { describe, expect, it } from 'vitest';
import { SHIPMENT_COLUMNS, TOUR_COLUMNS, intensity, placeText } from './exports.columns.ts';
import { wallClock } from '../../platform/dates.ts';
import { rowCells } from '../../platform/spreadsheet.ts';

const cellOf = (key: string, row: object, lang: 'de' | 'en' = 'de', timeZone = 'UTC') => {
  const i = TOUR_COLUMNS.findIndex((c) => c.key === key);
  return rowCells(TOUR_COLUMNS, row as never, { lang, timeZone })[i];
};

describe('export columns', () => {
  it('give every column a German and an English header, unique per language', () => {
    for (const columns of [TOUR_COLUMNS, SHIPMENT_COLUMNS]) {
      for (const lang of ['de', 'en'] as const) {
        const headers = columns.map((c) => c.header[lang]);
        expect(headers.every((h) => h.trim().length > 0)).toBe(true);
        expect(new Set(headers).size).toBe(headers.length);
      }
      expect(new Set(columns.map((c) => c.key)).size).toBe(columns.length);
    }
  });

  it('write the wall-clock time of the user, across daylight saving time', () => {
    // 06:30 UTC is 07:30 in Berlin in winter and 08:30 in summer.
    expect(wallClock(new Date('2026-01-15T06:30:00Z'), 'Europe/Berlin')?.toISOString()).toBe(
      '2026-01-15T07:30:00.000Z',
    );
    expect(wallClock(new Date('2026-07-15T06:30:00Z'), 'Europe/Berlin')?.toISOString()).toBe(
      '2026-07-15T08:30:00.000Z',
    );
    // Late evening in New York is the previous day there.
    expect(wallClock(new Date('2026-03-02T02:00:00Z'), 'America/New_York')?.toISOString().slice(0, 10)).toBe(
      '2026-03-01',
    );
    expect(wallClock(null, 'Europe/Berlin')).toBeNull();
  });

  it('join place parts that exist', () => {
    expect(placeText({ name: 'Lager Nord', city: 'Hamburg', zip: '20095', country: 'DE' })).toBe(
      'Lager Nord, 20095 Hamburg, DE',
    );
    expect(placeText({ name: null, city: 'Köln', zip: null, country: null })).toBe('Köln');
    expect(placeText({ name: null, city: null, zip: null, country: null })).toBeNull();
  });

  it('derive intensity in g per tkm only with transport activity', () => {
    expect(intensity(12.5, 250)).toBeCloseTo(50, 12);
    expect(intensity(12.5, 0)).toBeNull();
    expect(intensity(null, 10)).toBeNull();
  });

  it('neutralise formula text in tour references, places and tags', () => {
    expect(cellOf('reference', { reference: '=HYPERLINK("x")' })).toBe('\'=HYPERLINK("x")');
    expect(
      cellOf('departure', { departure: { name: '@SUM(A1)', city: null, zip: null, country: null } }),
    ).toBe("'@SUM(A1)");
    expect(cellOf('tags', { tags: ['+49 30 1234'] })).toBe("'+49 30 1234");
    expect(cellOf('reference', { reference: 'Bio AG' })).toBe('Bio AG');
    expect(cellOf('shipmentCount', { shipmentCount: 3 })).toBe(3);
    expect(cellOf('distanceKm', { distanceKm: Number.NaN })).toBeNull();
  });

  it('write departure and arrival as real dates at the wall-clock time of the user', () => {
    const row = { departureDate: new Date('2026-07-15T06:30:00Z'), arrivalDate: null };
    const cell = cellOf('departureDate', row, 'de', 'Europe/Berlin');
    expect(cell).toBeInstanceOf(Date);
    expect((cell as Date).toISOString()).toBe('2026-07-15T08:30:00.000Z');
    expect(cellOf('arrivalDate', row, 'de', 'Europe/Berlin')).toBeNull();
  });

  it('round figures to the decimals their cell shows, at the edge', () => {
    const row = { co2DefaultWtw: 1000.375, tkm: 1234.5678, distanceKm: 412.46, emptyRunningShare: 1 / 3 };
    const cell = (key: string) => cellOf(key, row);
    expect(cell('co2DefaultWtw')).toBe(1000.38);
    expect(cell('tkm')).toBe(1234.57);
    expect(cell('distanceKm')).toBe(412.5);
    expect(cell('emptyRunning')).toBe(33.3);
    expect(cell('intensityDefault')).toBe(810.3);
  });

  it('name GLEC vehicle types in the export language instead of their ids', () => {
    const row = { glecVehicleType: 'road_in_12_20t_diesel' };
    const de = cellOf('glecVehicleType', row, 'de') as string;
    const en = cellOf('glecVehicleType', row, 'en') as string;
    expect(de).not.toBe('road_in_12_20t_diesel');
    expect(en).not.toBe('road_in_12_20t_diesel');
    expect(de).not.toBe(en);
    expect(cellOf('glecVehicleType', { glecVehicleType: 'unknown_type' })).toBe('unknown_type');
  });

  it('compute the empty-running percent from the stored share', () => {
    expect(cellOf('emptyRunning', { emptyRunningShare: 0.125 })).toBe(12.5);
    expect(cellOf('emptyRunning', { emptyRunningShare: null })).toBeNull();
  });
});
