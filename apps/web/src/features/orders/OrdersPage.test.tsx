import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import type { OrderSummary } from '@klimadesk/contract/orders/schemas';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { OrdersPage } from './OrdersPage.tsx';
import { orderFilterQuery, ORDER_FILTERS_OPEN } from './OrderListFilters.tsx';
import { quotaReached } from './orderQueries.ts';
import { MASTERS } from './ordersTestData.ts';
import { pathOf } from '../../app/client.ts';

const deOrders = webTexts.de.orders;
const enOrders = webTexts.en.orders;

const ADMIN = meFixture({
  roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
  company: { isBasic: true, unlocked: false },
});
const READER = meFixture({ roles: ['ROLE_CFT_READ_ONLY'] });

const ORDER: OrderSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  parentId: null,
  alternativeGroupId: '11111111-1111-4111-8111-111111111111',
  position: 1,
  number: 'HH-77',
  client: 'Hanse Import',
  cargoType: 'general',
  quantity: 1,
  freightType: 'container',
  grossWeight: 10,
  grossWeightUnit: 't',
  containerLoad: 'FCL',
  containerSpec: '20ft',
  temperatureControl: false,
  isAutoAlternative: false,
  date: '2026-03-02',
  label: null,
  note: null,
  status: 'open',
  co2Ttw: 1000,
  co2Wtt: 234.567,
  co2Wtw: 1234.567,
  hubCo2Wtw: 0,
  tkm: 20155.25,
  intensity: 61.25,
  modes: ['road', 'rail', 'rail', 'road'],
  createdAt: '2026-03-02T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
};

// Two cores shared by many: the screens take longer to settle than the default second.
const WAIT = { timeout: 8000 };

beforeAll(async () => {
  await setupTestI18n('de');
  i18n.addResourceBundle('de', 'orders', deOrders, true, true);
  i18n.addResourceBundle('en', 'orders', enOrders, true, true);
});

function setup(me = ADMIN, opts: { orders?: OrderSummary[]; used?: number } = {}): Call[] {
  const orders = opts.orders ?? [ORDER];
  return stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return answer('me', me);
    if (url.startsWith(pathOf('masters'))) return answer('masters', MASTERS);
    if (url.startsWith(pathOf('orderQuota')))
      return answer('orderQuota', { month: '2026-03', used: opts.used ?? 12, limit: 50 });
    if (url.startsWith(pathOf('clients'))) return answer('clients', listFixture('clients', []));
    if (url.startsWith(`${pathOf('orders')}?`) || url === pathOf('orders')) {
      // The status filter of seed 000 §5: none chosen lists nothing.
      const status = new URL(url, 'http://x').searchParams.get('status');
      const rows = status === null ? orders : orders.filter((o) => status.split(',').includes(o.status));
      return answer('orders', listFixture('orders', rows));
    }
  });
}

const render = () =>
  renderScreen(
    () => (
      <WithMe>
        <OrdersPage />
      </WithMe>
    ),
    '/basic/orders',
  );

