import { describe, expect, it } from 'vitest';
import { SHIPMENT_COLUMNS, TOUR_COLUMNS, cellValues, intensity, placeText } from './exports.columns.ts';
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

  it('neutralise formula text and keep figures unrounded', () => {
    const columns = [{ key: 'a', header: { de: 'A', en: 'A' }, width: 1, value: (r: { a: unknown }) => r.a }];
    expect(cellValues(columns, { a: '=HYPERLINK("x")' }, 'UTC')).toEqual(['\'=HYPERLINK("x")']);
    expect(cellValues(columns, { a: '+49 30 1234' }, 'UTC')).toEqual(["'+49 30 1234"]);
    expect(cellValues(columns, { a: 'Bio AG' }, 'UTC')).toEqual(['Bio AG']);
    expect(cellValues(columns, { a: 1 / 3 }, 'UTC')).toEqual([1 / 3]);
    expect(cellValues(columns, { a: Number.NaN }, 'UTC')).toEqual([null]);
  });

  it('compute the empty-running percent from the stored share', () => {
    const col = TOUR_COLUMNS.find((c) => c.key === 'emptyRunning');
    expect(col?.value({ emptyRunningShare: 0.125 } as never, 'UTC')).toBe(12.5);
    expect(col?.value({ emptyRunningShare: null } as never, 'UTC')).toBeNull();
  });
});
