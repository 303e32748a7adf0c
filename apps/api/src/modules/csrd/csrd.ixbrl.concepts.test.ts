import { describe, expect, it } from 'vitest';
import type { CsrdE16 } from '@klimadesk/contract';
import { IX, readIxbrl } from '../../../test/ixbrl.ts';
import { ESRS_E1_CONCEPTS, ESRS_UNITS, SCOPE3_AXIS, esrsConcept } from './csrd.ixbrl.concepts.ts';
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
    // 43,771.395 kg = 40,000 (category 4) + 3,771.395 (no category).
    scope3Categories: [
      { category: 4, kg: 40_000 },
      { category: null, kg: 3_771.395 },
    ],
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

const NONE = { narratives: {}, energyMwh: null };
const s1Of = (facts: ReturnType<typeof esrsFacts>) => facts.find((f) => f.figure === 'scope1')!;

describe('ESRS E1 facts and document', () => {
  it('checks each fact against the table: period type, unit, value', () => {
    const facts = esrsFacts(E16, NONE, FRAME);
    expect(validateEsrs(facts, FRAME).valid).toBe(true);
    const perCategory = facts.find((f) => f.member)!;
    expect(
      checkEsrsFact({ ...perCategory, member: { name: 'esrs:Category16Member', category: 16 } }),
    ).toEqual(['member']);
    expect(checkEsrsFact({ ...s1Of(facts), member: perCategory.member })).toEqual(['member']);
    const s1 = s1Of(facts);
    expect(checkEsrsFact({ ...s1, period: { kind: 'instant', date: '2025-12-31' } })).toEqual(['periodType']);
    expect(checkEsrsFact({ ...s1, unit: 'tCO2e-per-EUR' })).toEqual(['unit']);
    expect(checkEsrsFact({ ...s1, concept: 'esrs:Unverified' })).toEqual(['unknownConcept']);
    expect(validateEsrs(facts, { ...FRAME, identifier: '529900DEMOLOGISTIK66' }).reportProblems).toEqual([
      'identifierInvalid',
    ]);
  });

  it('writes well-formed XHTML: figures in German format, the narrative as an escaped block', () => {
    const facts = esrsFacts(
      E16,
      { narratives: { 'E1-6': 'Scope 3 <incl.> flights & waste.\n\nSecond paragraph.' }, energyMwh: null },
      FRAME,
    );
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

  it('tags scope 3 per category, E1-5 energy in MWh and each E1 text as its requirement block', () => {
    // E1-5 typed as 4,850,500 kWh = 4,850.5 MWh (1 kWh = 0.001 MWh): one decimal shown and tagged.
    const facts = esrsFacts(
      E16,
      {
        narratives: { 'E1-1': 'Fleet to HVO and e-trucks by 2030.', 'E1-4': 'Minus 30 % by 2030.' },
        energyMwh: 4_850.5,
      },
      FRAME,
    );
    expect(validateEsrs(facts, FRAME).valid).toBe(true);
    const xhtml = esrsIxbrlDocument({ company: 'Demo', year: 2025, frame: FRAME, facts, lang: 'en' });
    const read = readIxbrl(xhtml);
    const scope3 = read.facts.filter((f) => f.concept === ESRS_E1_CONCEPTS.scope3.qname);
    const byMember = new Map(scope3.map((f) => [read.contexts.get(f.contextRef)!.member, f.value]));
    expect(byMember.get('')).toBeCloseTo(43.771, 9);
    expect(byMember.get('esrs:Category4UpstreamTransportationAndDistributionMember')).toBeCloseTo(40, 9);
    expect(byMember.get('esrs:OtherScope3GreenhouseGasEmissionsCategoryMember')).toBeCloseTo(3.771, 9);
    // 40 + 3.771 = 43.771: the categories add up to the total as shown.
    expect(xhtml).toContain(`dimension="${SCOPE3_AXIS}"`);
    const energy = read.facts.find((f) => f.concept === ESRS_E1_CONCEPTS.energyConsumption.qname)!;
    expect(energy.value).toBeCloseTo(4_850.5, 9);
    expect(energy.decimals).toBe('1');
    expect(read.units.get(energy.unitRef!)).toBe('utr:MWh');
    const plan = read.facts.find((f) => f.concept === ESRS_E1_CONCEPTS.transitionPlan.qname)!;
    expect(plan.value).toContain('Fleet to HVO and e-trucks by 2030.');
    expect(read.facts.some((f) => f.concept === ESRS_E1_CONCEPTS.targets.qname)).toBe(true);
    // Requirements without text get no block.
    expect(read.facts.some((f) => f.concept === ESRS_E1_CONCEPTS.policies.qname)).toBe(false);
    expect(xhtml).toContain('<h2>E1-1 ');
  });
});
