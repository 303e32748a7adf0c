import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, login, logout, unique } from '../support/app.ts';

/** Picks an option of an MUI select found by its test id. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).getByRole('combobox').click();
  await page.getByRole('option', { name: option }).click();
}

/** Signs in through the form without waiting for the sidebar (a blocking dialog may come first). */
async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /E-Mail/i }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
}

/** A user with the given roles in a demo company, made by the platform admin through the API. */
async function createUser(page: Page, company: string, roles: string[]): Promise<string> {
  const companies = await (
    await page.request.get(`/api/companies?search=${encodeURIComponent(company)}&limit=5`)
  ).json();
  const companyId = companies['hydra:member'].find((c: { name: string }) => c.name === company).id;
  const email = `${unique('modul')}@demo-trial.local`;
  const res = await page.request.post('/api/users', {
    data: { companyId, firstName: 'Mia', lastName: 'Modul', email, password: 'modul-123', roles },
  });
  expect(res.ok()).toBe(true);
  return email;
}

test('the platform admin creates a tariff and books it; the company admin sees it under my tariffs', async ({
  page,
}) => {
  const name = unique('Taxonomie Plus');
  await login(page, 'platform-admin@demo.local');
  await page.goto('/smp-admin/tariffs');
  await expect(page.getByTestId('tariff-table')).toContainText('Professional');

  await page.getByTestId('tariff-create').click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Tarif' });
  await choose(page, 'tariff-type', 'Individuell');
  await choose(page, 'tariff-module', 'EU-Taxonomie');
  await dialog.getByTestId('tariff-basicFee').fill('49,90');
  await dialog.getByTestId('tariff-save').click();
  // Step 2: without a long description nothing is sent and the warning shows (seed 002 §5).
  await dialog.getByTestId('tariff-name-de').fill(name);
  await dialog.getByTestId('tariff-short-de').fill('Voller Umfang');
  await dialog.getByTestId('tariff-save').click();
  await expect(dialog.getByTestId('tariff-translation-warning')).toContainText('Langbeschreibung');
  await dialog.getByTestId('tariff-long-de').fill('Die EU-Taxonomie im vollen Umfang.');
  await dialog.getByTestId('tariff-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText(`Tarif ${name} wurde angelegt.`);

  // Booking from the customer list's tariff dialog, with the chosen recipient.
  await page.goto('/smp-admin/customers');
  await page.getByRole('textbox', { name: /suchen/ }).fill('Demo Basis');
  await page.getByRole('button', { name: 'Tarife von Demo Basis GmbH' }).click();
  const tariffs = page.getByRole('dialog', { name: 'Tarife von Demo Basis GmbH' });
  await expect(tariffs.getByTestId('company-tariffs-table')).toContainText('Basis');
  await tariffs.getByTestId('company-tariff-book').click();
  const booking = page.getByRole('dialog', { name: /Tarif buchen für Demo Basis GmbH/ });
  await choose(page, 'tariff-booking-tariff', new RegExp(name));
  // No recipient chosen yet: nothing is sent.
  await booking.getByTestId('tariff-booking-save').click();
  await expect(booking.getByText('Bitte wählen Sie einen Empfänger.')).toBeVisible();
  await choose(page, 'booking-recipient-user', /admin@demo-basic\.local/);
  await booking.getByTestId('tariff-booking-save').click();
  await expect(page.getByTestId('snackbar')).toContainText(
    `Tarif ${name} wurde für Demo Basis GmbH gebucht.`,
  );
  await expect(tariffs.getByTestId('company-tariffs-table')).toContainText(name);
  await tariffs.getByRole('button', { name: 'Schließen' }).click();
  await logout(page);

  await login(page, 'admin@demo-basic.local');
  await page.goto('/invoicing/tariffs');
  const row = page.getByTestId('tariff-bookings-table').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('EU-Taxonomie');
  await expect(row).toContainText('aktiv');
});

test('a module without a booking ends the session; a platform admin continues past the notice', async ({
  page,
}) => {
  await login(page, 'platform-admin@demo.local');
  // Demo Trial GmbH books freight and the carbon footprint, no CSRD.
  const csrdOnly = await createUser(page, 'Demo Trial GmbH', ['ROLE_CSRD_USER']);
  const admin = await createUser(page, 'Demo Trial GmbH', ['ROLE_SMP_ADMIN', 'ROLE_CSRD_USER']);
  await logout(page);

  await signIn(page, csrdOnly, 'modul-123');
  const notice = page.getByRole('dialog', { name: 'Modul nicht gebucht' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice.getByRole('button', { name: 'Trotzdem fortfahren' })).toHaveCount(0);
  await notice.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, admin, 'modul-123');
  const adminNotice = page.getByRole('dialog', { name: 'Modul nicht gebucht' });
  await expect(adminNotice).toBeVisible({ timeout: 30_000 });
  await adminNotice.getByRole('button', { name: 'Trotzdem fortfahren' }).click();
  await expect(adminNotice).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('the trial company counts down the days of its carbon footprint trial', async ({ page }) => {
  await login(page, 'admin@demo-trial.local');
  await expect(page.getByTestId('trial-countdown-cfc')).toContainText('Test noch 14 Tage');
  await page.goto('/invoicing/tariffs');
  const row = page
    .getByTestId('tariff-bookings-table')
    .getByRole('row')
    .filter({ hasText: 'CO2-Bilanz Test' });
  await expect(row).toContainText('aktiv');
});
