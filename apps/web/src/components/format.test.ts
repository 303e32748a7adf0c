import { describe, expect, it } from 'vitest';
import { formatCents, formatEur, formatFigure, formatNumber, parseNumber, toAmount } from './format.ts';

describe('parseNumber', () => {
  it.each([
    ['1,5', 'de', 1.5],
    ['1.5', 'de', 1.5],
    ['1,5', 'en', 1.5],
    ['1.5', 'en', 1.5],
    ['1.234,56', 'de', 1234.56],
    ['1,234.56', 'en', 1234.56],
    ['1.234', 'de', 1234],
    ['1,234', 'en', 1234],
    ['1 234,5', 'de', 1234.5],
    ['0', 'de', 0],
    ['-2,5', 'de', -2.5],
    [',5', 'de', 0.5],
  ] as const)('reads %s (%s) as %d', (input, lang, expected) => {
    expect(parseNumber(input, lang)).toBe(expected);
  });

  it.each(['', 'abc', '1,2,3', '1.2.3x', '--1', '1e5'])('rejects %j', (input) => {
    expect(parseNumber(input, 'de')).toBeNaN();
  });
});

describe('toAmount', () => {
  it('rounds to two decimals and never returns below 0; non-numbers become 0', () => {
    expect(toAmount('12,345', 'de')).toBe(12.35);
    expect(toAmount('-4', 'de')).toBe(0);
    expect(toAmount('kein Betrag', 'de')).toBe(0);
  });
});

describe('formatting', () => {
  it('uses German and English separators', () => {
    expect(formatNumber(1234.56, 'de')).toBe('1.234,56');
    expect(formatNumber(1234.56, 'en')).toBe('1,234.56');
  });

  it('shows EUR with two decimals; money is stored in cents', () => {
    expect(formatEur(0.25, 'de')).toBe('0,25\u00a0€');
    expect(formatEur(1234.5, 'en')).toBe('€1,234.50');
    expect(formatCents(25, 'de')).toBe('0,25\u00a0€');
  });

  it('keeps a factor’s published decimals (up to six), none added', () => {
    // DESNZ 2025 diesel per tonne: 3,087.94462 kg CO2e.
    expect(formatFigure(3087.94462, 'de')).toBe('3.087,94462');
    expect(formatFigure(3087.94462, 'en')).toBe('3,087.94462');
    expect(formatFigure(2, 'de')).toBe('2');
    expect(formatFigure(0.123456789, 'en')).toBe('0.123457');
    expect(parseNumber(formatFigure(1234.5, 'de'), 'de')).toBe(1234.5);
  });
});
