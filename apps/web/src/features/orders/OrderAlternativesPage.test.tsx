import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import type { Order } from '@klimadesk/contract/orders/schemas';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi } from '../../test/emissions.tsx';
import { answer, fixture, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { OrderAlternativesPage } from './OrderAlternativesPage.tsx';
import { alternativesChange, alternativesDistance } from './AlternativesCard.tsx';
import { pathOf } from '../../app/client.ts';

const deOrders = webTexts.de.orders;
const enOrders = webTexts.en.orders;

const ADMIN = meFixture({
  roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
  company: { isBasic: true, unlocked: false },
});
const READER = meFixture({ roles: ['ROLE_CFT_READ_ONLY'] });

const BASE_ID = '11111111-1111-4111-8111-111111111111';
const ALT_ID = '22222222-2222-4222-8222-222222222222';

/** A one-leg order: `km` by `mode` with 2 t, WTW `wtw` kg (intensity from them). */
function order(
  id: string,
  position: number,
  mode: 'road' | 'rail',
  km: number,
  wtw: number,
  auto = false,
): Order {
  const tkm = 2 * km;
  return fixture('getOrder', {
    id,
    parentId: position === 1 ? null : BASE_ID,
    alternativeGroupId: BASE_ID,
    position,
    number: 'A-7',
    client: 'Nordlicht Handel',
    cargoType: 'general',
    quantity: null,
    freightType: 'unit_cargo',
    grossWeight: 2000,
    grossWeightUnit: 'kg',
    containerLoad: null,
    containerSpec: null,
    temperatureControl: false,
    isAutoAlternative: auto,
    date: '2026-03-02',
    label: null,
    note: null,
    status: 'open',
    co2Ttw: wtw * 0.5,
    co2Wtt: wtw * 0.5,
    co2Wtw: wtw,
    hubCo2Wtw: 0,
    tkm,
    intensity: (wtw * 1000) / tkm,
    modes: [mode],
    createdAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-02T08:00:00.000Z',
    activities: [
      {
        activity: 'main_carriage',
        legs: [
          {
            id: crypto.randomUUID(),
            position: 1,
            transportMode: mode,
            origin: { entered: { country: 'DE', zipCode: '21614' }, resolved: null },
            destination: { entered: { country: 'DE', city: 'München' }, resolved: null },
            glecVehicleType: mode === 'road' ? 'road_eu_artic_40t_avg_diesel' : 'rail_eu_unknown_avg',
            distance: km,
            distanceGiven: false,
            distanceType: 'estimate',
            distanceMethod: `${mode}: great-circle distance × 1.3 (circuity factor, estimate)`,
            distanceMethodCode: { method: 'circuity', mode, circuityFactor: 1.3 },
            distanceMethodText: `${mode === 'road' ? 'Straße' : 'Schiene'}: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung)`,
            transportDistance: km,
            transportDistanceType: 'SFD',
            co2Ttw: wtw * 0.5,
            co2Wtt: wtw * 0.5,
            co2Wtw: wtw,
            tkm,
            intensity: (wtw * 1000) / tkm,
            method: 'default',
            factorSet: { id: 'GLEC', version: 'v3.1', gwp: 'AR6' },
            trace: [],
            sheet: '',
          },
        ],
      },
    ],
    hubs: [],
  });
}

// Road 789.5 km: 150.005 kg; rail 728.7 km: 26.81616 kg (the API's worked example).
const BASIC = order(BASE_ID, 1, 'road', 789.5, 150.005);
const RAIL = order(ALT_ID, 2, 'rail', 728.7, 26.81616, true);

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'orders', deOrders, true, true);
  i18n.addResourceBundle('en', 'orders', enOrders, true, true);
});

