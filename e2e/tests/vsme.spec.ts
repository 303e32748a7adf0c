import ExcelJS from 'exceljs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { login, logout, unique } from '../support/app.ts';
import { download, ixbrlFacts } from '../support/files.ts';

// Screens load their chunks on first use; allow a busy machine time.
const expect = baseExpect.configure({ timeout: 20_000 });

const S1 = 'vsme:GrossScope1GreenhouseGasEmissions';
const S2M = 'vsme:GrossMarketBasedScope2GreenhouseGasEmissions';
const YEAR = new Date().getFullYear();

// The disclosure list with its completeness shows from 1440 px (the theme's lg); narrower screens pick from a select.
test.use({ viewport: { width: 1440, height: 900 } });

/** A figure as the German screen shows it (`25,708`, `1.234,5`) as a number. */
const germanNumber = (text: string) => Number(text.replace(/[.\s\u202f]/g, '').replace(',', '.'));

test('the demo admin opens the VSME report of the year, overrides a prefilled figure with a reason, checks it and downloads PDF, Excel and Inline XBRL', async ({
  page,
  baseURL,
}) => {
  // Three downloads, a reload and two languages: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await login(page, 'admin@demo-pro.local');
  await page.getByTestId('module-select').selectOption('csrd');
  await page.getByTestId('sidebar').getByRole('link', { name: 'VSME-Berichte' }).click();
  await expect(page.getByRole('heading', { name: 'VSME-Berichte', level: 1 })).toBeVisible();
  await page.getByTestId(`vsme-open-${YEAR}`).click();
  await expect(page.getByRole('heading', { name: `VSME-Bericht ${YEAR}`, level: 1 })).toBeVisible();

  // Completeness per disclosure: every basic disclosure shows "filled of applicable".
  for (const code of ['B1', 'B3', 'B8'])
    await expect(page.getByTestId(`vsme-nav-${code}`)).toContainText(/\d+ von \d+/);

  // B3 comes from the carbon footprint of the same year, each figure with its source.
  await page.getByTestId('vsme-nav-B3').click();
  const b3 = page.getByTestId('vsme-disclosure-B3');
  await expect(b3.getByRole('heading', { name: /^B3 / })).toBeVisible();
  const scope1 = b3.getByTestId(`vsme-field-${S1}`);
  await expect(scope1).toHaveValue(/^\d+(,\d+)?$/);
  await expect(b3.getByTestId(`vsme-prefill-${S1}`)).toHaveText(
    `Quelle: CO2-Bilanz ${YEAR}, Scope 1 (Zentrale Hamburg)`,
  );
  const shownScope1 = germanNumber(await scope1.inputValue());
  expect(shownScope1).toBeGreaterThan(0);

  // The source note: the diesel in litres turned into kWh on its DESNZ net calorific value
  // (10,000 l × 2.57082 ÷ 0.25953 = 99,056.8 kWh), and how freight figures arrive.
  const note = b3.getByTestId('vsme-footprint-note');
  await expect(note).toContainText('10.000 l × 9,9057 kWh/l = 99.057 kWh');
  await expect(note).toContainText('(Zeile 1_101_1011_8_1)');
  await expect(b3.getByTestId('vsme-freight-note')).toContainText('So zählt jede Tour genau einmal.');

  // Overriding scope 2 (market-based) asks for the reason, which the field then shows beside the footprint's figure.
  const scope2 = b3.getByTestId(`vsme-field-${S2M}`);
  await expect(b3.getByTestId(`vsme-prefill-${S2M}`)).toBeVisible();
  const footprintScope2 = await scope2.inputValue();
  await scope2.fill('11,5');
  await scope2.press('Enter');
  const reason = page.getByTestId('vsme-reason');
  await reason.fill('Herkunftsnachweis für den Standort Bremen nachgereicht');
  await page.getByTestId('vsme-reason-save').click();
  await expect(reason).toBeHidden();
  await expect(scope2).toHaveValue('11,5');
  await expect(b3.getByTestId(`vsme-override-${S2M}`)).toContainText(
    'Grund: Herkunftsnachweis für den Standort Bremen nachgereicht',
  );
  // The footprint's figure beside it, with the three decimals the documents show.
  const footprintText = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 3 }).format(
    germanNumber(footprintScope2),
  );
  await expect(b3.getByTestId(`vsme-override-${S2M}`)).toContainText(`(${footprintText} t CO₂e)`);

  // The check in plain words: every value fits, the export is ready.
  await page.getByTestId('vsme-validate').click();
  await expect(page.getByTestId('vsme-validation')).toContainText(
    /Alle \d+ Werte passen zur VSME-Taxonomie: Der Inline-XBRL-Export ist bereit\./,
  );

  // The documents: a PDF, a workbook with the report's values, an XHTML document with the scope 1 fact shown on screen.
  const pdf = await download(page, 'vsme-download-pdf');
  expect(pdf.file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const xlsx = await download(page, 'vsme-download-xlsx');
  expect(xlsx.file.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
  expect(cells.some((r) => r.includes(S1))).toBe(true);

  const ixbrl = await download(page, 'vsme-download-ixbrl');
  expect(ixbrl.file.suggestedFilename()).toMatch(/\.x?html$/);
  const xhtml = ixbrl.bytes.toString('utf8');
  expect(xhtml).toContain('http://www.xbrl.org/2013/inlineXBRL');
  const facts = await ixbrlFacts(page, xhtml, S1);
  expect(facts).toHaveLength(1);
  expect(facts[0]).toBeCloseTo(shownScope1, 3);
  expect(await ixbrlFacts(page, xhtml, S2M)).toEqual([11.5]);

  // Back to the footprint's figure, so other runs see the report as seeded.
  await b3.getByRole('button', { name: 'Wert der CO2-Bilanz übernehmen' }).click();
  await expect(scope2).toHaveValue(footprintScope2);
  await expect(b3.getByTestId(`vsme-prefill-${S2M}`)).toBeVisible();

  // In English: the same screen with the source in English.
  await page.context().addCookies([{ name: 'kd_lang', value: 'en', url: baseURL! }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: `VSME report ${YEAR}`, level: 1 })).toBeVisible();
  await page.getByTestId('vsme-nav-B3').click();
  await expect(page.getByTestId(`vsme-prefill-${S1}`)).toHaveText(
    `Source: Carbon footprint ${YEAR}, scope 1 (Zentrale Hamburg)`,
  );
});

