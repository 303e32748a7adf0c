import { writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, unique } from '../support/app.ts';

// Plates are unique per run, so the test does not depend on data of other tests.
const plate = (prefix: string, max = 20) => unique(prefix).toUpperCase().slice(0, max);

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function rowOf(page: Page, table: string, text: string) {
  return page.getByTestId(table).getByRole('row').filter({ hasText: text });
}

async function rowAction(page: Page, table: string, text: string, action: string) {
  await rowOf(page, table, text)
    .getByRole('button', { name: /Weitere Aktionen/ })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('create a vehicle, decommission and restore it; import trailers from a file', async ({
  page,
}, testInfo) => {
  await login(page, 'user@demo-pro.local');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Fahrzeuge' }).click();
  await expect(page).toHaveURL(/\/fleetmanagement\/vehicles$/);
  await expect(page.getByRole('heading', { name: 'Fahrzeuge', level: 1 })).toBeVisible();

  // Create a vehicle with one fuel; the consumption uses a decimal comma.
  const vehiclePlate = plate('E2E-V');
  await page.getByTestId('fleet-create').click();
  const dialog = page.getByRole('dialog', { name: 'Neues Fahrzeug' });
  await dialog.getByRole('textbox', { name: /Kennzeichen/ }).fill(vehiclePlate);
  await choose(
    page,
    dialog.getByRole('combobox', { name: /GLEC-Fahrzeugtyp/ }),
    'Sattelzug bis 40 t zGG, Durchschnitt/gemischt, Diesel (Europa)',
  );
  const fuel = dialog.getByRole('group', { name: 'Kraftstoff 1' });
  await choose(page, fuel.getByRole('combobox', { name: /Kraftstoff 1/ }), 'Diesel (B0)');
  await fuel.getByRole('textbox', { name: /Verbrauch 1/ }).fill('29,5');
  await choose(page, fuel.getByRole('combobox', { name: /Einheit 1/ }), 'L');
  await dialog.getByRole('textbox', { name: 'Baujahr' }).fill('2021');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText(`Fahrzeug ${vehiclePlate} wurde angelegt.`);

  await page.getByRole('textbox', { name: /suchen/ }).fill(vehiclePlate);
  const row = rowOf(page, 'vehicle-table', vehiclePlate);
  await expect(row).toContainText('29,5 L');
  await expect(row).toContainText('Aktiv');

  // Decommission: the vehicle leaves the active list and stays listed as decommissioned.
  await rowAction(page, 'vehicle-table', vehiclePlate, 'Stilllegen');
  const confirm = page.getByRole('dialog', { name: 'Fahrzeug stilllegen?' });
  await confirm.getByRole('button', { name: 'Stilllegen' }).click();
  await expect(page.getByTestId('snackbar')).toContainText(`${vehiclePlate} wurde stillgelegt.`);
  await expect(row).toHaveCount(0);
  await page.getByTestId('fleet-status').getByRole('button', { name: 'Stillgelegt' }).click();
  await expect(row).toContainText('Stillgelegt');

  // Restore it: active again.
  await rowAction(page, 'vehicle-table', vehiclePlate, 'Wiederherstellen');
  await page
    .getByRole('dialog', { name: 'Fahrzeug wiederherstellen?' })
    .getByRole('button', { name: 'Wiederherstellen' })
    .click();
  await expect(page.getByTestId('snackbar')).toContainText(`${vehiclePlate} wurde wiederhergestellt.`);
  await expect(row).toHaveCount(0);
  await page.getByTestId('fleet-status').getByRole('button', { name: 'Aktiv' }).click();
  await expect(row).toContainText('Aktiv');

  // Trailers: the import dialog offers the template, lists row errors and then imports.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Auflieger' }).click();
  await expect(page).toHaveURL(/\/fleetmanagement\/trailer$/);
  // The trailer screen is a lazy chunk: wait for it, or the click may hit the leaving vehicle screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Auflieger' })).toBeVisible();
  await page.getByTestId('fleet-import').click();
  const importDialog = page.getByRole('dialog', { name: 'Auflieger importieren' });
  const download = page.waitForEvent('download');
  await importDialog.getByTestId('import-template').click();
  expect((await download).suggestedFilename()).toBe('auflieger-import-template.xlsx');

  const prefix = plate('E2E-T', 17);
  const header = 'Kennzeichen *;GLEC-Aufliegertyp *;Ladevolumen (m³);Baujahr';
  const broken = testInfo.outputPath('trailers-broken.csv');
  writeFileSync(
    broken,
    `${header}\n${prefix}-1;Kühlauflieger;86,5;2019\n${prefix}-2;;90;\n${prefix}-3;box;45;1800\n`,
  );
  await importDialog.getByTestId('import-file').setInputFiles(broken);
  await expect(importDialog.getByTestId('import-file-name')).toHaveText('trailers-broken.csv');
  await importDialog.getByTestId('import-start').click();
  await expect(importDialog.getByTestId('import-error')).toContainText('Es wurde nichts importiert.');
  const errors = importDialog.getByTestId('import-issues').getByRole('row');
  await expect(errors).toHaveCount(3);
  await expect(errors.nth(1).getByRole('cell')).toHaveText([
    '3',
    'GLEC-Aufliegertyp',
    'Ein Pflichtfeld fehlt.',
  ]);
  await expect(errors.nth(2).getByRole('cell')).toHaveText([
    '4',
    'Baujahr',
    'Das Baujahr muss zwischen 1900 und 2100 liegen.',
  ]);

  const fixed = testInfo.outputPath('trailers.csv');
  writeFileSync(fixed, `${header}\n${prefix}-1;Kühlauflieger;86,5;2019\n${prefix}-2;curtainsider;90;\n`);
  await importDialog.getByTestId('import-file').setInputFiles(fixed);
  await importDialog.getByTestId('import-start').click();
  await expect(importDialog).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText(
    'Import abgeschlossen: 2 neu angelegt, 0 aktualisiert.',
  );
  await page.getByRole('textbox', { name: /suchen/ }).fill(prefix);
  await expect(rowOf(page, 'trailer-table', `${prefix}-1`)).toContainText('Kühlauflieger');
  await expect(rowOf(page, 'trailer-table', `${prefix}-1`)).toContainText('86,5 m³');
  await expect(rowOf(page, 'trailer-table', `${prefix}-2`)).toContainText('Planenauflieger');
});
