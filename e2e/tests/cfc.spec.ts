import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { locationsLoaded, login, unique } from '../support/app.ts';

// Screens load their chunks on first use and the emission database is large: allow a busy machine time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 420_000 });

// The place search needs the built-in cities and postal codes loaded.
test.beforeAll(({ request }) => locationsLoaded(request));

/** Picks an activity of the emission database in the entry dialog by typing part of its name. */
async function pickActivity(page: Page, term: string, name: string) {
  const field = page.getByTestId('cfc-entry-activity');
  await field.fill(term);
  // An option shows the activity's name and, below it, its factors (value, unit, region, source).
  await page
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .click();
}

/** Opens a section of the report from the section tree. */
async function openSection(page: Page, id: string, title: string) {
  await page.getByTestId(`cfc-section-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/${id}$`));
  await expect(page.getByTestId('cfc-section-title')).toHaveText(title);
}

/** Adds an entry through the dialog and waits until its figure is in the section's list. */
async function addEntry(page: Page, fill: () => Promise<void>) {
  const rows = page.getByTestId('cfc-entry-row');
  const before = await rows.count();
  await page.getByTestId('cfc-entry-add').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await fill();
  await page.getByTestId('cfc-entry-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows).toHaveCount(before + 1);
  // A figure in tonnes, not an error code: the activity's factor was found and converted.
  await expect(rows.last().getByTestId('cfc-entry-co2e')).toHaveText(/^\d[\d.]*,\d{3} t$/);
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).locator('..').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a CFC admin reports the four worked examples, imports a section with a bad row and exports the results', async ({
  page,
}, testInfo) => {
  const year = new Date().getFullYear();
  const unitName = unique('E2E-Werk');
  await login(page, 'admin@demo-pro.local');
  await page.getByTestId('module-select').selectOption('cfc');
  await expect(page.getByTestId('module-select')).toHaveValue('cfc');

  // A business unit with its site country (scope 2 needs it) and a report of the current year.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Berichte', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Geschäftseinheiten & Berichte' })).toBeVisible();
  await page.getByTestId('cfc-unit-create').click();
  const unitDialog = page.getByRole('dialog', { name: 'Neue Geschäftseinheit' });
  await unitDialog.getByTestId('cfc-unit-name').fill(unitName);
  await unitDialog.getByRole('combobox', { name: 'Land (Standort)' }).fill('Deutschl');
  await page.getByRole('option', { name: 'Deutschland', exact: true }).click();
  await unitDialog.getByTestId('cfc-unit-save').click();
  await expect(unitDialog).toHaveCount(0);
  const row = page.getByTestId('cfc-unit-table').getByRole('row').filter({ hasText: unitName });
  await row.getByRole('button', { name: 'Bericht anlegen' }).click();
  const reportDialog = page.getByRole('dialog', { name: `Neuer Bericht für ${unitName}` });
  await expect(reportDialog.getByRole('combobox', { name: 'Jahr' })).toHaveText(String(year));
  await reportDialog.getByTestId('cfc-new-report-save').click();
  await expect(page).toHaveURL(new RegExp(`/cfc/edit/[^/]+/${year}/stationary-combustion$`));
  const reportUrl = page.url().replace(/\/stationary-combustion$/, '');

  // Previous and next rewrite the address (seed 001 §4).
  await page.getByTestId('cfc-next').click();
  await expect(page).toHaveURL(/\/mobile-combustion$/);
  await page.getByTestId('cfc-previous').click();
  await expect(page).toHaveURL(/\/stationary-combustion$/);

  // Scope 1: 10,000 L diesel in company cars.
  await openSection(page, 'mobile-combustion', 'Mobile Verbrennung');
  await addEntry(page, async () => {
    await pickActivity(
      page,
      'Diesel (durchschnittliche',
      'Diesel (durchschnittliche Biokraftstoffbeimischung)',
    );
    await page.getByTestId('cfc-entry-amount').fill('10.000');
    await choose(page, 'cfc-entry-unit', 'Liter');
    await page.getByTestId('cfc-entry-source').fill('Tankkarten');
    await page.getByTestId('cfc-entry-fuel').fill('Diesel');
  });

  // Scope 2: 250,000 kWh electricity in Germany (the site country), location-based.
  await openSection(page, 'purchased-electricity', 'Strom');
  await addEntry(page, async () => {
    await pickActivity(page, 'Strom aus dem Netz', 'Strom aus dem Netz (standortbezogen)');
    await page.getByTestId('cfc-entry-amount').fill('250.000');
    await page.getByTestId('cfc-entry-source').fill('Stromrechnung');
  });

  // Scope 3.6: 120 flights Frankfurt–London economy, 654 km great-circle per traveller.
  await openSection(page, 'business-travel-flights', 'Flüge');
  await addEntry(page, async () => {
    await pickActivity(
      page,
      'Kurzstrecke Economy',
      'Flug · Kurzstrecke (ab/bis Vereinigtes Königreich) · Economy Class · mit Strahlungsantrieb (RF)',
    );
    await page.getByTestId('cfc-entry-amount').fill('654');
    await page.getByTestId('cfc-entry-source').fill('Reisekostenabrechnung');
    await page.getByTestId('cfc-entry-passengers').fill('120');
  });

  // Scope 3.5: 50 t mixed commercial waste to landfill.
  await openSection(page, 'waste-solid', 'Feste Abfälle');
  await addEntry(page, async () => {
    await pickActivity(page, 'Gewerbe Deponie', 'Abfallentsorgung · Gewerbe- und Industrieabfall · Deponie');
    // The activity brings its treatment along.
    await expect(page.getByRole('combobox', { name: 'Behandlung' })).toHaveText('Deponie');
    await page.getByTestId('cfc-entry-amount').fill('50');
    await page.getByTestId('cfc-entry-source').fill('Entsorgernachweis');
  });

  // The section export is the import template: one more row with a bad amount refuses the file.
  const download = page.waitForEvent('download');
  await page.getByTestId('cfc-export-section').click();
  const exported = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(exported) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = sheet.getRow(1).values as (string | undefined)[];
  const last = sheet.getRow(sheet.rowCount);
  const bad = sheet.getRow(sheet.rowCount + 1);
  last.eachCell((cell, col) => {
    bad.getCell(col).value = cell.value;
  });
  bad.getCell(header.findIndex((h) => typeof h === 'string' && h.startsWith('Menge'))).value = 'viel';
  bad.commit();
  const file = testInfo.outputPath('abfall-import.xlsx');
  await book.xlsx.writeFile(file);
  await page.getByTestId('cfc-import').click();
  const importDialog = page.getByRole('dialog', { name: 'Import: Feste Abfälle' });
  await importDialog.getByTestId('cfc-import-file').setInputFiles(file);
  await importDialog.getByTestId('cfc-import-start').click();
  // The import runs as a job; its row issues come into the same dialog, with their download.
  await expect(importDialog.getByTestId('cfc-import-error')).toContainText('Es wurde nichts importiert.');
  const issues = importDialog.getByTestId('cfc-import-issues').getByRole('row');
  await expect(issues).toHaveCount(2);
  await expect(issues.nth(1)).toContainText(String(sheet.rowCount));
  await expect(issues.nth(1)).toContainText('viel');
  const issueList = page.waitForEvent('download');
  await importDialog.getByTestId('cfc-import-issues-xlsx').click();
  expect((await issueList).suggestedFilename()).toBe('abfall-import-fehler.xlsx');
  await importDialog.getByTestId('cfc-import-close').click();
  // Nothing was imported.
  await expect(page.getByTestId('cfc-entry-row')).toHaveCount(1);

  // The results: the chart, and the total is the sum of the four entries.
  await page.getByTestId('cfc-section-results').click();
  await expect(page).toHaveURL(`${reportUrl}/results`);
  await expect(page.getByTestId('cfc-results-chart').locator('svg').first()).toBeVisible();
  const reportId = await page.evaluate(
    async ([unit, y]) => {
      const units = await (await fetch('/api/cfc/business-units.json')).json();
      const u = units['hydra:member'].find((x: { name: string }) => x.name === unit);
      return (await (await fetch(`/api/cfc/reports/by-url/${u.urlId}/${y}`)).json()).id as string;
    },
    [unitName, year] as const,
  );
  const entries = await (
    await page.request.get(`/api/cfc/entries?report=${reportId}&pagination=false`)
  ).json();
  // Each entry's figure plus its upstream share, which category 3.3 derives from fuels and energy.
  const sum = (entries['hydra:member'] as { co2eKg: number; wttKg: number | null }[]).reduce(
    (n, e) => n + e.co2eKg + (e.wttKg ?? 0),
    0,
  );
  expect(entries['hydra:totalItems']).toBe(4);
  const totalText = new Intl.NumberFormat('de-DE', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(sum / 1000);
  await expect(page.getByTestId('kpi-cfc-total-value')).toHaveText(totalText);
  await expect(page.getByTestId('cfc-results-categories')).toContainText('Mobile Verbrennung');

  const xlsx = page.waitForEvent('download');
  await page.getByTestId('cfc-export-xlsx').click();
  expect((await xlsx).suggestedFilename()).toMatch(/\.xlsx$/);
});
