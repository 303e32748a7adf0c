import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookCfcAndCsrd, jsonCalls, signedIn } from '../../../test/calls.ts';
import { createWorkedExampleReport } from '../../../test/cfc.ts';
import { IX, readIxbrl } from '../../../test/ixbrl.ts';
import { ESRS_E1_CONCEPTS, ESRS_ENTRY_POINT, esrsConcept } from './csrd.ixbrl.concepts.ts';

const { t, a, b } = appWithCompanies({ a: 'CsrdIxA', b: 'CsrdIxB' });
const tk = signedIn(t, () => ({ adminA: a.users.admin, readA: a.users.readonly, adminB: b.users.admin }));
const YEAR = new Date().getUTCFullYear();
const { call, json } = jsonCalls(t, 'en');
/** A fictitious LEI with valid ISO 7064 check digits (as the VSME tests use). */
const LEI = '529900DEMOLOGISTIK65';

let reportA: Json;
let reportB: Json;
let e16: Json;

beforeAll(async () => {
  await bookCfcAndCsrd(t, [a.id, b.id], YEAR - 1);
  // A as the demo: the year's footprint, an E1 report with net revenue, a VSME report naming the LEI.
  await createWorkedExampleReport(t, tk.adminA, { year: YEAR });
  await json(call('POST', '/api/vsme/vsme-reports', tk.adminA, { year: YEAR, identifier: LEI }), 201);
  reportA = await json(
    call('POST', '/api/csrd/csrd-reports', tk.adminA, { year: YEAR, categories: [{ id: 'E1' }] }),
    201,
  );
  await json(
    call('PATCH', `/api/csrd/csrd-reports/${reportA.id}`, tk.adminA, { netRevenueCents: 12_000_000_00 }),
  );
  // The report's own E1 entries: E1-5 energy in GJ, texts of E1-1 and E1-6.
  const entry = await json(
    call('POST', '/api/csrd/csrd-scope-entries', tk.adminA, { report: reportA.id, scope: 'E1' }),
    201,
  );
  const value = (body: Json) =>
    json(call('POST', '/api/csrd/csrd-indicator-values', tk.adminA, { scopeEntry: entry.id, ...body }), 201);
  await value({ indicator: 'E1-5', numericValue: 7200, unit: 'GJ' });
  await value({ indicator: 'E1-1', textValue: 'Fleet to HVO & e-trucks by 2030.' });
  await value({ indicator: 'E1-6', textValue: 'Scope 3 from the footprint.' });
  e16 = await json(call('GET', `/api/csrd/csrd-reports/${reportA.id}/e1-6`, tk.readA));
  // B: a report without footprint and without an entity identifier.
  reportB = await json(
    call('POST', '/api/csrd/csrd-reports', tk.adminB, { year: YEAR, categories: [{ id: 'E1' }] }),
    201,
  );
});

