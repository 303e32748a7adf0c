import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf } from '../../app/client.ts';
import { addTestBundle, renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { webTexts } from '../../test/messages.ts';
import { PartnerConnections } from './PartnerConnections.tsx';

const de = webTexts.de.exchange;
const en = webTexts.en.exchange;

// The connections screen's partner section: connections (create, confirm, actions) and the fetched
// footprints with the choice of the leg their primary data replace.

const me = meFixture({
  roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
  routes: ['/system/connection'],
  modules: ['cft'],
});
const CONFIRMED = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Spedition Nord',
  baseUrl: 'https://nord.example/pact',
  clientId: 'c-1',
  pactVersion: 2 as const,
  status: 'confirmed' as const,
  createdAt: '2026-03-01T08:00:00.000Z',
  createdByName: 'Ada Admin',
  confirmedAt: '2026-03-01T08:05:00.000Z',
  confirmedByName: 'Ada Admin',
  lastUsedAt: null,
  lastError: null,
  publishUpdates: true,
  eventsClientId: null,
};
const NEW = {
  ...CONFIRMED,
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Bahn Süd',
  baseUrl: 'https://sued.example/pact',
  status: 'unconfirmed' as const,
  confirmedAt: null,
  confirmedByName: null,
  publishUpdates: false,
};
const FOOTPRINT = {
  id: '00000000-0000-4000-8000-0000000000f1',
  connectionId: CONFIRMED.id,
  connectionName: 'Spedition Nord',
  pfId: '0b9c1f6e-6f43-4f7e-9d1e-4a1f6a2b7c01',
  shipmentReference: 'S-7',
  shipmentId: '00000000-0000-4000-8000-0000000000b7',
  status: 'Active' as const,
  co2eWtwKg: 16,
  tkm: 140,
  massKg: 2000,
  primaryDataShare: 100,
  periodStart: '2026-03-01T00:00:00.000Z',
  periodEnd: '2026-03-02T00:00:00.000Z',
  fetchedAt: '2026-03-02T09:00:00.000Z',
  pfVersion: 2,
  appliedTourId: null,
  appliedVersion: null,
  legs: [{ tourId: '00000000-0000-4000-8000-0000000000d1', tourReference: 'T-70' }],
};

const CLIENT = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Spedition Nord sendet',
  clientId: 'kdx_nord',
  shipper: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  createdByName: 'Ada Admin',
  lastUsedAt: null,
  revokedAt: null,
};

let calls: Call[];
const WAIT = { timeout: 5000 };

beforeEach(async () => {
  await setupTestI18n();
  addTestBundle('exchange', de, en);
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('me'))) return answer('me', me);
    if (call.method === 'POST' && url === pathOf('createExchangeConnection'))
      return answer('createExchangeConnection', NEW);
    if (call.method === 'POST' && url.endsWith('/confirm'))
      return answer('confirmExchangeConnection', { ...NEW, status: 'confirmed' });
    if (call.method === 'POST' && url.endsWith('/apply'))
      return answer('applyPartnerFootprint', {
        ...FOOTPRINT,
        appliedTourId: (call.body as { tourId: string | null }).tourId,
        appliedVersion: (call.body as { tourId: string | null }).tourId ? 2 : null,
      });
    if (call.method === 'PATCH' && url.startsWith(pathOf('exchangeConnections')))
      return answer('updateExchangeConnection', { ...CONFIRMED, ...(call.body as object) });
    if (url.startsWith(pathOf('exchangeClients')))
      return answer('exchangeClients', listFixture('exchangeClients', [CLIENT]));
    if (url.startsWith(pathOf('exchangeConnections')))
      return answer('exchangeConnections', listFixture('exchangeConnections', [CONFIRMED, NEW]));
    if (url.startsWith(pathOf('partnerFootprints')))
      return answer('partnerFootprints', listFixture('partnerFootprints', [FOOTPRINT]));
    return undefined;
  });
});

