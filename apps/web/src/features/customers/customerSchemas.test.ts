import { describe, expect, it } from 'vitest';
import { typedToEuros } from './customerSchemas.ts';

describe('typedToEuros', () => {
  it('reads German and English amounts as the wire text in euros', () => {
    expect(typedToEuros('1.234,56', 'de')).toBe('1234.56');
    expect(typedToEuros('12,5', 'de')).toBe('12.50');
    expect(typedToEuros('1,234.56', 'en')).toBe('1234.56');
    expect(typedToEuros('0.1', 'en')).toBe('0.10');
  });

  it('turns non-numbers and negative amounts into 0 and rounds to cents', () => {
    expect(typedToEuros('abc', 'de')).toBe('0.00');
    expect(typedToEuros('-5', 'en')).toBe('0.00');
    expect(typedToEuros('0,125', 'de')).toBe('0.13');
  });
});
