import { describe, expect, it } from 'vitest';
import { calendarDay, calendarMonth } from './calendar.ts';

describe('calendarDay', () => {
  it('takes the days that exist', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])
      expect([day, calendarDay.safeParse(day).success]).toEqual([day, true]);
  });

  it('refuses days that do not exist, year 0 and other shapes', () => {
    // 2026 and 1900 are no leap years (1900 is divisible by 100, not by 400).
    const bad = [
      '2026-02-30',
      '2026-04-31',
      '2026-02-29',
      '1900-02-29',
      '0000-01-01',
      '2026-13-01',
      '2026-1-01',
    ];
    for (const day of [...bad, '2026-01-01T00:00:00Z', ''])
      expect([day, calendarDay.safeParse(day).success]).toEqual([day, false]);
  });

  it('refuses month 0000-01', () => {
    expect(calendarMonth.safeParse('0000-01').success).toBe(false);
    expect(calendarMonth.safeParse('2026-02').success).toBe(true);
  });
});
