import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CfcCompanySettings, CfcReport } from '@klimadesk/contract/cfc/schemas';
import deCfc from '../../locales/de/cfc.json';
import enCfc from '../../locales/en/cfc.json';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { renderScreen, addTestBundle, setupTestI18n } from '../../test/render.tsx';
import { CfcBaseYearPage, baseYearChoices } from './CfcBaseYearPage.tsx';
import { pathOf } from '../../app/client.ts';

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
  entryCount: 3,
  hasIncompleteEntries: false,
  canWrite: true,
  createdAt: '2026-01-05T08:00:00.000Z',
});

let calls: Call[];
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
      return answer('cfcSetBaseYear', { settings: settings(2025), deletedReports: 2 });
    return undefined;
  });
});

describe('base year (seed 001 §4, §5)', () => {
  it('offers the years up to the current one, never in the future', () => {
    const years = baseYearChoices(0, 2026);
    expect(years[0]).toBe(2026);
    expect(years).not.toContain(2027);
    expect(baseYearChoices(2024, 2026)).toEqual([2026, 2025, 2024]);
  });

  it('asks before a later base year deletes the reports of earlier years, and saves after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(() => <WithMe>{<CfcBaseYearPage />}</WithMe>, '/cfc/settings/base-year');
    const select = await screen.findByRole('combobox', { name: 'Basisjahr' }, { timeout: 15_000 });
    expect(select).toHaveTextContent('2023');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '2025' }));
    // 2023 and 2024 lie before 2025.
    expect(await screen.findByTestId('cfc-base-year-warning')).toHaveTextContent(
      'Mit dem Basisjahr 2025 werden 2 Berichte früherer Jahre gelöscht.',
    );
    await user.click(screen.getByTestId('cfc-base-year-save'));
    const dialog = await screen.findByRole('dialog', { name: 'Frühere Berichte löschen?' });
    expect(dialog).toHaveTextContent('Zentrale Hamburg 2023, Zentrale Hamburg 2024');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Basisjahr ändern und löschen' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url.startsWith(pathOf('cfcSetBaseYear')))?.body,
      ).toEqual({
        baseYear: 2025,
      }),
    );
  }, 60_000);

  it('saves a base year without earlier reports at once', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(() => <WithMe>{<CfcBaseYearPage />}</WithMe>, '/cfc/settings/base-year');
    const select = await screen.findByRole('combobox', { name: 'Basisjahr' }, { timeout: 15_000 });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '2022' }));
    expect(screen.queryByTestId('cfc-base-year-warning')).toBeNull();
    await user.click(screen.getByTestId('cfc-base-year-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 60_000);
});
