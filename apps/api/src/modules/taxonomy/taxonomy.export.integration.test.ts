import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaxDashboardStats } from '@klimadesk/contract';
import { appWithCompanies } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { pdfText } from '../../../test/pdf.ts';
import { createTaxActivity, createTaxWorkedExample, taxActivityBody } from '../../../test/taxonomy.ts';

/** The overview's Excel and report exports (seed 001 §2, §4, §7, §8) on the KPI worked example of issue 20. */
const f = appWithCompanies({ a: 'TaxExportA', b: 'TaxExportB' });

async function as(email: string) {
  const token = await f.t.login(email);
  return (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, lang = 'de') =>
    f.t.call({ method, url, token, payload: payload as never, headers: { 'accept-language': lang } });
}

/** One GET as the user with this email. */
const getAs = async (email: string, url: string, lang?: string) =>
  (await as(email))('GET', url, undefined, lang);

let solarId = '';
let solarCriterionId = '';
let yearId = '';

/**
 * Issue 20's worked example (apps/api/test/taxonomy.ts): financial year 2024 with turnover 10 M EUR,
 * CapEx 2 M, OpEx 1 M and all 14 minimum safeguards; finished: solar park (4.1, aligned, 3 M / 0.8 M /
 * 0.2 M), fleet (6.5, DNSH water fails, 2 M / 0.5 M / 0.3 M), office building (7.7 assessed for BIO, not
 * eligible, 1.5 M / 0.1 M / 0.05 M); here also an open activity (3.5 M turnover, its criteria passed),
 * which the exports count as the dashboard does and name as unfinished (issue 34).
 * Hand-computed: turnover eligible (3 + 2 + 3.5) / 10 = 85 %, aligned (3 + 3.5) / 10 = 65 %, not
 * eligible 15 %; CapEx eligible 1.3 / 2 = 65 %, aligned 0.8 / 2 = 40 %, not eligible 35 %;
 * OpEx eligible (0.2 + 0.3) / 1 = 50 %, aligned 0.2 / 1 = 20 %, not eligible 50 %.
 */
beforeAll(async () => {
  const example = await createTaxWorkedExample(f.t, f.a);
  yearId = example.year.id;
  solarId = example.aligned.id;
  solarCriterionId = example.aligned.activityCriteria[0].id;
  const user = await f.t.login(f.a.users.user.email);
  await createTaxActivity(
    f.t,
    user,
    taxActivityBody(yearId, {
      name: 'Solarpark Süd (in Arbeit)',
      turnover: 3_500_000,
      capex: 0,
      opex: 0,
      status: 'open',
    }),
  );
});

const kpiRow = (text: string, name: string) => {
  const lines = text.split('\n');
  const i = lines.indexOf(name);
  return lines.slice(i, i + 5);
};
const pct = (de: string) => `${de}\u00a0%`;

