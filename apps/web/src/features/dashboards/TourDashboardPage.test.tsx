import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { type Answer, pathOf } from '../../app/client.ts';
import { ME, renderSignedIn, sessionConfigAnswer, stubApi, type Call } from '../../test/emissions.tsx';
import { answer } from '../../test/fixtures.ts';
import { TourDashboardPage } from './TourDashboardPage.tsx';

const STATS: Answer<'tourStats'> = {
  hubEmissions: 12.5,
  vehicles: 3,
  tours: 1234,
  distance: 98765.4,
  glecCo2Default: 1234.56,
  glecCo2Individual: 45678.9,
  trips: 1200,
  intensity: 61.25,
  shipments: 2500,
  emptyDistancePercentage: 12.34,
  co2Default: { ttw: 1000, wtt: 234.56, wtw: 1234.56 },
  co2Individual: null,
  tkm: 20155.2,
  byMonth: [
    { month: '2026-03', co2Default: 1234.56, co2Individual: null, tkm: 20155.2, intensity: 61.25, count: 2 },
  ],
  byVehicleType: [],
  topVehicles: [
    {
      vehicleId: '00000000-0000-4000-8000-00000000000a',
      licensePlate: 'HH-DL 401',
      tours: 2,
      distance: 1070,
      co2Default: 1234.56,
      intensity: 61.25,
    },
  ],
  sample: false,
  shipperScope: null,
};

let calls: Call[];
let stats: Answer<'tourStats'>;

beforeEach(() => {
  stats = STATS;
  calls = stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return answer('me', ME);
    if (url === pathOf('sessionConfig')) return sessionConfigAnswer();
    if (url.startsWith(pathOf('tourStats'))) return answer('tourStats', stats);
  });
});

const renderDashboard = () => renderSignedIn(() => <TourDashboardPage />, '/dashboard/tour');

const kpi = (id: string) => screen.getByTestId(`kpi-${id}`);

describe('carrier dashboard', () => {
  it('shows every figure in German number format with units', async () => {
    await renderDashboard();
    await screen.findByTestId('tour-dashboard');
    expect(kpi('glecCo2Default')).toHaveTextContent('1.234,56kg CO₂e');
    // Above ten tonnes the figure switches to t CO2e.
    expect(kpi('glecCo2Individual')).toHaveTextContent('45,68t CO₂e');
    expect(kpi('tours')).toHaveTextContent('1.234');
    expect(kpi('distance')).toHaveTextContent('98.765km');
    expect(kpi('intensity')).toHaveTextContent('61,3g CO₂e/tkm');
    expect(kpi('emptyDistancePercentage')).toHaveTextContent('12,3%');
    expect(kpi('hubEmissions')).toHaveTextContent('12,50kg CO₂e');
    for (const id of ['vehicles', 'trips', 'shipments', 'tkm']) expect(kpi(id)).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'Touren' })).getByText('1.234')).toBeVisible();
    const top = screen.getByRole('table', { name: 'Fahrzeuge mit den höchsten Emissionen' });
    expect(within(top).getByRole('row', { name: /HH-DL 401/ })).toHaveTextContent('1.234,56 kg CO₂e');
    // No list or export calls: external read-only users may open this page.
    expect(calls.filter((c) => /\/api\/(tours|shipments)/.test(c.url))).toEqual([]);
    expect(screen.queryByTestId('sample-upgrade-hint')).toBeNull();
  });

  it('shows the same figures in English number format', async () => {
    await renderDashboard();
    await screen.findByTestId('tour-dashboard');
    // The test renderer starts in German; the user switches to English.
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'Tour dashboard' })).toBeVisible();
    expect(kpi('glecCo2Default')).toHaveTextContent('1,234.56kg CO₂e');
    expect(kpi('glecCo2Individual')).toHaveTextContent('45.68t CO₂e');
    expect(kpi('tours')).toHaveTextContent('1,234');
    expect(kpi('intensity')).toHaveTextContent('61.3g CO₂e/tkm');
  });

  it('marks sample data of a basic company with an upgrade hint', async () => {
    stats = { ...STATS, sample: true };
    await renderDashboard();
    expect(await screen.findByTestId('sample-upgrade-hint')).toHaveTextContent('Beispieldaten');
  });

  it('names the shippers an external user is limited to, and explains an empty scope', async () => {
    stats = { ...STATS, shipperScope: ['Nordfrost GmbH', 'Weser Getränke GmbH'] };
    const view = await renderDashboard();
    expect(await screen.findByTestId('shipper-scope')).toHaveTextContent(
      'Sie sehen die Touren mit Sendungen dieser Versender: Nordfrost GmbH und Weser Getränke GmbH.',
    );
    view.unmount();
    stats = { ...STATS, tours: 0, shipperScope: [] };
    await renderDashboard();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByTestId('shipper-scope')).toHaveTextContent(
      'Your account is not yet allowed to see any shipper',
    );
  });
});
