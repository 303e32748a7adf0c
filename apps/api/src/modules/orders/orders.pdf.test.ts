import { describe, expect, it } from 'vitest';
import { winAnsi } from './orders.pdf.ts';

describe('winAnsi', () => {
  it('keeps German letters and WinAnsi signs, spells arrows out and marks the rest', () => {
    expect(winAnsi('Straße, Größe – 1 × 20 ft, 5 €')).toBe('Straße, Größe – 1 × 20 ft, 5 €');
    expect(winAnsi('Asia → North Europe, CO₂')).toBe('Asia -> North Europe, CO2');
    expect(winAnsi('上海 Shanghai')).toBe('?? Shanghai');
  });
});
