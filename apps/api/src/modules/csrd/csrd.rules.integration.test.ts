import { describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, jsonCalls, signedIn } from '../../../test/calls.ts';
import { MATERIALITY_EXAMPLE } from '../../../test/csrd.ts';

const { t, a, b } = appWithCompanies({ a: 'CsrdRulesA', b: 'CsrdRulesB' });
const tk = signedIn(t, () => ({
  admin: a.users.admin,
  user: a.users.user,
  readonly: a.users.readonly,
  otherAdmin: b.users.admin,
}));
const { call, json } = jsonCalls(t, 'en');
const YEAR = 2026;

async function analysisWith(entries: Json[], rules: Json = {}) {
  const analysis = await json(
    call('POST', '/api/csrd/ma-materiality-analyses', tk.user, { ...MATERIALITY_EXAMPLE, ...rules }),
    201,
  );
  for (const e of entries)
    await json(
      call('POST', '/api/csrd/ma-iro-entries', tk.user, {
        materialityAnalysis: analysis.id,
        time: 'short',
        ...e,
      }),
      201,
    );
  return analysis.id as string;
}
const resultOf = async (id: string, scope: string) => {
  const a = await json(call('GET', `/api/csrd/ma-materiality-analyses/${id}`, tk.readonly));
  return { analysis: a, topic: a.results.find((r: Json) => r.scope === scope) };
};

describe('human-rights materiality (ESRS 1 §45, AR 10)', () => {
  it('makes a potential S2 impact of severity 5/5/5 at 10 % material', async () => {
    // S2.1.1 (value-chain workers): severity (5 + 5 + 5) / 3 = 5, precedence over likelihood: 5 ≥ 3.
    const id = await analysisWith([
      {
        iro: 'S2.1.1',
        category: 'negative',
        entryScale: 5,
        entryScope: 5,
        remediability: 5,
        probability: 10,
      },
      { iro: 'E2.1', category: 'negative', entryScale: 5, entryScope: 5, remediability: 5, probability: 10 },
    ]);
    const s2 = await resultOf(id, 'S2');
    expect(s2.topic).toMatchObject({ impactScore: 5, material: true });
    // The same ratings on pollution (not a human-rights topic): 5 × band 1 / 5 = 1, not material.
    expect((await resultOf(id, 'E2')).topic).toMatchObject({ impactScore: 1, material: false });
  });

  it('lets the analysis weigh irremediability or take the maximum, documented in its settings', async () => {
    // Actual negative 2/1/5: mean (2 + 1 + 5) / 3 = 2.6667 < 3.
    const id = await analysisWith([
      {
        iro: 'S3.1.1',
        category: 'negative',
        actual: true,
        entryScale: 2,
        entryScope: 1,
        remediability: 5,
        probability: 100,
      },
    ]);
    let r = await resultOf(id, 'S3');
    expect(r.topic).toMatchObject({ impactScore: 2.6667, material: false });
    expect(r.analysis).toMatchObject({
      severityFormula: 'mean',
      irremediabilityWeight: 1,
      financialThreshold: null,
    });
    // Weight 2: (2 + 1 + 2 × 5) / 4 = 3.25 ≥ 3.
    await json(
      call('PATCH', `/api/csrd/ma-materiality-analyses/${id}`, tk.user, { irremediabilityWeight: 2 }),
    );
    r = await resultOf(id, 'S3');
    expect(r.topic).toMatchObject({ impactScore: 3.25, material: true });
    // Maximum of the criteria: 5.
    await json(call('PATCH', `/api/csrd/ma-materiality-analyses/${id}`, tk.user, { severityFormula: 'max' }));
    r = await resultOf(id, 'S3');
    expect(r.topic).toMatchObject({ impactScore: 5, material: true });
    const file = await json(call('GET', `/api/csrd/ma-materiality-analyses/${id}/export`, tk.readonly));
    expect(file.fileName).toMatch(/\.xlsx$/);
  });

  it('scores 0 % as 0 and measures risks against their own threshold', async () => {
    const id = await analysisWith(
      [
        // 5 × 0 = 0 (before the fix: 5 × 1/5 = 1).
        { iro: 'E5.3', category: 'risk', entryScale: 5, probability: 0 },
        // G1: 4 × band 5 / 5 = 4; impact 3/3/3 actual = 3.
        { iro: 'G1.5', category: 'opportunity', entryScale: 4, probability: 100 },
        {
          iro: 'E1.2',
          category: 'negative',
          actual: true,
          entryScale: 3,
          entryScope: 3,
          remediability: 3,
          probability: 100,
        },
      ],
      { financialThreshold: 4.5 },
    );
    expect((await resultOf(id, 'E5')).topic).toMatchObject({ financialScore: 0, material: false });
    // Financial threshold 4.5: the opportunity of 4 is no longer material; impact 3 still is (threshold 3).
    expect((await resultOf(id, 'G1')).topic).toMatchObject({ financialScore: 4, material: false });
    expect((await resultOf(id, 'E1')).topic).toMatchObject({ impactScore: 3, material: true });
    // A financial threshold above the upper limit is refused.
    const res = await call('PATCH', `/api/csrd/ma-materiality-analyses/${id}`, tk.user, {
      financialThreshold: 6,
    });
    expect([res.statusCode, res.json().message]).toEqual([422, 'ValueAboveLimitProvided']);
  });
});

