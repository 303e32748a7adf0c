import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { login, unique } from '../support/app.ts';
import { apiAs, importRows } from '../support/imports.ts';

type Co2 = { ttw: number; wtt: number; wtw: number };
type Figures = { default: Co2; individual: Co2 | null; tkm: number };
type Tour = { reference: string; distanceKm: number | null; licensePlate: string | null; emissions: Figures };
type Shipment = { reference: string; weightKg: number | null; emissions: Figures };
type List<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

const TYPE = 'road_in_tractor_30_60t_diesel';
// Unique per run, so the filters select exactly this test's data in a shared database.
const TAG = unique('E2E-Kühl');
const SHIPPER = unique('E2E Versender');
const PREFIX = unique('E2E-D');

/** Two tours with two shipments each; the first has measured diesel, so it has an individual result. */
function rows() {
  const tour = (n: number, date: string, distance: number, plate: string, diesel?: number) => ({
    tourReference: `${PREFIX}-T${n}`,
    departureDate: date,
    licensePlate: plate,
    glecTransportType: TYPE,
    distance,
    fuelUsed: diesel ?? null,
    tourTags: TAG,
    departureCity: 'Hamburg',
    arrivalCity: 'Berlin',
  });
  return [
    { ...tour(1, '2026-03-02', 290, 'HH-E2E 1', 95), shipmentReference: `${PREFIX}-S1`, weight: 8000 },
    { ...tour(1, '2026-03-02', 290, 'HH-E2E 1', 95), shipmentReference: `${PREFIX}-S2`, weight: 4000 },
    { ...tour(2, '2026-04-07', 780, 'HH-E2E 2'), shipmentReference: `${PREFIX}-S3`, weight: 6500 },
    { ...tour(2, '2026-04-07', 780, 'HH-E2E 2'), shipmentReference: `${PREFIX}-S4`, weight: 2500 },
  ].map((r) => ({ ...r, shipper: SHIPPER }));
}

test.beforeAll(async () => {
  const api = await apiAs('user@demo-pro.local');
  await importRows(api, rows());
  await api.dispose();
});

const de = (value: number, digits: number) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );
/** The dashboards show kg CO2e, from ten tonnes on t CO2e. */
const co2 = (kg: number) => (kg >= 10_000 ? `${de(kg / 1000, 2)} t CO₂e` : `${de(kg, 2)} kg CO₂e`);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function chooseSuggestion(page: Page, combobox: Locator, value: string) {
  await combobox.click();
  await combobox.fill(value);
  await page.getByRole('option', { name: value, exact: true }).click();
}

const kpi = (page: Page, id: string) => page.getByTestId(`kpi-${id}`);

