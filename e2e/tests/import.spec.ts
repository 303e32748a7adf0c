import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, logout, unique } from '../support/app.ts';

const TITLES = [
  'Tour',
  'Sendung',
  'Datum',
  'Kennzeichen',
  'GLEC-Typ',
  'Gewicht',
  'Distanz',
  'Von Ort',
  'Von Land',
  'Nach Ort',
  'Nach Land',
];
// Column title → field name as the wizard shows it.
const ASSIGN: Record<string, string> = {
  Tour: 'Tourreferenz',
  Sendung: 'Sendungsreferenz',
  Datum: 'Abfahrtsdatum',
  Kennzeichen: 'Kennzeichen',
  'GLEC-Typ': 'GLEC-Transporttyp',
  Gewicht: 'Gewicht',
  Distanz: 'Distanz',
  'Von Ort': 'Abfahrt – Ort',
  'Von Land': 'Abfahrt – Land',
  'Nach Ort': 'Ankunft – Ort',
  'Nach Land': 'Ankunft – Land',
};
const TYPE = 'road_in_tractor_30_60t_diesel';

// A select's text: the field name, without the required-field star.
const shown = (text: string | null) => (text ?? '').replace('*', '').trim();

async function choose(page: Page, combobox: Locator, option: string) {
  // Opening a select costs a round of rendering; skip those that already show the option.
  if (shown(await combobox.textContent()) === option) return;
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The open menu hides the dialog from the accessibility tree; the next select needs it closed.
  await expect(page.getByRole('listbox')).toBeHidden();
  if (option !== 'Nicht übernehmen') await expect(combobox).toContainText(option);
}

