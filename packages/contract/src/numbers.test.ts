import { describe, expect, it } from 'vitest';
import { formatCents, formatNumber, parseDecimal } from './numbers.ts';

describe('parseDecimal', () => {
  it.each([
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    [' 7 ', 7],
    ['-3,25', -3.25],
    ['0', 0],
  ])('%s -> %d', (input, expected) => {
    expect(parseDecimal(input)).toBe(expected);
  });
  it('returns null for empty text and NaN for text that is no number', () => {
    expect(parseDecimal('  ')).toBeNull();
    expect(parseDecimal('12a')).toBeNaN();
    expect(parseDecimal('1.2.3,4.5')).toBeNaN();
  });
});

describe('formatNumber', () => {
  it('formats German and English', () => {
    expect(formatNumber(1234.555, 'de')).toBe('1.234,56');
    expect(formatNumber(1234.555, 'en')).toBe('1,234.56');
    expect(formatCents(123456, 'de')).toBe('1.234,56\u00a0€');
    expect(formatCents(25, 'en')).toBe('€0.25');
  });
});
