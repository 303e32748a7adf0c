import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { locationsLoaded, login, unique } from '../support/app.ts';
import { download, ixbrlFacts } from '../support/files.ts';

// Screens load their chunks on first use; allow a busy machine time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 900_000 });

// After a first start the server loads its built-in location tables, which keeps a small machine busy;
// the sign-in (argon2id) waits for them otherwise.
// The place search needs the built-in cities and postal codes loaded.
test.beforeAll(({ request }) => locationsLoaded(request));

/** Switches to the reporting module (a user with several modules starts in the taxonomy, seed 001 §2). */
async function toReporting(page: Page) {
  await page.getByTestId('module-select').selectOption('csrd');
  await expect(page.getByTestId('module-select')).toHaveValue('csrd');
}

/** Picks an option of a select found by its label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a CSRD user creates an analysis, scores IROs, sees the matrix, creates the report, fills E1, uploads the template and downloads the PDF', async ({
  page,
}, testInfo) => {
  const name = unique('Wesentlichkeit');
  await login(page, 'user@demo-pro.local');
  await toReporting(page);

  // The analysis: scale 1–5 (the default), threshold 3.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Wesentlichkeitsanalysen' }).click();
  await expect(page.getByRole('heading', { name: 'Wesentlichkeitsanalysen', level: 1 })).toBeVisible();
  await page.getByTestId('analysis-create').click();
  await page.getByTestId('analysis-name').fill(name);
  await page.getByTestId('analysis-threshold').fill('3');
  await page.getByTestId('analysis-save').click();
  await expect(page.getByRole('heading', { name: `${name}: IRO-Inventar`, level: 1 })).toBeVisible();

  // Picking E1.2 from the AR 16 inventory gives it a first entry; the scoring is on the topic's page.
  await page
    .getByTestId('inventory-E1')
    .getByRole('button', { name: /E1 Klimawandel/ })
    .click();
  await page.getByTestId('iro-pick-E1.2').click();
  await expect(page.getByTestId('inventory-E1')).toContainText('1 Eintrag');
  await page.getByTestId('inventory-assess-E1').click();
  await expect(page.getByRole('heading', { name: 'E1 Klimawandel', level: 1 })).toBeVisible();

  // Klimaschutz (climate change mitigation) as an actual negative impact: severity (5 + 4 + 4) / 3 = 4,33, no likelihood.
  await page.getByRole('button', { name: '„Klimaschutz“ bearbeiten' }).click();
  await choose(page, 'Ausmaß', '5');
  await choose(page, 'Umfang', '4');
  await choose(page, 'Behebbarkeit', '4');
  await page.getByRole('switch', { name: /Tatsächliche Auswirkung/ }).check();
  await page.getByTestId('entry-save').click();
  await expect(page.getByTestId('entry-score-Klimaschutz')).toHaveText('4,33');

  // Energie as a risk: magnitude 4, probability level 5 (80–100 %): 4 × 5/5 = 4.
  await page.getByTestId('entry-add-risk').click();
  await choose(page, 'IRO', 'E1.3 Energie');
  await choose(page, 'Größenordnung', '4');
  await choose(page, 'Wahrscheinlichkeit', /^Stufe 5/);
  await page.getByTestId('entry-save').click();
  await expect(page.getByTestId('entry-score-Energie')).toHaveText('4');

  // Both scores reach the threshold: E1 is material twice over and shows in the matrix.
  await expect(page.getByTestId('scope-material')).toHaveText('Wesentlich');
  const matrix = page.getByTestId('materiality-matrix');
  await expect(matrix.locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('materiality-matrix-material')).toContainText('E1 Klimawandel (doppelt)');

  // The report from the analysis: ESRS 2 and E1 come mandatory and cannot be deselected.
  await page.getByTestId('sidebar').getByRole('link', { name: 'CSRD-Berichte' }).click();
  await expect(page.getByRole('heading', { name: 'CSRD-Berichte', level: 1 })).toBeVisible();
  const year = String(2040 + (Date.now() % 50));
  await page.getByTestId('report-create').click();
  await page.getByTestId('report-year').fill(year);
  await choose(page, 'Wesentlichkeitsanalyse', name);
  await expect(page.getByTestId('scope-pick-E1').locator('input')).toBeChecked();
  await expect(page.getByTestId('scope-pick-E1').locator('input')).toBeDisabled();
  await expect(page.getByTestId('scope-pick-ESRS 2').locator('input')).toBeDisabled();
  await expect(page.getByTestId('scope-pick-E2').locator('input')).not.toBeChecked();
  await page.getByTestId('report-save').click();
  await expect(page.getByText(`Bericht ${year} angelegt.`)).toBeVisible();
  const reportId = /\/csrd-report\/([^/]+)\//.exec(page.url())?.[1];
  expect(reportId).toBeTruthy();

  // E1-6: gross scope 1-3 emissions of 1.234,5 t CO2e; leaving unsaved asks first.
  await page.goto(`/csrd-report/${reportId}/E/E1`);
  await expect(page.getByRole('heading', { name: 'E1 Klimawandel', level: 1 })).toBeVisible();
  await page.getByTestId('indicator-number-E1-6').fill('1234,5');
  await expect(page.getByTestId('scope-save-bar')).toContainText('1 ungespeicherte Änderung');
  await page.getByTestId('sidebar').getByRole('link', { name: 'CSRD-Berichte' }).click();
  await page.getByTestId('unsaved-stay').click();
  await page.getByTestId('scope-save').click();
  // The scope entry is created first, then the value: two changes.
  await expect(page.getByText('2 Änderungen gespeichert.')).toBeVisible();
  await expect(page.getByTestId('scope-save-bar')).toContainText('Alles gespeichert.');
  const values = await (await page.request.get(`/api/csrd/csrd-indicator-values?report=${reportId}`)).json();
  expect(
    values['hydra:member'].map((v: { indicator: string; numericValue: number; unit: string }) => v),
  ).toEqual([expect.objectContaining({ indicator: 'E1-6', numericValue: 1234.5, unit: 'tCO2e' })]);

  // The template (with E1-6 filled in) back with E1-5 added and a row of an unknown unit.
  await page.getByRole('button', { name: 'Kennzahlen-Import' }).click();
  await expect(page.getByRole('heading', { name: `Kennzahlen-Import ${year}`, level: 1 })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('indicators-template').click();
  const templatePath = testInfo.outputPath('template.xlsx');
  await (await download).saveAs(templatePath);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(templatePath);
  const sheet = wb.getWorksheet('E1');
  expect(sheet).toBeDefined();
  const rowOf = (code: string) => {
    let found: ExcelJS.Row | undefined;
    sheet!.eachRow((row) => {
      if (row.getCell(1).value === code) found = row;
    });
    return found!;
  };
  const energy = rowOf('E1-5');
  energy.getCell(3).value = 'MWh';
  energy.getCell(4).value = 800;
  const removals = rowOf('E1-7');
  removals.getCell(3).value = 'Fässer';
  removals.getCell(4).value = 3;
  const filled = testInfo.outputPath('filled.xlsx');
  await wb.xlsx.writeFile(filled);
  await page.getByTestId('indicators-file').setInputFiles(filled);
  await page.getByTestId('indicators-upload').click();
  const result = page.getByTestId('import-result');
  // E1: E1-5 added, E1-6 updated (unchanged value from the template), E1-7 invalid.
  await expect(result.getByTestId('import-sheet-E1')).toHaveText(/E1\s*1\s*1\s*1/);
  await expect(page.getByTestId('import-warning')).toContainText(`E1: Zeile ${removals.number}`);
  await expect(page.getByTestId('indicators-history').getByRole('row')).toHaveCount(2);

  // The PDF of the report.
  await page.getByTestId('sidebar').getByRole('link', { name: 'CSRD-Berichte' }).click();
  const pdf = page.waitForEvent('download');
  await page.getByTestId(`report-pdf-${year}`).click();
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfPath = testInfo.outputPath('report.pdf');
  await file.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
});

const YEAR = new Date().getFullYear();

test('the demo admin downloads the ESRS E1 Inline XBRL of the CSRD report; its figures are the E1-6 statement’s and the report’s', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'admin@demo-pro.local');
  const reports = await (await page.request.get('/api/csrd/csrd-reports')).json();
  const report = reports['hydra:member'].find((r: { year: number }) => r.year === YEAR);
  const e16 = await (await page.request.get(`/api/csrd/csrd-reports/${report.id}/e1-6`)).json();
  const values = await (
    await page.request.get(`/api/csrd/csrd-indicator-values?report=${report.id}&scope=E1`)
  ).json();
  const energy = values['hydra:member'].find((v: { indicator: string }) => v.indicator === 'E1-5');

  await page.goto('/csrd-report/overview');
  // The module's guided tour shows once per user; close it where it opens.
  const tour = page.locator('.driver-popover-close-btn');
  await tour.waitFor({ state: 'visible', timeout: 8_000 }).then(
    () => tour.click(),
    () => {},
  );
  const ixbrl = await download(page, `report-ixbrl-${YEAR}`);
  expect(ixbrl.file.suggestedFilename()).toMatch(new RegExp(`^ESRS-E1-${YEAR}-.*\\.xhtml$`));
  const xhtml = ixbrl.bytes.toString('utf8');
  // The browser parses the document as XHTML; figures to their declared three decimals (kg).
  const [scope1] = await ixbrlFacts(page, xhtml, 'esrs:GrossScope1GreenhouseGasEmissions');
  expect(Math.abs(scope1! - e16.footprint.scope1Kg / 1000)).toBeLessThanOrEqual(0.0005);
  const scope3 = await ixbrlFacts(page, xhtml, 'esrs:GrossScope3GreenhouseGasEmissions');
  // The total and one fact per scope 3 category of the footprint.
  expect(scope3).toHaveLength(1 + e16.footprint.scope3Categories.length);
  expect(Math.abs(scope3[0]! - e16.footprint.scope3Kg / 1000)).toBeLessThanOrEqual(0.0005);
  if (energy?.baseValue != null)
    expect(await ixbrlFacts(page, xhtml, 'esrs:EnergyConsumptionRelatedToOwnOperations')).toEqual([
      energy.baseValue,
    ]);
});
