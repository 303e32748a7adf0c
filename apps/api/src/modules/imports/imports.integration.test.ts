import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, signedIn } from '../../../test/calls.ts';
import { createCfcReport } from '../../../test/cfc.ts';
import { importRunOf } from '../../../test/import-runs.ts';
import { type FilePart, postForm } from '../../../test/multipart.ts';
import { rowsOf } from '../../platform/db/index.ts';

// The import kit (issue 38): every moved import runs as a job with progress, cancel, row issues and
// their download, and writes all of its rows or none.

const { t, a } = appWithCompanies({ a: 'Kit' });
const tk = signedIn(t, () => ({ admin: a.users.admin, user: a.users.user, other: a.users.cftAdmin }));
const YEAR = new Date().getUTCFullYear();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const csv = (text: string, fileName = 'fahrzeuge.csv'): FilePart => ({
  fileName,
  contentType: 'text/csv',
  data: Buffer.from(text),
});
const xlsx = async (rows: unknown[][], fileName = 'datei.xlsx'): Promise<FilePart> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Daten');
  for (const r of rows) ws.addRow(r);
  return { fileName, contentType: XLSX, data: Buffer.from(await wb.xlsx.writeBuffer()) };
};

const count = async (table: string) =>
  rowsOf<{ n: number }>(
    await t.ctx.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${a.id}`,
    ),
  )[0].n;
const keptFiles = () => count('import_run_files');
const get = (url: string, token = tk.user, lang = 'de') =>
  t.call({ method: 'GET', url, token, headers: { 'accept-language': lang } });

/** Sends a form to an import route: the 202 answer and the run once its job ran. */
async function imported(url: string, parts: Record<string, FilePart | string>, token = tk.user) {
  const res = await postForm(t, url, token, parts);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ status: 'queued', progress: 0, result: null, issues: [] });
  return importRunOf(t, token, res);
}

beforeAll(async () => {
  // Once a company books one module it uses only its booked ones: all three here.
  for (const module of ['cft', 'cfc', 'csrd'] as const)
    await bookTariff(t, a.id, { module, type: 'default', name: module }, { beginDate: `${YEAR - 1}-01-01` });
});

afterEach(() => {
  for (const queue of [
    'import-vehicles',
    'import-cfcEntries',
    'import-emissionFactors',
    'import-csrdIndicators',
  ])
    t.ctx.jobs.onCheckpoint(queue, null);
});

describe('vehicle import on the kit', () => {
  const TITLES = 'Kennzeichen *;GLEC-Fahrzeugtyp *;Beschreibung';

  it('answers 202 with the run, then the counts once the job wrote the rows', async () => {
    const before = await count('vehicles');
    const run = await imported('/api/vehicles/import', {
      file: csv(
        `${TITLES}\nKIT-1;road_in_tractor_30_60t_diesel;Sattelzug\nKIT-2;road_in_tractor_30_60t_diesel;\n`,
      ),
    });
    expect(run).toMatchObject({
      kind: 'vehicles',
      fileName: 'fahrzeuge.csv',
      status: 'done',
      progress: 100,
      result: { created: 2, updated: 0 },
      error: null,
      issues: [],
      issueCount: 0,
    });
    expect(await count('vehicles')).toBe(before + 2);
    // The kept file goes with the end of the run.
    expect(await keptFiles()).toBe(0);
  });

  it('keeps the row issues of a refused file, offers them as xlsx and csv, and writes nothing', async () => {
    const before = await count('vehicles');
    const run = await imported('/api/vehicles/import', {
      file: csv(
        `${TITLES}\nKIT-3;road_in_tractor_30_60t_diesel;\nKIT-4;ship;\nKIT-3;road_in_tractor_30_60t_diesel;\n`,
      ),
    });
    expect(run.status).toBe('failed');
    // The error body the synchronous route answered, and the same rows as the kit's issues.
    expect(run.error).toMatchObject({ message: 'importFailed', detail: { errors: expect.any(Array) } });
    expect(run.issues).toEqual([
      { row: 3, column: 'glecVehicleType', code: 'InvalidGlecType', value: null },
      { row: 4, column: 'licensePlate', code: 'LicensePlateExists', value: null },
    ]);
    expect(run.issueCount).toBe(2);
    expect(await count('vehicles')).toBe(before);

    const xlsxRes = await get(`/api/import-runs/${run.id}/issues`);
    expect(xlsxRes.statusCode).toBe(200);
    expect(xlsxRes.json().fileName).toBe('fahrzeuge-fehler.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(xlsxRes.json().data, 'base64') as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Zeile', 'Spalte', 'Wert', 'Code']);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual([
      3,
      'glecVehicleType',
      undefined,
      'InvalidGlecType',
    ]);

    const csvRes = await get(`/api/import-runs/${run.id}/issues?format=csv`, tk.user, 'en');
    expect(csvRes.json()).toMatchObject({ fileName: 'fahrzeuge-issues.csv', mimeType: 'text/csv' });
    expect(Buffer.from(csvRes.json().data, 'base64').toString('utf8')).toBe(
      '\uFEFFRow,Column,Value,Code\r\n3,glecVehicleType,,InvalidGlecType\r\n4,licensePlate,,LicensePlateExists\r\n',
    );
  });

  it('cancels a queued import: its job never runs', async () => {
    const before = await count('vehicles');
    const res = await postForm(t, '/api/vehicles/import', tk.user, {
      file: csv(`${TITLES}\nKIT-5;road_in_tractor_30_60t_diesel;\n`),
    });
    const id = res.json().id;
    const cancelled = await t.call({ method: 'POST', url: `/api/import-runs/${id}/cancel`, token: tk.user });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', result: null });
    await t.ctx.jobs.drain();
    expect((await get(`/api/import-runs/${id}`)).json().status).toBe('cancelled');
    expect(await count('vehicles')).toBe(before);
    expect(await keptFiles()).toBe(0);
    // An ended run cannot be cancelled again.
    const again = await t.call({ method: 'POST', url: `/api/import-runs/${id}/cancel`, token: tk.user });
    expect([again.statusCode, again.json().message]).toEqual([409, 'notInProgress']);
  });

  it('rolls the write back when the cancel comes while the rows are being checked', async () => {
    const before = await count('vehicles');
    t.ctx.jobs.onCheckpoint('import-vehicles', async (name, runId) => {
      if (name !== 'beforeWrite') return;
      const res = await t.call({
        method: 'POST',
        url: `/api/import-runs/${String(runId)}/cancel`,
        token: tk.user,
      });
      expect(res.statusCode).toBe(200);
    });
    const res = await postForm(t, '/api/vehicles/import', tk.user, {
      file: csv(`${TITLES}\nKIT-6;road_in_tractor_30_60t_diesel;\nKIT-7;road_in_tractor_30_60t_diesel;\n`),
    });
    const run = await importRunOf(t, tk.user, res);
    expect(run).toMatchObject({ status: 'cancelled', result: null });
    expect(await count('vehicles')).toBe(before);
  });

  it('refuses a file of another type in the request, and a file not from the template in the job', async () => {
    const pdf = await postForm(t, '/api/vehicles/import', tk.user, {
      file: { fileName: 'fahrzeuge.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    });
    expect([pdf.statusCode, pdf.json().message]).toEqual([415, 'invalidFileType']);
    const plain = await imported('/api/vehicles/import', {
      file: await xlsx([
        ['Kennzeichen', 'GLEC-Fahrzeugtyp'],
        ['KIT-8', 'road_in_tractor_30_60t_diesel'],
      ]),
    });
    expect(plain).toMatchObject({ status: 'failed', error: { message: 'NoConfigFound' }, issueCount: 0 });
  });

  it('shows a run only to the user who started it', async () => {
    const run = await imported('/api/vehicles/import', {
      file: csv(`${TITLES}\nKIT-9;road_in_tractor_30_60t_diesel;\n`),
    });
    for (const url of [`/api/import-runs/${run.id}`, `/api/import-runs/${run.id}/issues`])
      expect((await get(url, tk.other)).statusCode).toBe(404);
  });
});

describe('CFC entry import on the kit', () => {
  let report: Json;
  beforeAll(async () => {
    ({ report } = await createCfcReport(t, tk.admin, { year: YEAR }));
  });
  const fields = () => ({ report: report.id, section: 'waste-solid', replace: 'false' });
  const template = async () => {
    const res = await get(`/api/cfc/reports/export-entries/${report.id}/waste-solid`, tk.admin);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    return wb;
  };

  it('keeps the per-field issues of a bad row with the quoted cell, and writes nothing', async () => {
    const wb = await template();
    const ws = wb.worksheets[0];
    const titles = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const row = titles.map((title) => ({ 'Menge *': 'viel', 'Einheit *': 't' })[title] ?? null);
    ws.addRow(row);
    const file = {
      fileName: 'abfall.xlsx',
      contentType: XLSX,
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    };
    const run = await imported('/api/cfc/reports/import', { ...fields(), file }, tk.admin);
    expect(run).toMatchObject({ status: 'failed', error: { message: 'cfcImportFailed' } });
    expect(run.issues).toContainEqual({ row: 2, column: 'Menge *', code: 'invalidAmount', value: 'viel' });
    expect(await count('cfc_entries')).toBe(0);
  });

  it('refuses csv in the request and an unreadable workbook in the job', async () => {
    const sent = await postForm(t, '/api/cfc/reports/import', tk.admin, {
      ...fields(),
      file: csv('a;b\n', 'abfall.csv'),
    });
    expect([sent.statusCode, sent.json().message]).toEqual([415, 'invalidFileType']);
    const broken = {
      fileName: 'abfall.xlsx',
      contentType: XLSX,
      data: Buffer.from('PK\u0003\u0004 kein Archiv'),
    };
    const run = await imported('/api/cfc/reports/import', { ...fields(), file: broken }, tk.admin);
    expect(run).toMatchObject({ status: 'failed', error: { message: 'cfcImportFailed' } });
    expect(run.issues).toEqual([{ row: 1, column: null, code: 'fileReadError', value: 'abfall.xlsx' }]);
  });

  it('cancels a queued import', async () => {
    const file = {
      fileName: 'abfall.xlsx',
      contentType: XLSX,
      data: Buffer.from(await (await template()).xlsx.writeBuffer()),
    };
    const res = await postForm(t, '/api/cfc/reports/import', tk.admin, { ...fields(), file });
    const cancel = await t.call({
      method: 'POST',
      url: `/api/import-runs/${res.json().id}/cancel`,
      token: tk.admin,
    });
    expect(cancel.json().status).toBe('cancelled');
    expect((await importRunOf(t, tk.admin, res)).status).toBe('cancelled');
  });
});

describe('factor import on the kit', () => {
  const TITLES = 'Aktivität (ID oder interner Name) *;Basiseinheit *;kg CO2e je Einheit *;Gültig ab *';

  it('keeps the coded row issues and writes nothing', async () => {
    const before = await count('emission_factors');
    const run = await imported('/api/emission-factors/import', {
      file: csv(`${TITLES}\nkeine-solche-aktivität;kWh;0,3;01.01.2030\n`, 'faktoren.csv'),
    });
    expect(run).toMatchObject({ status: 'failed', error: { message: 'importFailed' } });
    expect(run.issues).toContainEqual({ row: 2, column: 'activity', code: 'activityNotFound', value: null });
    expect(await count('emission_factors')).toBe(before);
  });

  it('refuses an empty file in the job and a pdf in the request; a queued import cancels', async () => {
    const empty = await postForm(t, '/api/emission-factors/import', tk.user, {
      file: csv(`${TITLES}\n`, 'faktoren.csv'),
    });
    // An empty file is refused by the checks, before the write (and its cancel) is reached.
    expect((await importRunOf(t, tk.user, empty)).issues).toEqual([
      { row: 2, column: null, code: 'emptyFile', value: null },
    ]);
    const pdf = await postForm(t, '/api/emission-factors/import', tk.user, {
      file: { fileName: 'faktoren.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    });
    expect(pdf.statusCode).toBe(415);
    const res = await postForm(t, '/api/emission-factors/import', tk.user, {
      file: csv(`${TITLES}\nkeine-solche-aktivität;kWh;0,3;01.01.2030\n`, 'faktoren.csv'),
    });
    await t.call({ method: 'POST', url: `/api/import-runs/${res.json().id}/cancel`, token: tk.user });
    expect((await importRunOf(t, tk.user, res)).status).toBe('cancelled');
  });
});

describe('CSRD indicator import on the kit', () => {
  let reportId: string;
  beforeAll(async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/csrd/csrd-reports',
      token: tk.admin,
      payload: { year: YEAR + 3, categories: [{ id: 'E1' }] },
    });
    expect(res.statusCode).toBe(201);
    reportId = res.json().id;
  });
  const url = () => `/api/csrd/csrd-excel-imports/${reportId}/upload-indicators`;

  it('refuses a workbook that is not the template in the job, writing nothing', async () => {
    const run = await imported(url(), { file: await xlsx([['Spalte'], ['Wert']], 'kennzahlen.xlsx') });
    expect(run).toMatchObject({
      status: 'failed',
      error: { message: 'ImportFileDoesNotMatchTemplate', detail: { reason: 'sheet' } },
    });
    expect(await count('csrd_excel_imports')).toBe(0);
  });

  it('imports the template and records the import; a cancelled one records nothing', async () => {
    const tpl = await get(`/api/csrd/csrd-reports/${reportId}/get-excel-reports`);
    expect(tpl.statusCode, tpl.body).toBe(200);
    const file = {
      fileName: 'kennzahlen.xlsx',
      contentType: XLSX,
      data: Buffer.from(tpl.json().data, 'base64'),
    };
    const run = await imported(url(), { file });
    expect(run).toMatchObject({ status: 'done', result: { reportId, fileName: 'kennzahlen.xlsx' } });
    expect(await count('csrd_excel_imports')).toBe(1);
    const res = await postForm(t, url(), tk.user, { file });
    await t.call({ method: 'POST', url: `/api/import-runs/${res.json().id}/cancel`, token: tk.user });
    expect((await importRunOf(t, tk.user, res)).status).toBe('cancelled');
    expect(await count('csrd_excel_imports')).toBe(1);
  });
});

describe('retention of finished runs', () => {
  it('removes runs that ended more than 90 days ago and keeps newer and active ones', async () => {
    const insert = (status: string, finishedDaysAgo: number | null) =>
      t.ctx.db.execute(sql`
        insert into import_runs (company_id, kind, status, params, finished_at)
        values (${a.id}, 'vehicles', ${status}, '{}'::jsonb,
          ${finishedDaysAgo === null ? null : sql`now() - make_interval(days => ${finishedDaysAgo})`})
        returning id`);
    const ids = async (...runs: ReturnType<typeof insert>[]) =>
      (await Promise.all(runs)).map((r) => rowsOf<{ id: string }>(r)[0].id);
    const [old, oldFailed, recent, running] = await ids(
      insert('done', 91),
      insert('failed', 120),
      insert('done', 89),
      insert('running', null),
    );
    // Through the queue's sweep, as the running process does every 30 s.
    await t.ctx.jobs.sweep();
    const left = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`select id from import_runs where company_id = ${a.id}`),
    ).map((r) => r.id);
    expect(left).not.toContain(old);
    expect(left).not.toContain(oldFailed);
    expect(left).toEqual(expect.arrayContaining([recent, running]));
  });
});