test('create a mapping with the wizard, validate a sample file and import it', async ({ page }, testInfo) => {
  // Eleven selects and a queued import: more than the default minute on a busy two-core machine.
  test.setTimeout(120_000);
  // References are unique per run, so every row counts as new.
  const tour = unique('E2E-T');
  const rows = [
    [`${tour}-1`, `${tour}-S1`, '02.03.2026', 'HH-DL 401', TYPE, 8000, 290, 'Hamburg', 'DE', 'Berlin', 'DE'],
    [`${tour}-1`, `${tour}-S2`, '02.03.2026', 'HH-DL 401', TYPE, 4000, 290, 'Hamburg', 'DE', 'Berlin', 'DE'],
    [`${tour}-2`, `${tour}-S3`, '03.03.2026', 'HH-DL 401', TYPE, 6500, 780, 'Berlin', 'DE', 'München', 'DE'],
    [`${tour}-2`, `${tour}-S4`, '03.03.2026', 'HH-DL 401', TYPE, '', 780, 'Berlin', 'DE', 'München', 'DE'],
  ];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sendungen');
  ws.addRow(TITLES);
  for (const r of rows) ws.addRow(r);
  const sample = testInfo.outputPath('sendungen.xlsx');
  await wb.xlsx.writeFile(sample);

  // Mappings are created by freight admins.
  await login(page, 'admin@demo-pro.local');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Zuordnungen' }).click();
  await expect(page).toHaveURL(/\/system\/mappings$/);
  await expect(page.getByRole('heading', { name: 'Zuordnungen', level: 1 })).toBeVisible();

  // Step 1: template.
  const name = unique('E2E Sendungen');
  await page.getByTestId('mapping-create').click();
  const wizard = page.getByRole('dialog', { name: 'Neue Zuordnung' });
  await wizard.getByRole('textbox', { name: /Name der Vorlage/ }).fill(name);
  await wizard.getByRole('radio', { name: /Sendungen/ }).check();
  await wizard.getByTestId('mapping-wizard-next').click();

  // Step 2: titles of the sample file with suggestions; the rest is assigned by hand.
  await wizard.getByTestId('mapping-sample-input').setInputFiles(sample);
  const plateSelect = wizard.getByRole('combobox', { name: 'Feld für „Kennzeichen“' });
  await expect(plateSelect).toHaveText('Kennzeichen');
  await expect(wizard.getByRole('combobox', { name: 'Feld für „Gewicht“' })).toHaveText('Gewicht');
  // A suggestion may hold a field another title needs (taken fields are disabled): free the wrong ones first.
  for (const title of TITLES) {
    const select = wizard.getByRole('combobox', { name: `Feld für „${title}“` });
    if (shown(await select.textContent()) !== ASSIGN[title]) await choose(page, select, 'Nicht übernehmen');
  }
  for (const [title, field] of Object.entries(ASSIGN)) {
    await choose(page, wizard.getByRole('combobox', { name: `Feld für „${title}“` }), field);
  }
  // "Gewicht" and "Distanz" name no unit: the wizard asks before it saves (kilograms, kilometres).
  await expect(wizard.getByTestId('mapping-unit-missing')).toContainText('Gewicht');
  await expect(wizard.getByTestId('mapping-unit-missing')).toContainText('Distanz');
  await expect(wizard.getByTestId('mapping-wizard-next')).toBeDisabled();
  await choose(page, wizard.getByRole('combobox', { name: 'Einheit von Gewicht' }), 'Kilogramm (kg)');
  await expect(wizard.getByTestId('mapping-wizard-next')).toBeDisabled();
  await choose(page, wizard.getByRole('combobox', { name: 'Einheit von Distanz' }), 'Kilometer (km)');
  await expect(wizard.getByTestId('mapping-unit-missing')).toBeHidden();
  await wizard.getByTestId('mapping-wizard-next').click();

  // Step 3: the report names the row without a weight.
  await expect(wizard.getByTestId('mapping-validation-issues')).toContainText(
    '1 Auffälligkeit in 4 geprüften Zeilen',
  );
  const report = wizard.getByRole('table', { name: 'Prüfbericht' }).getByRole('row');
  // The reason comes with its fix hint.
  await expect(report.nth(1).getByRole('cell')).toHaveText([
    '5',
    'Das Gewicht fehlt.Tragen Sie das Gewicht in der Einheit der Zuordnung ein.',
    'Gewicht',
  ]);
  await wizard.getByTestId('mapping-wizard-next').click();

  // Step 4: saved; the sample file is imported right away.
  await expect(wizard.getByTestId('mapping-saved')).toContainText(name);
  await wizard.getByTestId('mapping-import-now').click();
  await expect(page).toHaveURL(/\/system\/import-tasks$/);
  await expect(page.getByTestId('snackbar')).toContainText('sendungen.xlsx wurde hochgeladen');

  // The task is polled until it is done.
  const task = page
    .getByTestId('import-task-table')
    .getByRole('row')
    .filter({ hasText: 'sendungen.xlsx' })
    .first();
  // One row of four rejected: a warning with the count, not "Erfolgreich".
  await expect(task.getByTestId('task-status')).toContainText('Mit Warnungen', { timeout: 30_000 });
  await expect(task.getByTestId('task-status')).toContainText('1 von 4 Zeilen abgelehnt');
  await expect(task.getByTestId('task-counts')).toContainText('3 neu · 0 aktualisiert · 1 abgelehnt');

  // The row issues are one click away from the result, with reason and fix hint.
  await task.getByTestId('task-show-issues').click();
  const codes = page.getByRole('dialog', { name: /Tour-Codes/ });
  await expect(codes.getByTestId('tour-codes-table')).toContainText('Das Gewicht fehlt.');
  await expect(codes.getByTestId('tour-codes-table')).toContainText('Tragen Sie das Gewicht in der Einheit');
  await codes.getByRole('button', { name: 'Schließen' }).click();

  // Back in the list the new mapping is active.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Zuordnungen' }).click();
  await page.getByRole('textbox', { name: 'Zuordnungen suchen' }).fill(name);
  const mappingRow = page.getByTestId('mapping-table').getByRole('row').filter({ hasText: name });
  await expect(mappingRow.getByRole('switch', { name: `Zuordnung ${name} aktiv` })).toBeChecked();
});