describe('report setup and reliefs', () => {
  it('derives the wave and the phase-ins from the size figures', async () => {
    const report = await json(
      call('POST', '/api/csrd/csrd-reports', tk.user, {
        year: YEAR,
        categories: [{ id: 'E1' }, { id: 'S1' }],
      }),
      201,
    );
    expect(report).toMatchObject({ standardVersion: 'esrs-2023', employees: null });
    let reliefs = await json(call('GET', `/api/csrd/csrd-reports/${report.id}/reliefs`, tk.readonly));
    expect(reliefs).toMatchObject({ wave: null, isLarge: null, phaseIns: [] });
    // 600 employees, EUR 80 million net revenue, listed: large public-interest entity over 500 → wave 1
    // (from 2024). 2026 is a quick-fix year (2025/1416): the first-year reliefs continue; ≤ 750 employees.
    const patched = await json(
      call('PATCH', `/api/csrd/csrd-reports/${report.id}`, tk.user, {
        employees: 600,
        netRevenueCents: 80_000_000_00,
        isPublicInterest: true,
      }),
    );
    expect(patched).toMatchObject({ employees: 600, netRevenueCents: 80_000_000_00, deletedAt: null });
    reliefs = await json(call('GET', `/api/csrd/csrd-reports/${report.id}/reliefs`, tk.readonly));
    expect(reliefs).toMatchObject({ wave: 1, firstYear: 2024, isLarge: true, isVoluntary: false });
    const codes = reliefs.phaseIns.flatMap((p: Json) => p.codes);
    expect(codes).toEqual(expect.arrayContaining(['E1-6', 'S1', 'E4', 'S2', 'E1-9']));
    // Not listed: wave 2, which reports from 2027 (Directive (EU) 2025/794): 2026 is voluntary.
    await json(call('PATCH', `/api/csrd/csrd-reports/${report.id}`, tk.user, { isPublicInterest: false }));
    reliefs = await json(call('GET', `/api/csrd/csrd-reports/${report.id}/reliefs`, tk.readonly));
    expect(reliefs).toMatchObject({ wave: 2, firstYear: 2027, isVoluntary: true, phaseIns: [] });
    // The revised ESRS set may be chosen; read-only users cannot change the setup.
    expect(
      (
        await json(
          call('PATCH', `/api/csrd/csrd-reports/${report.id}`, tk.user, { standardVersion: 'esrs-2026' }),
        )
      ).standardVersion,
    ).toBe('esrs-2026');
    const res = await call('PATCH', `/api/csrd/csrd-reports/${report.id}`, tk.readonly, { employees: 1 });
    expect(res.statusCode).toBe(403);
    // Another company's report is not found.
    const other = await call('GET', `/api/csrd/csrd-reports/${report.id}/reliefs`, tk.otherAdmin);
    expect(other.statusCode).toBe(404);
  });
});

describe('CSRD task calls (seed 001 §7)', () => {
  it('lists, creates, changes and deletes the tasks of a report topic', async () => {
    const report = await json(
      call('POST', '/api/csrd/csrd-reports', tk.user, {
        year: YEAR + 1,
        categories: [{ id: 'E1' }, { id: 'S1' }],
      }),
      201,
    );
    const link = (scope: string) => ({ report: report.id, scope });
    const e1 = await json(
      call('POST', '/api/csrd/tasks', tk.user, { description: 'Scope 3 erheben', csrdScopeTask: link('E1') }),
      201,
    );
    expect(e1).toMatchObject({ description: 'Scope 3 erheben', status: 1, csrdScopeTask: link('E1') });
    await json(
      call('POST', '/api/csrd/tasks', tk.user, { description: 'Unfälle zählen', csrdScopeTask: link('S1') }),
      201,
    );
    // A task of another module (no CSRD link) is not listed here and cannot be changed here.
    const plain = await json(call('POST', '/api/tasks', tk.user, { description: 'Allgemein' }), 201);
    const list = (q: string) => json(call('GET', `/api/csrd/tasks?report=${report.id}${q}`, tk.readonly));
    expect((await list('&scope=E1'))['hydra:member'].map((x: Json) => x.id)).toEqual([e1.id]);
    expect((await list(''))['hydra:totalItems']).toBe(2);
    // Another company cannot link a task to this report; an unknown topic code is refused.
    const foreign = await call('POST', '/api/csrd/tasks', tk.otherAdmin, {
      description: 'x',
      csrdScopeTask: link('E1'),
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await call('POST', '/api/csrd/tasks', tk.user, {
      description: 'x',
      csrdScopeTask: link('X9'),
    });
    expect(bad.statusCode).toBe(400);
    const done = await json(call('PATCH', `/api/csrd/tasks/${e1.id}`, tk.user, { status: 4 }));
    expect(done.status).toBe(4);
    expect((await call('PATCH', `/api/csrd/tasks/${plain.id}`, tk.user, { status: 4 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/csrd/tasks/${e1.id}`, tk.readonly)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/csrd/tasks/${e1.id}`, tk.user)).statusCode).toBe(200);
    expect((await list('&scope=E1'))['hydra:member']).toEqual([]);
    // Another company sees neither the report's tasks nor can it list them.
    expect((await call('GET', `/api/csrd/tasks?report=${report.id}`, tk.otherAdmin)).statusCode).toBe(404);
  });
});
