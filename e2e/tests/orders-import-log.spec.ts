import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { login, unique } from '../support/app.ts';

const ROAD = 'road_eu_artic_40t_avg_diesel';

function order(number: string, over: Record<string, unknown> = {}) {
  return {
    externalId: `erp-${number}`,
    number,
    client: 'Partner Spedition',
    cargoType: 'general',
    freightType: 'unit_cargo',
    grossWeight: 1500,
    grossWeightUnit: 'kg',
    date: '2026-03-02',
    status: 'open',
    activities: [
      {
        activity: 'main_carriage',
        legs: [
          {
            transportMode: 'road',
            origin: { country: 'DE', city: 'Kassel' },
            destination: { country: 'DE', city: 'Fulda' },
            glecVehicleType: ROAD,
            distance: 100,
          },
        ],
      },
    ],
    ...over,
  };
}

test('orders pushed with an API key show in the import log with their coded messages', async ({
  page,
  request,
}, testInfo) => {
  // Login, the job and two accessibility scans: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  // The demo basic company is the partner variant: its admin sees the import log.
  await login(page, 'admin@demo-basic.local');
  const keyName = unique('ERP');
  const created = await page.request.post('/api/api-keys', { data: { name: keyName } });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };

  const id = unique('IMP').toUpperCase();
  // A separate request context: the push carries the key only, no session cookie.
  const pushed = await request.post('/api/orders/import', {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      uploadId: id,
      orders: [
        order(`${id}-1`),
        order(`${id}-2`, { grossWeightUnit: 'lbs' }),
        order(`${id}-3`, { status: 'shipped' }),
      ],
    },
  });
  expect(pushed.status(), await pushed.text()).toBe(202);
  const task = (await pushed.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/import-tasks/${task.id}`, { headers: { Authorization: `Bearer ${key}` } })
          ).json()) as { status: string }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('partial');

  await page.getByTestId('sidebar').getByRole('link', { name: 'Import-Protokoll' }).click();
  await expect(page).toHaveURL(/\/basic\/import-log$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import-Protokoll' })).toBeVisible();
  const row = page.getByTestId('import-task-table').getByRole('row').filter({ hasText: keyName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Upload-ID ${id}`);
  await expect(row.getByTestId('import-task-status')).toHaveText('Teilweise');
  await expect(row.getByTestId('import-task-counts')).toContainText('1 von 3 gespeichert');
  await expect(row.getByTestId('import-task-counts')).toContainText('2 abgelehnt');
  await expect(row.getByTestId('import-task-messages')).toContainText('Fehler: 2');
  await expectNoSeriousA11yViolations(page, 'import log');
  await page.screenshot({ path: testInfo.outputPath('import-log.png'), fullPage: true });

  await row.getByRole('button', { name: /Meldungen der Übertragung/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${keyName} · 1 von 3 Aufträgen gespeichert`);
  const entries = dialog.getByTestId('import-log-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Auftrag gespeichert (Teilstrecken: 1).');
  await expect(entries.nth(0).getByRole('link', { name: `Auftrag ${id}-1 öffnen` })).toBeVisible();
  await expect(entries.nth(1)).toContainText('Unbekannte Gewichtseinheit (erlaubt: kg, t).');
  await expect(entries.nth(1)).toContainText('Gesendet: „lbs“');
  await expect(entries.nth(1).getByTestId('import-level-error')).toHaveText('Fehler');
  await expect(entries.nth(2)).toContainText('Unbekannter Status');
  await expect(entries.nth(2)).toContainText(`${id}-3 · Nr. 3 der Übertragung`);

  // Errors only: the saved order's info leaves the list.
  await dialog.getByRole('button', { name: /^Info/ }).click();
  await expect(entries).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'import log messages');

  // The saved order opens from its message.
  await dialog.getByRole('button', { name: /^Info/ }).click();
  await expect(entries).toHaveCount(3);
  await dialog.getByTestId('import-log-entry').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/basic\/orders\/edit\//);
});
