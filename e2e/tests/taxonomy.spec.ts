import { expect as baseExpect, test, type Page } from '@playwright/test';
import { locationsLoaded, login, unique } from '../support/app.ts';

// Screens load their chunks on first use; a busy machine needs time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

// After a first start the server loads its built-in location tables, which keeps a small machine busy;
// the sign-in (argon2id) waits for them otherwise.
// The place search needs the built-in cities and postal codes loaded.
test.beforeAll(({ request }) => locationsLoaded(request));

async function toTaxonomy(page: Page) {
  await page.getByTestId('module-select').selectOption('tax');
  await expect(page).toHaveURL(/\/taxonofy\/home/);
}

/** Picks an option of a MUI select found by its label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Issue 20 end to end: a financial year with totals and all 14 minimum safeguards, one activity
 * through the wizard to finished, seen in the overview and on the dashboard, then both exports.
 * Turnover 3.000.000 € of the year's 10.000.000 € is aligned: 3/10 = 30 %.
 */
test('the tax admin creates a year, assesses an activity to finished and exports it', async ({ page }) => {
  await login(page, 'admin@demo-pro.local');
  await toTaxonomy(page);

  // A financial year in a year not used yet.
  await page.getByTestId('tax-tile-financialYears').click();
  await expect(page.getByRole('heading', { name: 'Geschäftsjahre', level: 1 })).toBeVisible();
  await page.getByTestId('tax-year-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Jahr/ }).click();
  const yearOption = page.getByRole('option').first();
  const year = (await yearOption.textContent())?.trim() ?? '';
  expect(year).toMatch(/^\d{4}$/);
  await yearOption.click();
  await page.getByTestId('tax-year-totalTurnover').fill('10.000.000,00');
  await page.getByTestId('tax-year-totalCapex').fill('2.000.000');
  await page.getByTestId('tax-year-totalOpex').fill('1.000.000');
  await page.getByTestId('tax-year-save').click();
  await expect(dialog).toBeHidden();
  const yearRow = page.getByRole('row').filter({ hasText: year }).filter({ hasText: '10.000.000,00' });
  await expect(yearRow).toBeVisible();

  // The company-level minimum safeguards: all 14 met.
  await page.getByRole('button', { name: `Geschäftsjahr ${year} bearbeiten` }).click();
  for (let i = 0; i < 14; i++) await page.getByTestId(`tax-year-flag-${i}`).check();
  await page.getByTestId('tax-year-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(yearRow).toContainText('14 von 14 erfüllt');

  // A new activity: core data, then the criterion; saving keeps the user in the wizard.
  const name = unique('Straßengüterverkehr');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Startseite des Moduls' }).click();
  await page.getByTestId('tax-tile-newActivity').click();
  await expect(page.getByRole('heading', { name: 'Neue Tätigkeit', level: 1 })).toBeVisible();
  await page.getByTestId('tax-core-name').fill(name);
  await choose(page, /Geschäftsjahr/, year);
  // The German UI names and finds the activity by the act's German version.
  await page.getByTestId('tax-core-eu-activity').fill('Güterbeförderung');
  await page.getByRole('option', { name: /6\.6 Güterbeförderung im Straßenverkehr/ }).click();
  await page.getByTestId('tax-core-nace').fill('H49.4.1');
  await page.getByTestId('tax-core-turnover').fill('3.000.000');
  await page.getByTestId('tax-step-next').click();
  await expect(page).toHaveURL(/\/taxonofy\/activity\/new\/criteria$/);
  await page.getByTestId('tax-criterion-CCM').check();
  await page.getByTestId('tax-activity-create').click();
  // The wizard goes on with the CCM assessment of the saved activity.
  await expect(page).toHaveURL(/\/taxonofy\/activity\/[^/]+\/criteria\/CCM$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Back through its steps: core and selection are fixed once saved.
  await page.getByTestId('tax-step-core').click();
  await expect(page).toHaveURL(/\/core$/);
  await expect(page.getByTestId('tax-core-eu-activity')).toBeDisabled();
  await page.getByTestId('tax-step-next').click();
  await expect(page).toHaveURL(/\/criteria$/);
  await expect(page.getByTestId('tax-criterion-CCM')).toBeDisabled();
  await page.getByTestId('tax-step-next').click();
  await expect(page).toHaveURL(/\/criteria\/CCM$/);
  await page.getByTestId('tax-sc').getByRole('radio', { name: 'Ja' }).check();
  await page.getByTestId('tax-crit-turnover').fill('3.000.000');
  await page.getByTestId('tax-step-next').click();
  for (const dnsh of ['CCA', 'WTR', 'CE', 'PPC', 'BIO']) {
    await expect(page).toHaveURL(new RegExp(`/criteria/CCM/dnsh/${dnsh}$`));
    await page.getByTestId('tax-dnsh-always').check();
    await page.getByTestId('tax-step-next').click();
  }
  await expect(page).toHaveURL(/\/min-safeguards$/);
  await page.getByRole('button', { name: 'Alle erfüllt' }).click();
  await page.getByTestId('tax-activity-finish').click();
  await expect(page.getByTestId('tax-activity-status')).toHaveText('Abgeschlossen');
  await expect(page.getByTestId('tax-assessment')).toContainText('Taxonomiekonform: Ja');

  // The overview shows it finished.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Bewertete Tätigkeiten' }).click();
  await choose(page, 'Status', 'Abgeschlossen');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Abgeschlossen');

  // Both exports of the finished activities.
  const excel = page.waitForEvent('download');
  await page.getByTestId('tax-export-excel').click();
  expect((await excel).suggestedFilename()).toMatch(/\.xlsx$/);
  const pdf = page.waitForEvent('download');
  await page.getByTestId('tax-export-report').click();
  await page.getByTestId('tax-export-report-pdf').click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);

  // The dashboard of the year: 3 of 10 million turnover aligned and eligible.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Startseite des Moduls' }).click();
  await page.getByTestId('tax-filter-years').getByRole('combobox').click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tax-kpi-turnover-total')).toHaveText(/10\.000\.000,00\s€/);
  await expect(page.getByTestId('tax-kpi-turnover-conform')).toHaveText(/^30\s%$/);
  await expect(page.getByTestId('tax-kpi-turnover-eligible')).toHaveText(/^30\s%$/);
});

/**
 * Issue 34, Delegated Regulation (EU) 2026/73 end to end: a 2025 year under the simplified rules with
 * 900.000 € of its 10.000.000 € turnover not material (9 %) and OpEx not material; the year under
 * both rule sets side by side; the dashboard follows the year's rule set, and again after the year
 * is switched back to the templates of 2021/2178.
 */
test('a year follows 2026/73 or 2021/2178, side by side and on the dashboard', async ({ page }) => {
  await login(page, 'admin@demo-pro.local');
  await toTaxonomy(page);
  await page.getByTestId('tax-tile-financialYears').click();
  await page.getByTestId('tax-year-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Jahr/ }).click();
  await page.getByRole('option', { name: '2025', exact: true }).click();
  await page.getByTestId('tax-year-totalTurnover').fill('10.000.000');
  await page.getByTestId('tax-year-totalCapex').fill('2.000.000');
  await page.getByTestId('tax-year-totalOpex').fill('400.000');
  await expect(dialog.getByRole('combobox', { name: 'Regelwerk des Geschäftsjahres' })).toContainText(
    '2026/73',
  );
  await page.getByTestId('tax-year-notMaterialTurnover').fill('900.000');
  await dialog.getByLabel(/OpEx sind für unser Geschäftsmodell nicht wesentlich/).check();
  await dialog.getByLabel(/Begründung, warum die OpEx nicht wesentlich sind/).fill('Dienstleister.');
  await page.getByTestId('tax-year-save').click();
  await expect(dialog).toBeHidden();
  const yearRow = page.getByRole('row').filter({ hasText: '2025' }).filter({ hasText: '10.000.000,00' });
  await expect(yearRow).toContainText('2026/73');

  // Both rule sets side by side: 9 % not material only under 2026/73; OpEx not reported there.
  await page.getByRole('button', { name: 'Weitere Aktionen für 2025' }).click();
  await page.getByTestId('tax-year-compare-2025').click();
  await expect(page.getByTestId('tax-compare-turnover-notMaterial-simplified')).toHaveText(/^9\s%$/);
  await expect(page.getByTestId('tax-compare-turnover-notMaterial-full')).toHaveText(/^0\s%$/);
  await expect(page.getByTestId('tax-compare-turnover-ineligible-simplified')).toHaveText(/^91\s%$/);
  await expect(page.getByTestId('tax-compare-turnover-ineligible-full')).toHaveText(/^100\s%$/);
  await expect(page.getByTestId('tax-compare-opex-conform-simplified')).toHaveText('nicht berichtet');
  await page.keyboard.press('Escape');

  // The dashboard of 2025 follows its rule set.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Startseite des Moduls' }).click();
  await page.getByTestId('tax-filter-years').getByRole('combobox').click();
  await page.getByRole('option', { name: '2025', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tax-not-reported-opex')).toBeVisible();

  // Back to the earlier templates (allowed for 2025): OpEx is reported again.
  await page.getByTestId('tax-tile-financialYears').click();
  await page.getByRole('button', { name: 'Geschäftsjahr 2025 bearbeiten' }).click();
  await choose(page, 'Regelwerk des Geschäftsjahres', /2021\/2178/);
  await page.getByTestId('tax-year-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(yearRow).toContainText('2021/2178');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Startseite des Moduls' }).click();
  await page.getByTestId('tax-filter-years').getByRole('combobox').click();
  await page.getByRole('option', { name: '2025', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tax-kpi-opex-total')).toHaveText(/400\.000,00\s€/);
  await expect(page.getByTestId('tax-not-reported-opex')).toHaveCount(0);
});

/** The English UI names and finds the same activity by the act's English version. */
test('the activity search finds the English name in the English UI', async ({ page }) => {
  await login(page, 'admin@demo-pro.local');
  await page.goto('/taxonofy/activity/new/core');
  await expect(page.getByRole('heading', { name: 'Neue Tätigkeit', level: 1 })).toBeVisible();
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'New activity', level: 1 })).toBeVisible();
  await page.getByTestId('tax-core-eu-activity').fill('Freight transport services by road');
  await expect(page.getByRole('option', { name: /6\.6 Freight transport services by road/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Güterbeförderung/ })).toHaveCount(0);
  // The language is the user's saved choice: back to German for the tests after this one.
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Neue Tätigkeit', level: 1 })).toBeVisible();
});
