import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { CsrdReport, ExcelImport } from '@klimadesk/contract/csrd/schemas';
import { webTexts } from '../../test/messages.ts';
import { stubApi, type Call } from '../../test/emissions.tsx';
import { answer, errorAnswer, listFixture } from '../../test/fixtures.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { ImportResult } from './ImportResult.tsx';
import { MaterialityDialog } from './MaterialityDialog.tsx';
import { ReportCreateDialog } from './ReportDialogs.tsx';
import { pathOf } from '../../app/client.ts';
import { materialityAnalysisFixture } from './csrdFixtures.ts';

const deCsrd = webTexts.de.csrd;
const enCsrd = webTexts.en.csrd;

const MA_ID = '11111111-1111-4111-8111-111111111111';
const analysis = materialityAnalysisFixture({
  id: MA_ID,
  name: 'Analyse Spedition',
  sectors: ['H'],
  iroEntryCount: 2,
});
const report: CsrdReport = {
  id: '22222222-2222-4222-8222-222222222222',
  year: 2026,
  materialityAnalysisId: MA_ID,
  materialityAnalysisName: analysis.name,
  categories: [],
  standardVersion: 'esrs-2023',
  employees: null,
  netRevenueCents: null,
  balanceSheetCents: null,
  isPublicInterest: null,
  deletedAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

let calls: Call[];
let createAnswer: () => Response;
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.startsWith(path));

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'csrd', deCsrd, true, true);
  i18n.addResourceBundle('en', 'csrd', enCsrd, true, true);
});

beforeEach(async () => {
  await i18n.changeLanguage('de');
  createAnswer = () =>
    answer('createCsrdReport', { ...report, categories: [{ id: 'ESRS 2', mandatory: true }] });
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('csrdScopes'))) return answer('csrdScopes', listFixture('csrdScopes', []));
    if (url.startsWith(pathOf('maSectors')))
      return answer(
        'maSectors',
        listFixture('maSectors', [{ id: 'H', name: 'Transportation and storage', divisions: '49-53' }]),
      );
    if (url.startsWith(pathOf('createMaterialityAnalysis')) && call.method === 'GET')
      return answer('materialityAnalyses', listFixture('materialityAnalyses', [analysis]));
    if (url.startsWith(pathOf('createMaterialityAnalysis')) && call.method === 'POST')
      return answer('createMaterialityAnalysis', { ...analysis, ...(call.body as object) });
    if (url.startsWith(pathOf('csrdReportInitial')))
      return answer('csrdReportInitial', {
        materialityAnalysisId: MA_ID,
        categories: [
          { id: 'ESRS 2', mandatory: true },
          { id: 'E1', mandatory: true },
          { id: 'G1', mandatory: true },
        ],
        results: [],
      });
    if (url.startsWith(pathOf('createCsrdReport')) && call.method === 'POST') return createAnswer();
    return undefined;
  });
});

const checkbox = (scope: string) =>
  within(screen.getByTestId(`scope-pick-${scope}`)).getByRole('checkbox') as HTMLInputElement;

