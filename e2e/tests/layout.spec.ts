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

/**
 * The trial company's top bar at 1440 px (issue 37): trial chip, module selector, upgrade button,
 * language switcher and user menu side by side, none running into the next, in both languages.
 */
test('the trial bar keeps every control apart at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'admin@demo-trial.local');
  const apart = async (chip: string) => {
    const controls = [
      page.getByTestId('trial-countdown-cfc'),
      page.getByTestId('module-select'),
      page.getByTestId('upgrade'),
      page.getByTestId('language-switcher'),
      page.getByTestId('user-menu'),
    ];
    await expect(controls[0]).toHaveText(chip);
    const boxes = [];
    for (const c of controls) {
      await expect(c).toBeVisible();
      boxes.push((await c.boundingBox())!);
    }
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i].x).toBeGreaterThanOrEqual(boxes[i - 1].x + boxes[i - 1].width);
    // The labels fit their controls: nothing cut ("…"), nothing spilling over.
    for (const label of [controls[0].locator('.MuiChip-label'), controls[2]])
      expect(await label.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  };
  await apart('Unternehmens-CO2-Bilanz: Test noch 14 Tage');
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await apart('Carbon footprint: trial, 14 days left');
  // The language is the user's saved choice: back to German for the tests after this one.
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByTestId('trial-countdown-cfc')).toContainText('Test noch');
});
