import { describe, expect, it } from 'vitest';
import { wholeMonths } from './tours.rollups.repository.ts';

describe('wholeMonths', () => {
  it('takes the months a day range covers completely', () => {
    expect(wholeMonths('2025-04-01', '2025-06-30')).toEqual({ from: '2025-04-01', to: '2025-07-01' });
    expect(wholeMonths('2025-04-02', '2025-06-29')).toEqual({ from: '2025-05-01', to: '2025-06-01' });
    expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(wholeMonths('2025-12-01', '2025-12-31')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
  });

  it('leaves open ends open', () => {
    expect(wholeMonths()).toEqual({ from: null, to: null });
    expect(wholeMonths('2025-11-15')).toEqual({ from: '2025-12-01', to: null });
    expect(wholeMonths(undefined, '2025-02-27')).toEqual({ from: null, to: '2025-02-01' });
  });

  it('finds none inside a range shorter than its month', () => {
    expect(wholeMonths('2025-04-02', '2025-04-30')).toBeNull();
    expect(wholeMonths('2025-04-10', '2025-05-20')).toBeNull();
    expect(wholeMonths('2025-02-01', '2025-02-27')).toBeNull();
  });
});