describe('CSRD Inline XBRL (ESRS E1)', () => {
  it('exports XHTML whose E1-6 facts equal the e1-6 figures', async () => {
    const res = await call('GET', `/api/csrd/csrd-reports/${reportA.id}/ixbrl`, tk.readA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xhtml\+xml/);
    expect(res.headers['content-disposition']).toContain(`ESRS-E1-${YEAR}-`);
    const read = readIxbrl(res.body);
    expect(read.doc.documentElement?.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
    expect(read.schemaRefs).toEqual([ESRS_ENTRY_POINT]);
    expect(read.doc.getElementsByTagNameNS(IX, 'header')).toHaveLength(1);
    for (const f of read.facts) expect(esrsConcept(f.concept), f.concept).toBeDefined();
    const fp = e16.footprint as Record<string, number>;
    const expected = {
      scope1: fp.scope1Kg / 1000,
      scope2LocationBased: fp.scope2LocationBasedKg / 1000,
      scope2MarketBased: fp.scope2MarketBasedKg / 1000,
      scope3: fp.scope3Kg / 1000,
      totalLocationBased: fp.totalLocationBasedKg / 1000,
      totalMarketBased: fp.totalMarketBasedKg / 1000,
    };
    for (const [figure, tonnes] of Object.entries(expected)) {
      const f = read.facts.find((x) => x.concept === ESRS_E1_CONCEPTS[figure as 'scope1'].qname);
      expect(f, figure).toBeDefined();
      expect(f!.decimals).toBe('3');
      // The fact to the decimals it declares (3: kilogram precision).
      expect(Math.abs((f!.value as number) - tonnes), figure).toBeLessThanOrEqual(0.0005 + 1e-9);
      const ctx = read.contexts.get(f!.contextRef)!;
      expect(ctx).toMatchObject({
        scheme: 'http://standards.iso.org/iso/17442',
        identifier: LEI,
        period: { kind: 'duration', start: `${YEAR}-01-01`, end: `${YEAR}-12-31` },
      });
      expect(read.units.get(f!.unitRef!)).toBe('utr:tCO2e');
    }
    const lb = read.facts.find((x) => x.concept === ESRS_E1_CONCEPTS.intensityLocationBased.qname)!;
    expect(read.units.get(lb.unitRef!)).toBe('utr:tCO2e/iso4217:EUR');
    expect(lb.decimals).toBe('8');
    // t CO2e per EUR: the screen's per-EUR-million figure × 10^-6, to 8 decimals.
    expect(Math.abs((lb.value as number) * 1e6 - (e16.intensityLocationBased as number))).toBeLessThanOrEqual(
      0.005 + 1e-9,
    );
    expect(read.facts.find((x) => x.concept === ESRS_E1_CONCEPTS.intensityMarketBased.qname)).toBeDefined();
  });

  it('tags scope 3 per category, E1-5 energy in MWh and the E1 texts as blocks', async () => {
    const res = await call('GET', `/api/csrd/csrd-reports/${reportA.id}/ixbrl`, tk.readA);
    const read = readIxbrl(res.body);
    const fp = e16.footprint as {
      scope3Kg: number;
      scope3Categories: { category: number | null; kg: number }[];
    };
    const perCategory = read.facts.filter(
      (f) => f.concept === ESRS_E1_CONCEPTS.scope3.qname && read.contexts.get(f.contextRef)!.member !== '',
    );
    expect(perCategory).toHaveLength(fp.scope3Categories.length);
    expect(fp.scope3Categories.length).toBeGreaterThan(0);
    // The categories add up to the scope 3 total, each within its declared kilogram precision.
    const sum = perCategory.reduce((acc, f) => acc + (f.value as number), 0);
    expect(Math.abs(sum - fp.scope3Kg / 1000)).toBeLessThanOrEqual(0.0005 * perCategory.length + 1e-9);
    // 7,200 GJ / 3.6 = 2,000 MWh.
    const energy = read.facts.find((f) => f.concept === ESRS_E1_CONCEPTS.energyConsumption.qname)!;
    expect(energy.value).toBe(2000);
    expect(read.units.get(energy.unitRef!)).toBe('utr:MWh');
    const plan = read.facts.find((f) => f.concept === ESRS_E1_CONCEPTS.transitionPlan.qname)!;
    expect(plan.value).toContain('Fleet to HVO &amp; e-trucks by 2030.');
    const ghg = read.facts.find((f) => f.concept === ESRS_E1_CONCEPTS.ghgNarrative.qname)!;
    expect(ghg.value).toContain('Scope 3 from the footprint.');
  });

  it('refuses the export in plain words without footprint and entity identifier', async () => {
    const res = await call('GET', `/api/csrd/csrd-reports/${reportB.id}/ixbrl`, tk.adminB);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('vsmeValidationFailed');
    expect(body.detail.reportProblems).toEqual(['identifierMissing', 'noFacts']);
    expect(body.detail.problems).toEqual([
      expect.stringContaining('no entity identifier'),
      expect.stringContaining('no E1-6 figures'),
    ]);
  });

  it('answers only the own company', async () => {
    const res = await call('GET', `/api/csrd/csrd-reports/${reportA.id}/ixbrl`, tk.adminB);
    expect(res.statusCode).toBe(404);
  });
});
