import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { login, logout } from '../support/app.ts';

test('a new own e-mail address counts once the link sent to it is followed', async ({ page }) => {
  // Three sign-ins (argon2id) and two mails: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const oldEmail = `mail-alt-${stamp}@demo-pro.local`;
  const newEmail = `mail-neu-${stamp}@demo-pro.local`;
  await login(page, 'admin@demo-pro.local');
  const created = await page.request.post('/api/users', {
    data: {
      firstName: 'Mia',
      lastName: 'Wechsel',
      email: oldEmail,
      password: 'start-klima-42',
      roles: ['ROLE_CFT_USER'],
    },
  });
  expect(created.status()).toBe(201);
  await logout(page);

  await login(page, oldEmail, 'start-klima-42');
  await page.goto('/profile/profile');
  const email = page.getByRole('textbox', { name: /E-Mail-Adresse/ });
  await email.fill(newEmail);
  const since = Date.now();
  await page.locator('input[name="currentPasswordForEmail"]').fill('start-klima-42');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(`Bestätigungslink an ${newEmail}`)).toBeVisible();
  // Until the link is followed the old address stays the login name; the old address is told.
  await expect(email).toHaveValue(oldEmail);
  const notice = await waitForMail(oldEmail, { since, timeoutMs: 60_000 });
  expect(notice.text).toContain(newEmail);

  const mail = await waitForMail(newEmail, { since, timeoutMs: 60_000 });
  await page.goto(linkIn(mail, '/confirm-email?token='));
  await expect(page.getByTestId('confirm-ok')).toBeVisible();
  await page.goto('/profile/profile');
  await expect(page.getByRole('textbox', { name: /E-Mail-Adresse/ })).toHaveValue(newEmail, {
    timeout: 30_000,
  });
  await logout(page);
  await login(page, newEmail, 'start-klima-42');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
