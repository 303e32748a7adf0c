import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TAX_MIN_SAFEGUARD_FLAGS, TAX_OBJECTIVES } from '@klimadesk/contract';
import {
  CATALOGUE_DIR,
  activityCriteriaSets,
  OBJECTIVE_CODES,
  criteriaOf,
  dnshCriterion,
  dnshOf,
  euActivities,
  euActivity,
  helpKeys,
  minimumSafeguards,
  naceCodes,
  objectives,
  siblingsOf,
  taxYears,
} from './taxonomy.catalogue.ts';
import { CATALOGUE_FILE } from './taxonomy.catalogue.data.ts';
import * as service from './taxonomy.catalogue.service.ts';

const ROOT = join(import.meta.dirname, '../../../../..');
const SHARED = join(ROOT, '../shared/data');
const SOURCES = join(SHARED, 'eu-taxonomy/SOURCES.md');
// The Navigator export the build script reads (data/SOURCES.md says where it comes from).
const NAVIGATOR =
  process.env.TAXONOMY_NAVIGATOR ?? join(SHARED, 'eu-taxonomy/eu_taxonomy_navigator_2023-12.xlsx');

describe('the shipped catalogue', () => {
  const manifest = JSON.parse(readFileSync(join(CATALOGUE_DIR, 'manifest.json'), 'utf8'));

  it('holds the Compass activities and the additions, with one criteria set per activity and objective', () => {
    // eu-taxonomy/SOURCES.md: 101 Compass activities with 183 criteria sets; 55 added activities, of
    // which 2 are no activities of the act under that objective (CE water supply and urban waste
    // water treatment, see the build script): 47 with one objective and 6 (2022/1214: 4.26-4.31)
    // with CCM and CCA, 47 + 2 × 6 = 59 sets. Every set has its texts (Compass or Navigator).
    expect(euActivities()).toHaveLength(101 + 53);
    expect(euActivities().filter((a) => a.source === 'compass-1.0.4')).toHaveLength(101);
    const sets = euActivities().flatMap((a) => criteriaOf(a.id));
    expect(sets).toHaveLength(183 + 59);
    expect(sets.filter((s) => s.substantialContributionEn)).toHaveLength(242);
    expect(objectives('en')).toHaveLength(6);
    expect(manifest).toMatchObject({ activities: 154, criteriaSets: 242, objectives: 6, safeguards: 14 });
  });

  it('uses the contract’s objective codes in Article 9 order', () => {
    expect([...OBJECTIVE_CODES]).toEqual([...TAX_OBJECTIVES]);
    expect(objectives('de').map((o) => [o.code, o.weight])).toEqual([
      ['CCM', 1],
      ['CCA', 2],
      ['WTR', 3],
      ['CE', 4],
      ['PPC', 5],
      ['BIO', 6],
    ]);
    expect(objectives('de')[0].name).toBe('Klimaschutz');
    expect(objectives('en')[0].name).toBe('Climate change mitigation');
  });

  it('reads an activity with its NACE codes, objectives and criteria texts', () => {
    const pv = euActivity('2021-2139-4.1');
    expect(pv).toMatchObject({
      name: 'Electricity generation using solar photovoltaic technology',
      nace: ['D35.11', 'F42.22'],
      objectives: ['CCM', 'CCA'],
      act: '2021/2139',
    });
    expect(criteriaOf('2021-2139-4.1').map((c) => c.id)).toEqual(['2021-2139-4.1_CCM', '2021-2139-4.1_CCA']);
    expect(criteriaOf('2021-2139-4.1')[0].substantialContributionEn).toBe(
      'The activity generates electricity using solar PV technology.',
    );
    expect(euActivity('nope')).toBeUndefined();
  });

  it('gives each contribution one DNSH criterion per other objective, found again by its id', () => {
    const dnsh = dnshOf('2021-2139-4.1', 'CCM');
    expect(dnsh.map((d) => d.dnsh)).toEqual(['CCA', 'WTR', 'CE', 'PPC', 'BIO']);
    expect(dnsh[0].textEn).toBe(
      'The activity complies with the criteria set out in Appendix A to this Annex.',
    );
    expect(dnshCriterion('2021-2139-4.1_CCM_BIO')).toEqual(dnsh[4]);
    // A contribution has no DNSH check against its own objective.
    expect(dnshCriterion('2021-2139-4.1_CCM_CCM')).toBeUndefined();
    expect(dnshOf('2021-2139-4.1', 'WTR')).toEqual([]);
  });

  it('keeps the added activities apart from the Compass numbers they clash with', () => {
    // 2023/2485 adds aviation as CCM 6.18-6.20, numbers the Compass uses for adaptation-only activities.
    expect(euActivity('2021-2139-6.18')?.name).toBe(
      'Infrastructure enabling road transport and public transport',
    );
    expect(euActivity('2023-2485-CCM-6.18')?.name).toBe('Leasing of aircraft');
    // Water supply is WTR 2.1 of 2023/2486 only; CE 2.1 is phosphorus recovery (Annex II's contents).
    expect(euActivity('2023-2486-WTR-2.1')).toMatchObject({
      name: 'Water supply',
      objectives: ['WTR'],
      codes: { WTR: 'WTR 2.1' },
      nace: ['E36.00', 'F42.9'],
    });
    expect(euActivity('2023-2486-CE-2.8')).toMatchObject({
      name: 'Phosphorus recovery from waste water',
      ref: '2.1',
      codes: { CE: 'CE 2.1' },
    });
    expect(euActivity('2023-2486-CE-2.1')).toBeUndefined();
    expect(euActivity('2022-1214-CCM-CCA-4.29')?.objectives).toEqual(['CCM', 'CCA']);
    for (const a of euActivities()) expect(a.id.length).toBeLessThanOrEqual(40);
  });

  it('joins the entries of one economic activity across the acts', () => {
    // "Construction of new buildings": 2021/2139 Annexes I and II section 7.1 (CCM, CCA) and
    // 2023/2486 Annex II section 3.1 (CE). Either entry carries all three objectives and codes.
    for (const id of ['2021-2139-7.1', '2023-2486-CE-3.1'])
      expect(euActivity(id)).toMatchObject({
        objectives: ['CCM', 'CCA', 'CE'],
        codes: { CCM: 'CCM 7.1', CCA: 'CCA 7.1', CE: 'CE 3.1' },
      });
    expect(siblingsOf('2021-2139-7.1').map((a) => a.id)).toEqual(['2021-2139-7.1', '2023-2486-CE-3.1']);
    // The criteria of both acts are the activity's, one set per objective in Article 9 order.
    expect(activityCriteriaSets('2021-2139-7.1').map((c) => c.id)).toEqual([
      '2021-2139-7.1_CCM',
      '2021-2139-7.1_CCA',
      '2023-2486-CE-3.1_CE',
    ]);
    expect(dnshOf('2021-2139-7.1', 'CE').map((d) => d.id)[0]).toBe('2023-2486-CE-3.1_CE_CCM');
    // The three name matches over the 154 entries: buildings (new, renovated), treatment of hazardous waste.
    const joined = euActivities().filter((a) => siblingsOf(a.id).length > 1);
    expect(joined).toHaveLength(6);
    // An activity described once stays as it is.
    expect(siblingsOf('2021-2139-4.1')).toHaveLength(1);
  });

  it('lists NACE codes sorted with the activities naming them', () => {
    const codes = naceCodes();
    const sorted = codes.map((c) => c.code).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(codes.map((c) => c.code)).toEqual(sorted);
    expect(codes.find((c) => c.code === 'D35.11')?.activityIds).toContain('2021-2139-4.1');
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
  });

  it('gives tax years from 2022 to next year', () => {
    expect(taxYears(new Date('2026-03-01T00:00:00Z'))).toEqual([2022, 2023, 2024, 2025, 2026, 2027]);
    expect(service.years(new Date('2023-12-31T12:00:00Z'))['hydra:member']).toEqual([
      { id: 2022, year: 2022 },
      { id: 2023, year: 2023 },
      { id: 2024, year: 2024 },
    ]);
  });

  it('derives 14 minimum-safeguard checks: 4 Article 18 frameworks and 10 PSF indicators', () => {
    const en = minimumSafeguards('en');
    expect(en).toHaveLength(TAX_MIN_SAFEGUARD_FLAGS);
    expect(en.map((s) => s.bit)).toEqual([...Array(14).keys()]);
    expect(en.filter((s) => s.kind === 'framework')).toHaveLength(4);
    expect(en.filter((s) => s.topicNo === 1)).toHaveLength(4 + 4);
    expect(en[4]).toMatchObject({
      key: 'humanRights.a',
      check: 'Not the case: no adequate human rights due diligence process',
    });
    const de = minimumSafeguards('de');
    expect(de[9].check).toBe(
      'Trifft nicht zu: Das Unternehmen oder seine Geschäftsleitung wurde rechtskräftig wegen Korruption verurteilt',
    );
    expect(de.map((s) => s.key)).toEqual(en.map((s) => s.key));
  });

  it('has a German and an English default for each of the 15 help keys', () => {
    const keys = helpKeys();
    // Seed 001 §3: the core and finance steps, a criterion and a DNSH text per objective, minimum safeguards.
    expect(keys.map((k) => k.key)).toEqual([
      'core',
      'finance',
      ...TAX_OBJECTIVES.map((o) => `crit${o}`),
      ...TAX_OBJECTIVES.map((o) => `dnsh${o}`),
      'minSafe',
    ]);
    for (const k of keys)
      expect([k.textDe.length > 40, k.textEn.length > 40, k.textDe !== k.textEn]).toEqual([true, true, true]);
  });

  it('answers the navigation entries: each criterion lists the five other objectives as DNSH', () => {
    const list = service.criteria('de')['hydra:member'];
    expect(list[1]).toMatchObject({
      id: 'CCA',
      abbreviation: 'CCA',
      weight: 2,
      name: 'Anpassung an den Klimawandel',
    });
    expect(list[1].dnsh.map((d) => d.id)).toEqual(['CCM', 'WTR', 'CE', 'PPC', 'BIO']);
    expect(service.activities({ criteria: 'BIO' })['hydra:member'].map((a) => a.id)).toEqual([
      '2023-2486-BIO-1.1',
      '2023-2486-BIO-2.1',
    ]);
  });
});

