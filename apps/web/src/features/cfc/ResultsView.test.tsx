import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import type { CfcReportResults } from '@klimadesk/contract/cfc/results';
import type { CfcReportDetail } from '@klimadesk/contract/cfc/schemas';
import { webTexts } from '../../test/messages.ts';
import { WithMe, stubApi } from '../../test/emissions.tsx';
import { answer } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { renderScreen, addTestBundle, setupTestI18n } from '../../test/render.tsx';
import { pathOf } from '../../app/client.ts';
import { ResultsView } from './ResultsView.tsx';

const deCfc = webTexts.de.cfc;
const enCfc = webTexts.en.cfc;

const ADMIN = meFixture({ roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_ADMIN'], routes: [] });
const REPORT = '22222222-2222-4222-8222-222222222222';
const BASE = '33333333-3333-4333-8333-333333333333';
const LAB = '44444444-4444-4444-8444-444444444444';
const STORE = '55555555-5555-4555-8555-555555555555';

const detail = {
  id: REPORT,
  year: 2025,
  businessUnit: { id: LAB, name: 'Labor', urlId: 'labor', country: 'DE', settings: { sections: [] } },
  powerMarketbased: false,
  thermalMarketbased: false,
  gwpSet: 'AR6',
  entryCount: 1,
  hasIncompleteEntries: false,
  canWrite: true,
  createdAt: '2026-01-05T08:00:00.000Z',
  sections: [],
} as unknown as CfcReportDetail;

const scopes = (scope1: number) => ({
  scope1,
  scope2LocationBased: 0,
  scope2MarketBased: 0,
  scope2: 0,
  scope3: 0,
  total: scope1,
  totalLocationBased: scope1,
  totalMarketBased: scope1,
});
const gases = { co2: 0, ch4: 0, n2o: 0, notSplit: 0 };
const quality = { high: 0, medium: 0, low: 0, unknown: 1 };

/**
 * Labor 2025 in AR6: 5 kg R410A × 2,255.5 = 11,277.5 kg; its base year 2024 in AR5: 5 kg × 1,923.5
 * = 9,617.5 kg. Lager 2025 (AR5) 3,847 kg. Shares are within each set: Labor 100 %, Lager 100 %.
 */
const RESULTS = {
  report: REPORT,
  year: 2025,
  businessUnit: { id: LAB, name: 'Labor', urlId: 'labor' },
  powerMarketbased: false,
  thermalMarketbased: false,
  gwpSet: 'AR6',
  totals: scopes(11_277.5),
  sections: [],
  businessUnits: [
    {
      id: LAB,
      name: 'Labor',
      urlId: 'labor',
      report: REPORT,
      gwpSet: 'AR6',
      co2eKg: 11_277.5,
      locationBasedKg: 11_277.5,
      marketBasedKg: 11_277.5,
      share: 1,
    },
    {
      id: STORE,
      name: 'Lager',
      urlId: 'lager',
      report: BASE,
      gwpSet: 'AR5',
      co2eKg: 3_847,
      locationBasedKg: 3_847,
      marketBasedKg: 3_847,
      share: 1,
    },
  ],
  baseYear: {
    year: 2024,
    report: BASE,
    totals: scopes(9_617.5),
    gwpSet: 'AR5',
    comparable: false,
    changeKg: null,
    changeRatio: null,
  },
  gases: { scope1: gases, scope2LocationBased: gases, scope3: gases },
  biogenicCo2Kg: 0,
  dataQuality: quality,
  dataQualityKg: { high: 0, medium: 0, low: 0, unknown: 11_277.5 },
  entryCount: 1,
  incompleteEntries: 0,
} as unknown as CfcReportResults;

beforeAll(async () => {
  await setupTestI18n();
  addTestBundle('cfc', deCfc, enCfc);
});
let results: CfcReportResults;
beforeEach(() => {
  results = RESULTS;
  stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return Response.json(ADMIN);
    if (url.startsWith(pathOf('cfcReportResults', { id: REPORT })))
      return answer('cfcReportResults', results);
    if (url.startsWith(pathOf('cfcCompanySettings')))
      return answer('cfcCompanySettings', {
        id: '11111111-1111-4111-8111-111111111111',
        baseYear: 2025,
        sections: [],
        hasBusinessUnits: true,
        isPaid: true,
        activeSections: [],
        lastEditedSection: null,
        recalculationThreshold: 5,
        gwpSet: 'AR6',
      });
    return undefined;
  });
});

describe('results view across GWP sets (issue 33, GHG Protocol Corporate Standard ch. 9)', () => {
  it('states no change against a base year of another GWP set and marks each unit’s set', async () => {
    await renderScreen(() => (
      <WithMe>
        <ResultsView report={detail} />
      </WithMe>
    ));
    const base = await screen.findByTestId('cfc-results-base', {}, { timeout: 15_000 });
    expect(base).toHaveTextContent('Basisjahr 2024: 9,618 t CO₂e');
    expect(screen.getByTestId('cfc-results-base-not-comparable')).toHaveTextContent(
      'Nicht vergleichbar: Das Basisjahr rechnet mit AR5, dieser Bericht mit AR6.',
    );
    const units = screen.getByTestId('cfc-results-units');
    expect(units).toHaveTextContent('Labor · AR6');
    expect(units).toHaveTextContent('Lager · AR5');
    expect(
      screen.getByText('Anteile je GWP-Satz: Berichte mit AR5 und AR6 werden nicht zusammen summiert.'),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    try {
      expect(screen.getByTestId('cfc-results-base-not-comparable')).toHaveTextContent(
        'Not comparable: the base year uses AR5, this report AR6.',
      );
      expect(
        screen.getByText('Shares per GWP set: reports of AR5 and AR6 are not summed together.'),
      ).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('de'));
    }
  }, 60_000);

  it('says so on the base-year report itself instead of "no report for the base year"', async () => {
    // The company's base year is 2025, the year of this report: the answer has no comparison.
    results = { ...RESULTS, baseYear: null };
    await renderScreen(() => (
      <WithMe>
        <ResultsView report={detail} />
      </WithMe>
    ));
    const none = await screen.findByTestId('cfc-results-base-none', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(none).toHaveTextContent(
        'Dieser Bericht gehört zum Basisjahr 2025: Spätere Berichte werden mit ihm verglichen.',
      ),
    );
  }, 60_000);
});
