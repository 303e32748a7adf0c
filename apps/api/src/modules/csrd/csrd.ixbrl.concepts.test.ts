import { describe, expect, it } from 'vitest';
import type { CsrdE16 } from '@klimadesk/contract';
import { IX, readIxbrl } from '../../../test/ixbrl.ts';
import { ESRS_E1_CONCEPTS, ESRS_UNITS, esrsConcept } from './csrd.ixbrl.concepts.ts';
import { checkEsrsFact, esrsFacts, esrsIxbrlDocument, validateEsrs } from './csrd.ixbrl.ts';

describe('ESRS E1 concept table', () => {
  it('has a verified source for every row and units that fit the data types', () => {
    for (const [figure, c] of Object.entries(ESRS_E1_CONCEPTS)) {
      expect(c.qname, figure).toMatch(/^esrs:[A-Z][A-Za-z0-9]+$/);
      // Each name was read in a file of the published taxonomy: the note names it.
      expect(c.source, figure).toMatch(/^all\/linkbases\/(cal|pre|def)_esrs_\d+\.xml \(role-\d+/);
      expect(['duration', 'instant']).toContain(c.periodType);
      if (c.dataType === 'textBlock') expect(c.unit, figure).toBeNull();
      else expect(ESRS_UNITS[c.unit as keyof typeof ESRS_UNITS].itemType, figure).toBe(c.dataType);
      expect(esrsConcept(c.qname)).toBe(c);
    }
    expect(ESRS_UNITS.tCO2e.measure).toBe('utr:tCO2e');
  });
});

const FRAME = {
  periodStart: '2025-01-01',
  periodEnd: '2025-12-31',
  scheme: 'lei',
  identifier: '529900DEMOLOGISTIK65',
};
const E16: CsrdE16 = {
  year: 2025,
  footprint: {
    scope1Kg: 25_708.2,
    scope2LocationBasedKg: 85_500,
    scope2MarketBasedKg: 12_500,
    scope3Categories: [],
    scope3Kg: 43_771.395,
    totalLocationBasedKg: 154_979.595,
    totalMarketBasedKg: 81_979.595,
    biogenicCo2Kg: 0,
    reportCount: 1,
  },
  netRevenueCents: 1_200_000_000,
  intensityLocationBased: 12.91496625,
  intensityMarketBased: 6.83163291,
  manual: null,
  status: 'footprint',
};

describe('ESRS E1 facts and document', () => {
  it('checks each fact against the table: period type, unit, value', () => {
    const facts = esrsFacts(E16, null, FRAME);
    expect(validateEsrs(facts, FRAME).valid).toBe(true);
    const s1 = facts[0]!;
    expect(checkEsrsFact({ ...s1, period: { kind: 'instant', date: '2025-12-31' } })).toEqual(['periodType']);
    expect(checkEsrsFact({ ...s1, unit: 'tCO2e-per-EUR' })).toEqual(['unit']);
    expect(checkEsrsFact({ ...s1, concept: 'esrs:Unverified' })).toEqual(['unknownConcept']);
    expect(validateEsrs(facts, { ...FRAME, identifier: '529900DEMOLOGISTIK66' }).reportProblems).toEqual([
      'identifierInvalid',
    ]);
  });

  it('writes well-formed XHTML: figures in German format, the narrative as an escaped block', () => {
    const facts = esrsFacts(E16, 'Scope 3 <incl.> flights & waste.\n\nSecond paragraph.', FRAME);
    const xhtml = esrsIxbrlDocument({
      company: 'Demo & Co',
      year: 2025,
      frame: { ...FRAME, scheme: 'http://standards.iso.org/iso/17442' },
      facts,
      lang: 'de',
    });
    const read = readIxbrl(xhtml);
    const s1 = read.facts.find((f) => f.concept === ESRS_E1_CONCEPTS.scope1.qname)!;
    expect(s1.value).toBeCloseTo(25.708, 9);
    const text = read.facts.find((f) => f.concept === ESRS_E1_CONCEPTS.ghgNarrative.qname)!;
    expect(text.value).toContain('&lt;incl.&gt; flights &amp; waste.');
    expect(read.doc.getElementsByTagNameNS(IX, 'nonNumeric')[0]?.getAttribute('escape')).toBe('true');
    expect(xhtml).toContain('>25,708</ix:nonFraction>');
  });
});