describe.skipIf(!existsSync(SOURCES) || !existsSync(NAVIGATOR))('the build script', () => {
  it('rebuilds the shipped table from /work/shared/data and matches the counts SOURCES.md gives', () => {
    const sources = readFileSync(SOURCES, 'utf8');
    // The table rows of SOURCES.md: "| 101 activities, 183 criteria sets |" and the additions' "| 55 |".
    const [, compass, sets] = /\| (\d+) activities, (\d+) criteria sets \|/.exec(sources) ?? [];
    const added = /eu_taxonomy_activities_additions_2022_2023\.csv \|.*\| (\d+) \|/.exec(sources)?.[1];
    const out = mkdtempSync(join(tmpdir(), 'taxonomy-catalogue-'));
    try {
      execFileSync(
        process.execPath,
        [join(ROOT, 'scripts/build-taxonomy-catalogue.ts'), SHARED, out, `--navigator=${NAVIGATOR}`],
        { stdio: 'pipe' },
      );
      const built = JSON.parse(gunzipSync(readFileSync(join(out, CATALOGUE_FILE))).toString('utf8'));
      const shipped = JSON.parse(
        gunzipSync(readFileSync(join(CATALOGUE_DIR, CATALOGUE_FILE))).toString('utf8'),
      );
      // The two additions 2023/2486 does not hold under CE are left out (see the build script).
      expect(built.activities).toHaveLength(Number(compass) + Number(added) - 2);
      expect(built.activities.filter((a: { source: string }) => a.source === 'compass-1.0.4')).toHaveLength(
        Number(compass),
      );
      // The Compass sets, each claimed by a Navigator row, and the Navigator's further rows.
      expect(built.criteria.filter((c: { id: string }) => c.id.startsWith('2021-2139-'))).toHaveLength(
        Number(sets),
      );
      expect(built).toEqual(shipped);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
