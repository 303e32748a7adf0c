import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

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

/**
 * Closes the onboarding layer of the session, which shows one at a time: a new user gets the
 * introductory tour (closing it marks it and the current release as shown), a returning user the
 * release notes of a newer version.
 */
export async function dismissSessionDialogs(page: Page): Promise<void> {
  const me = (await (await page.request.get('/api/users/me')).json()) as {
    introShown: boolean;
    impersonator: unknown;
    releaseNotesShown: string | null;
    module: string | null;
  };
  if (me.impersonator) return;
  if (!me.introShown) {
    const tour = page.locator('.driver-popover');
    await tour.waitFor({ state: 'visible', timeout: 15_000 });
    // No release notes behind the tour, nor the welcome banner of the start page.
    await expect(page.getByTestId('release-notes-dialog')).toHaveCount(0);
    await expect(page.getByTestId('welcome-card')).toHaveCount(0);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/intro-shown') && r.request().method() === 'PATCH',
    );
    const version = await latestVersion(page);
    const notesMarked =
      version && version !== me.releaseNotesShown
        ? page.waitForResponse(
            (r) => r.url().includes('/release-notes-shown') && r.request().method() === 'POST',
          )
        : null;
    await page.locator('.driver-popover-close-btn').click();
    await tour.waitFor({ state: 'hidden' });
    expect((await saved).ok()).toBe(true);
    if (notesMarked) expect((await notesMarked).ok()).toBe(true);
    await expect(page.getByTestId('release-notes-dialog')).toHaveCount(0);
    return;
  }
  if (await releaseNotesDue(page, me)) {
    const dialog = page.getByTestId('release-notes-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    const shown = page.waitForResponse(
      (r) => r.url().includes('/release-notes-shown') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: /^(Schließen|Close)$/ }).click();
    expect((await shown).ok()).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
  }
}

async function latestVersion(page: Page): Promise<string | undefined> {
  const latest = await (await page.request.get('/api/release-versions?limit=1&released=1')).json();
  return latest['hydra:member'][0]?.version;
}

/** Whether the release-notes carousel opens: a newer released version with notes for the user's module. */
async function releaseNotesDue(page: Page, me: { releaseNotesShown: string | null; module: string | null }) {
  const version = await latestVersion(page);
  if (!version || version === me.releaseNotesShown) return false;
  const notes = await (
    await page.request.get(`/api/release-notes/texts?version=${version}&module=${me.module ?? 'cft'}`)
  ).json();
  return notes['hydra:totalItems'] > 0;
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

/**
 * Waits until the built-in cities and postal codes are loaded (`/health`), which a first start does
 * in the background; called from a spec's `beforeAll`, it allows a busy machine ten minutes.
 */
export async function locationsLoaded(request: APIRequestContext): Promise<void> {
  test.setTimeout(600_000);
  await expect
    .poll(async () => ((await (await request.get('/health')).json()) as { locations: string }).locations, {
      timeout: 600_000,
      intervals: [2_000],
    })
    .toBe('ready');
}
