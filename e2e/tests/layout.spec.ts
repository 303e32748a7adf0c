import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { login } from '../support/app.ts';

test('switch language: German and English texts, saved for the next visit', async ({ page }, testInfo) => {
  await login(page, 'admin@demo-pro.local');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Benutzergruppen' })).toBeVisible();
  await page.goto('/companymanagement/users');
  await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible();
  await expect(page.getByTestId('users-table')).toContainText('admin@demo-pro.local');
  await page.screenshot({ path: testInfo.outputPath('layout-de.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'layout (de)');

  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(sidebar.getByRole('link', { name: 'User groups' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('layout-en.png'), fullPage: true });

  // The choice is kept (cookie and user preference) after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible();
});

test('sidebar collapses and keeps its state; mobile layout below 992 px', async ({ page }, testInfo) => {
  await login(page, 'admin@demo-pro.local');
  const aside = page.locator('aside').first();
  const width = async () => (await aside.boundingBox())?.width ?? 0;
  expect(await width()).toBeGreaterThan(200);
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(width).toBeLessThan(100);
  // Collapsed, the entries keep their names for assistive technology and as tooltips.
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Benutzergruppen' })).toBeAttached();
  await page.reload();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect(await width()).toBeLessThan(100);
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(width).toBeGreaterThan(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/profile');
  await expect(page.getByRole('heading', { name: 'Mein Profil', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('layout-mobile.png'), fullPage: true });
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('layout-mobile-menu.png') });
  await page.getByTestId('sidebar').getByRole('link', { name: 'Kontakt & Support' }).click();
  await expect(page.getByRole('heading', { name: 'Kontakt & Support', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeHidden();
});

// A route outside the route list: the no-rights screen, and the session's end right after signing
// in, are tested in shell.spec.ts.