function serve(me: typeof ADMIN) {
  return stubApi((url, call) => {
    if (url.startsWith(pathOf('me'))) return Response.json(me);
    if (url.startsWith(pathOf('orderQuota')))
      return answer('orderQuota', { month: '2026-03', used: 3, limit: 50 });
    if (url.startsWith(pathOf('promoteOrder', { id: ALT_ID })) && call.method === 'POST')
      return answer('promoteOrder', listFixture('promoteOrder', [{ ...RAIL, position: 1, parentId: null }]));
    if (url.startsWith(pathOf('orderAlternatives', { id: BASE_ID })))
      return answer('orderAlternatives', listFixture('orderAlternatives', [BASIC, RAIL]));
    return undefined;
  });
}

const render = () =>
  renderScreen(
    () => (
      <WithMe>
        <OrderAlternativesPage />
      </WithMe>
    ),
    `/basic/orders/${BASE_ID}/alternatives`,
    '/basic/orders/$id/alternatives',
  );

describe('order alternatives', () => {
  it('has every text in German and English', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(deOrders.alternatives).sort()).toEqual(keys(enOrders.alternatives).sort());
  });

  it('works out the distance and the change against the basic tour', () => {
    expect(alternativesDistance(BASIC)).toBe(789.5);
    // (26.81616 - 150.005) / 150.005 = -123.18884 / 150.005 = -82.1232… %
    expect(alternativesChange(RAIL.co2Wtw, BASIC.co2Wtw)).toBeCloseTo(-82.1232, 4);
    expect(alternativesChange(1, 0)).toBeNull();
  });

  it('shows the alternatives side by side and promotes one after confirmation', async () => {
    const calls = serve(ADMIN);
    await render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alternativen zu Auftrag A-7' }),
    ).toBeTruthy();
    const cards = await screen.findAllByTestId('alternatives-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Basistour')).toBeTruthy();
    expect(cards[0].textContent).toContain('150,01 kg CO₂e');
    expect(cards[0].textContent).toContain('789,5 km');
    expect(within(cards[1]).getByText('Alternative 2')).toBeTruthy();
    expect(within(cards[1]).getByText('Vorschlag')).toBeTruthy();
    // WTW 26,82 kg, 82,1 % below the basic tour; intensity 18,4 against 95,0 g/tkm (150.005 kg over
    // 1,579 tkm) is (18.4 - 95) / 95 = -80,6 %: the rail route is shorter, so fewer tkm.
    expect(cards[1].textContent).toContain('26,82 kg CO₂e−82,1\u00a0%');
    expect(cards[1].textContent).toContain('18,4 g CO₂e/tkm−80,6\u00a0%');
    // The suggestion's difference to the basic tour: 26.81616 - 150.005 = -123.18884 kg.
    expect(cards[1].textContent).toContain('Differenz zur Basistour−123,19 kg CO₂e');
    expect(cards[0].textContent).not.toContain('Differenz zur Basistour');
    // How each leg's distance was found, in the screen's language.
    expect(within(cards[0]).getByTestId('alternatives-distance-method').textContent).toBe(
      'Entfernung: Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung)',
    );
    expect(screen.getByTestId('alternatives-chart')).toBeTruthy();
    expect(within(cards[0]).queryByTestId('alternatives-promote')).toBeNull();

    fireEvent.click(within(cards[1]).getByTestId('alternatives-promote'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Die bisherige Basistour wird Alternative 2.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zur Basistour machen' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url.startsWith(pathOf('promoteOrder', { id: ALT_ID }))),
      ).toBe(true),
    );
  });

  it('offers a read-only user the comparison and the certificates, no writes', async () => {
    serve(READER);
    await render();
    const cards = await screen.findAllByTestId('alternatives-card');
    expect(screen.getByTestId('alternatives-read-only')).toBeTruthy();
    for (const id of [
      'alternatives-generate',
      'alternatives-new',
      'alternatives-promote',
      'alternatives-edit',
      'alternatives-delete',
    ])
      expect(screen.queryAllByTestId(id)).toHaveLength(0);
    expect(within(cards[1]).getByTestId('alternatives-certificate')).toBeTruthy();
  });
});
