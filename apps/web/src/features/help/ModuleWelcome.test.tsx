import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CfcCompanySettings, CfcReport } from '@klimadesk/contract/cfc/schemas';
import { pathOf } from '../../app/client.ts';
import { WithMe, stubApi } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { materialityAnalysisFixture } from '../csrd/csrdFixtures.ts';
import { ModuleWelcome } from './ModuleWelcome.tsx';
import { reportingYear } from './setupChecklist.ts';

const UNIT = '44444444-4444-4444-8444-444444444444';
const settings = (baseYear: number | null): CfcCompanySettings => ({
  id: '11111111-1111-4111-8111-111111111111',
  baseYear,
  sections: [],
  hasBusinessUnits: true,
  isPaid: true,
  activeSections: ['mobile-combustion'],
  lastEditedSection: null,
  recalculationThreshold: 5,
  gwpSet: 'AR5',
});
const report = (year: number, entryCount: number): CfcReport => ({
  id: '22222222-2222-4222-8222-222222222222',
  year,
  businessUnit: { id: UNIT, name: 'Zentrale', urlId: 'zentrale', country: 'DE', settings: { sections: [] } },
  powerMarketbased: false,
  thermalMarketbased: false,
  gwpSet: 'AR5',
  entryCount,
  hasIncompleteEntries: false,
  canWrite: true,
  createdAt: '2026-01-05T08:00:00.000Z',
});

let me = meFixture({ module: 'cfc' });
let reports: CfcReport[] = [];
let analyses = [materialityAnalysisFixture({})];

beforeEach(async () => {
  localStorage.clear();
  await setupTestI18n('de');
  stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return Response.json(me);
    if (url.startsWith(pathOf('cfcBusinessUnits')))
      return answer(
        'cfcBusinessUnits',
        listFixture('cfcBusinessUnits', [
          {
            id: UNIT,
            urlId: 'zentrale',
            name: 'Zentrale',
            companyName: null,
            description: null,
            city: null,
            country: 'DE',
            reportCount: reports.length,
            canWrite: true,
          },
        ]),
      );
    if (url.startsWith(pathOf('cfcReports'))) return answer('cfcReports', listFixture('cfcReports', reports));
    if (url.startsWith(pathOf('cfcCompanySettings'))) return answer('cfcCompanySettings', settings(null));
    if (url.startsWith(pathOf('materialityAnalyses')))
      return answer('materialityAnalyses', listFixture('materialityAnalyses', analyses));
    if (url.startsWith(pathOf('csrdReports'))) return answer('csrdReports', listFixture('csrdReports', []));
    return undefined;
  });
});

const ticks = () =>
  Object.fromEntries(
    screen.getAllByRole('listitem').map((li) => [li.dataset.testid, li.dataset.done === 'true']),
  );

describe('module welcome and setup checklist', () => {
  it('ticks the carbon footprint steps from the company data', async () => {
    me = meFixture({ module: 'cfc' });
    // A unit with last year's report and two entries, no base year yet.
    reports = [report(reportingYear(), 2)];
    await renderScreen(() => <WithMe>{<ModuleWelcome module="cfc" />}</WithMe>, '/cfc/home');
    const card = await screen.findByTestId('module-welcome');
    expect(card).toHaveTextContent('Willkommen in der Unternehmens-CO2-Bilanz');
    expect(card).not.toHaveTextContent('Touren');
    expect(card).toHaveTextContent('Einrichtung: 3 von 4 erledigt');
    expect(ticks()).toEqual({
      'setup-unit': true,
      'setup-report': true,
      'setup-entry': true,
      'setup-baseYear': false,
    });
    expect(screen.getByRole('link', { name: 'Basisjahr festlegen' })).toHaveAttribute(
      'href',
      '/cfc/settings',
    );
  });

  it('counts an older report without entries as no report of the year', async () => {
    me = meFixture({ module: 'cfc' });
    reports = [report(reportingYear() - 2, 0)];
    await renderScreen(() => <WithMe>{<ModuleWelcome module="cfc" />}</WithMe>, '/cfc/home');
    await screen.findByTestId('module-welcome');
    expect(ticks()).toMatchObject({ 'setup-report': false, 'setup-entry': false });
  });

  it('ticks the CSRD analysis but not the scoring while no topic has a score', async () => {
    me = meFixture({ module: 'csrd' });
    analyses = [materialityAnalysisFixture({ results: [] })];
    await renderScreen(() => <WithMe>{<ModuleWelcome module="csrd" />}</WithMe>, '/csrd/home');
    const card = await screen.findByTestId('module-welcome');
    expect(card).toHaveTextContent('Willkommen beim Nachhaltigkeitsbericht');
    expect(ticks()).toEqual({ 'setup-analysis': true, 'setup-scored': false, 'setup-report': false });
  });

  it('waits for the tour: nothing before the intro was shown', async () => {
    me = meFixture({ module: 'cfc', introShown: false });
    await renderScreen(() => <WithMe>{<ModuleWelcome module="cfc" />}</WithMe>, '/cfc/home');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('module-welcome')).toBeNull();
  });
});
