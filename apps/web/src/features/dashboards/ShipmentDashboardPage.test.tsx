import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { type Answer, pathOf } from '../../app/client.ts';
import { renderSignedIn, sessionConfigAnswer, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { ShipmentDashboardPage } from './ShipmentDashboardPage.tsx';
import { defineDashboard } from './defineDashboard.tsx';

const ME = meFixture({ routes: ['/dashboard/tour', '/dashboard/shipment'] });

const STATS: Answer<'shipmentStats'> = {
  glecCo2Generic: 1234.56,
  glecCo2Individual: null,
  hubEmissions: 0,
  intensity: 61.25,
  numShippers: 2,
  shipments: 1500,
  transportActivity: 20155.2,
  weight: 12500,
  co2Default: { ttw: 1000, wtt: 234.56, wtw: 1234.56 },
  co2Individual: null,
  byMonth: [],
  byVehicleType: [],
  byShipper: [
    {
      shipper: 'Nordfrost GmbH',
      shipments: 1200,
      weight: 3000,
      transportActivity: 15000,
      co2Default: 900,
      co2Individual: null,
      intensity: 60,
    },
    {
      shipper: null,
      shipments: 300,
      weight: 9500,
      transportActivity: 5155.2,
      co2Default: 334.56,
      co2Individual: null,
      intensity: 64.9,
    },
  ],
  sample: false,
};

let calls: Call[];
let stats: Answer<'shipmentStats'>;

beforeEach(() => {
  stats = STATS;
  calls = stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return answer('me', ME);
    // The tour range differs, so the test sees which one the shipper dashboard uses.
    if (url === pathOf('sessionConfig'))
      return sessionConfigAnswer({
        tourStartDate: '2025-06-01',
        shipmentStartDate: '2026-01-01',
        shipmentEndDate: '2026-03-31',
      });
    if (url.startsWith(pathOf('shipmentStats'))) return answer('shipmentStats', stats);
    if (url.startsWith(pathOf('filterShipmentShippers')))
      return answer('filterShipmentShippers', listFixture('filterShipmentShippers', [{ value: 'Weser AG' }]));
  });
});

async function renderDashboard() {
  await renderSignedIn(() => <ShipmentDashboardPage />, '/dashboard/shipment');
  return screen.findByTestId('shipment-dashboard');
}

const kpi = (id: string) => screen.getByTestId(`kpi-${id}`);

describe('shipper dashboard', () => {
  it('asks for the stats of the remembered shipment range and shows its figures', async () => {
    await renderDashboard();
    expect(calls.filter((c) => c.url.startsWith(pathOf('shipmentStats'))).map((c) => c.url)).toEqual([
      `${pathOf('shipmentStats')}?departureDate%5Bafter%5D=2026-01-01&departureDate%5Bbefore%5D=2026-03-31`,
    ]);
    expect(kpi('glecCo2Generic')).toHaveTextContent('1.234,56kg CO₂e');
    expect(kpi('glecCo2Individual')).toHaveTextContent('–kg CO₂e');
    // Weight comes in kg and reads in tonnes.
    expect(kpi('weight')).toHaveTextContent('12,50t');
    expect(kpi('transportActivity')).toHaveTextContent('20.155tkm');
    expect(kpi('numShippers')).toHaveTextContent('2');
    expect(screen.queryByTestId('kpi-tours')).toBeNull();
  });

  it('breaks the figures down per shipper below the charts, then offers the statement', async () => {
    await renderDashboard();
    const table = screen.getByRole('table', { name: 'Versender im Überblick' });
    expect(within(table).getByRole('row', { name: /Nordfrost GmbH/ })).toHaveTextContent(
      'Nordfrost GmbH1.2003 t15.000,0 tkm900,00 kg CO₂e–60,0 g CO₂e/tkm',
    );
    expect(within(table).getByRole('row', { name: /Ohne Versender/ })).toHaveTextContent('300');
    const order = ['chart-by-month', 'chart-by-shipper', 'shipper-breakdown', 'statement-form'].map((id) =>
      screen.getByTestId(id),
    );
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screen.getByTestId('statement-download')).toBeDisabled();
    expect(screen.queryByTestId('sample-upgrade-hint')).toBeNull();
  });

  it('marks sample data and keeps the statement of sample shippers closed', async () => {
    stats = { ...STATS, sample: true };
    await renderDashboard();
    expect(screen.getByTestId('sample-upgrade-hint')).toHaveTextContent('Beispieldaten');
    expect(
      within(screen.getByTestId('statement-form')).getByRole('combobox', { name: /^Versender/ }),
    ).toBeDisabled();
  });
});

// Compile-time checks: a KPI names a numeric field of its route's stats, or computes its figure.
export function typeChecks() {
  defineDashboard({
    id: 'shipment',
    stats: 'shipmentStats',
    filters: 'shipment',
    kpis: [
      // @ts-expect-error tours is a figure of the carrier dashboard, not of the shipper one
      { id: 'tours', digits: 0 },
      // @ts-expect-error byShipper is no number
      { id: 'byShipper', digits: 0 },
      { id: 'perShipment', digits: 1, value: (s) => s.weight / s.shipments },
    ],
    charts: [],
  });
}
