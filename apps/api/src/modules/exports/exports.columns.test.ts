import { describe, expect, it } from 'vitest';
import {
  SHIPMENT_COLUMNS,
  TOUR_COLUMNS,
  cellValues,
  intensity,
  placeText,
  roundFigure,
} from './exports.columns.ts';
import { wallClock } from '../../platform/dates.ts';

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

  it('neutralise formula text and leave figures without a format as they are', () => {
    const columns = [{ key: 'a', header: { de: 'A', en: 'A' }, width: 1, value: (r: { a: unknown }) => r.a }];
    expect(cellValues(columns, { a: '=HYPERLINK("x")' }, 'UTC', 'de')).toEqual(['\'=HYPERLINK("x")']);
    expect(cellValues(columns, { a: '+49 30 1234' }, 'UTC', 'de')).toEqual(["'+49 30 1234"]);
    expect(cellValues(columns, { a: 'Bio AG' }, 'UTC', 'de')).toEqual(['Bio AG']);
    expect(cellValues(columns, { a: 1 / 3 }, 'UTC', 'de')).toEqual([1 / 3]);
    expect(cellValues(columns, { a: Number.NaN }, 'UTC', 'de')).toEqual([null]);
  });

  it('round figures to the decimals their cell shows, at the edge', () => {
    const row = { co2DefaultWtw: 1000.375, tkm: 1234.5678, distanceKm: 412.46, emptyRunningShare: 1 / 3 };
    const cell = (key: string) => {
      const i = TOUR_COLUMNS.findIndex((c) => c.key === key);
      return cellValues(TOUR_COLUMNS, row as never, 'UTC', 'de')[i];
    };
    expect(cell('co2DefaultWtw')).toBe(1000.38);
    expect(cell('tkm')).toBe(1234.57);
    expect(cell('distanceKm')).toBe(412.5);
    expect(cell('emptyRunning')).toBe(33.3);
    expect(cell('intensityDefault')).toBe(810.3);
    expect(roundFigure(1.005, 2)).toBe(1.01);
    expect(roundFigure(-2.5, 0)).toBe(-3);
  });

  it('name GLEC vehicle types in the export language instead of their ids', () => {
    const col = TOUR_COLUMNS.find((c) => c.key === 'glecVehicleType');
    const row = { glecVehicleType: 'road_in_12_20t_diesel' } as never;
    const de = col?.value(row, 'UTC', 'de') as string;
    const en = col?.value(row, 'UTC', 'en') as string;
    expect(de).not.toBe('road_in_12_20t_diesel');
    expect(en).not.toBe('road_in_12_20t_diesel');
    expect(de).not.toBe(en);
    expect(col?.value({ glecVehicleType: 'unknown_type' } as never, 'UTC', 'de')).toBe('unknown_type');
  });

  it('compute the empty-running percent from the stored share', () => {
    const col = TOUR_COLUMNS.find((c) => c.key === 'emptyRunning');
    expect(col?.value({ emptyRunningShare: 0.125 } as never, 'UTC', 'de')).toBe(12.5);
    expect(col?.value({ emptyRunningShare: null } as never, 'UTC', 'de')).toBeNull();
  });
});
