import { expect as baseExpect, type Page, test } from '@playwright/test';
import { login, unique } from '../support/app.ts';

// Live distances and emissions answer after a debounce and a round trip each; a busy machine is slow.
const expect = baseExpect.configure({ timeout: 45_000 });

/** Picks a leg end from the location search: types the term, then clicks the matching hit. */
async function pickPlace(page: Page, field: string, term: string, option: RegExp) {
  await page.locator(`input[name="${field}"]`).fill(term);
  await page.getByRole('option', { name: option }).first().click({ timeout: 45_000 });
}

async function fillLeg(
  page: Page,
  key: `${'pre_carriage' | 'main_carriage' | 'on_carriage'}-0`,
  mode: string,
  from: [string, RegExp],
  to: [string, RegExp],
) {
  await page
    .getByTestId(`leg-${key}`)
    .getByRole('combobox', { name: /Verkehrsträger/ })
    .click();
  await page.getByRole('option', { name: mode, exact: true }).click();
  const [activity] = key.split('-');
  await pickPlace(page, `legs.${activity}.0.origin`, ...from);
  await pickPlace(page, `legs.${activity}.0.destination`, ...to);
}

type OrderAnswer = {
  id: string;
  parentId: string | null;
  number: string;
  label: string | null;
  modes: string[];
  co2Wtw: number;
  hubCo2Wtw: number;
  position: number;
  alternativeGroupId: string;
  activities: { activity: string; legs: { distance: number; distanceGiven: boolean; co2Wtw: number }[] }[];
};

