import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CfcCompanySettings, CfcReport } from '@klimadesk/contract/cfc/schemas';
import { webTexts } from '../../test/messages.ts';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { renderScreen, addTestBundle, setupTestI18n } from '../../test/render.tsx';
import { CfcBaseYearPage, baseYearChoices, parseThreshold } from './CfcBaseYearPage.tsx';
import i18n from 'i18next';
import { pathOf, type RouteId } from '../../app/client.ts';

const deCfc = webTexts.de.cfc;
const enCfc = webTexts.en.cfc;

const ADMIN = meFixture({
  roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_ADMIN'],
  routes: ['/cfc/settings/base-year'],
});
const UNIT = '44444444-4444-4444-8444-444444444444';

const settings = (baseYear: number): CfcCompanySettings => ({
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

const report = (year: number, id: string): CfcReport => ({
  id,
  year,
  businessUnit: {
    id: UNIT,
    name: 'Zentrale Hamburg',
    urlId: 'zentrale-hamburg',
    country: 'DE',
    settings: { sections: [] },
  },
  powerMarketbased: false,
  thermalMarketbased: false,
  gwpSet: 'AR5',
  entryCount: 3,
  hasIncompleteEntries: false,
  canWrite: true,
  createdAt: '2026-01-05T08:00:00.000Z',
});

let calls: Call[];
/** The check refuses a base year and added units of different GWP sets (issue 33). */
let mixedSets = false;
beforeAll(async () => {
  await setupTestI18n();
  addTestBundle('cfc', deCfc, enCfc);
});

beforeEach(() => {
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('me'))) return Response.json(ADMIN);
    if (url.startsWith(pathOf('cfcCompanySettings'))) return answer('cfcCompanySettings', settings(2023));
    if (url.startsWith(pathOf('cfcBaseYears'))) return answer('cfcBaseYears', { min: 0, max: 2026 });
    if (url.startsWith(pathOf('cfcReports')))
      return answer(
        'cfcReports',
        listFixture('cfcReports', [
          report(2023, '22222222-2222-4222-8222-222222222222'),
          report(2024, '33333333-3333-4333-8333-333333333333'),
          report(2025, '55555555-5555-4555-8555-555555555555'),
        ]),
      );
    if (url.startsWith(pathOf('cfcSetBaseYear')) && call.method === 'POST')
      return answer('cfcSetBaseYear', { settings: settings(2025), deletedReports: 0 });
    if (url.startsWith(pathOf('cfcSaveSettings')) && call.method === 'POST')
      return answer('cfcSaveSettings', { settings: settings(2023), deletedReports: 0 });
    if (url.startsWith(pathOf('cfcBaseYearCheck')))
      return mixedSets
        ? Response.json(
            { code: 50400, message: 'cfcGwpSetMixed', detail: { gwpSets: ['AR5', 'AR6'], year: 2025 } },
            { status: 422 },
          )
        : answer('cfcBaseYearCheck', CHECK);
    return undefined;
  });
});

/** The body of the first POST to a route. */
const posted = (id: RouteId) => calls.find((c) => c.method === 'POST' && c.url.startsWith(pathOf(id)))?.body;

/**
 * The worked example of cfc.versions.integration.test.ts: base year 3,000 kg, restated 3,150 kg
 * (+150 = 5 %), Werk Süd removed (1,000 kg), Werk Ost added (100 kg): (150 + 1,100) / 3,000 = 41.67 %.
 */
const CHECK = {
  baseYear: 2023,
  year: 2025,
  threshold: 5,
  statedKg: 3_000,
  restatedKg: 3_150,
  methodChangeKg: 150,
  addedUnits: [{ id: '77777777-7777-4777-8777-777777777777', name: 'Werk Ost', co2eKg: 100 }],
  removedUnits: [{ id: '88888888-8888-4888-8888-888888888888', name: 'Werk Süd', co2eKg: 1_000 }],
  structuralChangeKg: 1_100,
  methodShare: 0.05,
  structuralShare: 1_100 / 3_000,
  totalShare: 1_250 / 3_000,
  exceeded: true,
  restatableEntries: 2,
};

