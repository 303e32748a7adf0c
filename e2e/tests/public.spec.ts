import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

test.describe('public pages', () => {
  test('an unauthenticated visitor is sent to /login, unknown paths to /404', async ({ page }) => {
    await page.goto('/companymanagement/users');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();

    await page.goto('/dashboard/shipment');
    await expect(page).toHaveURL(/\/login/);

    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/404');
  });

  test('login page: validation, caps lock warning, wrong password, screenshot and accessibility', async ({
    page,
  }, testInfo) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('login-de.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page, '/login');

    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Dieses Feld ist erforderlich.')).toHaveCount(2);

    await page.getByRole('textbox', { name: /E-Mail/ }).fill('kein-mail');
    await expect(page.getByText('Bitte eine gültige E-Mail-Adresse eingeben.')).toBeVisible();

    const password = page.locator('input[name="password"]');
    // Headless Chromium has no real caps lock; the key event carries the modifier state.
    await password.dispatchEvent('keydown', { key: 'A', code: 'KeyA', modifierCapsLock: true });
    await expect(page.getByText('Die Feststelltaste ist aktiviert.')).toBeVisible();
    await password.dispatchEvent('keyup', { key: 'a', code: 'KeyA', modifierCapsLock: false });
    await expect(page.getByText('Die Feststelltaste ist aktiviert.')).toHaveCount(0);

    await page.getByRole('textbox', { name: /E-Mail/ }).fill('admin@demo-pro.local');
    await password.fill('wrong-password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
  });

  for (const path of [
    '/register',
    '/request-reset-password',
    '/legal/imprint',
    '/reset-password/abcdefghijklmnop',
  ]) {
    test(`accessibility of ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    });
  }
});
