import { expect, test } from '@playwright/test';
import { login } from '../support/app.ts';

test.describe('invoicing', () => {
  test('the price calculator draws its best-price curve and it follows the volume', async ({ page }) => {
    await login(page, 'admin@demo-pro.local');
    await page.goto('/invoicing/pricecalculator');
    const curve = page.getByTestId('price-curve');
    await expect(curve.locator('svg.MuiChartsSvgLayer-root')).toBeVisible();
    const input = page.getByTestId('volume-input');
    await input.fill('1000');
    // 1,000 shipments at the demo tariff: 25 × (1 − 0.003) = 24.925 ct, 249.25 EUR a month.
    await expect(page.getByTestId('kpi-monthly-price-value')).toContainText('249,25');
    // The drawn curve: every svg path of the chart with its geometry.
    const paths = () =>
      curve
        .locator('svg.MuiChartsSvgLayer-root path[d]')
        .evaluateAll((ps) => ps.map((p) => p.getAttribute('d')).join('|'));
    await expect.poll(async () => (await paths()).length).toBeGreaterThan(0);
    const before = await paths();
    await input.fill('20000');
    await expect.poll(paths).not.toBe(before);
    await input.fill('40000');
    await expect(page.getByTestId('individual-offer')).toBeVisible();
    await expect(page.getByTestId('kpi-monthly-price-value')).toHaveText(
      /Individuelles Angebot|Individual offer/,
    );
  });

  test('the platform admin sees a month of the invoice report', async ({ page }) => {
    await login(page, 'platform-admin@demo.local');
    await page.goto('/smp-admin/invoice-report');
    const month = new Date().toISOString().slice(0, 7);
    await expect(page.getByTestId('report-month')).toHaveValue(month);
    const table = page.getByTestId('invoice-report');
    await expect(table.getByRole('row', { name: /Demo Logistik GmbH/ })).toBeVisible();
    // The previous month of the demo professional company has seeded usage (and so a price).
    const [y, m] = month.split('-').map(Number);
    const previous = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    await page.getByTestId('report-month').fill(previous);
    await expect(table.getByRole('row', { name: /Demo Logistik GmbH/ })).toContainText(/Sendungen|shipments/);
  });
});
