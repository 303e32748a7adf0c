import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, dismissSessionDialogs, login, logout } from '../support/app.ts';

/** Signs in through the form without closing the session dialogs (the carousel is what we test). */
async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /E-Mail/i }).fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
}

/** Adds a note for the freight module in the open notes dialog. */
async function addNote(page: Page, position: string, de: string, en: string) {
  await page.getByTestId('release-note-add').click();
  const form = page.getByRole('dialog', { name: /Neue Note/ });
  await form.getByTestId('release-note-position').fill(position);
  await form.getByTestId('release-note-titleDe').fill(de);
  await form.getByTestId('release-note-titleEn').fill(en);
  await form.getByTestId('release-note-shortDescriptionDe').fill(`${de} kurz erklärt`);
  await form.getByTestId('release-note-descriptionDe').fill(`<p>${de}</p><script>window.hacked = 1</script>`);
  await form.getByTestId('release-note-save').click();
  await expect(form).toHaveCount(0);
}

test('the platform admin publishes a release with notes; a user sees the carousel once', async ({ page }) => {
  // Two sign-ins, two dialogs of notes and the tour: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  // Newer than every seeded version, so it becomes the latest released one.
  const version = `9.${Math.floor(Math.random() * 9000) + 1000}.0`;
  // The release notes are for users who have had the tour: the company admin takes it first.
  await login(page, 'admin@demo-pro.local');
  await logout(page);
  await login(page, 'platform-admin@demo.local');
  await page.goto('/smp-admin/release-list');
  await expect(page.getByTestId('release-table')).toContainText('2.9.0');

  await page.getByTestId('release-version-create').click();
  const create = page.getByRole('dialog', { name: 'Neue Version' });
  await create.getByTestId('release-version-number').fill(version);
  await create.getByTestId('release-version-date').fill('2026-12-01');
  await create.getByTestId('release-version-save').click();
  await expect(page.getByTestId('snackbar')).toContainText(`Version ${version} angelegt.`);

  await page.getByTestId(`release-notes-${version}`).click();
  const notes = page.getByRole('dialog', { name: `Release Notes von Version ${version}` });
  await addNote(page, '2', 'Zweite Neuerung', 'Second feature');
  await addNote(page, '1', 'Erste Neuerung', 'First feature');
  await expect(notes.getByTestId('release-note-row')).toHaveText([/^1Erste Neuerung/, /^2Zweite Neuerung/]);
  await notes.getByRole('button', { name: 'Schließen' }).click();

  // Release it from the row menu: a version with notes cannot be deleted, and is released once.
  await page.getByRole('button', { name: `Weitere Aktionen für Version ${version}` }).click();
  await page.getByTestId(`release-publish-${version}`).click();
  await page
    .getByRole('dialog', { name: `Version ${version} veröffentlichen?` })
    .getByRole('button', { name: 'Veröffentlichen' })
    .click();
  await expect(page.getByTestId('snackbar')).toContainText(`Version ${version} veröffentlicht.`);
  await expect(
    page.getByTestId('release-table').getByRole('row', { name: new RegExp(version) }),
  ).toContainText('Veröffentlicht');
  await logout(page);

  // The company admin gets the carousel of the new version, steps through it and closes it.
  await signIn(page, 'admin@demo-pro.local');
  const carousel = page.getByTestId('release-notes-dialog');
  await expect(carousel).toContainText(`Neu in Version ${version}`);
  await expect(carousel).toContainText('Erste Neuerung');
  await expect(carousel).toContainText('Erste Neuerung kurz erklärt');
  await carousel.getByRole('button', { name: 'Weiter' }).click();
  await expect(carousel).toContainText('Zweite Neuerung');
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  const shown = page.waitForResponse((r) => r.url().includes('/release-notes-shown'));
  await carousel.getByRole('button', { name: 'Fertig' }).click();
  expect((await shown).ok()).toBe(true);
  await expect(carousel).toHaveCount(0);
  await dismissSessionDialogs(page);

  // Shown once: after a reload the latest version is known and nothing opens.
  const latest = page.waitForResponse((r) => r.url().includes('/api/release-versions'));
  await page.reload();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await latest;
  await page.waitForTimeout(500);
  await expect(carousel).toHaveCount(0);

  // The help page lists the version among the released ones.
  await page.goto('/help/release-notes');
  await expect(page.getByTestId('release-history')).toContainText(`Version ${version}`);
  await expect(page.getByTestId('release-history')).toContainText('Version 2.9.0');
});
