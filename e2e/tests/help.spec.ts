import { expect, test, type Page } from '@playwright/test';
import { login, logout, unique } from '../support/app.ts';

/** The entries of a help text as the page shows them: each `<h2>` and the text up to the next one. */
async function entriesOf(page: Page, type: string): Promise<{ title: string; text: string }[]> {
  const me = await (await page.request.get('/api/users/me')).json();
  const lang = me.language === 'en' ? 'en' : 'de';
  const list = await (await page.request.get(`/api/texts?type=${type}&lang=${lang}`)).json();
  const html: string = list['hydra:member'].find((t: { name: string }) => t.name === '').value;
  const plain = (s: string) =>
    s
      .replace(/<[^>]*>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  return html
    .split(/<h2[^>]*>/)
    .slice(1)
    .map((part) => {
      const [title, body] = part.split(/<\/h2>/);
      return { title: plain(title), text: plain(`${title} ${body}`).toLowerCase() };
    });
}

test('a user searches the FAQ and sees only the matching entries', async ({ page }) => {
  await login(page, 'admin@demo-pro.local');
  const all = await entriesOf(page, 'faq');
  expect(all.length).toBeGreaterThanOrEqual(15);
  const matching = all.filter((e) => e.text.includes('import'));
  // The word must pick some entries, not all, or the check would prove nothing.
  expect(matching.length).toBeGreaterThan(0);
  expect(matching.length).toBeLessThan(all.length);

  await page.goto('/help/faq');
  const entries = page.getByTestId('help-entry');
  await expect(entries).toHaveCount(all.length);
  await page.getByRole('textbox', { name: /^(Suchen|Search)$/ }).fill('Import');
  await expect(entries).toHaveCount(matching.length);
  for (const e of matching) await expect(entries.filter({ hasText: e.title })).toHaveCount(1);
  const other = all.find((e) => !e.text.includes('import'))!;
  await expect(page.getByText(other.title, { exact: true })).toHaveCount(0);

  await page.getByRole('textbox', { name: /^(Suchen|Search)$/ }).fill('kein-solches-wort-xyz');
  await expect(entries).toHaveCount(0);
  await expect(page.getByText(/Kein Eintrag passt|No entry matches/)).toBeVisible();
});

test('the platform admin edits the glossary and the change shows on /help/glossar', async ({ page }) => {
  const term = unique('Testbegriff');
  await login(page, 'platform-admin@demo.local');
  await page.goto('/smp-admin/edit-glossar');
  const editor = page.getByTestId('rich-text-editor').locator('.ProseMirror');
  await expect(editor).toContainText(/\w/);
  const before = (await entriesOf(page, 'glossary')).length;

  // A new entry at the end: an H2 heading with the term, then its explanation with a link. The
  // caret must be at the very end before typing: a late reload of the text would otherwise leave
  // it inside an earlier entry.
  await page.waitForLoadState('networkidle');
  await editor.click();
  await expect
    .poll(async () => {
      await page.keyboard.press('Control+End');
      return editor.evaluate((el) => {
        const sel = getSelection();
        const last = el.lastElementChild;
        const node = sel?.anchorNode;
        return !!(
          sel &&
          last &&
          node &&
          last.contains(node) &&
          sel.anchorOffset === (node.textContent ?? '').length
        );
      });
    })
    .toBe(true);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^(Überschrift \(neuer Eintrag\)|Heading \(new entry\))$/ }).click();
  await page.keyboard.type(term);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ein Begriff, den der End-to-End-Test anlegt.');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/texts/') && r.request().method() === 'PATCH',
  );
  await page.getByTestId('text-save').click();
  expect((await saved).ok()).toBe(true);

  await page.goto('/help/glossar');
  const entries = page.getByTestId('help-entry');
  await expect(entries).toHaveCount(before + 1);
  await page.getByRole('textbox', { name: /^(Suchen|Search)$/ }).fill(term);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(term);
  await expect(entries.first()).toContainText('Ein Begriff, den der End-to-End-Test anlegt.');
});

test('the platform admin edits the welcome text and a user sees it on the start page until hiding it', async ({
  page,
}) => {
  const line = unique('Willkommensgruss');
  await login(page, 'platform-admin@demo.local');
  await page.goto('/smp-admin/edit-welcome');
  // The same line in both languages, so the user sees it whichever language they use.
  for (const tab of [/^(Deutsch|German)/, /^(Englisch|English)/]) {
    await page.getByRole('tab', { name: tab }).click();
    const editor = page.getByTestId('rich-text-editor').locator('.ProseMirror');
    await expect(editor).toContainText(/\w/);
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(line);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/texts/') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('text-save').click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByTestId('text-save')).toBeDisabled();
  }
  await logout(page);

  await login(page, 'admin@demo-pro.local');
  await page.goto('/');
  const card = page.getByTestId('welcome-card');
  await expect(card).toContainText(line);
  await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
  await card.getByTestId('welcome-dismiss').click();
  await expect(card).toHaveCount(0);
  // Hidden stays hidden on the next visit of a start page.
  await page.reload();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(card).toHaveCount(0);
});
