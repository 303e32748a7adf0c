import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { login, unique } from '../support/app.ts';

test('register a company, confirm the e-mail and log in', async ({ page }) => {
  const email = `${unique('reg')}@example.org`;
  const company = `Spedition ${unique('Nord')}`;
  const since = Date.now();

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Unternehmen registrieren' })).toBeVisible();

  // Step 1 refuses to continue while mandatory fields are empty (marked with an asterisk).
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Dieses Feld ist erforderlich.').first()).toBeVisible();
  await expect(page.locator('label', { hasText: 'Vorname' }).first()).toContainText('*');

  await page.getByRole('combobox', { name: /Anrede/ }).click();
  await page.getByRole('option', { name: 'Frau' }).click();
  await page.getByRole('textbox', { name: /Vorname/ }).fill('Erika');
  await page.getByRole('textbox', { name: /Nachname/ }).fill('Muster');
  await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(email);
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByRole('textbox', { name: /^Unternehmen/ }).fill(company);
  await page.getByRole('textbox', { name: /Straße/ }).fill('Hafenstraße 1');
  await page.getByRole('textbox', { name: /PLZ/ }).fill('20457');
  await page.getByRole('textbox', { name: /Ort/ }).fill('Hamburg');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.locator('input[name="password"]').fill('sicher-123');
  await page.locator('input[name="repeatPassword"]').fill('anders-123');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
  await page.locator('input[name="repeatPassword"]').fill('sicher-123');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Terms and privacy must be accepted.
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.')).toBeVisible();
  await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByTestId('register-done')).toContainText(email);

  // An unconfirmed account cannot log in yet.
  await page.goto('/login');
  await page.getByRole('textbox', { name: /E-Mail/ }).fill(email);
  await page.locator('input[name="password"]').fill('sicher-123');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('login-error')).toContainText('bestätigen Sie zuerst Ihre E-Mail-Adresse');

  const mail = await waitForMail(email, { since });
  const link = linkIn(mail, '/register/confirm?token=');
  await page.goto(link);
  await expect(page.getByTestId('confirm-ok')).toBeVisible();

  await login(page, email, 'sicher-123');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(company);
  await expect(page.getByTestId('sidebar')).toContainText('Benutzer');
});
