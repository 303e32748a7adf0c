import { expect, test } from '@playwright/test';
import { login, unique } from '../support/app.ts';
import { BASE_URL } from '../playwright.config.ts';

// The PACT / iLEAP exchange on the connections screen: a company admin issues an exchange client
// (its secret is shown once), connects to a partner's host system with it (here this very server),
// confirms the address by typing it again, tests the connection and sees what the client fetched,
// then uses a fetched footprint as primary data of a leg and removes it from the shipment detail.

test('exchange client, partner connection, confirmation and test', async ({ page }) => {
  await login(page, 'admin@demo-pro.local');
  await page.goto('/system/connection');
  await expect(page.getByRole('heading', { name: 'Schnittstelle', level: 1 })).toBeVisible();

  // An exchange client: client id and secret in the dialog, the secret this one time only.
  const clientName = unique('E2E Partner');
  await page.getByTestId('exchange-client-create').click();
  const create = page.getByRole('dialog');
  await create.getByRole('textbox', { name: /Bezeichnung/ }).fill(clientName);
  await create.getByRole('button', { name: 'Anlegen' }).click();
  const created = page.getByRole('dialog', { name: `Zugang ${clientName} erstellt` });
  await expect(created).toBeVisible();
  const clientId = await created.getByTestId('exchange-client-id').locator('input').inputValue();
  const secret = await created.getByTestId('exchange-client-secret').locator('input').inputValue();
  expect(clientId).toMatch(/^kdx_/);
  expect(secret.length).toBeGreaterThanOrEqual(40);
  await created.getByRole('button', { name: 'Fertig' }).click();
  await expect(created).toHaveCount(0);
  const clients = page.getByTestId('exchange-client-table');
  await expect(clients.getByText(clientName)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(secret);

  // A partner connection to this server's own /pact with those credentials.
  const base = `${BASE_URL.replace('localhost', '127.0.0.1')}/pact`;
  const partnerName = unique('E2E Spedition');
  await page.getByTestId('partner-create').click();
  const partner = page.getByRole('dialog', { name: 'Verbindung anlegen' });
  await partner.getByTestId('partner-name').fill(partnerName);
  await partner.getByTestId('partner-baseUrl').fill(base);
  await partner.getByTestId('partner-clientId').fill(clientId);
  await partner.getByTestId('partner-clientSecret').fill(secret);
  await partner.getByRole('checkbox', { name: /Footprint-Versionen melden/ }).check();
  await partner.getByTestId('partner-create-submit').click();
  await expect(partner).toHaveCount(0);
  const row = page.getByTestId('partner-table').getByRole('row').filter({ hasText: partnerName });
  await expect(row.getByText('Nicht bestätigt')).toBeVisible();
  await expect(row.getByText('Meldet Updates')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Testen' })).toHaveCount(0);

  // Confirmation: a different address is refused, the same one confirms.
  await row.getByTestId('partner-confirm').click();
  const confirm = page.getByRole('dialog', { name: /Adresse von .* bestätigen/ });
  await confirm.getByTestId('partner-confirm-url').fill(`${base}/other`);
  await confirm.getByTestId('partner-confirm-submit').click();
  await expect(confirm).toContainText('stimmt nicht mit der Adresse der Verbindung überein');
  await confirm.getByTestId('partner-confirm-url').fill(base);
  await confirm.getByTestId('partner-confirm-submit').click();
  await expect(confirm).toHaveCount(0);
  await expect(row.getByText('Bestätigt')).toBeVisible();

  // The test: a token from the partner and its first footprint page.
  await row.getByTestId('partner-test').click();
  await expect(page.getByTestId('snackbar')).toContainText('Verbindung funktioniert (Token 3600 s gültig).');

  // What the client fetched is listed for it (the shipper view).
  await clients.getByRole('button', { name: `Abgerufene Footprints von ${clientName}` }).click();
  const fetched = page.getByRole('dialog', { name: `Von „${clientName}“ abgerufene Footprints` });
  await expect(fetched.getByTestId('exchange-client-fetches-table').getByRole('row')).not.toHaveCount(1);
  await fetched.getByRole('button', { name: 'Schließen' }).click();
  await expect(fetched).toHaveCount(0);

  // Primary data: the partner's ShipmentFootprints (here this server's own) are fetched; applying one
  // to a leg restates the leg's stored figures, and the shipment detail names it and removes it
  // again after asking (decision 0018).
  await row.getByTestId('partner-footprints').click();
  await expect(page.getByTestId('snackbar')).toContainText('Footprints gespeichert');
  const first = page.getByTestId('partner-footprint-table').getByRole('row').nth(1);
  await first.getByRole('combobox').click();
  await page.getByRole('option').nth(1).click();
  await expect(page.getByTestId('snackbar')).toContainText('Primärdaten werden für Tour');
  await first.getByRole('link').click();
  const primary = page.getByTestId('leg-primary-data');
  await expect(primary).toContainText(`Primärdaten von ${partnerName} in Gebrauch`);
  await expect(page.getByText('Primärdaten (Partner)')).toBeVisible();
  await primary.getByTestId('primary-data-remove').click();
  const remove = page.getByRole('dialog', { name: 'Primärdaten entfernen?' });
  await remove.getByRole('button', { name: 'Primärdaten entfernen' }).click();
  await expect(remove).toHaveCount(0);
  await expect(page.getByTestId('leg-primary-data')).toHaveCount(0);
});
