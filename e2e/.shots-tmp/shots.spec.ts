import { test, expect } from '@playwright/test';
import { login, unique } from '../support/app.ts';
const dir = '/tmp/kd-shots';
test('restore conflict + english', async ({ page, context, baseURL }) => {
  await login(page, 'user@demo-pro.local');
  const plate = unique('C').toUpperCase().slice(0, 14);
  for (let i = 0; i < 2; i++) {
    const r = await page.request.post('/api/vehicles', { data: { licensePlate: plate, glecVehicleType: 'road_eu_van_diesel' } });
    expect(r.status()).toBe(201);
    const id = (await r.json()).vehicle.id;
    if (i === 0) expect((await page.request.post(`/api/vehicles/${id}/decommission`)).ok()).toBe(true);
  }
  await page.goto('/fleetmanagement/vehicles');
  await page.getByTestId('fleet-status').getByRole('button', { name: 'Stillgelegt' }).click();
  await page.getByRole('textbox', { name: /suchen/ }).fill(plate);
  await page.getByRole('row').filter({ hasText: plate }).getByRole('button', { name: /Weitere Aktionen/ }).click();
  await page.getByRole('menuitem', { name: 'Wiederherstellen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(page.getByTestId('snackbar')).toContainText('kann nicht wiederhergestellt werden');
  await page.screenshot({ path: `${dir}/6-conflict.png` });
  await context.addCookies([{ name: 'kd_lang', value: 'en', url: baseURL! }]);
  await page.goto('/fleetmanagement/vehicles');
  await page.getByTestId('fleet-create').click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${dir}/7-en-dialog.png` });
  await page.keyboard.press('Escape');
  await page.goto('/fleetmanagement/trailer');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${dir}/8-en-trailers.png` });
});