describe('report export', () => {
  it('shows the dashboard’s hand-computed shares in the PDF and names the unfinished activity (German)', async () => {
    const res = await getAs(f.a.users.readonly.email, '/api/tax/tax-activity-overviews/export/report');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="eu-taxonomie-bericht-\d{4}-\d\d-\d\d\.pdf"$/,
    );
    const text = pdfText(res.rawPayload);
    expect(kpiRow(text, 'Umsatz')).toEqual([
      'Umsatz',
      '10.000.000,00',
      pct('85,00'),
      pct('65,00'),
      pct('15,00'),
    ]);
    expect(kpiRow(text, 'CapEx')).toEqual([
      'CapEx',
      '2.000.000,00',
      pct('65,00'),
      pct('40,00'),
      pct('35,00'),
    ]);
    expect(kpiRow(text, 'OpEx')).toEqual(['OpEx', '1.000.000,00', pct('50,00'), pct('20,00'), pct('50,00')]);
    expect(text).toContain('Firma TaxExportA GmbH');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Solarpark Nord CCM 4.1 3.000.000,00');
    expect(flat).toContain('Solarpark Süd (in Arbeit) (Bewertung nicht abgeschlossen) CCM 4.1 3.500.000,00');
    // The same figures as the dashboard over the same year.
    const dash = (
      await getAs(f.a.users.readonly.email, '/api/tax/tax-activity-dashboard-stats?years=2024')
    ).json<TaxDashboardStats>();
    expect([dash.kpis.turnover.eligible, dash.kpis.turnover.conformShare]).toEqual([0.85, 0.65]);
    expect([dash.kpis.capex.eligible, dash.kpis.opex.eligible]).toEqual([0.65, 0.5]);
  });

  it('writes English numbers and the company name asked for', async () => {
    const res = await getAs(
      f.a.users.user.email,
      '/api/tax/tax-activity-overviews/export/report?withFiles=0&years=2024&companyName=Example%20plc',
      'en',
    );
    const text = pdfText(res.rawPayload);
    expect(kpiRow(text, 'Turnover')).toEqual(['Turnover', '10,000,000.00', '85.00%', '65.00%', '15.00%']);
    expect(text).toContain('Example plc');
  });

  it('zips the PDF with every file of the exported activities', async () => {
    const user = await f.t.login(f.a.users.user.email);
    const admin = await f.t.login(f.a.users.admin.email);
    const upload = async (type: string, id: string, fileName: string, content: string, token = user) => {
      const { headers, body } = multipart({
        id,
        type,
        note: 'Nachweis',
        file: { fileName, contentType: 'text/plain', data: Buffer.from(content) },
      });
      const res = await f.t.call({
        method: 'POST',
        url: '/api/tax/files',
        token,
        headers,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await upload('activity', solarId, 'Netzanschluss.txt', 'Netzanschlussvertrag 2025');
    await upload('criteria', solarCriterionId, 'Lebenszyklus.txt', 'Lebenszyklusanalyse');
    // The year's own evidence (kept by the tax admin) goes in too.
    await upload('financialYear', yearId, 'Prüfbericht.txt', 'Prüfbericht 2024', admin);
    const res = await f.t.call({
      method: 'GET',
      url: '/api/tax/tax-activity-overviews/export/report?withFiles=1',
      token: user,
      headers: { 'accept-language': 'de' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    const pdfName = names.find((n) => /^eu-taxonomie-bericht-\d{4}-\d\d-\d\d\.pdf$/.test(n));
    expect(pdfName).toBeDefined();
    const pdf = await zip.file(pdfName as string)!.async('nodebuffer');
    expect(kpiRow(pdfText(pdf), 'Umsatz')[3]).toBe(pct('65,00'));
    const folder = `2024/Solarpark Nord (${solarId.slice(0, 8)})`;
    expect(names.sort()).toEqual(
      [
        pdfName,
        '2024/Geschäftsjahr/Prüfbericht.txt',
        `${folder}/Tätigkeit/Netzanschluss.txt`,
        `${folder}/Kriterium/Lebenszyklus.txt`,
      ].sort(),
    );
    expect(await zip.file(`${folder}/Tätigkeit/Netzanschluss.txt`)!.async('string')).toBe(
      'Netzanschlussvertrag 2025',
    );
  });
});

describe('Excel export', () => {
  it('writes the activities with real numbers, the KPIs and the Annex II templates', async () => {
    const res = await getAs(
      f.a.users.readonly.email,
      '/api/tax/tax-activity-overviews/export/excel?companyName=M%C3%BCller%20%26%20S%C3%B6hne%20GmbH',
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file.fileName).toMatch(/^eu-taxonomy-Muller-Sohne-GmbH-\d{4}-\d\d-\d\d\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data, 'base64') as never);
    const activities = wb.getWorksheet('Activities')!;
    const header = (activities.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual([
      'Name',
      'Financial year',
      'NACE code',
      'EU activity (key)',
      'EU activity',
      'Status',
    ]);
    const rows = [2, 3, 4, 5].map((r) => (activities.getRow(r).values as unknown[]).slice(1));
    expect(activities.rowCount).toBe(5);
    const byName = new Map(rows.map((r) => [r[0], r]));
    const col = (name: string) => header.indexOf(name);
    const solar = byName.get('Solarpark Nord')!;
    expect([
      solar[col('Financial year')],
      solar[col('Status')],
      solar[col('Aligned')],
      solar[col('Turnover (EUR)')],
    ]).toEqual([2024, 'finished', 'yes', 3_000_000]);
    expect(byName.get('Fuhrpark')![col('Eligible')]).toBe('yes');
    expect(byName.get('Fuhrpark')![col('Aligned')]).toBe('no');
    expect(byName.get('Bürogebäude')![col('Eligible')]).toBe('no');
    expect(byName.get('Solarpark Süd (in Arbeit)')![col('Status')]).toBe('open');

    const kpis = wb.getWorksheet('KPIs')!;
    const kpiHeader = (kpis.getRow(1).values as unknown[]).slice(1);
    const turnover = (kpis.getRow(2).values as unknown[]).slice(1);
    const capex = (kpis.getRow(3).values as unknown[]).slice(1);
    const at = (row: unknown[], name: string) => row[kpiHeader.indexOf(name)];
    expect([
      at(turnover, 'KPI'),
      at(turnover, 'Eligible share (%)'),
      at(turnover, 'Aligned share (%)'),
    ]).toEqual(['Turnover', 85, 65]);
    expect([
      at(capex, 'Eligible (EUR)'),
      at(capex, 'Aligned (EUR)'),
      at(capex, 'Eligible share (%)'),
    ]).toEqual([1_300_000, 800_000, 65]);
    expect(at(turnover, 'Aligned CCM (EUR)')).toBe(6_500_000);
    expect(at(turnover, 'Eligible CCM (EUR)')).toBe(8_500_000);

    // The Annex II template of the turnover KPI, from the model the PDF prints, every column in order.
    const template = wb.getWorksheet('2024 Turnover')!;
    expect((template.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Economic Activities',
      'Code',
      'Turnover (EUR)',
      'Proportion of Turnover, year N (%)',
      ...[
        'Climate Change Mitigation',
        'Climate Change Adaptation',
        'Water',
        'Pollution',
        'Circular Economy',
        'Biodiversity',
      ].map((o) => `Substantial contribution criteria: ${o}`),
      ...[
        'Climate Change Mitigation',
        'Climate Change Adaptation',
        'Water',
        'Pollution',
        'Circular Economy',
        'Biodiversity',
      ].map((o) => `DNSH: ${o}`),
      'Minimum Safeguards',
      'Proportion of Taxonomy-aligned (A.1.) or -eligible (A.2.) Turnover, year N-1 (%)',
      'Category enabling activity',
      'Category transitional activity',
    ]);
    const lines = template.getSheetValues().slice(2) as unknown[][];
    const line = (label: string) => lines.find((l) => l?.[1] === label)!.slice(1);
    expect(line('Solarpark Nord')).toEqual([
      'Solarpark Nord',
      'CCM 4.1',
      3_000_000,
      30,
      'Y',
      'N',
      'N/EL',
      'N/EL',
      'N/EL',
      'N/EL',
      ...Array(7).fill('Y'),
    ]);
    expect(line('Fuhrpark').slice(0, 4)).toEqual(['Fuhrpark', 'CCM 6.5', 2_000_000, 20]);
    expect(line('Solarpark Süd (in Arbeit) (assessment not finished)').slice(2, 4)).toEqual([3_500_000, 35]);
    expect(line('Turnover of Taxonomy-non-eligible activities').slice(2, 4)).toEqual([1_500_000, 15]);
  });
});

describe('empty export and access', () => {
  it('answers 50100 when no finished activity matches the filters', async () => {
    const reader = await as(f.a.users.readonly.email);
    for (const url of [
      '/api/tax/tax-activity-overviews/export/excel?years=2023',
      '/api/tax/tax-activity-overviews/export/report?years=2023',
    ]) {
      const res = await reader('GET', url);
      expect([res.statusCode, res.json()]).toEqual([422, { code: 50100, message: 'TaxExportEmpty' }]);
    }
    // Another company sees none of company A's activities: its export is empty too.
    const other = await as(f.b.users.readonly.email);
    const res = await other('GET', '/api/tax/tax-activity-overviews/export/report?withFiles=1');
    expect(res.json()).toEqual({ code: 50100, message: 'TaxExportEmpty' });
  });

  it('refuses users without a taxonomy role', async () => {
    const external = await as(f.a.users.external.email);
    expect((await external('GET', '/api/tax/tax-activity-overviews/export/report')).statusCode).toBe(403);
    expect((await external('GET', '/api/tax/tax-activity-overviews/export/excel')).statusCode).toBe(403);
  });
});
