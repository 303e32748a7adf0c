import { expect, test } from '@playwright/test';
import { login, unique } from '../support/app.ts';

test('a company admin creates two tasks and deletes one in one save', async ({ page }) => {
  const key = unique('Aufgabe');
  await login(page, 'admin@demo-pro.local');
  // A stored task to flag for deletion.
  const users = (await (await page.request.get('/api/task-assignees')).json())['hydra:member'] as {
    id: string;
    firstName: string;
    lastName: string;
  }[];
  const old = await page.request.post('/api/tasks', {
    data: { description: `${key} alt`, deadline: '2026-12-01' },
  });
  expect(old.status()).toBe(201);
  const oldId = (await old.json()).id as string;

  await page.goto('/companymanagement/tasks');
  await expect(page.getByRole('heading', { name: 'Aufgaben' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Aufgaben durchsuchen' }).fill(key);
  await expect(page.getByTestId(`task-description-${oldId}`)).toHaveValue(`${key} alt`);

  // Two new rows (temporary ids new-1, new-2) and the stored one flagged.
  await page.getByTestId('task-add').click();
  await page.getByTestId('task-add').click();
  await page.getByTestId('task-description-new-1').fill(`${key} Lieferanten`);
  await page.getByTestId('task-deadline-new-1').fill('2026-12-24');
  await page.getByTestId('task-assignee-new-1').click();
  const uwe = users.find((u) => u.firstName === 'Uwe');
  await page.getByRole('option', { name: `${uwe?.firstName} ${uwe?.lastName}` }).click();
  await page.getByTestId('task-description-new-2').fill(`${key} Bericht`);
  await page.getByTestId(`task-delete-${oldId}`).click();
  await expect(page.getByTestId(`task-delete-${oldId}`)).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('task-save').click();
  await expect(page.getByText('3 Änderungen gespeichert')).toBeVisible();

  // The list as stored: the two new tasks by deadline (none last), the flagged one gone.
  const table = page.getByTestId('task-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).not.toContainText(`${key} alt`);
  const descriptions = table.locator('textarea:not([aria-hidden="true"])');
  await expect(descriptions).toHaveCount(2);
  await expect(descriptions.nth(0)).toHaveValue(`${key} Lieferanten`);
  await expect(descriptions.nth(1)).toHaveValue(`${key} Bericht`);
  await expect(table.getByRole('combobox', { name: 'Zugewiesen an' }).first()).toHaveText('Uwe Nutzer');
  await expect(page.getByTestId('task-save')).toBeDisabled();

  const stored = await (await page.request.get(`/api/tasks?search=${encodeURIComponent(key)}`)).json();
  expect(stored['hydra:member'].map((t: { description: string }) => t.description)).toEqual([
    `${key} Lieferanten`,
    `${key} Bericht`,
  ]);
});