test('tag groups: create with colour and tags, edit, delete', async ({ page }) => {
  await login(page, 'user@demo-pro.local');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Tag-Gruppen' }).click();
  await expect(page).toHaveURL(/\/system\/tag-groups$/);

  const name = unique('E2E Kühlung');
  await page.getByTestId('tag-group-create').click();
  const dialog = page.getByRole('dialog', { name: 'Neue Tag-Gruppe' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /Farbe \(Hex\)/ }).fill('#FFE082');
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  await tags.fill('Kühl');
  await tags.press('Enter');
  await tags.fill('Tiefkühl, Frische');
  await dialog.getByTestId('tag-group-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText(`Tag-Gruppe ${name} wurde angelegt.`);

  // Light colour: the chips are written in black.
  await page.getByRole('textbox', { name: 'Tag-Gruppen suchen' }).fill(name);
  const row = page.getByTestId('tag-group-table').getByRole('row').filter({ hasText: name });
  const chip = row.locator('.MuiChip-root').filter({ hasText: 'Tiefkühl' });
  await expect(chip).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(row.locator('.MuiChip-root')).toHaveText(['Frische', 'Kühl', 'Tiefkühl']);

  // A dark colour turns the text white.
  await row.getByRole('button', { name: `Tag-Gruppe ${name} bearbeiten` }).click();
  const edit = page.getByRole('dialog', { name: 'Tag-Gruppe bearbeiten' });
  await edit.getByRole('textbox', { name: /Farbe \(Hex\)/ }).fill('#1B3A6B');
  await edit.getByTestId('tag-group-save').click();
  await expect(page.getByTestId('snackbar')).toContainText(`Tag-Gruppe ${name} wurde gespeichert.`);
  await expect(chip).toHaveCSS('color', 'rgb(255, 255, 255)');

  await row.getByRole('button', { name: `Tag-Gruppe ${name} löschen` }).click();
  await page
    .getByRole('dialog', { name: 'Tag-Gruppe löschen?' })
    .getByRole('button', { name: 'Löschen' })
    .click();
  await expect(page.getByTestId('snackbar')).toContainText(`Tag-Gruppe ${name} wurde gelöscht.`);
  await expect(row).toHaveCount(0);
});

test('connection: API keys are shown once and can be revoked; others see a note', async ({ page }) => {
  await login(page, 'admin@demo-pro.local');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Schnittstelle' }).click();
  await expect(page).toHaveURL(/\/system\/connection$/);

  const name = unique('E2E TMS');
  await page.getByTestId('api-key-create').click();
  const create = page.getByRole('dialog', { name: 'Neuer API-Schlüssel' });
  await create.getByRole('textbox', { name: /Bezeichnung/ }).fill(name);
  await create.getByRole('button', { name: 'Anlegen' }).click();
  const shown = page.getByRole('dialog', { name: `API-Schlüssel ${name} erstellt` });
  await expect(shown.getByRole('textbox', { name: 'API-Schlüssel' })).toHaveValue(/^kdk_/);
  await shown.getByRole('button', { name: 'Fertig' }).click();

  const row = page.getByTestId('api-key-table').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Noch nie');
  await row.getByRole('button', { name: `API-Schlüssel ${name} widerrufen` }).click();
  await page
    .getByRole('dialog', { name: 'API-Schlüssel widerrufen?' })
    .getByRole('button', { name: 'Widerrufen' })
    .click();
  await expect(page.getByTestId('snackbar')).toContainText(`API-Schlüssel ${name} wurde widerrufen.`);
  await expect(row).toContainText('Widerrufen');

  // Freight users see the push description but no keys.
  await logout(page);
  await login(page, 'user@demo-pro.local');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Schnittstelle' }).click();
  await expect(page.getByTestId('api-keys-no-rights')).toBeVisible();
  await expect(page.getByTestId('api-key-table')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Daten per JSON übertragen' })).toContainText('X-Api-Key');
});
