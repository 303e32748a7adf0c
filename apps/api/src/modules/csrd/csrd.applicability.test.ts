import { describe, expect, it } from 'vitest';
import { DISCLOSURE_REQUIREMENTS, MATTERS, MATTER_BY_ID, drsOf } from './csrd.catalogue.ts';
import { DR_MATTERS } from './data/matter-drs.ts';
import {
  type AssessedMatter,
  initialCategories,
  mergeCategories,
  processDisclosures,
  requirementsOfMatter,
  topicRequirements,
} from './csrd.applicability.ts';

const material = (...ids: string[]): AssessedMatter[] =>
  ids.map((iro) => ({ iro, scope: MATTER_BY_ID.get(iro)!.scope, custom: false, material: true }));

describe('the AR 16 matter → disclosure requirement mapping (data/matter-drs.ts)', () => {
  it('maps every topical requirement, with its paragraphs, to AR 16 rows of its own standard', () => {
    const topical = DISCLOSURE_REQUIREMENTS.filter((d) => d.kind === 'topical');
    expect(Object.keys(DR_MATTERS).sort()).toEqual(topical.map((d) => d.code).sort());
    for (const d of topical) {
      const link = DR_MATTERS[d.code];
      expect(link.cite).toMatch(new RegExp(`^ESRS ${d.scope} §\\d+`));
      for (const m of link.matters) expect(MATTER_BY_ID.get(m)?.scope).toBe(d.scope);
    }
  });

  it('gives every AR 16 matter at least one topical requirement', () => {
    for (const m of MATTERS) expect(requirementsOfMatter(m.id).length, m.id).toBeGreaterThan(0);
  });
});

describe('the requirements a report owes (ESRS 1 §29-§30)', () => {
  it('worked example: only E1 Energy material → E1-5 with E1 ESRS 2-related ones, ESRS 2 whole', () => {
    const matters = material('E1.3');
    expect(topicRequirements('E1', matters)).toEqual(['E1.GOV-3', 'E1.SBM-3', 'E1.IRO-1', 'E1-5']);
    const categories = initialCategories([{ scope: 'E1', material: true }], matters);
    expect(categories.map((c) => c.id)).toEqual(['ESRS 2', 'E1']);
    // ESRS 2: BP-1, BP-2, GOV-1…5, SBM-1…3, IRO-1, IRO-2 and MDR-P/A/M/T.
    expect(categories[0].disclosureRequirements).toHaveLength(16);
    expect(categories[0].disclosureRequirements).toEqual(drsOf('ESRS 2').map((d) => d.code));
    // The IRO-1-related requirements of the other standards are owed all the same (§29).
    expect(processDisclosures(categories)).toEqual([
      'E2.IRO-1',
      'E3.IRO-1',
      'E4.IRO-1',
      'E5.IRO-1',
      'G1.IRO-1',
    ]);
  });

  it('takes a sub-sub-topic with its sub-topic, and a sub-topic with all its sub-sub-topics', () => {
    // S1.1.8 health and safety: S1-1…S1-5, S1-6 and S1-17 cover every S1 matter, S1-7 the working
    // conditions (its sub-topic), S1-14 is its own.
    expect(topicRequirements('S1', material('S1.1.8'))).toEqual([
      'S1.SBM-2',
      'S1.SBM-3',
      'S1-1',
      'S1-2',
      'S1-3',
      'S1-4',
      'S1-5',
      'S1-6',
      'S1-7',
      'S1-14',
      'S1-17',
    ]);
    // S1.1 working conditions: every metric of its eight sub-sub-topics.
    const working = topicRequirements('S1', material('S1.1'));
    for (const code of ['S1-7', 'S1-8', 'S1-10', 'S1-11', 'S1-14', 'S1-15']) expect(working).toContain(code);
    expect(working).not.toContain('S1-13');
    // G1.6 corruption and bribery: G1-1 (policies), G1-3 (prevention), G1-4 (incidents).
    expect(topicRequirements('G1', material('G1.6.2'))).toEqual(['G1.GOV-1', 'G1.IRO-1', 'G1-1', 'G1-4']);
    expect(topicRequirements('G1', material('G1.6'))).toEqual([
      'G1.GOV-1',
      'G1.IRO-1',
      'G1-1',
      'G1-3',
      'G1-4',
    ]);
  });

  it('offers the whole standard for a material custom IRO and nothing for an immaterial topic', () => {
    const custom: AssessedMatter = { iro: 'a-uuid', scope: 'E2', custom: true, material: true };
    expect(topicRequirements('E2', [custom])).toBeNull();
    expect(topicRequirements('E3', [{ ...custom, scope: 'E3', material: false }])).toEqual([]);
  });

  it('keeps the requirements of mandatory and earlier topics when the selection changes', () => {
    const mandatory = initialCategories([{ scope: 'E1', material: true }], material('E1.3'));
    const merged = mergeCategories(['S1', 'E1'], mandatory, [
      { id: 'S1', mandatory: false, disclosureRequirements: null },
    ]);
    expect(merged).toEqual([
      mandatory[0],
      mandatory[1],
      { id: 'S1', mandatory: false, disclosureRequirements: null },
    ]);
  });
});