test('carrier and shipper dashboards show the figures of the imported data', async ({ page }, testInfo) => {
  await login(page, 'user@demo-pro.local');
  const tours = (await (
    await page.request.get(`/api/tours?tag=${encodeURIComponent(TAG)}`)
  ).json()) as List<Tour>;
  expect(tours['hydra:totalItems']).toBe(2);
  const shipments = (await (
    await page.request.get(`/api/shipments?shipper=${encodeURIComponent(SHIPPER)}`)
  ).json()) as List<Shipment>;
  expect(shipments['hydra:totalItems']).toBe(4);

  await page.getByTestId('sidebar').getByRole('link', { name: 'Tour-Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tour$/);
  await expect(page.getByRole('heading', { name: 'Tour-Dashboard', level: 1 })).toBeVisible();
  const stats = page.waitForResponse(
    (r) => r.url().includes('/api/dashboard-tour-stats') && r.url().includes('tag='),
  );
  await chooseSuggestion(page, page.getByRole('combobox', { name: 'Tags' }), TAG);
  expect((await stats).ok()).toBe(true);

  const list = tours['hydra:member'];
  await expect(kpi(page, 'tours')).toContainText(de(2, 0));
  await expect(kpi(page, 'vehicles')).toContainText(de(2, 0));
  await expect(kpi(page, 'shipments')).toContainText(de(4, 0));
  await expect(kpi(page, 'distance')).toContainText(`${de(sum(list.map((t) => t.distanceKm ?? 0)), 0)}km`);
  await expect(kpi(page, 'glecCo2Default')).toContainText(
    co2(sum(list.map((t) => t.emissions.default.wtw))).replace(' ', ''),
  );
  const individual = sum(list.map((t) => t.emissions.individual?.wtw ?? 0));
  expect(individual).toBeGreaterThan(0);
  await expect(kpi(page, 'tkm')).toContainText(`${de(sum(list.map((t) => t.emissions.tkm)), 0)}tkm`);
  await expect(page.getByTestId('chart-by-month').locator('svg').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fahrzeuge mit den höchsten Emissionen' })).toContainText(
    'HH-E2E 2',
  );
  await page.screenshot({ path: testInfo.outputPath('dashboard-tour.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'tour dashboard');

  await page.getByTestId('sidebar').getByRole('link', { name: 'Sendungs-Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Sendungs-Dashboard', level: 1 })).toBeVisible();
  const shipmentStats = page.waitForResponse(
    (r) => r.url().includes('/api/dashboard-shipment-stats') && r.url().includes('shipper='),
  );
  await chooseSuggestion(page, page.getByRole('combobox', { name: 'Versender' }).first(), SHIPPER);
  expect((await shipmentStats).ok()).toBe(true);
  const sl = shipments['hydra:member'];
  await expect(kpi(page, 'shipments')).toContainText(de(4, 0));
  await expect(kpi(page, 'numShippers')).toContainText(de(1, 0));
  await expect(kpi(page, 'weight')).toContainText(`${de(sum(sl.map((s) => s.weightKg ?? 0)) / 1000, 2)}t`);
  await expect(kpi(page, 'glecCo2Generic')).toContainText(
    co2(sum(sl.map((s) => s.emissions.default.wtw))).replace(' ', ''),
  );
  await expect(page.getByTestId('shipper-table')).toContainText(SHIPPER);

  // The shipper statement of this shipper for the year so far, as PDF.
  const statement = page.getByTestId('statement-form');
  await chooseSuggestion(page, statement.getByRole('combobox', { name: 'Versender' }), SHIPPER);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    statement.getByTestId('statement-download').click(),
  ]);
  const pdfPath = testInfo.outputPath(pdf.suggestedFilename());
  await pdf.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.screenshot({ path: testInfo.outputPath('dashboard-shipment.png'), fullPage: true });
  await testInfo.attach('dashboard-shipment', {
    path: testInfo.outputPath('dashboard-shipment.png'),
    contentType: 'image/png',
  });
  await testInfo.attach('dashboard-tour', {
    path: testInfo.outputPath('dashboard-tour.png'),
    contentType: 'image/png',
  });
  await expectNoSeriousA11yViolations(page, 'shipment dashboard');
});

test('export the filtered tour list and download the file', async ({ page }, testInfo) => {
  await login(page, 'user@demo-pro.local');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Touren', exact: true }).click();
  await expect(page).toHaveURL(/\/tours$/);
  // The router keeps the previous screen until the new one has loaded: wait for the tour list, so
  // the Tags field below is the list's and not the dashboard's.
  await expect(page.getByTestId('tours-table')).toBeVisible();
  const filtered = page.waitForResponse((r) => /\/api\/tours\?.*tag=/.test(r.url()));
  await chooseSuggestion(page, page.getByRole('combobox', { name: 'Tags' }), TAG);
  const { 'hydra:totalItems': total } = (await (await filtered).json()) as List<Tour>;
  expect(total).toBe(2);
  await expect(page.getByTestId('tours-table')).toContainText(`${PREFIX}-T1`);
  await page.screenshot({ path: testInfo.outputPath('tours.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'tour list');

  const started = page.waitForResponse((r) => r.url().includes('/api/tours/export'));
  await page.getByTestId('tours-export').click();
  const job = (await (await started).json()) as { id: string; fileName: string };
  expect(job.id).toBeTruthy();
  await expect(page.getByTestId('snackbar')).toContainText('Export gestartet');

  await page.getByTestId('sidebar').getByRole('link', { name: 'Exporte' }).click();
  await expect(page).toHaveURL(/\/system\/export-jobs$/);
  const download = page.getByRole('link', { name: `${job.fileName} herunterladen` }).first();
  await expect(download).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('export-jobs.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'export jobs');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const path = testInfo.outputPath(file.suggestedFilename() || 'export.xlsx');
  await file.saveAs(path);
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const sheet = wb.worksheets[0];
  // A header row and one row per tour of the filter.
  expect(sheet.actualRowCount).toBe(total + 1);
  const refs = sheet
    .getColumn(1)
    .values.slice(2)
    .map((v) => String(v));
  expect(refs.sort()).toEqual([`${PREFIX}-T1`, `${PREFIX}-T2`]);
});

test('a shipment opens with its legs and the calculation sheet', async ({ page }, testInfo) => {
  await login(page, 'user@demo-pro.local');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Sendungen', exact: true }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await page.getByRole('textbox', { name: 'Sendungen suchen' }).fill(`${PREFIX}-S3`);
  await page.getByRole('link', { name: `Sendung ${PREFIX}-S3 öffnen` }).click();
  await expect(page.getByRole('heading', { name: `Sendung ${PREFIX}-S3`, level: 1 })).toBeVisible();
  const leg = page.getByRole('region', { name: `Teilstrecke 1: Tour ${PREFIX}-T2` });
  await expect(leg).toContainText('780,0 km');
  const sheet = leg.getByTestId('calculation-sheet');
  await expect(sheet.getByRole('listitem').first()).toBeVisible();
  await sheet.getByRole('button', { name: 'Rechenweg als Text' }).click();
  await expect(sheet.locator('pre')).not.toBeEmpty();
  await page.screenshot({ path: testInfo.outputPath('shipment.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'shipment detail');
});

test('external read-only users get the carrier dashboard; basic companies see sample data', async ({
  page,
}) => {
  // The page must get by with the calls external users are allowed (no 403 answers).
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 403) refused.push(`${r.status()} ${r.url()}`);
  });
  await login(page, 'external@demo-pro.local');
  await expect(page).toHaveURL(/\/dashboard\/tour$/);
  await expect(page.getByTestId('tour-dashboard')).toBeVisible();
  const shippers = page.waitForResponse((r) => r.url().includes('/api/filter-shipment-tags/shippers'));
  await page.getByRole('combobox', { name: 'Versender' }).click();
  expect((await shippers).ok()).toBe(true);
  await page.keyboard.press('Escape');
  expect(refused).toEqual([]);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Touren', exact: true })).toHaveCount(0);

  await page.context().clearCookies();
  await login(page, 'admin@demo-basic.local');
  await page.goto('/dashboard/shipment');
  // The machine is shared; the first stats call of a fresh company may take a while.
  await expect(page.getByTestId('sample-upgrade-hint')).toContainText('Beispieldaten', { timeout: 30_000 });
  await expect(kpi(page, 'shipments')).toContainText('4');
});