/** Picks an option of an MUI select found by its test id. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).getByRole('combobox').click();
  await page.getByRole('option', { name: option }).click();
}

test('a company that books the VSME report alone sees only it, without the CSRD screens', async ({
  page,
}) => {
  // Two sign-ins (argon2id) and the booking dialog: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await login(page, 'platform-admin@demo.local');
  const name = unique('KMU Spedition');
  const email = `${unique('vsme')}@kmu.test`;
  const created = await page.request.post('/api/companies', {
    data: {
      company: { name, street: 'Kaistraße 1', zipcode: '20457', city: 'Hamburg', country: 'DE' },
      user: { email, firstName: 'Vera', lastName: 'Vsme', password: 'vsme-passwort-1' },
      module: ['vsme'],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The provider books the VSME tariff of the catalogue for the new customer.
  await page.goto('/smp-admin/customers');
  await page.getByRole('textbox', { name: /suchen/ }).fill(name);
  await page.getByRole('button', { name: `Tarife von ${name}` }).click();
  const tariffs = page.getByRole('dialog', { name: `Tarife von ${name}` });
  await tariffs.getByTestId('company-tariff-book').click();
  const booking = page.getByRole('dialog', { name: new RegExp(`Tarif buchen für ${name}`) });
  await choose(page, 'tariff-booking-tariff', /^VSME-Bericht · VSME-Bericht \(/);
  await choose(page, 'booking-recipient-user', new RegExp(email.replace(/[.+]/g, '\\$&')));
  await booking.getByTestId('tariff-booking-save').click();
  await expect(tariffs.getByTestId('company-tariffs-table')).toContainText('VSME-Bericht');
  await tariffs.getByRole('button', { name: 'Schließen' }).click();
  await logout(page);

  await login(page, email, 'vsme-passwort-1');
  // One module: no module selector; the home is the VSME list, the sidebar has no CSRD screen.
  await expect(page.getByRole('heading', { name: 'VSME-Berichte', level: 1 })).toBeVisible();
  await expect(page.getByTestId('module-select')).toHaveCount(0);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'VSME-Berichte' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /Wesentlichkeit|CSRD-Bericht/ })).toHaveCount(0);
  const csrd = await page.request.get('/api/csrd/csrd-reports');
  expect([csrd.status(), (await csrd.json()).message]).toEqual([403, 'noRights']);

  // A report of the year: without a carbon footprint, the B3 note says where the figures come from.
  await page.getByTestId('vsme-create').click();
  await page.getByTestId('vsme-year').fill(String(YEAR));
  await page.getByTestId('vsme-create-save').click();
  // The new report opens at once.
  await expect(page.getByRole('heading', { name: `VSME-Bericht ${YEAR}`, level: 1 })).toBeVisible();
  await page.getByTestId('vsme-nav-B3').click();
  await expect(page.getByTestId('vsme-footprint-note')).toContainText(
    `Für ${YEAR} gibt es keine CO2-Bilanz.`,
  );
});
