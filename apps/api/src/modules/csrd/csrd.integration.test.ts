import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { signedIn } from '../../../test/calls.ts';
import { multipart } from '../../../test/multipart.ts';
import { pdfText } from '../../../test/pdf.ts';
import {
  E1_6_VALUE,
  MANDATORY_REPORT_SCOPES,
  MATERIALITY_ENTRIES,
  MATERIALITY_EXAMPLE,
  MATERIALITY_SCORES,
  MATERIAL_SCOPES,
} from '../../../test/csrd.ts';
import { purgeExpired } from './csrd.service.ts';
import { csrdReports } from './csrd.schema.ts';
import { settled } from '../../../test/import-runs.ts';

const { t, a, b } = appWithCompanies({ a: 'A', b: 'B' });
const tokens = signedIn(t, () => ({
  admin: a.users.admin,
  user: a.users.user,
  readonly: a.users.readonly,
  cftAdmin: a.users.cftAdmin,
  otherAdmin: b.users.admin,
}));

type Who = keyof typeof tokens;
const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.call({
    method,
    url,
    token: tokens[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
  const res = await call(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
/** The catalogue key and HTTP status of a refused call. */
const refused = async (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const res = await call(who, method, url, payload);
  return [res.statusCode, res.json().message] as const;
};
// Imports run as jobs (issue 38): `settled` answers with the finished run as the routes did
// (the indicator upload with its former 201).
const upload = (who: Who, url: string, parts: Parameters<typeof multipart>[0]) => {
  const form = multipart(parts);
  const sent = t.call({ method: 'POST', url, token: tokens[who], payload: form.body, headers: form.headers });
  return settled(t, tokens[who], sent, url.endsWith('/upload-indicators') ? 201 : 200);
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsxPart = (data: Buffer, fileName = 'indicators.xlsx') => ({ fileName, contentType: XLSX, data });

async function workedAnalysis(who: Who = 'user') {
  const analysis = await ok(who, 'POST', '/api/csrd/ma-materiality-analyses', MATERIALITY_EXAMPLE);
  const entries = [];
  for (const e of MATERIALITY_ENTRIES)
    entries.push(
      await ok(who, 'POST', '/api/csrd/ma-iro-entries', { materialityAnalysis: analysis.id, ...e }),
    );
  return { analysis, entries };
}

describe('static data', () => {
  it('lists ESRS scopes with their disclosure requirements, sectors, topics and unit types', async () => {
    const scopes = await ok('readonly', 'GET', '/api/csrd/csrd-scopes');
    expect(scopes['hydra:totalItems']).toBe(11);
    const e1 = scopes['hydra:member'].find((x: { id: string }) => x.id === 'E1');
    expect(e1.name).toEqual({ de: 'Klimawandel', en: 'Climate change' });
    expect(e1.category).toBe('E');
    // Annex I lists 12 requirements under E1 (9 topical, 3 ESRS 2-related).
    expect(e1.disclosureRequirements).toHaveLength(12);
    expect(e1.disclosureRequirements.find((d: { code: string }) => d.code === 'E1-6').unitType).toBe(
      'emissions',
    );
    const drTotal = scopes['hydra:member'].reduce(
      (n: number, x: { disclosureRequirements: unknown[] }) => n + x.disclosureRequirements.length,
      0,
    );
    expect(drTotal).toBe(104);

    const sectors = await ok('readonly', 'GET', '/api/csrd/ma-sectors');
    expect(sectors['hydra:totalItems']).toBe(21);
    // NACE section names in the request's language (German edition of Regulation (EC) 1893/2006).
    expect(sectors['hydra:member'].find((x: { id: string }) => x.id === 'H').name).toBe(
      'Verkehr und Lagerei',
    );
    expect(e1.disclosureRequirements.find((d: { code: string }) => d.code === 'E1-5').title).toBe(
      'Energieverbrauch und Energiemix',
    );

    const topics = await ok('readonly', 'GET', '/api/csrd/ma-scopes');
    const counts = Object.fromEntries(
      topics['hydra:member'].map((x: { id: string; matterCount: number }) => [x.id, x.matterCount]),
    );
    // AR 16: 110 matters, e.g. E1 three sub-topics, S2 twenty-one.
    expect(counts).toMatchObject({ E1: 3, S2: 21, G1: 8, 'ESRS 2': 0 });

    const units = await ok('readonly', 'GET', '/api/csrd/csrd-unit-types');
    const energy = units['hydra:member'].find((x: { id: string }) => x.id === 'energy');
    expect(energy.baseUnit).toBe('MWh');
    expect(energy.units.find((u: { id: string }) => u.id === 'GJ').toBase).toBeCloseTo(1 / 3.6, 12);
  });

  it('refuses users without a CSRD role', async () => {
    expect(await refused('cftAdmin', 'GET', '/api/csrd/csrd-scopes')).toEqual([403, 'noRights']);
  });
});

describe('materiality analyses', () => {
  it('checks scale, limit and threshold', async () => {
    const base = { name: 'X', scale: 5, threshold: 3 };
    expect(await refused('user', 'POST', '/api/csrd/ma-materiality-analyses', { ...base, scale: 7 })).toEqual(
      [400, 'validationFailed'],
    );
    expect(
      await refused('user', 'POST', '/api/csrd/ma-materiality-analyses', { ...base, threshold: 6 }),
    ).toEqual([422, 'ValueAboveLimitProvided']);
    expect(
      await refused('user', 'POST', '/api/csrd/ma-materiality-analyses', { ...base, scaleUpperLimit: 6 }),
    ).toEqual([422, 'ValueAboveLimitProvided']);
    expect(
      await refused('user', 'POST', '/api/csrd/ma-materiality-analyses', { ...base, scaleUpperLimit: 2 }),
    ).toEqual([422, 'LimitLessThanThreshold']);
    const created = await ok('user', 'POST', '/api/csrd/ma-materiality-analyses', {
      ...base,
      scale: 10,
      threshold: 7,
    });
    expect(created).toMatchObject({
      scale: 10,
      scaleUpperLimit: 10,
      threshold: 7,
      scopes: ['ESRS', 'E', 'S', 'G'],
    });
    const patched = await ok('user', 'PATCH', `/api/csrd/ma-materiality-analyses/${created.id}`, {
      name: 'Y',
      scaleUpperLimit: 8,
    });
    expect(patched).toMatchObject({ name: 'Y', scaleUpperLimit: 8, threshold: 7 });
    expect(
      await refused('user', 'PATCH', `/api/csrd/ma-materiality-analyses/${created.id}`, {
        scaleUpperLimit: 6,
      }),
    ).toEqual([422, 'LimitLessThanThreshold']);
  });

  it('scores the worked example: exactly E1 and G1 are material and mandatory in the report', async () => {
    const { analysis, entries } = await workedAnalysis();
    expect(entries.map((e) => e.score)).toEqual([...MATERIALITY_SCORES]);
    expect(entries.map((e) => e.probabilityBand)).toEqual([5, 5, 3, 4]);
    expect(entries.map((e) => e.material)).toEqual([true, false, false, true]);
    // Named in the request's language (German): AR 16 "Climate change mitigation".
    expect(entries[0]).toMatchObject({ name: 'Klimaschutz', scope: 'E1', time: 'medium' });

    const got = await ok('readonly', 'GET', `/api/csrd/ma-materiality-analyses/${analysis.id}`);
    expect(got.iroEntryCount).toBe(4);
    expect(got.results).toEqual([
      { scope: 'E1', category: 'E', impactScore: 4, financialScore: null, material: true, entryCount: 1 },
      { scope: 'E5', category: 'E', impactScore: null, financialScore: 2.4, material: false, entryCount: 1 },
      { scope: 'S1', category: 'S', impactScore: 2.5, financialScore: null, material: false, entryCount: 1 },
      { scope: 'G1', category: 'G', impactScore: null, financialScore: 4, material: true, entryCount: 1 },
    ]);
    expect(
      got.results.filter((r: { material: boolean }) => r.material).map((r: { scope: string }) => r.scope),
    ).toEqual([...MATERIAL_SCOPES]);

    const nav = await ok(
      'readonly',
      'GET',
      `/api/csrd/ma-scopes/navigation?category=E&materialityAnalysis=${analysis.id}`,
    );
    expect(nav.previousCategory).toBe('ESRS');
    expect(nav.nextCategory).toBe('S');
    expect(
      nav.scopes.map((x: { id: string; flagged: boolean; count: number }) => [x.id, x.flagged, x.count]),
    ).toEqual([
      ['E1', true, 1],
      ['E2', false, 0],
      ['E3', false, 0],
      ['E4', false, 0],
      ['E5', false, 1],
    ]);

    const initial = await ok('readonly', 'GET', `/api/csrd/csrd-report-initial?maId=${analysis.id}`);
    expect(initial.categories).toMatchObject(MANDATORY_REPORT_SCOPES.map((id) => ({ id, mandatory: true })));

    const report = await ok('user', 'POST', '/api/csrd/csrd-reports', {
      year: 2031,
      maId: analysis.id,
      categories: [{ id: 'S1' }],
    });
    expect(report.categories).toMatchObject([
      { id: 'ESRS 2', mandatory: true },
      { id: 'E1', mandatory: true },
      { id: 'S1', mandatory: false },
      { id: 'G1', mandatory: true },
    ]);
    expect(report.materialityAnalysisName).toBe(MATERIALITY_EXAMPLE.name);
    // Mandatory topics cannot be deselected; others can.
    expect(
      await refused('user', 'PATCH', `/api/csrd/csrd-reports/${report.id}/update-scopes`, {
        categories: [{ id: 'ESRS 2' }, { id: 'G1' }],
      }),
    ).toEqual([422, 'MandatoryScopeNotDeselectable']);
    const changed = await ok('user', 'PATCH', `/api/csrd/csrd-reports/${report.id}/update-scopes`, {
      categories: [{ id: 'ESRS 2' }, { id: 'E1' }, { id: 'G1' }, { id: 'E2' }],
      statuses: [{ id: 'E1', status: 'progress' }],
    });
    expect(changed.categories.map((c: { id: string }) => c.id)).toEqual(['ESRS 2', 'E1', 'E2', 'G1']);
    const scopes = await ok('readonly', 'GET', `/api/csrd/csrd-reports/${report.id}/scopes`);
    expect(
      scopes['hydra:member'].map((x: { id: string; status: string; total: number }) => [
        x.id,
        x.status,
        x.total,
      ]),
    ).toEqual([
      // Owed after the assessment (ESRS 1 §29-§30): E1 mitigation (E1.2) brings every E1
      // requirement but E1-5 (energy); G1 suppliers (G1.5) G1-2 and G1-6 besides GOV-1 and IRO-1.
      ['ESRS 2', 'todo', 16],
      ['E1', 'progress', 11],
      ['E2', 'todo', 7],
      ['G1', 'todo', 4],
    ]);
    expect(
      await refused('user', 'PATCH', `/api/csrd/csrd-reports/${report.id}/update-scopes`, {
        statuses: [{ id: 'S3', status: 'done' }],
      }),
    ).toEqual([422, 'RequiredInformationMissing']);
    const nav2 = await ok('readonly', 'GET', `/api/csrd/csrd-reports/${report.id}/navigation?category=E`);
    expect(
      nav2.scopes.map((x: { id: string; status: string; flagged: boolean }) => [x.id, x.status, x.flagged]),
    ).toEqual([
      ['E1', 'progress', true],
      ['E2', 'todo', false],
    ]);

    // The export: settings, entries and the matrix as xlsx.
    const file = await ok('readonly', 'GET', `/api/csrd/ma-materiality-analyses/${analysis.id}/export`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data, 'base64') as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Einstellungen', 'IRO-Einträge', 'Matrix']);
    const matrix = wb.getWorksheet('Matrix')!;
    expect(matrix.getRow(2).values).toEqual(
      [undefined, 'E1', 'Klimawandel', 4, null, 'ja', 1].map((v) => (v === null ? undefined : v)),
    );
    expect(matrix.rowCount).toBe(5);
  });

  it('lists the inventory from AR 16 with custom IROs and rates custom IROs', async () => {
    const analysis = await ok('user', 'POST', '/api/csrd/ma-materiality-analyses', {
      name: 'Inventar',
      scale: 3,
      threshold: 2,
      scopes: ['E'],
      sectors: ['H'],
    });
    const custom = await ok('user', 'POST', '/api/csrd/ma-iro-entries', {
      materialityAnalysis: analysis.id,
      customIro: { name: 'Lärm an Umschlagplätzen', scope: 'E2', sector: 'H' },
      category: 'negative',
      entryScale: 2,
      entryScope: 3,
      remediability: 1,
      probability: 34,
      time: 'short',
    });
    // Scale 3: severity (2 + 3 + 1) / 3 = 2; 34 % → band 2 → 2 × 2/3 = 1.3333 < 2.
    expect(custom).toMatchObject({
      name: 'Lärm an Umschlagplätzen',
      scope: 'E2',
      score: 1.3333,
      material: false,
      probabilityBand: 2,
    });
    const inv = await ok('readonly', 'GET', `/api/csrd/ma-materiality-analyses/${analysis.id}/inventory`);
    // Pillar E of AR 16: E1 3 + E2 7 + E3 7 + E4 15 + E5 3 = 35 matters, plus the custom IRO.
    expect(inv.items).toHaveLength(36);
    expect(inv.items.at(-1)).toMatchObject({ custom: true, sector: 'H', entries: [{ id: custom.id }] });
    const iros = await ok(
      'readonly',
      'GET',
      `/api/csrd/ma-iros?sectors=H&materialityAnalysis=${analysis.id}`,
    );
    expect(iros['hydra:totalItems']).toBe(111);
    const onlyA = await ok(
      'readonly',
      'GET',
      `/api/csrd/ma-iros?sectors=A&materialityAnalysis=${analysis.id}`,
    );
    expect(onlyA['hydra:totalItems']).toBe(110);
    // Deleting the only entry of a custom IRO removes the IRO.
    await ok('user', 'DELETE', `/api/csrd/ma-iro-entries/${custom.id}`);
    const after = await ok('readonly', 'GET', `/api/csrd/ma-materiality-analyses/${analysis.id}/inventory`);
    expect(after.items).toHaveLength(35);
  });

  it('answers the coded errors of IRO entries', async () => {
    const analysis = await ok('user', 'POST', '/api/csrd/ma-materiality-analyses', {
      name: 'Codes',
      scale: 4,
      threshold: 2,
      scaleUpperLimit: 3,
    });
    const entry = {
      materialityAnalysis: analysis.id,
      iro: 'E1.1',
      category: 'risk',
      entryScale: 2,
      probability: 10,
      time: 'short',
    };
    expect(
      await refused('user', 'POST', '/api/csrd/ma-iro-entries', { ...entry, category: 'threat' }),
    ).toEqual([422, 'ErrorEnumIroCategory']);
    expect(await refused('user', 'POST', '/api/csrd/ma-iro-entries', { ...entry, time: 'forever' })).toEqual([
      422,
      'ErrorEnumIroTime',
    ]);
    // The upper limit is 3 on a scale of 4.
    expect(await refused('user', 'POST', '/api/csrd/ma-iro-entries', { ...entry, entryScale: 4 })).toEqual([
      422,
      'ValueAboveLimitProvided',
    ]);
    expect(
      await refused('user', 'POST', '/api/csrd/ma-iro-entries', {
        ...entry,
        category: 'negative',
        entryScope: 2,
      }),
    ).toEqual([422, 'RequiredInformationMissing']);
    expect(await refused('user', 'POST', '/api/csrd/ma-iro-entries', { ...entry, iro: null })).toEqual([
      422,
      'RequiredInformationMissing',
    ]);
    const created = await ok('user', 'POST', '/api/csrd/ma-iro-entries', entry);
    // Scale 4: 10 % → band 1 → 2 × 1/4 = 0.5.
    expect(created.score).toBe(0.5);
    const patched = await ok('user', 'PATCH', `/api/csrd/ma-iro-entries/${created.id}`, {
      probability: 80,
      note: 'neu',
    });
    // 80 % → band 4 → 2 × 4/4 = 2 ≥ 2: material.
    expect(patched).toMatchObject({ score: 2, material: true, note: 'neu' });
    expect(
      await refused('user', 'PATCH', `/api/csrd/ma-iro-entries/${created.id}`, { time: 'soon' }),
    ).toEqual([422, 'ErrorEnumIroTime']);
    const listed = await ok(
      'readonly',
      'GET',
      `/api/csrd/ma-iro-entries?materialityAnalysis=${analysis.id}&category=risk`,
    );
    expect(listed['hydra:totalItems']).toBe(1);
    // Lowering the limit below an entered value is refused.
    expect(
      await refused('user', 'PATCH', `/api/csrd/ma-materiality-analyses/${analysis.id}`, {
        scaleUpperLimit: 1,
        threshold: 1,
      }),
    ).toEqual([422, 'ValueAboveLimitProvided']);
  });

  it('marks for deletion, restores within 24 hours and purges after them', async () => {
    const { analysis, entries } = await workedAnalysis();
    const before = Date.now();
    const marked = await ok('user', 'PATCH', `/api/csrd/ma-materiality-analyses/${analysis.id}`, {
      deletedAt: new Date().toISOString(),
    });
    const due = Date.parse(marked.deletedAt) - before;
    expect(due).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(due).toBeLessThan(25 * 3_600_000);
    // A marked analysis is listed (to restore it) but takes no writes.
    const listed = await ok('readonly', 'GET', '/api/csrd/ma-materiality-analyses?limit=100');
    expect(listed['hydra:member'].some((x: { id: string }) => x.id === analysis.id)).toBe(true);
    const active = await ok(
      'readonly',
      'GET',
      '/api/csrd/ma-materiality-analyses?limit=100&withDeleted=false',
    );
    expect(active['hydra:member'].some((x: { id: string }) => x.id === analysis.id)).toBe(false);
    expect(
      await refused('user', 'PATCH', `/api/csrd/ma-iro-entries/${entries[0].id}`, { probability: 1 }),
    ).toEqual([409, 'SaveFailed']);
    const restored = await ok('user', 'PATCH', `/api/csrd/ma-materiality-analyses/${analysis.id}`, {
      deletedAt: null,
    });
    expect(restored.deletedAt).toBeNull();
    await ok('user', 'PATCH', `/api/csrd/ma-iro-entries/${entries[0].id}`, { probability: 95 });

    const report = await ok('user', 'POST', '/api/csrd/csrd-reports', { year: 2032, categories: [] });
    await ok('user', 'PATCH', `/api/csrd/ma-materiality-analyses/${analysis.id}`, { deletedAt: 'now' });
    const markedReport = await ok('user', 'PATCH', `/api/csrd/csrd-reports/${report.id}`, {
      deletedAt: new Date().toISOString(),
    });
    expect(markedReport.deletedAt).not.toBeNull();
    // Within the window the sweep keeps both; after it, both are gone with their entries.
    await purgeExpired(t.ctx, new Date(Date.now() + 23 * 3_600_000));
    await ok('readonly', 'GET', `/api/csrd/ma-materiality-analyses/${analysis.id}`);
    await ok('readonly', 'GET', `/api/csrd/csrd-reports/${report.id}`);
    const purged = await purgeExpired(t.ctx, new Date(Date.now() + 25 * 3_600_000));
    expect(purged.analyses).toBeGreaterThanOrEqual(1);
    expect(purged.reports).toBeGreaterThanOrEqual(1);
    expect(await refused('readonly', 'GET', `/api/csrd/ma-materiality-analyses/${analysis.id}`)).toEqual([
      404,
      'notFound',
    ]);
    expect(await refused('readonly', 'GET', `/api/csrd/csrd-reports/${report.id}`)).toEqual([
      404,
      'notFound',
    ]);
    expect(
      await refused('user', 'PATCH', `/api/csrd/ma-iro-entries/${entries[0].id}`, { probability: 1 }),
    ).toEqual([404, 'notFound']);
    // The year is free again.
    await ok('user', 'POST', '/api/csrd/csrd-reports', { year: 2032, categories: [] });
  });
});

describe('reports', () => {
  it('allows one report per year and company', async () => {
    const first = await ok('user', 'POST', '/api/csrd/csrd-reports', {
      year: 2033,
      categories: [{ id: 'E1' }],
    });
    expect(first.categories).toEqual([
      { id: 'ESRS 2', mandatory: true, disclosureRequirements: expect.any(Array) },
      { id: 'E1', mandatory: false, disclosureRequirements: null },
    ]);
    const res = await call('admin', 'POST', '/api/csrd/csrd-reports', { year: 2033, categories: [] });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      409,
      50410,
      'ReportForYearExists',
    ]);
    // Another company has its own 2033.
    await ok('otherAdmin', 'POST', '/api/csrd/csrd-reports', { year: 2033, categories: [] });
    const list = await ok('readonly', 'GET', '/api/csrd/csrd-reports?limit=100');
    expect(list['hydra:member'].filter((r: { year: number }) => r.year === 2033)).toHaveLength(1);
  });

  it('keeps scope entries and indicator values with units, conversion and their codes', async () => {
    const report = await ok('user', 'POST', '/api/csrd/csrd-reports', {
      year: 2034,
      categories: [{ id: 'E1' }, { id: 'S1' }],
    });
    expect(
      await refused('user', 'POST', '/api/csrd/csrd-scope-entries', { report: report.id, scope: 'E3' }),
    ).toEqual([422, 'RequiredInformationMissing']);
    const entry = await ok('user', 'POST', '/api/csrd/csrd-scope-entries', {
      report: report.id,
      scope: 'E1',
      deadline: '2035-03-31',
      responsibleUser: a.users.user.id,
      note: 'Flotte',
    });
    expect(entry).toMatchObject({ status: 'todo', responsibleUser: a.users.user.id, deadline: '2035-03-31' });
    expect(entry.responsibleUserName).toBeTruthy();
    expect(
      await refused('user', 'POST', '/api/csrd/csrd-scope-entries', { report: report.id, scope: 'E1' }),
    ).toEqual([409, 'ScopeEntryExists']);
    expect(
      await refused('user', 'PATCH', `/api/csrd/csrd-scope-entries/${entry.id}`, {
        responsibleUser: b.users.user.id,
      }),
    ).toEqual([404, 'notFound']);
    const done = await ok('user', 'PATCH', `/api/csrd/csrd-scope-entries/${entry.id}`, {
      status: 'done',
      note: null,
    });
    expect(done).toMatchObject({ status: 'done', note: null });

    const value = (body: Record<string, unknown>) =>
      refused('user', 'POST', '/api/csrd/csrd-indicator-values', { scopeEntry: entry.id, ...body });
    expect(await value({ indicator: 'E1-6', numericValue: 5 })).toEqual([422, 'RequiredInformationMissing']);
    expect(await value({ indicator: 'E1-6', numericValue: 5, unit: 'kWh' })).toEqual([
      422,
      'NoActivityConversion',
    ]);
    expect(await value({ indicator: 'E1-5', numericValue: 5, unit: 'l' })).toEqual([
      422,
      'Unit2UnitActivityConversion',
    ]);
    expect(await value({ indicator: 'E1-5', numericValue: 5, unit: 'EUR' })).toEqual([
      422,
      'invalidUnitTypes',
    ]);
    expect(await value({ indicator: 'S1-6', numericValue: 5, unit: 'pcs' })).toEqual([
      422,
      'RequiredInformationMissing',
    ]);
    const res = await call('user', 'POST', '/api/csrd/csrd-indicator-values', {
      scopeEntry: entry.id,
      indicator: 'E1-5',
      numericValue: 1,
      unit: 'EUR',
    });
    expect(res.json().detail).toEqual({ unit1: 'EUR', unit2: 'MWh' });

    const ghg = await ok('user', 'POST', '/api/csrd/csrd-indicator-values', {
      scopeEntry: entry.id,
      ...E1_6_VALUE,
    });
    expect(ghg).toMatchObject({ unit: 'tCO2e', numericValue: 1234.5, baseValue: 1234.5 });
    expect(await value({ indicator: 'E1-6', numericValue: 1, unit: 'tCO2e' })).toEqual([
      409,
      'IndicatorValueExists',
    ]);
    // 7,200 GJ = 7,200 / 3.6 = 2,000 MWh.
    const energy = await ok('user', 'POST', '/api/csrd/csrd-indicator-values', {
      scopeEntry: entry.id,
      indicator: 'E1-5',
      numericValue: 7200,
      unit: 'GJ',
    });
    expect(energy.baseValue).toBeCloseTo(2000, 9);
    const table = await ok('user', 'POST', '/api/csrd/csrd-indicator-values', {
      scopeEntry: entry.id,
      indicator: 'E1-1',
      textValue: 'Umstellung auf HVO und E-Lkw',
      tableValue: [
        ['Jahr', 'Ziel'],
        ['2030', '-40 %'],
      ],
    });
    expect(table.tableValue).toHaveLength(2);
    const changed = await ok('user', 'PATCH', `/api/csrd/csrd-indicator-values/${ghg.id}`, {
      numericValue: 900_000,
      unit: 'kgCO2e',
    });
    expect(changed.baseValue).toBe(900);
    expect(
      await refused('user', 'PATCH', `/api/csrd/csrd-indicator-values/${ghg.id}`, { unit: 'MWh' }),
    ).toEqual([422, 'NoActivityConversion']);

    const values = await ok(
      'readonly',
      'GET',
      `/api/csrd/csrd-indicator-values?report=${report.id}&scope=E1`,
    );
    expect(values['hydra:member'].map((v: { indicator: string }) => v.indicator)).toEqual([
      'E1-1',
      'E1-5',
      'E1-6',
    ]);
    const entries = await ok('readonly', 'GET', `/api/csrd/csrd-scope-entries?report=${report.id}`);
    expect(entries['hydra:member'][0].indicatorValues).toHaveLength(3);
    const scopes = await ok('readonly', 'GET', `/api/csrd/csrd-reports/${report.id}/scopes`);
    expect(scopes['hydra:member'].find((x: { id: string }) => x.id === 'E1').filled).toBe(3);

    // Files of a value: upload, read back, delete.
    const pdf = Buffer.from('%PDF-1.4\n% Nachweis\n');
    const up = await upload('user', '/api/csrd/files', {
      id: ghg.id,
      type: 'indicator-value',
      note: 'Tankkarten',
      file: { fileName: 'nachweis.pdf', contentType: 'application/pdf', data: pdf },
    });
    expect(up.statusCode).toBe(201);
    const fileId = up.json().id;
    const got = await t.call({ method: 'GET', url: `/api/csrd/file/${fileId}`, token: tokens.readonly });
    expect([got.statusCode, got.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    const withFile = await ok('readonly', 'GET', `/api/csrd/csrd-indicator-values?scopeEntry=${entry.id}`);
    expect(withFile['hydra:member'].find((v: { id: string }) => v.id === ghg.id).files).toMatchObject([
      { fileName: 'nachweis.pdf', note: 'Tankkarten', size: pdf.length },
    ]);
    expect((await call('otherAdmin', 'GET', `/api/csrd/file/${fileId}`)).statusCode).toBe(404);
    expect(await refused('readonly', 'DELETE', `/api/csrd/file/indicator-value/${fileId}`)).toEqual([
      403,
      'readOnly',
    ]);
    await ok('user', 'DELETE', `/api/csrd/file/indicator-value/${fileId}`);
    expect((await call('readonly', 'GET', `/api/csrd/file/${fileId}`)).statusCode).toBe(404);

    // The PDF: by standard and requirement, with the E1 figures.
    const exported = await ok('readonly', 'GET', `/api/csrd/csrd-reports/${report.id}/export`);
    expect(exported.fileName).toBe('csrd-report-2034.pdf');
    const text = pdfText(Buffer.from(exported.data, 'base64'));
    expect(text).toContain('CSRD-Bericht 2034');
    expect(text).toContain('E1 Klimakennzahlen');
    // Requirement titles in the reader's language (German edition of Delegated Regulation 2023/2772).
    // Lines joined: a long title wraps, at a hyphen too.
    const flat = text.replace(/-\n/g, '-').replace(/\s+/g, ' ');
    expect(flat).toContain(
      'E1-6 THG-Bruttoemissionen der Kategorien Scope 1, 2 und 3 sowie THG-Gesamtemissionen',
    );
    expect(flat).not.toContain('Gross Scopes 1, 2, 3');
    expect(text).toContain('900.000 kgCO2e');
    expect(text).toContain('S1 Arbeitskräfte des Unternehmens');
    const en = await t.call({
      method: 'GET',
      url: `/api/csrd/csrd-reports/${report.id}/export`,
      token: tokens.readonly,
      headers: { 'accept-language': 'en' },
    });
    expect(pdfText(Buffer.from(en.json().data, 'base64'))).toContain('900,000 kgCO2e');
  });

  it('never lets read-only users or other companies write', async () => {
    const report = await ok('user', 'POST', '/api/csrd/csrd-reports', { year: 2035, categories: [] });
    expect(
      await refused('readonly', 'POST', '/api/csrd/csrd-reports', { year: 2036, categories: [] }),
    ).toEqual([403, 'readOnly']);
    expect(
      await refused('readonly', 'PATCH', `/api/csrd/csrd-reports/${report.id}`, { deletedAt: 'x' }),
    ).toEqual([403, 'readOnly']);
    expect(await refused('otherAdmin', 'GET', `/api/csrd/csrd-reports/${report.id}`)).toEqual([
      404,
      'notFound',
    ]);
    expect(
      await refused('otherAdmin', 'PATCH', `/api/csrd/csrd-reports/${report.id}`, { deletedAt: 'x' }),
    ).toEqual([404, 'notFound']);
    const other = await ok('otherAdmin', 'GET', `/api/csrd/csrd-scope-entries?report=${report.id}`);
    expect(other['hydra:totalItems']).toBe(0);
    // The admin (module admin) writes as a user does.
    await ok('admin', 'PATCH', `/api/csrd/csrd-reports/${report.id}/update-scopes`, {
      statuses: [{ id: 'ESRS 2', status: 'done' }],
    });
  });
});

describe('indicator template upload', () => {
  /** Fills a template: each [sheet, code, unit, number, text] sets a row of that code, or adds one. */
  async function fill(template: Buffer, rows: [string, string, string | null, unknown, string | null][]) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as never);
    for (const [sheet, code, unit, numeric, text] of rows) {
      const ws = wb.getWorksheet(sheet)!;
      let row: ExcelJS.Row | undefined;
      ws.eachRow((r) => {
        if (r.getCell(1).value === code) row = r;
      });
      row ??= ws.addRow([code]);
      if (unit !== null) row.getCell(3).value = unit;
      if (numeric !== null) row.getCell(4).value = numeric as ExcelJS.CellValue;
      if (text !== null) row.getCell(5).value = text;
    }
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('adds, updates and counts invalid rows per sheet; a file not matching the template writes nothing', async () => {
    const report = await ok('user', 'POST', '/api/csrd/csrd-reports', {
      year: 2040,
      categories: [{ id: 'E1' }, { id: 'S1' }],
    });
    const entry = await ok('user', 'POST', '/api/csrd/csrd-scope-entries', {
      report: report.id,
      scope: 'E1',
    });
    await ok('user', 'POST', '/api/csrd/csrd-indicator-values', {
      scopeEntry: entry.id,
      indicator: 'E1-6',
      numericValue: 1,
      unit: 'tCO2e',
    });

    const file = await ok('readonly', 'GET', `/api/csrd/csrd-reports/${report.id}/get-excel-reports`);
    const template = Buffer.from(file.data, 'base64');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['ESRS 2', 'E1', 'S1']);
    expect(wb.getWorksheet('E1')!.getRow(1).values).toEqual([
      undefined,
      'Code',
      'Angabepflicht',
      'Einheit',
      'Zahlenwert',
      'Textwert',
      'Abgleich mit der CO2-Bilanz',
    ]);
    // One row per requirement; E1-6 carries the value entered so far.
    expect(wb.getWorksheet('E1')!.rowCount).toBe(13);
    const e16 = wb
      .getWorksheet('E1')!
      .getRows(2, 12)!
      .find((r) => r.getCell(1).value === 'E1-6')!;
    expect([e16.getCell(3).value, e16.getCell(4).value]).toEqual(['tCO2e', 1]);

    // 20 filled rows, 3 of them invalid.
    const filled = await fill(template, [
      ['E1', 'E1-1', null, null, 'Übergangsplan bis 2030'],
      ['E1', 'E1-2', null, null, 'Klimarichtlinie'],
      ['E1', 'E1-3', null, null, 'Maßnahmen'],
      ['E1', 'E1-4', null, null, 'Ziele'],
      ['E1', 'E1-5', 'MWh', 1500, null],
      ['E1', 'E1-6', 'tCO2e', 1234.5, null], // existing: updated
      ['E1', 'E1-7', 'tCO2e', 10, null],
      ['E1', 'E1-8', 'EUR', 50, null],
      ['E1', 'E1-9', null, 'abc', null], // invalid: not a number
      ['E1', 'E9-99', null, null, 'unbekannt'], // invalid: no such requirement in E1
      ['S1', 'S1-1', null, null, 'Richtlinien'],
      ['S1', 'S1-2', null, null, 'Einbindung'],
      ['S1', 'S1-3', null, null, 'Abhilfe'],
      ['S1', 'S1-4', null, null, 'Maßnahmen'],
      ['S1', 'S1-5', null, null, 'Ziele'],
      ['S1', 'S1-6', 'pcs', 250, null],
      ['S1', 'S1-16', '%', 12.5, null],
      ['S1', 'S1-14', 'xyz', 3, null], // invalid: unknown unit
      ['ESRS 2', 'BP-1', null, null, 'Konsolidierungskreis'],
      ['ESRS 2', 'BP-2', null, null, 'Keine Besonderheiten'],
    ]);
    const res = await upload('user', `/api/csrd/csrd-excel-imports/${report.id}/upload-indicators`, {
      file: xlsxPart(filled),
    });
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result.sheets).toEqual([
      { sheet: 'ESRS 2', added: 2, updated: 0, invalid: 0 },
      { sheet: 'E1', added: 7, updated: 1, invalid: 2 },
      { sheet: 'S1', added: 7, updated: 0, invalid: 1 },
    ]);
    expect(result.issues.map((i: { sheet: string; code: string }) => [i.sheet, i.code])).toEqual([
      ['E1', 'invalidNumber'],
      ['E1', 'unknownIndicator'],
      ['S1', 'unknownUnit'],
    ]);
    expect(result.uploadedBy).toBe(a.users.user.id);
    const values = await ok('readonly', 'GET', `/api/csrd/csrd-indicator-values?report=${report.id}`);
    expect(values['hydra:totalItems']).toBe(17);
    expect(
      values['hydra:member'].find((v: { indicator: string }) => v.indicator === 'E1-6').numericValue,
    ).toBe(1234.5);

    // Not the template: other sheets, missing columns, CSV. Nothing is written, no history.
    const other = new ExcelJS.Workbook();
    other.addWorksheet('Tabelle1').addRow(['Code', 'Wert']);
    const noColumns = new ExcelJS.Workbook();
    noColumns.addWorksheet('E1').addRows([
      ['Code', 'Zahlenwert'],
      ['E1-5', 99],
    ]);
    const foreignSheet = new ExcelJS.Workbook();
    foreignSheet.addWorksheet('E2').addRows([
      ['Code', 'Einheit', 'Zahlenwert', 'Textwert'],
      ['E2-1', null, null, 'x'],
    ]);
    for (const bad of [
      xlsxPart(Buffer.from(await other.xlsx.writeBuffer())),
      xlsxPart(Buffer.from(await noColumns.xlsx.writeBuffer())),
      xlsxPart(Buffer.from(await foreignSheet.xlsx.writeBuffer())),
      { fileName: 'werte.csv', contentType: 'text/csv', data: Buffer.from('Code;Zahlenwert\nE1-5;99\n') },
    ]) {
      const r = await upload('user', `/api/csrd/csrd-excel-imports/${report.id}/upload-indicators`, {
        file: bad,
      });
      expect([r.statusCode, r.json().code, r.json().message]).toEqual([
        422,
        50420,
        'ImportFileDoesNotMatchTemplate',
      ]);
    }
    const unchanged = await ok('readonly', 'GET', `/api/csrd/csrd-indicator-values?report=${report.id}`);
    expect(unchanged['hydra:totalItems']).toBe(17);
    expect(
      unchanged['hydra:member'].find((v: { indicator: string }) => v.indicator === 'E1-5').numericValue,
    ).toBe(1500);

    // History: 10 per page, newest first.
    const small = await fill(template, [['E1', 'E1-5', 'MWh', 1, null]]);
    for (let i = 0; i < 10; i++)
      expect(
        (
          await upload('user', `/api/csrd/csrd-excel-imports/${report.id}/upload-indicators`, {
            file: xlsxPart(small, `run-${i}.xlsx`),
          })
        ).statusCode,
      ).toBe(201);
    const page = await ok('readonly', 'GET', `/api/csrd/csrd-excel-imports?report=${report.id}`);
    expect(page['hydra:totalItems']).toBe(11);
    expect(page['hydra:member']).toHaveLength(10);
    expect(page['hydra:member'][0].fileName).toBe('run-9.xlsx');
    const second = await ok('readonly', 'GET', `/api/csrd/csrd-excel-imports?report=${report.id}&page=2`);
    expect(second['hydra:member'].map((i: { fileName: string }) => i.fileName)).toEqual(['indicators.xlsx']);
    expect(
      await refused('readonly', 'POST', `/api/csrd/csrd-excel-imports/${report.id}/upload-indicators`),
    ).toEqual([403, 'readOnly']);
  });

  it('imports a template of another report and an analysis into a report', async () => {
    const source = await ok('user', 'POST', '/api/csrd/csrd-reports', {
      year: 2041,
      categories: [{ id: 'E5' }],
    });
    const file = await ok('readonly', 'GET', `/api/csrd/csrd-reports/${source.id}/get-excel-reports`);
    const filled = await fill(Buffer.from(file.data, 'base64'), [['E5', 'E5-5', 't', 420, null]]);
    const target = await ok('user', 'POST', '/api/csrd/csrd-reports', { year: 2042, categories: [] });
    const res = await upload('user', '/api/csrd/csrd-reports/import', {
      report: target.id,
      file: xlsxPart(filled),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().report.categories).toMatchObject([
      { id: 'ESRS 2', mandatory: true },
      { id: 'E5', mandatory: false, disclosureRequirements: null },
    ]);
    expect(res.json().import.sheets).toEqual([
      { sheet: 'ESRS 2', added: 0, updated: 0, invalid: 0 },
      { sheet: 'E5', added: 1, updated: 0, invalid: 0 },
    ]);
    const { analysis } = await workedAnalysis();
    const withAnalysis = await upload('user', '/api/csrd/csrd-reports/import', {
      report: target.id,
      materialityAnalysis: analysis.id,
    });
    expect(withAnalysis.statusCode).toBe(200);
    expect(withAnalysis.json().report).toMatchObject({
      materialityAnalysisId: analysis.id,
      categories: [
        { id: 'ESRS 2', mandatory: true },
        { id: 'E1', mandatory: true },
        { id: 'E5', mandatory: false },
        { id: 'G1', mandatory: true },
      ],
    });
    expect(withAnalysis.json().import).toBeNull();
    // The report's PDF draws the analysis as a matrix: every scored topic a labelled dot, as in the table.
    const exported = await ok('readonly', 'GET', `/api/csrd/csrd-reports/${target.id}/export`);
    const analysed = (await ok('readonly', 'GET', `/api/csrd/ma-materiality-analyses/${analysis.id}`)) as {
      results: { scope: string; impactScore: number | null; financialScore: number | null }[];
    };
    const lines = pdfText(Buffer.from(exported.data, 'base64')).split('\n');
    const matrix = lines.indexOf('Wesentlichkeitsmatrix');
    expect(matrix).toBeGreaterThan(0);
    const scored = analysed.results.filter((r) => r.impactScore !== null || r.financialScore !== null);
    expect(scored.map((r) => r.scope)).toEqual(['E1', 'E5', 'S1', 'G1']);
    for (const r of scored) expect(lines.indexOf(r.scope, matrix)).toBeGreaterThan(matrix);
    const none = await upload('user', '/api/csrd/csrd-reports/import', { report: target.id });
    expect([none.statusCode, none.json().message]).toEqual([422, 'RequiredInformationMissing']);
    const foreign = await upload('otherAdmin', '/api/csrd/csrd-reports/import', {
      report: target.id,
      materialityAnalysis: analysis.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('report deletion, restore and the sweep', () => {
  it('restores a report within the window and lets the registered sweep purge an expired one', async () => {
    const report = await ok('user', 'POST', '/api/csrd/csrd-reports', {
      year: 2050,
      categories: [{ id: 'E1' }],
    });
    await ok('user', 'PATCH', `/api/csrd/csrd-reports/${report.id}`, { deletedAt: new Date().toISOString() });
    expect(
      await refused('user', 'PATCH', `/api/csrd/csrd-reports/${report.id}/update-scopes`, { categories: [] }),
    ).toEqual([409, 'SaveFailed']);
    expect(
      await refused('user', 'POST', '/api/csrd/csrd-scope-entries', { report: report.id, scope: 'E1' }),
    ).toEqual([409, 'SaveFailed']);
    const restored = await ok('user', 'PATCH', `/api/csrd/csrd-reports/${report.id}`, { deletedAt: null });
    expect(restored.deletedAt).toBeNull();
    await ok('user', 'POST', '/api/csrd/csrd-scope-entries', { report: report.id, scope: 'E1' });

    // A report whose window closed an hour ago: the module's sweep (run by the job queue) removes it.
    await ok('user', 'PATCH', `/api/csrd/csrd-reports/${report.id}`, { deletedAt: 'now' });
    await t.ctx.db
      .update(csrdReports)
      .set({ deletedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(csrdReports.id, report.id));
    await t.ctx.jobs.sweep();
    expect(await refused('readonly', 'GET', `/api/csrd/csrd-reports/${report.id}`)).toEqual([
      404,
      'notFound',
    ]);
  });

  it('needs IRO entries before an analysis presets a report', async () => {
    const empty = await ok('user', 'POST', '/api/csrd/ma-materiality-analyses', {
      name: 'Leer',
      scale: 3,
      threshold: 2,
    });
    expect(await refused('readonly', 'GET', `/api/csrd/csrd-report-initial?maId=${empty.id}`)).toEqual([
      422,
      'CompanyHasNoSettings',
    ]);
  });
});
