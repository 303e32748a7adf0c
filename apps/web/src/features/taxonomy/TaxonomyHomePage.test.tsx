import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { webTexts } from '../../test/messages.ts';
import { WithMe, stubApi } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import type { TaxDashboardStats } from '@klimadesk/contract/taxonomy/schemas';
import { TaxonomyHomePage } from './TaxonomyHomePage.tsx';
import { pathOf } from '../../app/client.ts';

const deTaxonomy = webTexts.de.taxonomy;
const enTaxonomy = webTexts.en.taxonomy;

const WAIT = { timeout: 8000 };
const TAX_ROUTES = [
  '/taxonofy/home',
  '/taxonofy/overview',
  '/taxonofy/activity/new/{subPage}',
  '/taxonofy/financial-year',
  '/taxonofy/tags',
  '/taxonofy/info',
];
const USER = meFixture({ roles: ['ROLE_TAX_USER'], routes: TAX_ROUTES });

/**
 * The KPI worked example of issue 20: a year of turnover 10 M €; activity A (3 M) aligned for CCM,
 * B (2 M) eligible but failing a DNSH check, C (1 M) not eligible. Eligible = 3 + 2 = 5 M → 50 %;
 * aligned = 3 M → 30 %; not eligible = 10 − 5 = 5 M.
 */
const zero = { CCM: 0, CCA: 0, WTR: 0, CE: 0, PPC: 0, BIO: 0 };
const none = { unsplit: 0, exceedsTotal: false, notMaterial: 0, notReported: false };
const empty = {
  eligible: 0,
  ineligible: 0,
  conformShare: 0,
  byObjective: zero,
  eligibleByObjective: zero,
  ...none,
};
const STATS: TaxDashboardStats = {
  charts: {
    turnover: {
      eligible: 5_000_000,
      ineligible: 5_000_000,
      conformShare: 3_000_000,
      byObjective: { ...zero, CCM: 3_000_000 },
      eligibleByObjective: { ...zero, CCM: 5_000_000 },
      ...none,
    },
    capex: empty,
    opex: empty,
  },
  kpis: {
    turnover: { total: 10_000_000, eligible: 0.5, conformShare: 0.3 },
    capex: { total: 0, eligible: 0, conformShare: 0 },
    opex: { total: 0, eligible: 0, conformShare: 0 },
  },
  activityCount: 3,
  years: [2025],
  ruleSets: ['2021/2178'],
};

/**
 * Issue 34: CapEx 1,000,000 €, one activity of 950,000 split CCM 600,000 (aligned) and CCA 320,000,
 * 30,000 to no objective: eligible 95 %, per objective CCM 60 % / CCA 32 %, 30,000 (3 %) not split;
 * OpEx not reported under 2026/73.
 */
const SPLIT: TaxDashboardStats = {
  ...STATS,
  charts: {
    ...STATS.charts,
    capex: {
      ...empty,
      eligible: 950_000,
      ineligible: 50_000,
      conformShare: 600_000,
      byObjective: { ...zero, CCM: 600_000 },
      eligibleByObjective: { ...zero, CCM: 600_000, CCA: 320_000 },
      unsplit: 30_000,
    },
    opex: { ...empty, notReported: true },
  },
  kpis: { ...STATS.kpis, capex: { total: 1_000_000, eligible: 0.95, conformShare: 0.6 } },
  ruleSets: ['2026/73'],
};

beforeAll(async () => {
  await setupTestI18n('de');
  i18n.addResourceBundle('de', 'taxonomy', deTaxonomy, true, true);
  i18n.addResourceBundle('en', 'taxonomy', enTaxonomy, true, true);
});

function setup(
  status: { taxType: 'DEMO' | 'EXPIRED' | 'RESTRICTED' | null; taxDemoEnd: string | null },
  stats: TaxDashboardStats = STATS,
) {
  return stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return answer('me', USER);
    if (url.includes('/tax-demo-booking-date'))
      return answer('taxDemoBookingDate', { ...status, canBookDemo: false });
    if (url.startsWith(pathOf('taxActivityDashboardStats')))
      return answer('taxActivityDashboardStats', stats);
    if (url.startsWith(pathOf('taxFinancialYears')))
      return answer('taxFinancialYears', listFixture('taxFinancialYears', []));
    if (url.startsWith(pathOf('taxTags'))) return answer('taxTags', listFixture('taxTags', []));
  });
}

