import { describe, expect, it } from 'vitest';
import {
  CRITERIA_EDITIONS,
  OBJECTIVE_CODES,
  appendicesIn,
  criteriaOf,
  dnshAppendices,
  dnshOf,
  editionLabel,
  euActivities,
  euActivity,
} from './taxonomy.catalogue.ts';
import { categoriesOf } from './taxonomy.catalogue.service.ts';
import { categoryOf } from './taxonomy.categories.ts';

/** The catalogue against the delegated acts: activities per act and objective, categories, editions. */

/** Activities per act and objective, each act counted once per annex it fills. */
function countsByAct(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of euActivities())
    for (const c of criteriaOf(a.id))
      counts[`${a.act} ${c.objective}`] = (counts[`${a.act} ${c.objective}`] ?? 0) + 1;
  return counts;
}

describe('the catalogue against the acts', () => {
  it('counts the activities per objective as the annexes of the acts list them', () => {
    expect(countsByAct()).toEqual({
      // 2021/2139 as first adopted: Annex I (CCM) 88 sections, Annex II (CCA) 95 sections, the 183
      // activity × objective pairs of the Compass 1.0.4 export (eu-taxonomy/SOURCES.md).
      '2021/2139 CCM': 88,
      '2021/2139 CCA': 95,
      // 2022/1214 inserts sections 4.26-4.31 into both Annexes I and II of 2021/2139.
      '2022/1214 CCM': 6,
      '2022/1214 CCA': 6,
      // 2023/2485 Annex I inserts 3.18-3.21 and 6.18-6.20 into Annex I; its Annex II inserts 5.13,
      // 8.4, 9.3, 14.1 and 14.2 into Annex II of 2021/2139.
      '2023/2485 CCM': 7,
      '2023/2485 CCA': 5,
      // 2023/2486, tables of contents of its Annexes: I (WTR) 1.1, 2.1-2.3, 3.1, 4.1; II (CE) 1.1-1.2,
      // 2.1-2.7, 3.1-3.5, 4.1, 5.1-5.6; III (PPC) 1.1-1.2, 2.1-2.4; IV (BIO) 1.1, 2.1.
      '2023/2486 WTR': 6,
      '2023/2486 CE': 21,
      '2023/2486 PPC': 6,
      '2023/2486 BIO': 2,
    });
    // Per objective over all acts: CCM 88 + 6 + 7, CCA 95 + 6 + 5; the Navigator export has as many rows per sheet.
    const perObjective = Object.fromEntries(
      OBJECTIVE_CODES.map((o) => [
        o,
        euActivities()
          .flatMap((a) => criteriaOf(a.id))
          .filter((c) => c.objective === o).length,
      ]),
    );
    expect(perObjective).toEqual({ CCM: 101, CCA: 106, WTR: 6, CE: 21, PPC: 6, BIO: 2 });
  });

  it('numbers the Compass-internal adaptation sections as the act does', () => {
    // Compass 1.0.4 numbered "Infrastructure enabling road transport and public transport" 6.18; it is CCA 6.15.
    expect(euActivity('2021-2139-6.18')).toMatchObject({ ref: '6.15', codes: { CCA: 'CCA 6.15' } });
    expect(euActivity('2023-2485-CCA-consultancy-for-physical')).toMatchObject({ ref: '9.3' });
  });

  it('states the enabling and transitional categories per activity and objective', () => {
    // 2021/2139 Annex I: 3.1 renewable energy technologies is enabling, 3.7 cement transitional,
    // 4.1 solar PV neither; 2022/1214: 4.29 fossil gas electricity transitional; 2023/2486 Annex I:
    // WTR 1.1 leakage control is "an enabling activity in accordance with Article 12(1), point (e)".
    expect(categoryOf('2021-2139-3.1', 'CCM')).toBe('E');
    expect(categoryOf('2021-2139-3.7', 'CCM')).toBe('T');
    expect(categoryOf('2021-2139-4.1', 'CCM')).toBeNull();
    expect(categoryOf('2022-1214-CCM-CCA-4.29', 'CCM')).toBe('T');
    expect(categoryOf('2023-2486-WTR-1.1', 'WTR')).toBe('E');
    // Afforestation: an adaptation activity that enables others to adapt, not under mitigation.
    expect(categoriesOf(euActivity('2021-2139-1.1')!)).toEqual([
      { objective: 'CCM', category: null, isKnown: true },
      { objective: 'CCA', category: 'E', isKnown: true },
    ]);
    // Every set of the catalogue has its category from the Navigator.
    expect(
      euActivities()
        .flatMap((a) => criteriaOf(a.id))
        .every((c) => c.isCategoryKnown),
    ).toBe(true);
  });

  it('versions the criteria by act: 2021/2139 as first adopted beside the amended text', () => {
    // 2023/2485 changed the substantial-contribution criteria of CCM 3.3 (low carbon transport technologies).
    const [set] = criteriaOf('2021-2139-3.3');
    expect(set.edition).toBe('navigator-2023-12');
    expect(set.firstAdopted?.substantialContributionEn).toBeTruthy();
    expect(set.firstAdopted?.substantialContributionEn).not.toBe(set.substantialContributionEn);
    // Solar PV stayed as it was: one text, in the Compass wording, no earlier version.
    expect(criteriaOf('2021-2139-4.1')[0]).toMatchObject({
      substantialContributionEn: 'The activity generates electricity using solar PV technology.',
      firstAdopted: null,
    });
    // The Environmental Delegated Act's activities carry their texts from the Navigator.
    expect(criteriaOf('2023-2486-BIO-2.1')[0].substantialContributionEn).toMatch(/^1\. Contribution to/);
    expect(editionLabel('compass-1.0.4', 'de')).toBe(CRITERIA_EDITIONS['compass-1.0.4'].labelDe);
    expect(editionLabel(null, 'en')).toBeNull();
  });

  it('names the generic DNSH appendices A-D the texts refer to, without a text no source carries', () => {
    expect(dnshAppendices().map((a) => [a.letter, a.dnsh, a.textEn])).toEqual([
      ['A', 'CCA', null],
      ['B', 'WTR', null],
      ['C', 'PPC', null],
      ['D', 'BIO', null],
    ]);
    for (const a of dnshAppendices()) expect(a.referencedBy).toBeGreaterThan(0);
    const [cca] = dnshOf('2021-2139-4.1', 'CCM');
    expect(appendicesIn(cca.textEn, cca.dnsh).map((a) => a.titleEn)).toEqual([
      'Generic criteria for DNSH to climate change adaptation',
    ]);
    // A letter is the appendix of the text's own objective only.
    expect(
      appendicesIn('The activity complies with the criteria set out in Appendix A to this Annex.', 'WTR'),
    ).toEqual([]);
  });
});
