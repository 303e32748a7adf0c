import { expect, test } from '@playwright/test';
import { login } from '../support/app.ts';
import { openScreen, pageViolations, routesOf, walkScreens, watchCsp } from '../support/screens.ts';

// The screens are opened once the start-up work (the demo import, the built-in locations) is done:
// until then the embedded database serves it first, and screens wait for their data far longer
// than a user would.
test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  await expect
    .poll(
      async () => {
        const health = (await (await request.get('/health')).json()) as { jobs: string; locations: string };
        return `${health.jobs} ${health.locations}`;
      },
      { timeout: 580_000, intervals: [2_000] },
    )
    .toBe('idle ready');
});

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  // Served over plain http in this test: no HSTS (the https case is in security-headers.integration.test.ts).
  expect(headers['strict-transport-security']).toBeUndefined();
}

test('the web shell, its files, the API and its documentation send the security headers', async ({
  page,
}) => {
  const shell = await page.request.get('/login');
  expect(shell.headers()['content-type']).toContain('text/html');
  expectSecurityHeaders(shell.headers());
  const html = await shell.text();
  // The built shell holds no inline script or style: every <script> and stylesheet is a file.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style[\s>]/);
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
  expectSecurityHeaders((await page.request.get(asset)).headers());
  expectSecurityHeaders((await page.request.get('/api/users/me')).headers());
  expectSecurityHeaders((await page.request.get('/health')).headers());
  expectSecurityHeaders((await page.request.get('/api/docs/json')).headers());
});

test('the API documentation works under the policy', async ({ page }) => {
  // Swagger UI renders the whole document (over a megabyte) at once.
  test.setTimeout(180_000);
  const violations = await watchCsp(page);
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Klimadesk API', { timeout: 120_000 });
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 30_000 });
  violations.push(...(await pageViolations(page)));
  expect(violations).toEqual([]);
});

// Every module screen of the demo admin is opened, in both languages, by the language walk
// (language.spec.ts), which checks the policy on each; the platform admin's screens are opened here.
test('the platform screens open without a CSP violation', async ({ page }) => {
  test.setTimeout(480_000);
  await login(page, 'platform-admin@demo.local');
  const screens = await routesOf(page, null);
  expect(screens).toContain('/smp-admin/customers');
  const violations = await walkScreens(page, screens, (tab, path) => openScreen(tab, path));
  expect(violations).toEqual([]);
});
