import { expect as baseExpect, test, type Page } from '@playwright/test';
import { locationsLoaded, login, logout, unique } from '../support/app.ts';

// Screens load their chunks on first use and the emission database is large: allow a busy machine time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 420_000 });

// The place search needs the built-in cities and postal codes loaded.
test.beforeAll(({ request }) => locationsLoaded(request));

type Json = Record<string, any>;

/** A JSON call with the signed-in session of the page; fails the test on an unexpected status. */
async function api(page: Page, method: 'GET' | 'POST', url: string, data?: Json, status = 200) {
  const res = await page.request.fetch(url, { method, data });
  baseExpect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as Json;
}

/**
 * Issue 33: a factor change in the emission database is a new version; the entry keeps its figure
 * and offers the newer version as a restatement, which the CFC admin accepts.
 * Hand-computed: 1,000 l aviation spirit × 2.33116 kg CO2e/l (DESNZ 2025, row 1_101_1008_8_1)
 * = 2,331.16 kg = 2,331 t shown; version 2 at 2.5 kg CO2e/l gives 2,500 kg = 2,500 t.
 */
test('a factor change is offered as a restatement the CFC admin accepts', async ({ page }) => {
  const year = new Date().getFullYear();
  await login(page, 'admin@demo-pro.local');
  const found = await api(
    page,
    'GET',
    '/api/activities/search?term=Aviation%20spirit&categories=mobile-combustion&limit=5',
  );
  const activity = found['hydra:member'][0] as Json;
  const detail = await api(page, 'GET', `/api/activities/${activity.id}`);
  const perLitre = (detail.factors as Json[]).find((f) => f.baseUnit === 'l' && f.co2Factor === 2.33116);
  baseExpect(perLitre).toBeDefined();
  const unit = await api(
    page,
    'POST',
    '/api/cfc/business-units/new',
    { name: unique('E2E-Hangar'), country: 'DE' },
    201,
  );
  const report = await api(page, 'POST', '/api/cfc/reports', { businessUnit: unit.id, year }, 201);
  const entry = await api(page, 'POST', '/api/cfc/entries', {
    report: report.id,
    section: 'mobile-combustion',
    activity: activity.id,
    amount: 1_000,
    unit: 'l',
    dataSource: 'Tankbelege',
    fuel: 'Flugbenzin',
  });
  baseExpect(entry).toMatchObject({ factorId: perLitre?.id, factorVersion: 1, restatement: null });
  await logout(page);

  // The platform admin changes the factor in the emission database: a new version, the old one stays.
  await login(page, 'platform-admin@demo.local');
  await page.goto(`/emission-db/edit-activity/${activity.id}/${perLitre?.id}`);
  await expect(page.getByTestId('factor-form')).toBeVisible();
  await page.getByTestId('factor-co2Factor').fill('2,5');
  await page.getByTestId('factor-save').click();
  await expect(page).not.toHaveURL(new RegExp(`${perLitre?.id}$`));
  await page.goto(`/emission-db/edit-activity/${activity.id}`);
  await expect(page.getByTestId('factor-table')).toContainText('2,5 / Liter');
  await logout(page);

  // The CFC admin sees the entry keep its figure and the newer version on offer, and accepts it.
  await login(page, 'admin@demo-pro.local');
  await page.goto(`/cfc/edit/${unit.urlId}/${year}/mobile-combustion`);
  const row = page.getByTestId('cfc-entry-row').filter({ hasText: 'Tankbelege' });
  await expect(row.getByTestId('cfc-entry-co2e')).toHaveText('2,331 t');
  await expect(row.getByTestId('cfc-entry-trace')).toContainText('Faktorversion 1');
  await expect(row.getByTestId('cfc-entry-restatement')).toHaveText(
    /Neuere Faktorversion 2 verfügbar: neu 2,500 t\./,
  );
  await page.screenshot({ path: test.info().outputPath('restatement-offered-de.png'), fullPage: true });
  await row.getByTestId('cfc-entry-restate').click();
  await expect(page.getByText('Eintrag neu berechnet: 2,331 t → 2,500 t (protokolliert).')).toBeVisible();
  await expect(row.getByTestId('cfc-entry-co2e')).toHaveText('2,500 t');
  await expect(row.getByTestId('cfc-entry-trace')).toContainText('Faktorversion 2');
  await expect(row.getByTestId('cfc-entry-restatement')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('restatement-accepted-de.png'), fullPage: true });
});
