import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { login, unique } from '../support/app.ts';
import { roadOrder } from '../../apps/api/test/orders.ts';

type Alternative = {
  id: string;
  position: number;
  parentId: string | null;
  isAutoAlternative: boolean;
  modes: string[];
};

/** Suggestions need the location tables, which the server loads after it starts listening. */
async function locationsReady(page: Page): Promise<void> {
  await expect
    .poll(
      async () => ((await (await page.request.get('/health')).json()) as { locations: string }).locations,
      {
        timeout: 600_000,
        intervals: [2_000],
      },
    )
    .toBe('ready');
}

const card = (page: Page, position: number) =>
  page.getByTestId('alternatives-card').and(page.locator(`[data-position="${position}"]`));

test('order alternatives: generate suggestions, compare, promote one, download the certificate', async ({
  page,
}, testInfo) => {
  test.setTimeout(720_000);
  await locationsReady(page);
  await login(page, 'admin@demo-basic.local');
  const number = unique('ALT').toUpperCase();
  // 2 t of unit cargo by road from Buxtehude to Munich; distances come from the location service.
  const res = await page.request.post('/api/orders', {
    data: roadOrder(
      { country: 'DE', zipCode: '21614' },
      { country: 'DE', city: 'München' },
      {
        number,
        client: 'E2E Alternativen',
      },
    ),
  });
  expect(res.status(), await res.text()).toBe(201);
  const base = (await res.json()) as { id: string; co2Wtw: number };

  await page.goto(`/basic/orders/${base.id}/alternatives`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Alternativen zu Auftrag ${number}` }),
  ).toBeVisible();
  await expect(page.getByTestId('alternatives-card')).toHaveCount(1);
  await expect(page.getByTestId('alternatives-none')).toBeVisible();

  // Generate: rail main carriage and road-rail-road, computed by the server.
  await page.getByTestId('alternatives-generate').click();
  await expect(page.getByTestId('snackbar')).toContainText('2 Vorschläge erzeugt');
  await expect(page.getByTestId('alternatives-card')).toHaveCount(3);
  await expect(card(page, 2)).toContainText('Vorschlag');
  await expect(card(page, 2).getByTestId('alternatives-modes')).toHaveText('Schiene');
  await expect(card(page, 3).getByTestId('alternatives-modes')).toHaveText('StraßeSchiene');
  await expect(page.getByTestId('alternatives-chart')).toBeVisible();
  await expect(page.getByTestId('alternatives-chart-wtw').locator('svg').first()).toBeVisible();

  // Compare: each card's WTW and its change against the basic tour, as the API computed them.
  const group = (await (await page.request.get(`/api/orders/${base.id}/alternatives`)).json())[
    'hydra:member'
  ] as (Alternative & {
    co2Wtw: number;
  })[];
  const [, rail, rrr] = group;
  const de = (v: number) =>
    new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
  const pct = (v: number) =>
    new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      Math.abs(((v - base.co2Wtw) / base.co2Wtw) * 100),
    );
  await expect(card(page, 1)).toContainText(`${de(base.co2Wtw)} kg CO₂e`);
  await expect(card(page, 2)).toContainText(`${de(rail.co2Wtw)} kg CO₂e−${pct(rail.co2Wtw)} %`);
  await expect(card(page, 3)).toContainText(`${de(rrr.co2Wtw)} kg CO₂e−${pct(rrr.co2Wtw)} %`);
  await page.screenshot({ path: testInfo.outputPath('alternatives.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'order alternatives');

  // Promote the road-rail-road suggestion, with confirmation: it becomes the basic tour.
  await card(page, 3).getByTestId('alternatives-promote').click();
  const dialog = page.getByRole('dialog', { name: 'Zur Basistour machen?' });
  await expect(dialog).toContainText('Die bisherige Basistour wird Alternative 2.');
  await dialog.getByRole('button', { name: 'Zur Basistour machen' }).click();
  await expect(page.getByTestId('snackbar')).toContainText('Alternative 3 ist jetzt die Basistour');
  await expect(card(page, 1).getByTestId('alternatives-modes')).toHaveText('StraßeSchiene');
  await expect(card(page, 1).getByTestId('alternatives-promote')).toHaveCount(0);

  const after = (await (await page.request.get(`/api/orders/${base.id}/alternatives`)).json())[
    'hydra:member'
  ] as Alternative[];
  expect(after.map((o) => [o.id, o.position])).toEqual([
    [rrr.id, 1],
    [base.id, 2],
    [rail.id, 3],
  ]);
  expect(after.filter((o) => o.position === 1)).toHaveLength(1);
  expect(after.map((o) => o.parentId)).toEqual([null, rrr.id, rrr.id]);
  // The order list shows the new basic tour only.
  const list = await (await page.request.get(`/api/orders?search=${number}`)).json();
  expect(list['hydra:member'].map((o: Alternative) => o.id)).toEqual([rrr.id]);

  // The certificate of the basic tour, as a PDF.
  const download = page.waitForEvent('download');
  await card(page, 1).getByTestId('alternatives-certificate').click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');
});
