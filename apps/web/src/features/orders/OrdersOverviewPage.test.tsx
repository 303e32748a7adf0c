import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { co2Scale } from './OrdersOverviewCharts.tsx';
import { OrdersOverviewPage } from './OrdersOverviewPage.tsx';
import { MASTERS } from './ordersTestData.ts';
import { pathOf } from '../../app/client.ts';

const deOrders = webTexts.de.orders;
const enOrders = webTexts.en.orders;

const ADMIN = meFixture({
  roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
  company: { isBasic: true, unlocked: false },
});

/**
 * Two basic tours: road 1,000 kg TTW + 250 kg WTT over 10,000 tkm, sea 12,000 kg TTW + 3,000 kg
 * WTT over 200,000 tkm, and 40 kg at the hub between them. WTW = 1,250 + 15,000 + 40 = 16,290 kg;
 * intensity = 16,290,000 g / 210,000 tkm = 77.571… g/tkm.
 */
const DASHBOARD = {
  orders: 2,
  co2Ttw: 13000,
  co2Wtt: 3250,
  co2Wtw: 16290,
  hubCo2Wtw: 40,
  tkm: 210000,
  intensity: 16290000 / 210000,
  byMode: [
    {
      transportMode: 'road' as const,
      legs: 3,
      orders: 2,
      co2Ttw: 1000,
      co2Wtt: 250,
      co2Wtw: 1250,
      tkm: 10000,
      intensity: 125,
    },
    {
      transportMode: 'sea' as const,
      legs: 1,
      orders: 1,
      co2Ttw: 12000,
      co2Wtt: 3000,
      co2Wtw: 15000,
      tkm: 200000,
      intensity: 75,
    },
  ],
};

// Two cores shared by many: the screens take longer to settle than the default second.
const WAIT = { timeout: 8000 };

beforeAll(async () => {
  await setupTestI18n('de');
  i18n.addResourceBundle('de', 'orders', deOrders, true, true);
  i18n.addResourceBundle('en', 'orders', enOrders, true, true);
});

function setup(): Call[] {
  return stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return answer('me', ADMIN);
    if (url.startsWith(pathOf('masters'))) return answer('masters', MASTERS);
    if (url.startsWith(pathOf('orderQuota')))
      return answer('orderQuota', { month: '2026-03', used: 2, limit: 50 });
    if (url.startsWith(pathOf('clients'))) return answer('clients', listFixture('clients', []));
    if (url.startsWith(pathOf('orderClimateMonths')))
      return answer(
        'orderClimateMonths',
        listFixture('orderClimateMonths', [
          {
            month: '2026-02',
            orders: 1,
            co2Ttw: 1000,
            co2Wtt: 250,
            co2Wtw: 1290,
            tkm: 10000,
            intensity: 129,
          },
          {
            month: '2026-03',
            orders: 1,
            co2Ttw: 12000,
            co2Wtt: 3000,
            co2Wtw: 15000,
            tkm: 200000,
            intensity: 75,
          },
        ]),
      );
    if (url.startsWith(pathOf('orderDashboard'))) return answer('orderDashboard', DASHBOARD);
  });
}

const render = () =>
  renderScreen(
    () => (
      <WithMe>
        <OrdersOverviewPage />
      </WithMe>
    ),
    '/basic/overview',
  );

describe('order overview', () => {
  it('shows the figures of the dashboard route in German with units, and the modes', async () => {
    setup();
    await render();
    await screen.findByTestId('orders-overview', {}, WAIT);
    const value = (id: string) => screen.getByTestId(`kpi-${id}-value`).textContent;
    const card = (id: string) => screen.getByTestId(`kpi-${id}`).textContent;
    // 16,290 kg is past the tonnes threshold (10,000 kg): 16,29 t; 13,000 kg TTW likewise.
    expect(value('co2Wtw')).toBe('16,29');
    expect(card('co2Wtw')).toContain('t CO₂e');
    expect(card('co2Wtw')).toContain('davon Umschlag (Hubs): 40,00 kg CO₂e');
    expect(value('co2Ttw')).toBe('13,00');
    expect(value('co2Wtt')).toBe('3.250,00');
    expect(card('co2Wtt')).toContain('kg CO₂e');
    expect(value('tkm')).toBe('210.000,0');
    expect(value('intensity')).toBe('77,6');
    expect(value('orders')).toBe('2');
    const table = screen.getByTestId('order-mode-table');
    const sea = within(table).getByText('See').closest('tr') as HTMLElement;
    expect(
      within(sea)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['See', '1', '1', '15.000,00', '12.000,00', '3.000,00', '200.000,0', '75,0']);
    expect(screen.getByTestId('order-quota')).toHaveTextContent('2 von 50 Aufträgen in diesem Monat');
  });

  it('asks both figure routes for the chosen filters', async () => {
    const calls = setup();
    await render();
    await screen.findByTestId('orders-overview', {}, WAIT);
    fireEvent.change(screen.getByTestId('order-filter-client'), { target: { value: 'Hanse' } });
    await waitFor(() => {
      const asked = calls.filter((c) => c.url.includes('client=Hanse')).map((c) => c.url.split('?')[0], WAIT);
      expect(new Set(asked)).toEqual(new Set([pathOf('orderDashboard'), pathOf('orderClimateMonths')]));
    });
  });
});

describe('chart unit', () => {
  it('switches to tonnes where the figures do (10,000 kg)', () => {
    expect(co2Scale(9999.99)).toEqual({ unit: 'kg CO₂e', factor: 1 });
    expect(co2Scale(10000)).toEqual({ unit: 't CO₂e', factor: 1000 });
  });
});
