import { describe, expect, it } from 'vitest';
import {
  CFC_LEAF_SECTIONS,
  CFC_SECTIONS,
  firstLeafOf,
  nextCfcSection,
  previousCfcSection,
  scope3Category,
} from './sections.ts';

const all = CFC_LEAF_SECTIONS.map((s) => s.id);

describe('CFC section tree', () => {
  it('has the 15 scope 3 categories of the GHG Protocol, in order', () => {
    const cats = CFC_SECTIONS.filter((s) => s.parent === 'scope3');
    expect(cats).toHaveLength(15);
    expect(cats[5].names.en).toBe('3.6 Business travel');
    expect(scope3Category('business-travel-flights')).toBe(6);
    expect(scope3Category('waste-solid')).toBe(5);
    expect(scope3Category('mobile-combustion')).toBeNull();
  });

  it('enters a parent at its first subsection and walks the leaves (seed 001 §4)', () => {
    expect(nextCfcSection('business-travel', all)).toBe('business-travel-flights');
    expect(nextCfcSection('business-travel-hotel', all)).toBe('employee-commuting');
    expect(nextCfcSection('scope2', all)).toBe('purchased-electricity');
    // Past the end the current section is empty.
    expect(nextCfcSection('investments', all)).toBeNull();
  });

  it('moving back after a parent with subsections goes to its last subsection', () => {
    expect(previousCfcSection('employee-commuting', all)).toBe('business-travel-hotel');
    expect(previousCfcSection('stationary-combustion', all)).toBeNull();
    expect(firstLeafOf('scope3', ['waste-solid', 'business-travel-flights'])).toBe('waste-solid');
  });

  it('walks only the given leaves (tariff and selection)', () => {
    const free = CFC_LEAF_SECTIONS.filter((s) => s.free).map((s) => s.id);
    expect(nextCfcSection('purchased-cooling', free)).toBe('waste-solid');
    expect(free).not.toContain('purchased-goods');
  });
});
