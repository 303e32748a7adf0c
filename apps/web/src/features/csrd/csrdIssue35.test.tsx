import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { CsrdReport, IndicatorValue } from '@klimadesk/contract/csrd/schemas';
import type { CsrdE16, CsrdReliefs } from '@klimadesk/contract/csrd/statements';
import { webTexts } from '../../test/messages.ts';
import { pathOf } from '../../app/client.ts';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { meFixture } from '../../test/me.ts';
import { answer, listFixture } from '../../test/fixtures.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { E16Statement, e16Rows } from './E16Statement.tsx';
import { ReportSetupDialog, setupBodyOf, setupFormOf } from './ReportSetupDialog.tsx';
import { ScopeTasks } from './ScopeTasks.tsx';
import { bodyOf, formOf } from './MaterialityDialog.tsx';
import { materialityAnalysisFixture } from './csrdFixtures.ts';

const deCsrd = webTexts.de.csrd;
const enCsrd = webTexts.en.csrd;

const REPORT_ID = '22222222-2222-4222-8222-222222222222';
const report: CsrdReport = {
  id: REPORT_ID,
  year: 2026,
  materialityAnalysisId: null,
  materialityAnalysisName: null,
  categories: [{ id: 'E1', mandatory: false }],
  standardVersion: 'esrs-2023',
  employees: 600,
  netRevenueCents: 80_000_000_00,
  balanceSheetCents: null,
  isPublicInterest: true,
  deletedAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
// The worked example of the API test (csrd.cfc.integration.test.ts), kg CO2e.
const e16: CsrdE16 = {
  year: 2026,
  footprint: {
    scope1Kg: 28_279.02,
    scope2LocationBasedKg: 85_500,
    scope2MarketBasedKg: 12_500,
    scope3Categories: [
      { category: 3, kg: 6_721.11 },
      { category: 6, kg: 11_634.66 },
    ],
    scope3Kg: 18_355.77,
    totalLocationBasedKg: 132_134.79,
    totalMarketBasedKg: 59_134.79,
    biogenicCo2Kg: 1_540,
    reportCount: 2,
  },
  netRevenueCents: 12_000_000_00,
  intensityLocationBased: 11.0112325,
  intensityMarketBased: 4.9278991667,
  manual: {
    valueId: '00000000-0000-4000-8000-000000000003',
    tonnes: 1_234.5,
    note: null,
    differenceLocationBasedT: 1_102.36521,
    differenceMarketBasedT: 1_175.36521,
  },
  status: 'unreconciled',
};
const reliefs: CsrdReliefs = {
  year: 2026,
  standardVersion: 'esrs-2023',
  requiredVersion: 'esrs-2023',
  isLarge: true,
  wave: 1,
  firstYear: 2024,
  isVoluntary: false,
  phaseIns: [
    {
      codes: ['E1-6'],
      source: 'ESRS 1 App. C (E1-6)',
      note: {
        en: 'Scope 3 and total GHG emissions may be omitted.',
        de: 'Scope-3- und Gesamt-THG-Emissionen dürfen entfallen.',
      },
      quickFix: true,
    },
  ],
};
const value: IndicatorValue = {
  id: '00000000-0000-4000-8000-000000000003',
  scopeEntryId: '00000000-0000-4000-8000-000000000002',
  indicator: 'E1-6',
  unit: 'tCO2e',
  numericValue: 1_234.5,
  baseValue: 1_234.5,
  textValue: null,
  tableValue: null,
  reconciliationNote: null,
  files: [],
  updatedAt: '2026-11-01T08:00:00.000Z',
};

let calls: Call[];
const sent = (method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.startsWith(path));

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'csrd', deCsrd, true, true);
  i18n.addResourceBundle('en', 'csrd', enCsrd, true, true);
});

beforeEach(async () => {
  await i18n.changeLanguage('de');
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('me'))) return answer('me', meFixture({ roles: ['ROLE_CSRD_USER'] }));
    if (url.startsWith(pathOf('csrdReportE16', { id: REPORT_ID }))) return answer('csrdReportE16', e16);
    if (url.startsWith(pathOf('csrdReportReliefs', { id: REPORT_ID })))
      return answer('csrdReportReliefs', reliefs);
    if (url.startsWith(pathOf('updateCsrdIndicatorValue', { id: value.id })))
      return answer('updateCsrdIndicatorValue', { ...value, ...(call.body as object) });
    if (url.startsWith(pathOf('updateCsrdReport', { id: REPORT_ID })))
      return answer('updateCsrdReport', { ...report, ...(call.body as object) });
    if (url.startsWith('/api/csrd/tasks') && call.method === 'GET')
      return answer('csrdTasks', listFixture('csrdTasks', []));
    if (url.startsWith('/api/csrd/tasks') && call.method === 'POST')
      return answer('createCsrdTask', {
        id: '33333333-3333-4333-8333-333333333333',
        description: 'Scope 3 erheben',
        assignee: null,
        assigner: null,
        responsible: null,
        status: 1,
        deadline: null,
        csrdScopeTask: { report: REPORT_ID, scope: 'E1' },
        cfcScopeTask: null,
        createdAt: '2026-11-01T08:00:00.000Z',
        updatedAt: '2026-11-01T08:00:00.000Z',
      });
    if (url.startsWith(pathOf('taskAssignees')))
      return answer('taskAssignees', listFixture('taskAssignees', []));
    return undefined;
  });
});

