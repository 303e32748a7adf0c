import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { login } from '../support/app.ts';

test('request a password reset and log in with the new password', async ({ page }) => {
  const email = 'readonly@demo-pro.local';
  const since = Date.now();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/request-reset-password$/);
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page.getByRole('textbox', { name: /E-Mail/ }).fill(email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByTestId('reset-requested')).toBeVisible();

  const mail = await waitForMail(email, { since });
  const link = linkIn(mail, '/reset-password/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  await page.locator('input[name="password"]').fill('neu-geheim-42');
  await page.locator('input[name="repeatPassword"]').fill('neu-geheim-42');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  // The link works only once.
  await page.goto(link);
  await page.locator('input[name="password"]').fill('noch-ein-42');
  await page.locator('input[name="repeatPassword"]').fill('noch-ein-42');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await login(page, email, 'neu-geheim-42');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