describe('report create dialog', () => {
  it('preselects the material topics of the analysis as mandatory and sends them with the chosen extra topic', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <ReportCreateDialog onClose={() => {}} onCreated={() => {}} />);
    // Without an analysis only ESRS 2 is set, and it is locked (ESRS 1 §29).
    await waitFor(() => expect(checkbox('ESRS 2').checked).toBe(true));
    expect(checkbox('ESRS 2').disabled).toBe(true);
    expect(checkbox('E1').checked).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Wesentlichkeitsanalyse' }));
    await user.click(await screen.findByRole('option', { name: 'Analyse Spedition' }));
    await waitFor(() => expect(checkbox('E1').checked).toBe(true));
    expect(checkbox('E1').disabled).toBe(true);
    expect(checkbox('G1').disabled).toBe(true);
    expect(screen.getByText(/3 Themen sind aus der Analyse Pflicht/)).toBeTruthy();
    // A click on a mandatory topic changes nothing; an optional one can be added.
    await user.click(checkbox('S1'));
    expect(checkbox('S1').checked).toBe(true);

    await user.clear(screen.getByTestId('report-year'));
    await user.type(screen.getByTestId('report-year'), '2027');
    await user.click(screen.getByTestId('report-save'));
    await waitFor(() => expect(posts(pathOf('createCsrdReport'))).toHaveLength(1));
    expect(posts(pathOf('createCsrdReport'))[0].body).toEqual({
      year: 2027,
      maId: MA_ID,
      categories: [
        { id: 'ESRS 2', mandatory: true },
        { id: 'E1', mandatory: true },
        { id: 'S1', mandatory: false },
        { id: 'G1', mandatory: true },
      ],
    });
  });

  it('keeps the refusal of a second report for the year in the dialog', async () => {
    createAnswer = () => errorAnswer('ReportForYearExists');
    const user = userEvent.setup();
    await renderScreen(() => <ReportCreateDialog onClose={() => {}} onCreated={() => {}} />);
    await user.click(await screen.findByTestId('report-save'));
    expect((await screen.findByTestId('report-error')).textContent).toContain(
      'Für dieses Jahr gibt es bereits einen Bericht.',
    );
  });

  it('accepts no year outside 1900 to 2100', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <ReportCreateDialog onClose={() => {}} onCreated={() => {}} />);
    await user.clear(await screen.findByTestId('report-year'));
    await user.type(screen.getByTestId('report-year'), '2101');
    expect(screen.getByText('Ein Jahr von 1900 bis 2100.')).toBeTruthy();
    expect((screen.getByTestId('report-save') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('materiality dialog', () => {
  it('refuses a threshold above the upper limit before sending, and sends German decimals as numbers', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <MaterialityDialog analysis={null} onClose={() => {}} />);
    await user.type(await screen.findByTestId('analysis-name'), 'Analyse 2027');
    await user.type(screen.getByRole('textbox', { name: 'Obergrenze' }), '4');
    await user.type(screen.getByTestId('analysis-threshold'), '4,5');
    await user.click(screen.getByTestId('analysis-save'));
    // Scale 1–5 with upper limit 4: a threshold of 4,5 lies above it.
    expect(await screen.findByText('Der Grenzwert ist kleiner als der Schwellenwert.')).toBeTruthy();
    expect(posts(pathOf('createMaterialityAnalysis'))).toHaveLength(0);

    await user.clear(screen.getByTestId('analysis-threshold'));
    await user.type(screen.getByTestId('analysis-threshold'), '2,5');
    await user.click(screen.getByTestId('analysis-save'));
    await waitFor(() => expect(posts(pathOf('createMaterialityAnalysis'))).toHaveLength(1));
    expect(posts(pathOf('createMaterialityAnalysis'))[0].body).toEqual({
      name: 'Analyse 2027',
      scale: 5,
      scaleNote: null,
      scaleUpperLimit: 4,
      threshold: 2.5,
      thresholdNote: null,
      // The scoring rules' defaults: mean with equal weights, one threshold for both perspectives.
      financialThreshold: null,
      severityFormula: 'mean',
      irremediabilityWeight: 1,
      reasons: null,
      sectors: [],
      scopes: ['ESRS', 'E', 'S', 'G'],
    });
  });
});

describe('import result', () => {
  it('counts per sheet and lists the invalid rows of each sheet in the warning', async () => {
    const result: ExcelImport = {
      id: '33333333-3333-4333-8333-333333333333',
      reportId: report.id,
      fileName: 'kennzahlen.xlsx',
      uploadedAt: '2026-11-02T09:00:00.000Z',
      uploadedBy: null,
      uploadedByName: 'Uwe Nutzer',
      sheets: [
        { sheet: 'E1', added: 9, updated: 2, invalid: 2 },
        { sheet: 'S1', added: 6, updated: 0, invalid: 1 },
      ],
      issues: [
        { sheet: 'E1', row: 7, column: null, code: 'unknownUnit' },
        { sheet: 'S1', row: 4, column: null, code: 'invalidNumber' },
        { sheet: 'E1', row: 3, column: null, code: 'invalidUnitTypes' },
      ],
    };
    await renderScreen(() => <ImportResult result={result} />);
    const e1 = await screen.findByTestId('import-sheet-E1');
    expect([...e1.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['E1', '9', '2', '2']);
    const warning = screen.getByTestId('import-warning');
    // Rows in order per sheet: E1 has 3 and 7, S1 has 4.
    expect(warning.textContent).toContain('E1: Zeilen 3, 7');
    expect(warning.textContent).toContain('S1: Zeile 4');
    expect(warning.textContent).toContain('E1, Zeile 7, Spalte –: unbekannte Einheit');
  });
});
