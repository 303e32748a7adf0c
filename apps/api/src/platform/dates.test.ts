import { describe, expect, it } from 'vitest';
import { zonedDayStart } from './dates.ts';

describe('zonedDayStart', () => {
  it('gives local midnight in the time zone', () => {
    expect(zonedDayStart('2026-01-15', 'Europe/Berlin').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(zonedDayStart('2026-07-15', 'Europe/Berlin').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(zonedDayStart('2026-07-15', 'UTC').toISOString()).toBe('2026-07-15T00:00:00.000Z');
    expect(zonedDayStart('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });
  it('adds days across a DST change', () => {
    // 2026-03-29 is the spring-forward day in Berlin: the next day starts at UTC+2.
    expect(zonedDayStart('2026-03-29', 'Europe/Berlin', 1).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(zonedDayStart('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});
