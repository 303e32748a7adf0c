import { expect, test, type Page } from '@playwright/test';
import { login } from '../support/app.ts';

// The gaps a crawl of every screen found (issue 37), kept closed.

/** How far the page reaches beyond the window: 0 when nothing scrolls sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the platform admin has the outbox screen and the seed path of the emission database', async ({
  page,
}) => {
  await login(page, 'platform-admin@demo.local');
  await page.goto('/smp-admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Postausgang' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Postausgang' })).toBeVisible();
  await page.goto('/emission-db/navigation');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Seite nicht gefunden');
});

test('a link to an unknown report says not found instead of opening an editor', async ({ page }) => {
  await login(page, 'admin@demo-pro.local');
  await page.goto('/csrd-report/00000000-0000-4000-8000-00000000dead/E/E1');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Alles gespeichert.')).toHaveCount(0);
});

test('a new alternative without an order leads to the order list with a hint', async ({ page }) => {
  await login(page, 'admin@demo-basic.local');
  await page.goto('/basic/orders/alternatives/new');
  await expect(page).toHaveURL(/\/basic\/orders$/);
  await expect(page.getByTestId('snackbar')).toContainText('Eine Alternative gehört zu einem Auftrag');
});

test('pages fit a 390 px phone without sideways scrolling', async ({ page }) => {
  // Signed in at the desktop width (the login helper waits for the sidebar), then on a phone.
  await login(page, 'admin@demo-pro.local');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/companymanagement/payment', '/cfc/company-settings', '/help/errors']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    expect([path, await overflow(page)]).toEqual([path, 0]);
  }
});

test('built files are served compressed and cached by their hashed names', async ({ page }) => {
  const shell = await page.request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(shell.headers()['content-encoding']).toBe('br');
  expect(shell.headers()['cache-control']).toBe('no-cache');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await shell.text())?.[1] as string;
  const asset = await page.request.get(script, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
