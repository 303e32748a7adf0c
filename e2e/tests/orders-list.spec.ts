import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { login, unique } from '../support/app.ts';

const ROAD = 'road_eu_artic_40t_avg_diesel';
const RAIL = 'rail_eu_electric_avg';

type Leg = { transportMode: string; from: string; to: string; type: string; km: number };

/** An order of the basic company with given distances (no location look-up needed). */
function order(number: string, client: string, date: string, status: string, legs: Leg[]) {
  const activity = legs.length === 1 ? ['main_carriage'] : ['pre_carriage', 'main_carriage', 'on_carriage'];
  return {
    number,
    client,
    cargoType: 'general',
    freightType: 'unit_cargo',
    grossWeight: 2000,
    grossWeightUnit: 'kg',
    date,
    status,
    activities: legs.map((l, i) => ({
      activity: activity[i],
      legs: [
        {
          transportMode: l.transportMode,
          origin: { country: 'DE', city: l.from },
          destination: { country: 'DE', city: l.to },
          glecVehicleType: l.type,
          distance: l.km,
        },
      ],
    })),
  };
}

const de2 = (v: number, digits: number) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);

function rows(page: Page, text: string) {
  return page.getByTestId('order-table').getByRole('row').filter({ hasText: text });
}

async function rowAction(page: Page, number: string, action: string) {
  await rows(page, number)
    .getByRole('button', { name: `Weitere Aktionen für Auftrag ${number}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function toggleStatus(page: Page, status: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status }).click();
  await page.keyboard.press('Escape');
}

test('order list: filters, clone, status change, delete, export; the overview shows the API figures', async ({
  page,
}, testInfo) => {
  // Many steps, each a round trip on a machine that may be busy.
  test.setTimeout(300_000);
  await login(page, 'admin@demo-basic.local');
  // Orders of a client of this run only, so the filters isolate them from other data.
  const client = unique('E2E Kunde');
  const id = client.slice(-6).toUpperCase();
  const [a, b, c] = ['A', 'B', 'C'].map((x) => `${id}-${x}`);
  const created: Record<string, string> = {};
  for (const body of [
    order(a, client, '2026-03-02', 'open', [
      { transportMode: 'road', from: 'Kassel', to: 'Fulda', type: ROAD, km: 100 },
    ]),
    order(b, client, '2026-04-10', 'confirmed', [
      { transportMode: 'road', from: 'Kassel', to: 'Kassel', type: ROAD, km: 12 },
      { transportMode: 'rail', from: 'Kassel', to: 'München', type: RAIL, km: 480 },
      { transportMode: 'road', from: 'München', to: 'München', type: ROAD, km: 18 },
    ]),
    order(c, client, '2026-04-20', 'open', [
      { transportMode: 'road', from: 'Köln', to: 'Hamburg', type: ROAD, km: 425 },
    ]),
  ]) {
    const res = await page.request.post('/api/orders', { data: body });
    expect(res.status(), await res.text()).toBe(201);
    created[body.number] = ((await res.json()) as { id: string }).id;
  }

  await page.getByTestId('sidebar').getByRole('link', { name: 'Auftragsliste' }).click();
  await expect(page).toHaveURL(/\/basic\/orders$/);
  // The screen is a lazy chunk: wait for it before using its filters.
  await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('order-quota')).toContainText(/\d+ von 50 Aufträgen in diesem Monat/);

  // Client filter: the three orders of this run, newest date first.
  await page.getByTestId('order-filter-client').fill(client);
  await expect(rows(page, client)).toHaveCount(3);
  await expect(rows(page, client).first()).toContainText(c);
  await expect(rows(page, b)).toContainText('Bestätigt');
  await expect(rows(page, b).getByTestId('order-modes')).toHaveAttribute(
    'aria-label',
    'Straße → Schiene → Straße',
  );

  // Status filter: without "Offen" only the confirmed order is left; with it all three again.
  await toggleStatus(page, 'Offen');
  await expect(rows(page, client)).toHaveCount(1);
  await expect(rows(page, client)).toContainText(b);
  await toggleStatus(page, 'Offen');
  await expect(rows(page, client)).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('orders.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'order list');

  // Clone: a new open order with the same number and figures.
  await rowAction(page, a, 'Kopieren');
  await expect(page.getByTestId('snackbar')).toContainText(
    `Eine Kopie von Auftrag ${a} wurde als offener Auftrag angelegt.`,
  );
  await expect(rows(page, a)).toHaveCount(2);
  // Same WTW in both rows (the copy keeps the legs and their figures).
  const wtw = rows(page, a).locator('[data-field="co2Wtw"]');
  expect(await wtw.nth(1).innerText()).toBe(await wtw.nth(0).innerText());

  // Status change by its own call.
  await rowAction(page, c, 'Status ändern');
  const statusDialog = page.getByRole('dialog', { name: `Status von Auftrag ${c}` });
  await statusDialog.getByRole('radio', { name: 'Abgeschlossen' }).check();
  await statusDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(statusDialog).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText(`Auftrag ${c} ist jetzt „Abgeschlossen“.`);
  await expect(rows(page, c)).toContainText('Abgeschlossen');
  const changed = await (await page.request.get(`/api/orders/${created[c]}`)).json();
  expect(changed.status).toBe('completed');

  // Delete with confirmation: cancelling the dialog keeps the order, confirming deletes it.
  await rowAction(page, b, 'Löschen');
  let confirm = page.getByRole('dialog', { name: 'Auftrag löschen?' });
  await expect(confirm).toContainText(`Auftrag ${b} für ${client}`);
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(rows(page, b)).toHaveCount(1);
  await rowAction(page, b, 'Löschen');
  confirm = page.getByRole('dialog', { name: 'Auftrag löschen?' });
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByTestId('snackbar')).toContainText(`Auftrag ${b} wurde gelöscht.`);
  await expect(rows(page, b)).toHaveCount(0);
  expect((await page.request.get(`/api/orders/${created[b]}`)).status()).toBe(404);

  // Export of the filtered list: the original, its copy and the completed order.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('order-export').click()]);
  expect(file.suggestedFilename()).toMatch(/^auftraege-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(path);
  expect(readFileSync(path).subarray(0, 2).toString('latin1')).toBe('PK');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const numbers: string[] = [];
  wb.worksheets[0].eachRow((row, n) => {
    if (n > 1) numbers.push(String(row.getCell(1).value));
  });
  expect(numbers.sort()).toEqual([a, a, c]);

  // Nothing to export: the empty-export message, no file.
  await page.getByTestId('order-filter-client').fill(`${client}-none`);
  await expect(page.getByText('Keine Aufträge für diese Filter')).toBeVisible();
  await page.getByTestId('order-export').click();
  await expect(page.getByTestId('snackbar')).toContainText(
    'Für diese Filter gibt es keine Daten zum Exportieren.',
  );

  // Overview: the KPIs of the client's basic tours as the API reports them.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Übersicht' }).click();
  await expect(page).toHaveURL(/\/basic\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible({ timeout: 30_000 });
  const figures = page.waitForResponse(
    (r) => r.url().includes('/api/order-dashboard?') && r.url().includes('client='),
  );
  await page.getByTestId('order-filter-client').fill(client);
  const d = (await (await figures).json()) as {
    orders: number;
    co2Wtw: number;
    co2Ttw: number;
    co2Wtt: number;
    tkm: number;
    intensity: number;
  };
  expect(d.orders).toBe(3);
  await expect(page.getByTestId('kpi-orders-value')).toHaveText('3');
  await expect(page.getByTestId('kpi-co2Wtw-value')).toHaveText(de2(d.co2Wtw, 2));
  await expect(page.getByTestId('kpi-co2Ttw-value')).toHaveText(de2(d.co2Ttw, 2));
  await expect(page.getByTestId('kpi-co2Wtt-value')).toHaveText(de2(d.co2Wtt, 2));
  await expect(page.getByTestId('kpi-tkm-value')).toHaveText(de2(d.tkm, 1));
  await expect(page.getByTestId('kpi-intensity-value')).toHaveText(de2(d.intensity, 1));
  // Three road orders of 2 t over 100 km, 100 km (the copy) and 425 km as driven: the transport
  // distance is the driven one over the road DAF 1.05 (ISO 14083 SFD), so 2 × 625 / 1.05 tkm.
  expect(d.tkm).toBeCloseTo((2 * (100 + 100 + 425)) / 1.05, 6);
  await expect(page.getByTestId('order-mode-table')).toContainText('Straße');
  await page.screenshot({ path: testInfo.outputPath('overview.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'order overview');
});