describe('order list', () => {
  it('shows an order with German figures, its mode chain, status and the monthly quota', async () => {
    setup();
    await render();
    const table = await screen.findByTestId('order-table', {}, WAIT);
    const row = (await within(table).findByText('HH-77', {}, WAIT)).closest('[role="row"]') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Offen')).toBeInTheDocument(), WAIT);
    // 1234.567 kg WTW in kg with two decimals; 20155.25 tkm and 61.25 g/tkm with one.
    expect(row).toHaveTextContent('1.234,57');
    expect(row).toHaveTextContent('20.155,3');
    expect(row).toHaveTextContent('61,3');
    expect(row).toHaveTextContent('02.03.2026');
    expect(row).toHaveTextContent('Container 20ft');
    expect(row).toHaveTextContent('10,00 t · Stückgut allgemein');
    // Two rail legs in a row are one step of the chain.
    expect(within(row).getByTestId('order-modes')).toHaveAttribute('aria-label', 'Straße → Schiene → Straße');
    expect(screen.getByTestId('order-quota')).toHaveTextContent('12 von 50 Aufträgen in diesem Monat');
    expect(screen.getByTestId('order-create')).toBeEnabled();
    expect(screen.queryByTestId('order-quota-reached')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Auftrag HH-77 bearbeiten' })).toBeInTheDocument();
  });

  it('asks the API for the chosen statuses and keeps at least one chosen', async () => {
    const calls = setup();
    await render();
    await screen.findByText('HH-77', {}, WAIT);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    const listbox = await screen.findByRole('listbox', {}, WAIT);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Offen' }));
    await waitFor(
      () => expect(calls.some((c) => c.url.includes('status=confirmed%2Ccompleted%2Ccancelled'))).toBe(true),
      WAIT,
    );
    await waitFor(() => expect(screen.queryByText('HH-77')).toBeNull(), WAIT);
    for (const s of ['Bestätigt', 'Abgeschlossen']) {
      fireEvent.click(within(listbox).getByRole('option', { name: s }));
    }
    await waitFor(() => expect(calls.some((c) => /status=cancelled(&|$)/.test(c.url))).toBe(true), WAIT);
    // The last chosen status stays: a request without any would list nothing (seed 000 §5).
    fireEvent.click(within(listbox).getByRole('option', { name: 'Storniert' }));
    expect(within(listbox).getByRole('option', { name: 'Storniert' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Keine Aufträge für diese Filter', {}, WAIT)).toBeInTheDocument();
  });

  it('disables creating and copying once the monthly quota is used up, and says so', async () => {
    setup(ADMIN, { used: 50 });
    await render();
    expect(await screen.findByTestId('order-quota-reached', {}, WAIT)).toHaveTextContent(
      'Das Freikontingent von 50 Aufträgen für März 2026 ist aufgebraucht.',
    );
    expect(screen.getByTestId('order-create')).toBeDisabled();
    fireEvent.click(await screen.findByRole('button', { name: 'Weitere Aktionen für Auftrag HH-77' }, WAIT));
    expect(await screen.findByRole('menuitem', { name: 'Kopieren' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Status ändern' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows read-only users the list and the certificate but no create, edit or write action', async () => {
    setup(READER);
    await render();
    const row = (await screen.findByText('HH-77', {}, WAIT)).closest('[role="row"]') as HTMLElement;
    expect(screen.getByTestId('orders-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('order-create')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Auftrag HH-77 bearbeiten' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Alternativen von Auftrag HH-77' })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Weitere Aktionen für Auftrag HH-77' }));
    const items = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(items).toEqual(['Zertifikat (PDF)']);
  });

  it('tells a new user with no orders what to do', async () => {
    setup(ADMIN, { orders: [] });
    await render();
    const blank = await screen.findByTestId('orders-blank', {}, WAIT);
    expect(blank).toHaveTextContent('Noch keine Aufträge');
    expect(blank).toHaveTextContent('Teilstrecken von Vor-, Haupt- und Nachlauf');
    expect(within(blank).getByTestId('order-create')).toBeEnabled();
  });
});

describe('order filters', () => {
  it('sends only what narrows the list: all statuses are no filter', () => {
    expect(orderFilterQuery(ORDER_FILTERS_OPEN)).toEqual({});
    expect(
      orderFilterQuery({
        ...ORDER_FILTERS_OPEN,
        status: ['open', 'completed'],
        client: '  Hanse ',
        freightType: 'container',
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    ).toEqual({
      status: 'open,completed',
      client: 'Hanse',
      freightType: 'container',
      'date[after]': '2026-03-01',
      'date[before]': '2026-03-31',
    });
  });

  it('counts the quota as reached at the limit, never without a limit', () => {
    expect(quotaReached({ month: '2026-03', used: 49, limit: 50 })).toBe(false);
    expect(quotaReached({ month: '2026-03', used: 50, limit: 50 })).toBe(true);
    expect(quotaReached({ month: '2026-03', used: 900, limit: null })).toBe(false);
    expect(quotaReached(undefined)).toBe(false);
  });
});
