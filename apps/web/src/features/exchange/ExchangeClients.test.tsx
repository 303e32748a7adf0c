import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf } from '../../app/client.ts';
import { addTestBundle, renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { webTexts } from '../../test/messages.ts';
import { ExchangeClients } from './ExchangeClients.tsx';

const de = webTexts.de.exchange;
const en = webTexts.en.exchange;

// The connections screen's PACT / iLEAP section: list, create (the secret shown once), revoke.

const me = meFixture({ roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'], routes: ['/system/connection'] });
const CLIENT = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'ERP Bio AG',
  clientId: 'kdx_abc',
  shipper: 'Bio AG',
  createdAt: '2026-03-01T08:00:00.000Z',
  createdByName: 'Ada Admin',
  lastUsedAt: null,
  revokedAt: null,
};

const FETCH = {
  pfId: '00000000-0000-4000-8000-0000000000f1',
  kind: 'shipment' as const,
  productKey: 'S-1',
  version: 1,
  status: 'Deprecated' as const,
  fetchCount: 3,
  firstFetchedAt: '2026-03-02T08:00:00.000Z',
  lastFetchedAt: '2026-03-03T08:00:00.000Z',
};

let calls: Call[];
const WAIT = { timeout: 5000 };

beforeEach(async () => {
  await setupTestI18n();
  addTestBundle('exchange', de, en);
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('me'))) return answer('me', me);
    if (url.startsWith(pathOf('filterShipmentShippers')))
      return answer('filterShipmentShippers', listFixture('filterShipmentShippers', [{ value: 'Bio AG' }]));
    if (call.method === 'POST' && url === pathOf('createExchangeClient'))
      return answer('createExchangeClient', { id: CLIENT.id, clientId: 'kdx_new', clientSecret: 's3cr3t' });
    if (call.method === 'DELETE') return answer('revokeExchangeClient', { code: 20000, message: 'revoked' });
    if (url.startsWith(`/api/exchange-clients/${CLIENT.id}/fetches`))
      return answer('exchangeClientFetches', listFixture('exchangeClientFetches', [FETCH]));
    if (url.startsWith(pathOf('exchangeClients')))
      return answer('exchangeClients', listFixture('exchangeClients', [CLIENT]));
    return undefined;
  });
});

const renderSection = () =>
  renderScreen(
    () => (
      <WithMe>
        <ExchangeClients />
      </WithMe>
    ),
    '/system/connection',
  );

describe('ExchangeClients', () => {
  it('lists clients with their shipper and creates one whose secret is shown once', async () => {
    await renderSection();
    expect(await screen.findByText('ERP Bio AG', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('kdx_abc')).toBeTruthy();
    await userEvent.click(screen.getByTestId('exchange-client-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Bezeichnung/ }), 'Nord ERP');
    await userEvent.type(within(dialog).getByRole('combobox'), 'Bio AG');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(screen.getByTestId('exchange-client-secret')).toBeTruthy(), WAIT);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'Nord ERP', shipper: 'Bio AG' });
    expect(
      (screen.getByTestId('exchange-client-secret').querySelector('input') as HTMLInputElement).value,
    ).toBe('s3cr3t');
  });

  it('revokes a client after confirmation', async () => {
    await renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Zugang ERP Bio AG widerrufen' }, WAIT));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/exchange-clients/${CLIENT.id}`);
  });

  it('shows which footprints a client fetched (the shipper view)', async () => {
    await renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Abgerufene Footprints von ERP Bio AG' }, WAIT),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Von „ERP Bio AG“ abgerufene Footprints')).toBeTruthy();
    expect(await within(dialog).findByText('S-1', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByText('1 · Veraltet')).toBeTruthy();
    expect(within(dialog).getByText('3')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith(`/api/exchange-clients/${CLIENT.id}/fetches?`))).toBe(true);
  });
});
