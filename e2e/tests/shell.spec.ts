import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, dismissSessionDialogs, login } from '../support/app.ts';

/** Neither the 404 page nor the no-rights screen is on the page. */
async function expectNoDeadEnd(page: Page) {
  await expect(page).not.toHaveURL(/\/404$/);
  await expect(page.getByText('Seite nicht gefunden')).toHaveCount(0);
  await expect(page.getByTestId('no-rights')).toHaveCount(0);
}

test('switching modules never shows a 404: to the carbon footprint home and back', async ({ page }) => {
  // Demo Trial GmbH books freight and the carbon footprint; its admin holds roles of both.
  await login(page, 'admin@demo-trial.local');
  await expect(page).toHaveURL(/\/dashboard\/shipment$/);
  const selector = page.getByTestId('module-select');
  await expect(selector.locator('option')).toHaveText(['Transport-Emissionen', 'Unternehmens-CO2-Bilanz']);

  await selector.selectOption('cfc');
  await expect(page).toHaveURL(/\/cfc\/home$/);
  await expect(page.getByRole('heading', { name: 'Unternehmens-CO2-Bilanz', level: 1 })).toBeVisible();
  await expect(page.getByTestId('cfc-tile-reports')).toBeVisible();
  await expect(
    page.getByTestId('sidebar').getByRole('link', { name: 'Startseite des Moduls' }),
  ).toBeVisible();
  await expectNoDeadEnd(page);

  // A reload keeps the chosen module.
  await page.reload();
  await expect(page.getByTestId('cfc-tile-reports')).toBeVisible();

  await page.getByTestId('module-select').selectOption('cft');
  await expect(page).toHaveURL(/\/dashboard\/shipment$/);
  await expect(page.getByTestId('module-select')).toHaveValue('cft');
  await expectNoDeadEnd(page);
});

test('a link into another booked module opens there and selects that module', async ({ page }) => {
  await login(page, 'admin@demo-pro.local');
  await expect(page.getByTestId('module-select')).toHaveValue('cft');
  await page.goto('/cfc/home');
  await expect(page.getByRole('heading', { name: 'Unternehmens-CO2-Bilanz', level: 1 })).toBeVisible();
  await expect(page.getByTestId('module-select')).toHaveValue('cfc');
  await expectNoDeadEnd(page);
});

test('a route the user may not see shows the no-rights screen in the layout, and the session stays', async ({
  page,
}) => {
  await login(page, 'user@demo-pro.local');
  await page.goto('/companymanagement/users');
  const noRights = page.getByTestId('no-rights');
  await expect(noRights).toContainText('Sie haben nicht die erforderlichen Rechte dafür');
  await expect(page).toHaveURL(/\/companymanagement\/users$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // The user action log belongs to company admins.
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Aktivitätsprotokoll' })).toHaveCount(0);
  await page.goto('/log/protocol');
  await expect(noRights).toBeVisible();

  // Unknown paths stay /404, signed in or not.
  await page.goto('/gibt-es-nicht');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/log/protocol');
  await noRights.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(noRights).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect((await page.request.get('/api/users/me')).ok()).toBe(true);
});

test('the route check right after signing in ends the session (seed 000 §2)', async ({ page }) => {
  await page.goto('/companymanagement/users');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('textbox', { name: /E-Mail/i }).fill('user@demo-pro.local');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.getByText('Für diese Seite fehlt Ihnen die Berechtigung')).toBeVisible();
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
});

test('the platform admin opens the admin home and, in the carbon footprint, the provider customers', async ({
  page,
}) => {
  await login(page, 'platform-admin@demo.local');
  await expect(page).toHaveURL(/\/smp-admin\/customers$/);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Plattform-Verwaltung' }).click();
  await expect(page).toHaveURL(/\/smp-admin$/);
  await expect(page.getByRole('heading', { name: 'Plattform-Verwaltung', level: 1 })).toBeVisible();
  for (const area of ['customers', 'invoiceReport', 'tariffs', 'users', 'actionLog']) {
    await expect(page.getByTestId(`admin-area-${area}`)).toBeVisible();
  }
  await page.getByTestId('admin-area-actionLog').click();
  await expect(page).toHaveURL(/\/log\/protocol$/);
  await expect(page.getByTestId('protocol-company')).toBeVisible();

  // The platform admin may select every module (freight, CFC, taxonomy, CSRD, VSME); in the carbon
  // footprint their home is the provider's.
  await expect(page.getByTestId('module-select').locator('option')).toHaveCount(5);
  await page.getByTestId('module-select').selectOption('cfc');
  await expect(page).toHaveURL(/\/cfc\/smp-admin$/);
  await page.getByTestId('admin-area-customers').click();
  await expect(page).toHaveURL(/\/cfc\/customers$/);
  await expectNoDeadEnd(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await dismissSessionDialogs(page);
});
