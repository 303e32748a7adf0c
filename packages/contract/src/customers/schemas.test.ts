import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, firstOfMonth, salesDataBody } from './schemas.ts';

describe('euro amounts of sales data', () => {
  it('turns the wire text into cents without float drift', () => {
    expect(eurosToCents('1000.5')).toBe(100050);
    expect(eurosToCents('0.1')).toBe(10);
    expect(eurosToCents('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 as a float
    expect(eurosToCents('12')).toBe(1200);
    expect(eurosToCents('9999999.99')).toBe(999_999_999);
  });

  it('writes cents as wire text', () => {
    expect(centsToEuros(100050)).toBe('1000.50');
    expect(centsToEuros(5)).toBe('0.05');
    expect(centsToEuros(0)).toBe('0.00');
  });
});

describe('sales data body', () => {
  it('takes the first day of a month only', () => {
    expect(firstOfMonth.safeParse('2026-03-01').success).toBe(true);
    expect(firstOfMonth.safeParse('2026-03-02').success).toBe(false);
    expect(firstOfMonth.safeParse('2026-00-01').success).toBe(false);
  });

  it('defaults missing amounts to 0 and refuses negative or comma amounts', () => {
    const ok = salesDataBody.parse({ company: '8a0c5a3e-0d7d-4b1e-9a4e-6f1d2c3b4a59', month: '2026-01-01' });
    expect([ok.licenses, ok.consulting]).toEqual(['0', '0']);
    for (const licenses of ['-1', '1,5', '1.005'])
      expect(salesDataBody.safeParse({ ...ok, licenses }).success).toBe(false);
  });
});