const render = () =>
  renderScreen(
    () => (
      <WithMe>
        <TaxonomyHomePage />
      </WithMe>
    ),
    '/taxonofy/home',
  );

describe('taxonomy home', () => {
  it('shows the worked example’s turnover KPIs and chart amounts in German', async () => {
    setup({ taxType: null, taxDemoEnd: null });
    await render();
    await waitFor(
      () => expect(screen.getByTestId('tax-kpi-turnover-conform')).toHaveTextContent('30 %'),
      WAIT,
    );
    expect(screen.getByTestId('tax-kpi-turnover-total')).toHaveTextContent('10.000.000,00 €');
    expect(screen.getByTestId('tax-kpi-turnover-eligible')).toHaveTextContent('50 %');
    const chart = within(screen.getByTestId('tax-chart-turnover'));
    // Aligned 3 M, eligible but not aligned 5 − 3 = 2 M, not eligible 5 M.
    expect(chart.getByText('Taxonomiekonform').closest('li')).toHaveTextContent('3.000.000,00 €');
    expect(chart.getByText('Fähig, nicht konform').closest('li')).toHaveTextContent('2.000.000,00 €');
    expect(chart.getByText('Nicht taxonomiefähig').closest('li')).toHaveTextContent('5.000.000,00 €');
    expect(screen.getByTestId('tax-chart-capex')).toHaveTextContent(
      'Für diese Auswahl gibt es noch keine Zahlen.',
    );
    expect(screen.getByTestId('tax-tile-newActivity')).toBeInTheDocument();
  });

  it('shows the split per objective beside the total, an incomplete split and OpEx not reported', async () => {
    setup({ taxType: null, taxDemoEnd: null }, SPLIT);
    await render();
    await waitFor(() => expect(screen.getByTestId('tax-kpi-capex-eligible')).toHaveTextContent('95 %'), WAIT);
    expect(screen.getByTestId('tax-objective-capex-CCM')).toHaveTextContent('CCM60 %60 %');
    expect(screen.getByTestId('tax-objective-capex-CCA')).toHaveTextContent('CCA32 %0 %');
    expect(screen.getByTestId('tax-unsplit-capex')).toHaveTextContent('30.000,00 € (3 %)');
    expect(screen.getByTestId('tax-not-reported-opex')).toHaveTextContent('Nicht berichtet');
    expect(screen.queryByTestId('tax-chart-opex')).toBeNull();
  });

  it('blocks with the trial-ended dialog when the trial expired and offers no new activity', async () => {
    setup({ taxType: 'EXPIRED', taxDemoEnd: '2026-01-15' });
    await render();
    const dialog = await screen.findByTestId('tax-expired-dialog', {}, WAIT);
    expect(within(dialog).getByRole('button', { name: 'Freischalten' })).toBeInTheDocument();
    within(dialog).getByRole('button', { name: 'Nur ansehen' }).click();
    await waitFor(() => expect(screen.queryByTestId('tax-expired-dialog')).toBeNull());
    expect(screen.getByTestId('tax-expired-banner')).toBeInTheDocument();
    expect(screen.queryByTestId('tax-tile-newActivity')).toBeNull();
    expect(screen.getByTestId('tax-tile-overview')).toBeInTheDocument();
  });

  it('shows the demo countdown while the demo runs', async () => {
    setup({ taxType: 'DEMO', taxDemoEnd: '2999-12-31' });
    await render();
    await screen.findByTestId('tax-demo-banner', {}, WAIT);
    expect(screen.getByTestId('tax-demo-countdown')).toHaveTextContent(/^noch \d+ Tage$/);
    expect(screen.getByRole('button', { name: 'Demo-Termin buchen' })).toBeInTheDocument();
  });
});
