import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSRD_SCOPES } from '@klimadesk/contract';
import { ESRS_CATALOGUE } from './data/esrs.ts';
import { DISCLOSURE_REQUIREMENTS, MATTERS, SECTORS, drsOf, scopeName } from './csrd.catalogue.ts';

const shared = join(import.meta.dirname, '../../../../../../shared/data/esrs');

describe('the shipped ESRS catalogue', () => {
  it('holds every standard, requirement, AR 16 matter and NACE section of SOURCES.md', () => {
    expect(CSRD_SCOPES.map((x) => scopeName(x).en)).toContain('Climate change');
    expect(DISCLOSURE_REQUIREMENTS).toHaveLength(104);
    expect(MATTERS).toHaveLength(110);
    expect(MATTERS.filter((m) => m.level === 'sub-topic')).toHaveLength(37);
    expect(SECTORS).toHaveLength(21);
    // Every standard of a report has requirements; ESRS 2 holds the 12 general ones and MDR-P/A/M/T.
    for (const scope of CSRD_SCOPES) expect(drsOf(scope).length).toBeGreaterThan(0);
    expect(drsOf('ESRS 2')).toHaveLength(16);
    expect(MATTERS.find((m) => m.id === 'S1.1.8')).toMatchObject({
      name: 'Health and safety',
      scope: 'S1',
      category: 'S',
    });
  });

  it.skipIf(!existsSync(shared))(
    'matches ../shared/data/esrs (skipped when the shared data is absent)',
    () => {
      const csv = (file: string) =>
        parse(readFileSync(join(shared, file)), {
          columns: true,
          bom: true,
          skip_empty_lines: true,
        }) as Record<string, string>[];
      expect(ESRS_CATALOGUE.disclosureRequirements.map((d) => d.code)).toEqual(
        csv('esrs_disclosure_requirements.csv').map((r) => r.dr_code),
      );
      expect(ESRS_CATALOGUE.matters.map((m) => m.id)).toEqual(
        csv('esrs_ar16_sustainability_matters.csv').map((r) => r.id),
      );
      expect(ESRS_CATALOGUE.sectors.map((s) => s.id)).toEqual(
        csv('nace_rev2_sections.csv').map((r) => r.section),
      );
    },
  );
});