test('the basic admin creates a three-leg order with live figures, edits it and adds a rail alternative', async ({
  page,
}) => {
  // The location data load, three live calculations, two saves and three page loads on a shared machine.
  test.setTimeout(840_000);
  await login(page, 'admin@demo-basic.local');
  // The built-in locations (ports, cities, postal codes) load into a fresh database in the
  // background after the server starts; /health says when they are ready.
  await expect
    .poll(async () => (await (await page.request.get('/health')).json()).locations, { timeout: 420_000 })
    .toBe('ready');
  const number = unique('HH-SHA');
  await page.goto('/basic/orders/new');
  await expect(page.getByRole('heading', { name: 'Neuer Auftrag' })).toBeVisible();

  // Order data: a 10 t container (one 40 ft box), as in the worked example of issue 17.
  await page.locator('input[name="number"]').fill(number);
  await page.locator('input[name="client"]').fill('Muster Logistik GmbH');
  await page.locator('input[name="grossWeight"]').fill('10');
  await page.locator('input[name="quantity"]').fill('1');
  await page.getByRole('combobox', { name: /Containergröße/ }).click();
  await page.getByRole('option', { name: '40-Fuß-Container' }).click();

  // Road from a Hamburg postal code to the port of Rotterdam, sea to Shanghai, road to Suzhou.
  await page.getByRole('button', { name: 'Teilstrecke zu Vorlauf hinzufügen' }).click();
  await page.getByRole('button', { name: 'Teilstrecke zu Nachlauf hinzufügen' }).click();
  await fillLeg(
    page,
    'pre_carriage-0',
    'Straße',
    ['20095', /DE 20095 Hamburg/],
    ['NLRTM', /NLRTM Rotterdam/],
  );
  await fillLeg(page, 'main_carriage-0', 'See', ['NLRTM', /NLRTM Rotterdam/], ['CNSHA', /CNSHA Shanghai/]);
  await fillLeg(page, 'on_carriage-0', 'Straße', ['CNSHA', /CNSHA Shanghai/], ['Suzhou', /Suzhou \(CN\)/]);

  // Vehicle classes follow the places (issue 37): the GLEC artic truck in Europe, the container lane
  // Asia – North Europe between Rotterdam and Shanghai, and no European truck put on a Chinese road:
  // the factor set has no road class for China, so the user picks one from the searchable list.
  const vehicle = (leg: string) => page.locator(`input[name="legs.${leg}.0.glecVehicleType"]`);
  await expect(vehicle('pre_carriage')).toHaveValue(/^Sattelzug bis 40 t zGG.*\(Europa\)$/);
  await expect(vehicle('main_carriage')).toHaveValue('Containerschiff, trocken: Asien ↔ Nordeuropa');
  await expect(vehicle('on_carriage')).toHaveValue('');
  const onLeg = page.getByTestId('leg-on_carriage-0');
  await expect(onLeg.getByText(/für China keine Fahrzeugklasse des Verkehrsträgers „Straße“/)).toBeVisible();
  // The German screen finds a class by its English name; classes are grouped by region.
  await vehicle('on_carriage').click();
  await expect(page.getByRole('listbox').getByText('Indien', { exact: true })).toBeVisible();
  await vehicle('on_carriage').fill('artic 40t');
  const options = page.getByRole('option');
  await expect(options).toHaveCount(1);
  await options.first().click();
  await expect(vehicle('on_carriage')).toHaveValue(/^Sattelzug bis 40 t zGG.*\(Europa\)$/);
  await expect(onLeg.getByText(/Klasse der Region Europa: Für China/)).toBeVisible();

  // Distances from the location service and emissions from the engine appear per leg.
  const pre = page.getByTestId('leg-pre_carriage-0');
  const main = page.getByTestId('leg-main_carriage-0');
  const on = page.getByTestId('leg-on_carriage-0');
  // Road: great circle 412.5 km × 1.3 circuity = 536.2 km (estimate without a router), prefilled
  // in the distance field with its kind (taken as the shortest feasible distance).
  const distance = (leg: string) => page.locator(`input[name="legs.${leg}.0.distance"]`);
  await expect(distance('pre_carriage')).toHaveValue('536,2');
  await expect(pre.getByText('Berechnet; überschreibbar')).toBeVisible();
  await expect(pre.getByRole('combobox', { name: /Entfernungsart/ })).toContainText('Kürzeste (SFD)');
  await expect(distance('main_carriage')).toHaveValue(/^19\d{3},\d$/);
  await expect(main.getByRole('combobox', { name: /Entfernungsart/ })).toContainText('Kürzeste (SFD)');
  await expect(distance('on_carriage')).toHaveValue(/^\d+(,\d)?$/);
  for (const leg of [pre, main, on]) {
    await expect(leg.getByTestId('leg-figures')).toContainText('kg CO₂e');
    await expect(leg.getByText('Standardwerte (GLEC)')).toBeVisible();
  }
  // The calculation sheet of a leg opens below it.
  await main.getByRole('button', { name: 'Rechenweg' }).click();
  await expect(main.getByTestId('calculation-sheet')).toBeVisible();
  await expect(page.getByTestId('order-totals')).not.toContainText('0,00 kg CO₂e');
  await expect(page.getByText(/2 Umschlagpunkte/)).toBeVisible();

  await page.getByRole('button', { name: 'Auftrag anlegen' }).click();
  await expect(page).toHaveURL(/\/basic\/orders$/);
  await expect(page.getByText(`Auftrag ${number} angelegt.`)).toBeVisible();
  await expect(page.getByText(number).first()).toBeVisible();

  const list = await (await page.request.get(`/api/orders?search=${encodeURIComponent(number)}`)).json();
  expect(list['hydra:totalItems']).toBe(1);
  const id: string = list['hydra:member'][0].id;
  const stored = (await (await page.request.get(`/api/orders/${id}`)).json()) as OrderAnswer;
  expect(stored.modes).toEqual(['road', 'sea', 'road']);
  expect(stored.activities[0].legs[0].distance).toBe(536.2);
  // A kept prefill is not sent as typed: the API computes the distance again, with its method.
  expect(stored.activities[0].legs[0].distanceGiven).toBe(false);
  // The order's WTW is the legs plus the two hubs (road → sea, sea → road).
  const legsWtw = stored.activities.flatMap((a) => a.legs).reduce((n, l) => n + l.co2Wtw, 0);
  expect(stored.hubCo2Wtw).toBeGreaterThan(0);
  expect(stored.co2Wtw).toBeCloseTo(legsWtw + stored.hubCo2Wtw, 6);

  // Edit: the form loads the order, shows the saved totals and saves a change.
  await page.goto(`/basic/orders/edit/${id}`);
  await expect(page.getByRole('heading', { name: `Auftrag ${number} bearbeiten` })).toBeVisible();
  await expect(page.locator('input[name="number"]')).toHaveValue(number);
  await expect(page.locator('input[name="legs.main_carriage.0.destination"]')).toHaveValue(/CNSHA/);
  await expect(page.getByTestId('saved-totals')).toContainText('WTW mit Umschlag');
  await expect(page.getByTestId('leg-main_carriage-0').getByTestId('leg-figures')).toBeVisible();
  await page.locator('input[name="label"]').fill('Frühjahr');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/basic\/orders$/);
  await expect(page.getByText(`Auftrag ${number} gespeichert.`)).toBeVisible();
  const edited = (await (await page.request.get(`/api/orders/${id}`)).json()) as OrderAnswer;
  expect(edited.label).toBe('Frühjahr');
  expect(edited.modes).toEqual(['road', 'sea', 'road']);

  // Alternative: the parent's cargo and legs, with rail for the main carriage.
  await page.goto(`/basic/orders/alternatives/new?parentId=${id}`);
  await expect(page.getByRole('heading', { name: 'Neue Alternative' })).toBeVisible();
  await expect(page.locator('input[name="legs.pre_carriage.0.origin"]')).toHaveValue(/20095/);
  const mainLeg = page.getByTestId('leg-main_carriage-0');
  await mainLeg.getByRole('combobox', { name: /Verkehrsträger/ }).click();
  await page.getByRole('option', { name: 'Schiene', exact: true }).click();
  await expect(mainLeg.getByRole('combobox', { name: /Fahrzeugklasse/ })).toHaveValue(/^Bahn/);
  await expect(page.locator('input[name="legs.main_carriage.0.distance"]')).toHaveValue(/^[\d.]+(,\d)?$/);
  await expect(mainLeg.getByText('Berechnet; überschreibbar')).toBeVisible();
  await expect(mainLeg.getByTestId('leg-figures')).toBeVisible();
  await page.getByRole('button', { name: 'Auftrag anlegen' }).click();
  await expect(page).toHaveURL(/\/basic\/orders$/);
  await expect(page.getByText(`Alternative zu Auftrag ${number} angelegt.`)).toBeVisible();

  const group = await (
    await page.request.get(`/api/orders?search=${encodeURIComponent(number)}&basicTourOnly=false`)
  ).json();
  expect(group['hydra:totalItems']).toBe(2);
  const alternative = (group['hydra:member'] as OrderAnswer[]).find((o) => o.id !== id)!;
  expect(alternative.parentId).toBe(id);
  expect(alternative.alternativeGroupId).toBe(stored.alternativeGroupId);
  expect(alternative.position).toBe(2);
  expect(alternative.modes).toEqual(['road', 'rail', 'road']);
});
