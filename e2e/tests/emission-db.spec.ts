import { expect as baseExpect, test, type Page } from '@playwright/test';
import { locationsLoaded, login, logout } from '../support/app.ts';

// Screens load their chunks on first use and the factor data is large: allow a busy machine time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

// After a first start the server loads its built-in location tables, which keeps a small machine busy;
// the sign-in (argon2id) waits for them otherwise.
// The place search needs the built-in cities and postal codes loaded.
test.beforeAll(({ request }) => locationsLoaded(request));

/** Switches to the carbon footprint module, where the emission database lies (seed 002 §2). */
async function toCarbonFootprint(page: Page) {
  await page.getByTestId('module-select').selectOption('cfc');
  await expect(page.getByTestId('module-select')).toHaveValue('cfc');
}

/** Types a day into the app's date field (German order TT.MM.JJJJ). */
async function typeDay(page: Page, testId: string, ddmmyyyy: string) {
  await page.getByTestId(testId).getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy);
}

/** Picks an option of a select found by its label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a factor of 2,5 kg CO2e per litre for Germany in the given period, on the activity's page. */
async function addFactor(page: Page, from: string, until: string) {
  await page.getByTestId('factor-add').click();
  await expect(page.getByRole('heading', { name: 'Neuer Faktor', level: 1 })).toBeVisible();
  await choose(page, /Bezugseinheit/, 'Liter (Volumen)');
  await page.getByTestId('factor-co2Factor').fill('2,5');
  await page.getByRole('combobox', { name: 'Land' }).fill('Deutschl');
  await page.getByRole('option', { name: 'Deutschland', exact: true }).click();
  await typeDay(page, 'factor-validFrom', from);
  await typeDay(page, 'factor-validUntil', until);
  await page.getByTestId('factor-save').click();
}

const factorCount = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/activities/${id}`)).json()) as { factors: unknown[] }).factors.length;

test('the platform admin finds Diesel, adds a factor, is refused an overlapping one and imports factors all or nothing', async ({
  page,
}) => {
  await login(page, 'platform-admin@demo.local');
  await toCarbonFootprint(page);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Aktivitäten', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Aktivitäten', level: 1 })).toBeVisible();

  // The ranked search puts a diesel activity first (names, synonyms and translations, de and en).
  await page.getByRole('textbox', { name: 'Aktivität suchen' }).fill('Diesel');
  const table = page.getByTestId('activity-table');
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(/Diesel/i);
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/emission-db\/edit-activity\/[0-9a-f-]{36}$/);
  const activityId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Diesel/i);
  await expect(page.getByTestId('factor-table')).toBeVisible();

  // A factor with a period of its own.
  await addFactor(page, '01012030', '31122030');
  await expect(page).toHaveURL(new RegExp(`/emission-db/edit-activity/${activityId}$`));
  await expect(page.getByTestId('snackbar')).toContainText('Der Faktor wurde angelegt.');
  const added = page.getByTestId('factor-table').getByRole('row', { name: /01\.01\.2030 – 31\.12\.2030/ });
  await expect(added).toContainText('2,5 / Liter');
  await expect(added).toContainText('Deutschland');

  // Same activity, country and provider with an overlapping period: refused, the period marked.
  const before = await factorCount(page, activityId);
  await addFactor(page, '01062030', '31122031');
  await expect(page.getByTestId('factor-error')).toContainText('Der Zeitraum überschneidet sich');
  await expect(page).toHaveURL(/\/new-factor$/);
  expect(await factorCount(page, activityId)).toBe(before);

  // Import: one bad row refuses the whole file; the row issue names row, column and what is wrong.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Faktoren importieren' }).click();
  await expect(page.getByRole('heading', { name: 'Faktoren importieren', level: 1 })).toBeVisible();
  const file = (rows: string[]) => ({
    name: 'faktoren.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['activity;baseUnit;co2Factor;country;validFrom;validUntil', ...rows].join('\n')),
  });
  const good = `${activityId};l;2.61;AT;2031-01-01;2031-12-31`;
  await page
    .getByTestId('factor-import-file')
    .setInputFiles(file([good, `${activityId};l;viel;CH;2031-01-01;2031-12-31`]));
  await page.getByTestId('factor-import-start').click();
  await expect(page.getByTestId('factor-import-error')).toContainText('Die Datei wurde nicht importiert.');
  const issue = page.getByTestId('factor-import-issues').getByRole('row').nth(1);
  await expect(issue).toContainText('3');
  await expect(issue).toContainText('kg CO2e je Einheit');
  await expect(issue).toContainText('Keine gültige Zahl.');
  expect(await factorCount(page, activityId)).toBe(before);

  await page
    .getByTestId('factor-import-file')
    .setInputFiles(file([good, `${activityId};l;2.58;CH;2031-01-01;2031-12-31`]));
  await page.getByTestId('factor-import-start').click();
  await expect(page.getByTestId('factor-import-done')).toContainText('2 Faktoren wurden importiert.');
  await expect(page.getByTestId('factor-import-issues')).toHaveCount(0);
  expect(await factorCount(page, activityId)).toBe(before + 2);
});

test('a carbon footprint user sees the customer factor list and none of the provider editors', async ({
  page,
}) => {
  await login(page, 'user@demo-pro.local');
  await toCarbonFootprint(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Kundenfaktoren' })).toBeVisible();
  for (const name of ['Aktivitäten', 'Anbieterzugriff', 'Quellen', 'Faktoren importieren', 'Übersicht'])
    await expect(sidebar.getByRole('link', { name, exact: true })).toHaveCount(0);

  await sidebar.getByRole('link', { name: 'Kundenfaktoren' }).click();
  await expect(page.getByRole('heading', { name: 'Kundenfaktoren', level: 1 })).toBeVisible();
  await expect(page.getByText('Die eigenen Emissionsfaktoren Ihres Unternehmens')).toBeVisible();
  await expect(page.getByTestId('customer-factor-table')).toBeVisible();

  // A factor of the company's own: private to it, kept here.
  await page.getByTestId('customer-factor-create').click();
  const dialog = page.getByRole('dialog', { name: 'Neuer eigener Faktor' });
  await dialog.getByTestId('customer-factor-activity').fill('Erdgas');
  await page.getByRole('option', { name: 'Erdgas', exact: true }).click();
  await choose(page, /Bezugseinheit/, 'kWh (Energie)');
  await dialog.getByTestId('factor-co2Factor').fill('0,19');
  await typeDay(page, 'factor-validFrom', '01012026');
  await dialog.getByTestId('customer-factor-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText('Der Faktor wurde angelegt.');
  const own = page.getByTestId('customer-factor-table').getByRole('row', { name: /Erdgas/ });
  await expect(own).toContainText('0,19 / kWh');
  await expect(own).toContainText('01.01.2026 – offen');

  // The provider's editors are the platform admin's alone.
  for (const path of [
    '/emission-db/activity-list',
    '/emission-db/provider-access',
    '/emission-db/edit-activity/new',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('no-rights')).toBeVisible();
  }
  await page.goto('/emission-db/customer-factor-list');
  await expect(page.getByTestId('customer-factor-table')).toBeVisible();
  await logout(page);
});