const renderSection = () =>
  renderScreen(
    () => (
      <WithMe>
        <PartnerConnections />
      </WithMe>
    ),
    '/system/connection',
  );

describe('PartnerConnections', () => {
  it('shows confirmed connections with their actions and unconfirmed ones with the confirmation only', async () => {
    await renderSection();
    const table = await screen.findByTestId('partner-table', {}, WAIT);
    expect(await within(table).findByText('Spedition Nord', {}, WAIT)).toBeTruthy();
    expect(within(table).getByText('Meldet Updates')).toBeTruthy();
    // Each action has its own label (the footprints section's texts are not a button label).
    expect(within(table).getByRole('button', { name: 'Testen' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'TAD abrufen' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Footprints abrufen' })).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Adresse bestätigen' })).toHaveLength(1);
  });

  it('creates a connection that announces new footprint versions, then confirms its URL', async () => {
    await renderSection();
    await userEvent.click(await screen.findByTestId('partner-create', {}, WAIT));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('partner-name'), 'Bahn Süd');
    await userEvent.type(within(dialog).getByTestId('partner-baseUrl'), 'https://sued.example/pact');
    await userEvent.type(within(dialog).getByTestId('partner-clientId'), 'c-2');
    await userEvent.type(within(dialog).getByTestId('partner-clientSecret'), 'geheim');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Footprint-Versionen melden/ }));
    await userEvent.click(within(dialog).getByTestId('partner-create-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Bahn Süd',
      baseUrl: 'https://sued.example/pact',
      clientId: 'c-2',
      clientSecret: 'geheim',
      pactVersion: 2,
      publishUpdates: true,
      eventsClientId: null,
    });

    await userEvent.click(await screen.findByTestId('partner-confirm', {}, WAIT));
    const confirm = await screen.findByRole('dialog');
    await userEvent.type(within(confirm).getByTestId('partner-confirm-url'), 'https://sued.example/pact');
    await userEvent.click(within(confirm).getByTestId('partner-confirm-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/confirm'))).toBe(true), WAIT);
    expect(calls.find((c) => c.url.endsWith('/confirm'))).toMatchObject({
      url: `/api/exchange-connections/${NEW.id}/confirm`,
      body: { baseUrl: 'https://sued.example/pact' },
    });
  });

  it("uses a fetched footprint's primary data for a leg of the own shipment", async () => {
    await renderSection();
    const table = await screen.findByTestId('partner-footprint-table', {}, WAIT);
    expect(await within(table).findByText('S-7', {}, WAIT)).toBeTruthy();
    expect(within(table).getByText('Aktiv')).toBeTruthy();
    expect(within(table).getByText('Version 2')).toBeTruthy();
    await userEvent.click(within(table).getByRole('combobox', { name: 'Verwendung des Footprints von S-7' }));
    await userEvent.click(await screen.findByRole('option', { name: 'T-70' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/apply'))).toBe(true), WAIT);
    expect(calls.find((c) => c.url.endsWith('/apply'))).toMatchObject({
      url: `/api/exchange-partner-footprints/${FOOTPRINT.id}/apply`,
      body: { tourId: FOOTPRINT.legs[0]!.tourId },
    });
  });

  it('names the exchange client a confirmed partner sends its events with (its Published events re-fetch)', async () => {
    await renderSection();
    const table = await screen.findByTestId('partner-table', {}, WAIT);
    await userEvent.click(
      await within(table).findByRole('button', { name: 'Einstellungen von „Spedition Nord“' }, WAIT),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('combobox', { name: /Zugang des Partners für Ereignisse/ }),
    );
    await userEvent.click(await screen.findByRole('option', { name: CLIENT.name }, WAIT));
    await userEvent.click(within(dialog).getByTestId('partner-settings-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: `/api/exchange-connections/${CONFIRMED.id}`,
      body: { eventsClientId: CLIENT.id, publishUpdates: true },
    });
  });
});