describe('E1-6 against the carbon footprint', () => {
  it('lists scopes, categories, both totals, biogenic CO2 and intensity in the language’s numbers', () => {
    const t = (k: string, o?: Record<string, unknown>) => `${k}${o?.n ?? ''}`;
    const de = e16Rows(e16, t, 'de').map((r) => [r.label, r.value]);
    expect(de).toContainEqual(['e16.scope3Category3', '6,7 t CO2e']);
    expect(de).toContainEqual(['e16.totalLocation', '132,1 t CO2e']);
    expect(de).toContainEqual(['e16.biogenic', '1,5 t CO2e']);
    expect(de).toContainEqual(['e16.intensityLocation', '11,01 e16.perMillion']);
    const en = e16Rows(e16, t, 'en').map((r) => [r.label, r.value]);
    expect(en).toContainEqual(['e16.totalMarket', '59.1 t CO2e']);
    expect(en).toContainEqual(['cfcTakeOver.scope2Location', '85.5 t CO2e']);
  });

  it('warns of an unreconciled difference and saves the reconciliation note', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <E16Statement report={REPORT_ID} value={value} canWrite />);
    const warning = await screen.findByTestId('e16-status-unreconciled');
    expect(warning.textContent).toContain('+1.102,4 t CO2e standortbasiert');
    await user.type(screen.getByTestId('e16-note'), 'Standort Wien ohne Bilanz');
    await user.click(screen.getByTestId('e16-note-save'));
    await waitFor(() =>
      expect(sent('PATCH', pathOf('updateCsrdIndicatorValue', { id: value.id }))).toHaveLength(1),
    );
    expect(sent('PATCH', pathOf('updateCsrdIndicatorValue', { id: value.id }))[0].body).toEqual({
      reconciliationNote: 'Standort Wien ohne Bilanz',
    });
  });

  it('speaks English in the English UI', async () => {
    await renderScreen(() => <E16Statement report={REPORT_ID} value={value} canWrite={false} />);
    await i18n.changeLanguage('en');
    const warning = await screen.findByTestId('e16-status-unreconciled');
    expect(warning.textContent).toContain(
      'Warning: the entered value differs from the 2026 carbon footprint (+1,102.4 t CO2e',
    );
    expect(screen.queryByTestId('e16-note-save')).toBeNull();
  });
});

describe('report setup and reliefs', () => {
  it('turns typed euros into cents and empty figures into null', () => {
    const form = setupFormOf(report, 'de');
    expect(form).toMatchObject({
      employees: '600',
      netRevenue: '80000000',
      balanceSheet: '',
      isPublicInterest: 'yes',
    });
    expect(setupBodyOf({ ...form, balanceSheet: '31.000.000,50' }, 'de')).toEqual({
      standardVersion: 'esrs-2023',
      employees: 600,
      netRevenueCents: 8_000_000_000,
      balanceSheetCents: 3_100_000_050,
      isPublicInterest: true,
    });
  });

  it('shows the wave and the phase-ins and saves the setup', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <ReportSetupDialog report={report} onClose={() => {}} />);
    expect((await screen.findByTestId('reliefs-wave')).textContent).toContain(
      'Welle 1: berichtspflichtig ab dem Geschäftsjahr 2024.',
    );
    expect(screen.getByText('Scope-3- und Gesamt-THG-Emissionen dürfen entfallen.')).toBeTruthy();
    await user.clear(screen.getByTestId('setup-employees'));
    await user.type(screen.getByTestId('setup-employees'), '800');
    await user.click(screen.getByTestId('report-setup-save'));
    await waitFor(() => expect(sent('PATCH', pathOf('updateCsrdReport', { id: REPORT_ID }))).toHaveLength(1));
    expect(sent('PATCH', pathOf('updateCsrdReport', { id: REPORT_ID }))[0].body).toMatchObject({
      employees: 800,
    });
  });
});

describe('topic tasks', () => {
  it('asks the server for the topic’s tasks only and creates them on the topic', async () => {
    const user = userEvent.setup();
    await renderScreen(() => (
      <WithMe>
        <ScopeTasks report={REPORT_ID} scope="E1" />
      </WithMe>
    ));
    await waitFor(() => expect(sent('GET', '/api/csrd/tasks')).toHaveLength(1));
    expect(sent('GET', '/api/csrd/tasks')[0].url).toContain(`report=${REPORT_ID}`);
    expect(sent('GET', '/api/csrd/tasks')[0].url).toContain('scope=E1');
    await user.type(await screen.findByTestId('scope-task-description'), 'Scope 3 erheben');
    await user.click(screen.getByTestId('scope-task-add'));
    await waitFor(() => expect(sent('POST', '/api/csrd/tasks')).toHaveLength(1));
    expect(sent('POST', '/api/csrd/tasks')[0].body).toMatchObject({
      description: 'Scope 3 erheben',
      csrdScopeTask: { report: REPORT_ID, scope: 'E1' },
    });
  });
});

describe('analysis scoring rules', () => {
  it('sends the severity formula, the irremediability weight and a separate financial threshold', () => {
    const form = formOf(materialityAnalysisFixture(), 'de');
    expect(form).toMatchObject({
      severityFormula: 'mean',
      irremediabilityWeight: '1',
      financialThreshold: '',
    });
    expect(
      bodyOf({ ...form, name: 'A', irremediabilityWeight: '2', financialThreshold: '3,5' }, 'de'),
    ).toMatchObject({
      severityFormula: 'mean',
      irremediabilityWeight: 2,
      financialThreshold: 3.5,
    });
    expect(bodyOf({ ...form, name: 'A' }, 'de').financialThreshold).toBeNull();
  });
});
