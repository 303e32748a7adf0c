import { expect, test } from '@playwright/test';
import { login, unique } from '../support/app.ts';
import { apiAs, importRows } from '../support/imports.ts';

const PREFIX = unique('E2E-R');

// Logins (argon2) and the first start's demo import are slow on a busy machine.
test.describe.configure({ timeout: 180_000 });
const TYPE = 'road_in_tractor_30_60t_diesel';

/** A shipment without own places riding two tours: Hamburg → Hannover, then Hannover → München. */
test.beforeAll(async () => {
  const api = await apiAs('user@demo-pro.local');
  const leg = (n: number, date: string, from: string, to: string, carriage: string) => ({
    tourReference: `${PREFIX}-T${n}`,
    departureDate: date,
    licensePlate: `HH-R ${n}`,
    glecTransportType: TYPE,
    distance: 150 * n,
    departureCity: from,
    arrivalCity: to,
    shipmentReference: `${PREFIX}-S1`,
    carriage,
    weight: 3000,
    shipper: 'E2E Strecke',
  });
  await importRows(api, [
    leg(1, '2026-05-04', 'Hamburg', 'Hannover', 'pre_carriage'),
    leg(2, '2026-05-05', 'Hannover', 'München', 'main_carriage'),
  ]);
  await api.dispose();
});

test('the shipments list routes a shipment from its first leg to its last, key figures on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'user@demo-pro.local');
  await page.goto('/shipments');
  await page
    .getByRole('searchbox', { name: 'Sendungen suchen' })
    .or(page.getByLabel('Sendungen suchen'))
    .fill(`${PREFIX}-S1`);
  const table = page.getByTestId('shipments-table');
  const row = table.getByRole('row', { name: new RegExp(`${PREFIX}-S1`) });
  await expect(row).toContainText(/Hamburg.* → München/);
  await expect(table).not.toContainText('– → –');

  // At 1440 px the CO2e and intensity columns lie inside the card, not beyond its edge.
  const card = await table.boundingBox();
  const intensity = await table.getByRole('columnheader', { name: /Intensität/ }).boundingBox();
  expect(card && intensity && intensity.x + intensity.width <= card.x + card.width + 1).toBe(true);

  // Other columns are a choice that the browser remembers.
  await expect(table.getByRole('columnheader', { name: /Gewicht/ })).toHaveCount(0);
  await table.getByTestId('table-columns').click();
  await page.getByRole('checkbox', { name: 'Gewicht' }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: /Gewicht/ })).toBeVisible();
  await page.reload();
  // A reload on a busy machine takes a while before the list is there again.
  await expect(
    page.getByTestId('shipments-table').getByRole('columnheader', { name: /Gewicht/ }),
  ).toBeVisible({ timeout: 30_000 });
});

test('the external read-only user sees the dashboard of the shippers the group allows', async ({ page }) => {
  await login(page, 'external@demo-pro.local');
  await page.goto('/dashboard/tour');
  const scope = page.getByTestId('shipper-scope');
  await expect(scope).toContainText('Nordfrost GmbH');
  await expect(scope).toContainText('Weser Getränke GmbH');
  // The demo tours are imported in the background on the first start: wait for their figures.
  await expect
    .poll(
      async () => {
        await page.reload();
        const text = (await page.getByTestId('kpi-tours').textContent({ timeout: 15_000 })) ?? '';
        return Number(text.replace(/\D/g, ''));
      },
      { timeout: 90_000, intervals: [3_000] },
    )
    .toBeGreaterThan(0);
  await expect(page.getByText('Für diese Filter gibt es keine Daten.')).toHaveCount(0);
  // The shipper filter suggests exactly the allowed shippers.
  await page.getByRole('combobox', { name: 'Versender' }).click();
  await expect(page.getByRole('option', { name: 'Nordfrost GmbH', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Hanse Papier AG', exact: true })).toHaveCount(0);
});
