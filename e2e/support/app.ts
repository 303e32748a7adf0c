import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

/** Logs in through the login form and waits until the signed-in layout is shown. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /E-Mail/i }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
  // argon2id verification is CPU-bound: a busy machine can take several seconds to answer.
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  await dismissSessionDialogs(page);
}

/** Closes the release notes and the introductory tour if they show up on the first login. */
export async function dismissSessionDialogs(page: Page): Promise<void> {
  const me = (await (await page.request.get('/api/users/me')).json()) as {
    introShown: boolean;
    impersonator: unknown;
  };
  if (me.introShown || me.impersonator) return;
  // First login: the tour starts on its own; closing it marks it as shown.
  const tour = page.locator('.driver-popover');
  await tour.waitFor({ state: 'visible', timeout: 15_000 });
  const saved = page.waitForResponse(
    (r) => r.url().includes('/intro-shown') && r.request().method() === 'PATCH',
  );
  await page.locator('.driver-popover-close-btn').click();
  await tour.waitFor({ state: 'hidden' });
  expect((await saved).ok()).toBe(true);
}

export async function logout(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
}

export function sidebarLinks(page: Page) {
  return page.getByTestId('sidebar').getByRole('link');
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
