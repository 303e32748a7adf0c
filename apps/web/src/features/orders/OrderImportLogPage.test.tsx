import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import {
  ORDER_IMPORT_CODES,
  type OrderImportMessage,
  type OrderImportTask,
} from '@klimadesk/contract/orders/import';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, type Call } from '../../test/emissions.tsx';
import { listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { OrderImportLogPage } from './OrderImportLogPage.tsx';
import { pathOf } from '../../app/client.ts';

const deOrders = webTexts.de.orders;
const enOrders = webTexts.en.orders;

const me = meFixture({
  roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
  company: { isBasic: true, unlocked: false },
});

const TASK: OrderImportTask = {
  id: '7d3f1f9e-2a43-4a51-9a43-0b6a3b1e0c11',
  uploadId: 'erp-2026-03-02',
  status: 'partial',
  source: 'apiKey',
  pushedBy: 'ERP Nord',
  uploadedAt: '2026-03-02T09:30:00.000Z',
  processedAt: '2026-03-02T09:30:05.000Z',
  received: 3,
  saved: 1,
  failed: 2,
  messages: { critical: 0, error: 2, warning: 1, info: 1 },
};

const msg = (over: Partial<OrderImportMessage>): OrderImportMessage => ({
  id: crypto.randomUUID(),
  code: 'OrderImportOrderSaved',
  level: 'info',
  orderIndex: 1,
  orderNumber: 'IMP-1',
  externalId: null,
  orderId: null,
  activity: null,
  legIndex: null,
  field: null,
  value: null,
  params: {},
  ...over,
});

const LOG = [
  msg({
    code: 'OrderImportInvalidOrigin',
    level: 'error',
    orderIndex: 2,
    orderNumber: 'IMP-2',
    activity: 'main_carriage',
    legIndex: 1,
    field: 'origin.country',
    value: 'Germany',
  }),
  msg({
    code: 'OrderImportQuotaReached',
    level: 'error',
    orderIndex: 3,
    orderNumber: 'IMP-3',
    params: { limit: 50 },
  }),
];

let calls: Call[];

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'orders', deOrders, true, true);
  i18n.addResourceBundle('en', 'orders', enOrders, true, true);
});

beforeEach(async () => {
  await i18n.changeLanguage('de');
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      calls.push({ method: init?.method ?? 'GET', url, body: undefined });
      if (url.startsWith(pathOf('me'))) return Response.json(me);
      if (url.includes('/log')) {
        const level = new URL(url, 'http://x').searchParams.get('level') ?? '';
        return Response.json(
          listFixture(
            'orderImportLog',
            LOG.filter((m) => level.split(',').includes(m.level)),
          ),
        );
      }
      if (url.startsWith(pathOf('orderImportTasks')))
        return Response.json(listFixture('orderImportTasks', [TASK]));
      return Response.json({ code: 50310, message: 'notFound' }, { status: 404 });
    }),
  );
});

describe('order import log', () => {
  it('translates every message code in German and English', () => {
    for (const bundle of [deOrders, enOrders]) {
      const messages = bundle.importMessages as Record<string, string>;
      expect(ORDER_IMPORT_CODES.filter((c) => !messages[c])).toEqual([]);
    }
    expect(Object.keys(deOrders.importLog).sort()).toEqual(Object.keys(enOrders.importLog).sort());
  });

  it('lists pushes with status and counts and opens a push’s messages with their level filter', async () => {
    await renderScreen(
      () => (
        <WithMe>
          <OrderImportLogPage />
        </WithMe>
      ),
      '/basic/import-log',
    );
    const table = await screen.findByTestId('import-task-table');
    expect(await within(table).findByText('ERP Nord')).toBeTruthy();
    expect(within(table).getByText('Teilweise')).toBeTruthy();
    expect(within(table).getByText('1 von 3 gespeichert')).toBeTruthy();
    expect(within(table).getByText('2 abgelehnt')).toBeTruthy();
    expect(within(table).getByText('Fehler: 2')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: /Meldungen der Übertragung/ }));
    const dialog = await screen.findByRole('dialog');
    const entries = await within(dialog).findAllByTestId('import-log-entry');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Der Abgangsort ist ungültig.'),
      expect.stringContaining('Das monatliche Kontingent von 50 Aufträgen ist ausgeschöpft.'),
    ]);
    expect(entries[0].textContent).toContain('Hauptlauf, Teilstrecke 1');
    expect(entries[0].textContent).toContain('Feld: Abgangsort · Land · Gesendet: „Germany“');
    expect(calls.some((c) => c.url.includes(`${pathOf('orderImportLog', { id: TASK.id })}?`))).toBe(true);

    // Only warnings and info: the two errors leave the list.
    fireEvent.click(within(dialog).getByRole('button', { name: /Fehler/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Kritisch/ }));
    expect(await within(dialog).findByText('Keine Meldungen mit diesen Stufen.')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('level=warning%2Cinfo');
  });
});