describe('base year (seed 001 §4, §5; GHG Protocol Corporate Standard ch. 5)', () => {
  it('offers the years up to the current one, never in the future', () => {
    const years = baseYearChoices(0, 2026);
    expect(years[0]).toBe(2026);
    expect(years).not.toContain(2027);
    expect(baseYearChoices(2024, 2026)).toEqual([2026, 2025, 2024]);
  });

  it('reads a threshold in either notation, above 0 and at most 100 %', () => {
    expect(parseThreshold('7,5')).toBe(7.5);
    expect(parseThreshold('5')).toBe(5);
    expect(parseThreshold('0')).toBeNull();
    expect(parseThreshold('101')).toBeNull();
    expect(parseThreshold('')).toBeNull();
  });

  it('saves a later base year at once and says the earlier reports are kept', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(() => <WithMe>{<CfcBaseYearPage />}</WithMe>, '/cfc/settings/base-year');
    const select = await screen.findByRole('combobox', { name: 'Basisjahr' }, { timeout: 15_000 });
    expect(select).toHaveTextContent('2023');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '2025' }));
    expect(await screen.findByTestId('cfc-base-year-keeps')).toHaveTextContent(
      'Berichte früherer Jahre bleiben erhalten.',
    );
    await user.click(screen.getByTestId('cfc-base-year-save'));
    await waitFor(() => expect(posted('cfcSetBaseYear')).toEqual({ baseYear: 2025 }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 60_000);

  it('saves the threshold in German notation and the GWP set of new reports', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(() => <WithMe>{<CfcBaseYearPage />}</WithMe>, '/cfc/settings/base-year');
    const threshold = await screen.findByTestId('cfc-threshold', {}, { timeout: 15_000 });
    expect(threshold).toHaveValue('5');
    await user.clear(threshold);
    await user.type(threshold, '7,5');
    await user.click(screen.getByRole('combobox', { name: 'GWP-Satz neuer Berichte' }));
    await user.click(await screen.findByRole('option', { name: 'IPCC AR6' }));
    await user.click(screen.getByTestId('cfc-method-save'));
    await waitFor(() =>
      expect(posted('cfcSaveSettings')).toEqual({ recalculationThreshold: 7.5, gwpSet: 'AR6' }),
    );
  }, 60_000);

  it('shows the comparison with the base year and flags it above the threshold (de and en)', async () => {
    await renderScreen(() => <WithMe>{<CfcBaseYearPage />}</WithMe>, '/cfc/settings/base-year');
    const card = await screen.findByTestId('cfc-base-year-check', {}, { timeout: 15_000 });
    expect(card).toHaveTextContent('3,150 t');
    expect(card).toHaveTextContent('+0,150 t');
    expect(card).toHaveTextContent('Ohne Bericht im Vergleichsjahr (z. B. verkauft): Werk Süd');
    expect(card).toHaveTextContent('Ohne Bericht im Basisjahr (z. B. zugekauft): Werk Ost');
    expect(screen.getByTestId('cfc-check-share')).toHaveTextContent('41,67 %');
    expect(screen.getByTestId('cfc-check-result')).toHaveTextContent(
      'Die Änderungen (41,67 %) überschreiten die Schwelle von 5 %',
    );
    await act(() => i18n.changeLanguage('en'));
    try {
      expect(await screen.findByTestId('cfc-check-result')).toHaveTextContent(
        'The changes (41.67 %) exceed the threshold of 5 %',
      );
    } finally {
      await act(() => i18n.changeLanguage('de'));
    }
  }, 60_000);

  it('says why there is no comparison when the reports are of different GWP sets', async () => {
    mixedSets = true;
    try {
      await renderScreen(() => <WithMe>{<CfcBaseYearPage />}</WithMe>, '/cfc/settings/base-year');
      expect(
        await screen.findByTestId('cfc-base-year-check-error', {}, { timeout: 15_000 }),
      ).toHaveTextContent('verschiedene GWP-Sätze');
    } finally {
      mixedSets = false;
    }
  }, 60_000);
});
