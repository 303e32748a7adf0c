import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { jsonCalls, signedIn } from '../../../test/calls.ts';
import { pdfText } from '../../../test/pdf.ts';
import { DISCLOSURE_REQUIREMENTS, drsOf } from './csrd.catalogue.ts';

// Materiality per AR 16 sub-topic (ESRS 1 §30(a)): a material sub-topic brings exactly its
// disclosure requirements, ESRS 2 always applies, the IRO-1-related ones of every topic too (§29).

const { t, a } = appWithCompanies({ a: 'A' });
const tokens = signedIn(t, () => ({ user: a.users.user, readonly: a.users.readonly }));
const { call, json } = jsonCalls(t);

const ESRS2 = drsOf('ESRS 2').map((d) => d.code);

/**
 * Worked example: scale 5, threshold 3. One actual negative impact on E1.3 Energy, scale 4, scope 4,
 * irremediable 4: severity (4 + 4 + 4) / 3 = 4, actual so no likelihood → 4 ≥ 3, material.
 * One potential negative impact on E1.2 mitigation, 2/2/2 at 30 % (band 2 of 5): 2 × 2/5 = 0.8 < 3.
 */
async function energyOnly() {
  const analysis = await json(
    call('POST', '/api/csrd/ma-materiality-analyses', tokens.user, {
      name: 'Nur Energie',
      scale: 5,
      threshold: 3,
    }),
    201,
  );
  const entry = (iro: string, v: Record<string, unknown>) =>
    json(
      call('POST', '/api/csrd/ma-iro-entries', tokens.user, {
        materialityAnalysis: analysis.id,
        iro,
        category: 'negative',
        time: 'short',
        ...v,
      }),
      201,
    );
  await entry('E1.3', { actual: true, entryScale: 4, entryScope: 4, remediability: 4, probability: 100 });
  await entry('E1.2', { entryScale: 2, entryScope: 2, remediability: 2, probability: 30 });
  return analysis as { id: string };
}

describe('materiality per sub-topic', () => {
  it('brings only E1-5 with the ESRS 2 disclosures when only E1 Energy is material', async () => {
    const analysis = await energyOnly();
    const got = await json(call('GET', `/api/csrd/ma-materiality-analyses/${analysis.id}`, tokens.readonly));
    expect(got.matterResults).toEqual([
      { iro: 'E1.2', scope: 'E1', custom: false, impactScore: 0.8, financialScore: null, material: false },
      { iro: 'E1.3', scope: 'E1', custom: false, impactScore: 4, financialScore: null, material: true },
    ]);

    const initial = await json(
      call('GET', `/api/csrd/csrd-report-initial?maId=${analysis.id}`, tokens.readonly),
    );
    expect(initial.categories).toEqual([
      { id: 'ESRS 2', mandatory: true, disclosureRequirements: ESRS2 },
      { id: 'E1', mandatory: true, disclosureRequirements: ['E1.GOV-3', 'E1.SBM-3', 'E1.IRO-1', 'E1-5'] },
    ]);
    expect(ESRS2).toHaveLength(16);
    expect(initial.processDisclosures).toEqual(['E2.IRO-1', 'E3.IRO-1', 'E4.IRO-1', 'E5.IRO-1', 'G1.IRO-1']);

    // The report owes 16 + 4 requirements; the template and the scopes list only those.
    const report = await json(
      call('POST', '/api/csrd/csrd-reports', tokens.user, { year: 2061, maId: analysis.id, categories: [] }),
      201,
    );
    const scopes = await json(call('GET', `/api/csrd/csrd-reports/${report.id}/scopes`, tokens.readonly));
    expect(scopes['hydra:member'].map((s: { id: string; total: number }) => [s.id, s.total])).toEqual([
      ['ESRS 2', 16],
      ['E1', 4],
    ]);
    const file = await json(
      call('GET', `/api/csrd/csrd-reports/${report.id}/get-excel-reports`, tokens.readonly),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data, 'base64') as never);
    const codes = (sheet: string) =>
      wb
        .getWorksheet(sheet)!
        .getColumn(1)
        .values.filter((v) => typeof v === 'string')
        .slice(1);
    expect(codes('E1')).toEqual(['E1.GOV-3', 'E1.SBM-3', 'E1.IRO-1', 'E1-5']);
    expect(wb.getWorksheet('E1')!.getCell('B5').value).toBe('Energieverbrauch und Energiemix');

    // A value entered for a requirement the topic does not owe stays visible, marked voluntary.
    const entryOf = await json(
      call('POST', '/api/csrd/csrd-scope-entries', tokens.user, { report: report.id, scope: 'E1' }),
      201,
    );
    await json(
      call('POST', '/api/csrd/csrd-indicator-values', tokens.user, {
        scopeEntry: entryOf.id,
        indicator: 'E1-8',
        textValue: 'Kein interner CO2-Preis.',
      }),
      201,
    );

    // The German PDF: every title German, no English requirement title, the §29 list at the end.
    const pdf = await json(call('GET', `/api/csrd/csrd-reports/${report.id}/export`, tokens.readonly));
    const text = pdfText(Buffer.from(pdf.data, 'base64')).replace(/-\n/g, '-').replace(/\s+/g, ' ');
    expect(text).toContain('E1-5 Energieverbrauch und Energiemix');
    expect(text).toContain('E1-8 Interne CO2-Bepreisung');
    expect(text).toContain('freiwillig (nicht aus der Wesentlichkeitsanalyse)');
    expect(text).not.toContain('E1-6 THG');
    expect(text).toContain('Unabhängig von der Wesentlichkeit anzugeben (ESRS 1 §29)');
    expect(text).toContain('E2.IRO-1 Beschreibung der Verfahren');
    for (const d of DISCLOSURE_REQUIREMENTS) expect(text).not.toContain(d.title);
  });

  it('names the matters and their requirements in the request language', async () => {
    const analysis = await energyOnly();
    const de = await json(
      call('GET', `/api/csrd/ma-materiality-analyses/${analysis.id}/inventory`, tokens.readonly),
    );
    const energy = de.items.find((i: { id: string }) => i.id === 'E1.3');
    expect(energy).toMatchObject({ name: 'Energie', topic: 'Klimawandel', disclosureRequirements: ['E1-5'] });
    const en = await json(
      call(
        'GET',
        `/api/csrd/ma-materiality-analyses/${analysis.id}/inventory`,
        tokens.readonly,
        undefined,
        'en',
      ),
    );
    expect(en.items.find((i: { id: string }) => i.id === 'E1.3')).toMatchObject({
      name: 'Energy',
      topic: 'Climate change',
    });
    // The analysis export names the IROs in the reader's language as well.
    const file = await json(
      call('GET', `/api/csrd/ma-materiality-analyses/${analysis.id}/export`, tokens.readonly),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data, 'base64') as never);
    const names = wb.getWorksheet('IRO-Einträge')!.getColumn(2).values.slice(2);
    expect(names).toEqual(['Energie', 'Klimaschutz']);
  });
});
