import { expect, test, type Page } from '@playwright/test';
import { login } from '../support/app.ts';

/** The start page of each module; opening it selects the module (see shell.spec.ts). */
const MODULE_HOME: Record<string, string> = {
  cft: '/dashboard/shipment',
  cfc: '/cfc/home',
  tax: '/taxonofy/home',
  csrd: '/csrd/home',
};

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * Collects every CSP violation of the page: the `securitypolicyviolation` events (recorded by a
 * script the browser runs before the app, which the policy does not govern) and the console's
 * "Refused to …" messages.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations?.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  return violations;
}

async function pageViolations(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => window.cspViolations ?? []);
  return found.map((v) => `${page.url()}: ${v}`);
}

/** The screens of one module that need no id, as /api/users/me lists them for the signed-in user. */
async function screensOf(page: Page, module: string | null): Promise<string[]> {
  const me = (await (await page.request.get(`/api/users/me${module ? `?module=${module}` : ''}`)).json()) as {
    routes: string[];
  };
  return me.routes.filter((path) => !path.includes('{'));
}

/** Opens one screen (a fresh document, so it is checked from its first byte) and waits for it. */
async function openOne(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // A busy machine (the demo import runs after the start) can take a while to answer the first calls.
  // Every path of the route list has its screen in the signed-in frame (the outbox too, issue 37).
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 });
  // Lazy screens load their chunks and data after the shell; some screens poll, so the wait is bounded.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await expect(page.getByTestId('no-rights')).toHaveCount(0);
  return pageViolations(page);
}

/**
 * Opens every screen, three tabs of the signed-in context at a time: each screen is still a fresh
 * document, and the waits for a quiet network overlap instead of adding up.
 */
async function openAll(page: Page, paths: string[]): Promise<string[]> {
  const violations: string[] = [];
  const extra = await Promise.all(
    [1, 2].map(async () => {
      const tab = await page.context().newPage();
      const seen = await watchCsp(tab);
      return { tab, seen };
    }),
  );
  const queue = [...paths];
  const work = async (tab: Page) => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift())
      violations.push(...(await openOne(tab, path)));
  };
  await Promise.all([work(page), ...extra.map((e) => work(e.tab))]);
  for (const { tab, seen } of extra) {
    violations.push(...seen);
    await tab.close();
  }
  return violations;
}

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

// The demo admin holds every module's admin role in a company that books them all.
for (const module of Object.keys(MODULE_HOME)) {
  test(`every screen of the ${module} module opens as the demo admin without a CSP violation`, async ({
    page,
  }) => {
    test.setTimeout(480_000);
    const violations = await watchCsp(page);
    await login(page, 'admin@demo-pro.local');
    await page.goto(MODULE_HOME[module]);
    const screens = await screensOf(page, module);
    expect(screens).toContain(MODULE_HOME[module]);
    violations.push(...(await openAll(page, screens)));
    expect(violations).toEqual([]);
  });
}

test('the platform screens open without a CSP violation', async ({ page }) => {
  test.setTimeout(480_000);
  const violations = await watchCsp(page);
  await login(page, 'platform-admin@demo.local');
  const screens = await screensOf(page, null);
  expect(screens).toContain('/smp-admin/customers');
  violations.push(...(await openAll(page, screens)));
  expect(violations).toEqual([]);
});
