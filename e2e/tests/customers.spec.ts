import { expect, test } from '@playwright/test';
import { login, unique } from '../support/app.ts';

test('the platform admin lands on the customers, sees the figures and records a month of sales', async ({
  page,
}) => {
  // A customer of its own, so the month is free however often the test runs against one database.
  await login(page, 'platform-admin@demo.local');
  await expect(page).toHaveURL(/\/smp-admin\/customers$/);
  const name = unique('Umsatz Kunde');
  const created = await page.request.post('/api/companies', {
    data: {
      company: { name, street: 'Hafenweg 1', zipcode: '20457', city: 'Hamburg', country: 'DE' },
      user: {
        firstName: 'Uma',
        lastName: 'Umsatz',
        email: `${unique('uma')}@kunde.test`,
        password: 'Start-Passwort-1',
      },
      module: ['cft'],
    },
  });
  expect(created.status()).toBe(201);
  await page.reload();

  // KPI cards and the monthly sales chart (demo sales exist for the last twelve months).
  for (const id of [
    'payingCustomers',
    'freeCustomers',
    'usersTotal',
    'sales',
    'salesLicenses',
    'salesConsulting',
  ])
    await expect(page.getByTestId(`kpi-${id}-value`)).toBeVisible();
  await expect(page.getByTestId('kpi-sales-value')).toContainText('€');
  await expect(page.getByTestId('customer-sales-chart').locator('svg').first()).toBeVisible();

  await page.getByRole('textbox', { name: /Kunden suchen/ }).fill(name);
  await expect(page.getByText(/^1–1 (von|of) 1$/)).toBeVisible();
  await page.getByRole('button', { name: `Umsatzdaten von ${name}` }).click();
  const sales = page.getByRole('dialog', { name: `Umsatzdaten – ${name}` });
  await expect(sales.getByText('Für diesen Kunden sind noch keine Umsätze erfasst.')).toBeVisible();

  await sales.getByTestId('sales-add').click();
  const form = page.getByRole('dialog', { name: 'Umsatz eines Monats erfassen' });
  const year = new Date().getFullYear() - 1;
  await form.getByRole('combobox', { name: 'Monat' }).click();
  await page.getByRole('option', { name: 'März' }).click();
  await form.getByRole('combobox', { name: 'Jahr' }).click();
  await page.getByRole('option', { name: String(year) }).click();
  // German input: dot groups thousands, comma separates the cents (seed 002 §5).
  await form.getByRole('textbox', { name: 'Lizenzen (€)' }).fill('1.234,5');
  await expect(form.getByText('Gelesen als 1.234,50 €')).toBeVisible();
  await form.getByRole('textbox', { name: 'Beratung (€)' }).fill('99,99');
  await form.getByTestId('sales-save').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText(`Umsatz für März ${year} erfasst.`);

  const row = sales.getByTestId('sales-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`März ${year}`);
  await expect(row).toContainText('1.234,50 €');
  await expect(row).toContainText('99,99 €');
  await expect(row).toContainText('1.334,49 €');

  // The same month again is refused with the catalogue's message, in the dialog.
  await sales.getByTestId('sales-add').click();
  await form.getByRole('combobox', { name: 'Monat' }).click();
  await page.getByRole('option', { name: 'März' }).click();
  await form.getByRole('combobox', { name: 'Jahr' }).click();
  await page.getByRole('option', { name: String(year) }).click();
  await form.getByRole('textbox', { name: 'Lizenzen (€)' }).fill('1');
  await form.getByTestId('sales-save').click();
  await expect(form.getByRole('alert')).toContainText('bereits erfasst');
});
