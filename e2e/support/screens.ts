import { expect, type Page } from '@playwright/test';

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
export async function watchCsp(page: Page): Promise<string[]> {
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

export async function pageViolations(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => window.cspViolations ?? []);
  return found.map((v) => `${page.url()}: ${v}`);
}

/** The screens of one module (or, with null, the platform's) that need no id, as /api/users/me lists them. */
export async function routesOf(page: Page, module: string | null): Promise<string[]> {
  const me = (await (await page.request.get(`/api/users/me${module ? `?module=${module}` : ''}`)).json()) as {
    routes: string[];
  };
  return me.routes.filter((p) => p.startsWith('/') && !/[$:*{]/.test(p));
}

/**
 * Opens one screen as a fresh document, so it is checked from its first byte: the signed-in frame
 * shows, no "no rights" notice, and the requests settle (bounded: some screens poll).
 */
export async function openScreen(page: Page, path: string, settleMs = 5_000): Promise<void> {
  await page.goto(path);
  // A busy machine (the demo import runs after the start) can take a while to answer the first calls.
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: settleMs }).catch(() => {});
  await expect(page.getByTestId('no-rights')).toHaveCount(0);
}

/**
 * Runs `visit` on every path, three tabs of the signed-in context at a time, each tab watching
 * for CSP violations: the waits for a quiet network overlap instead of adding up. Answers the
 * violations seen.
 */
export async function walkScreens(
  page: Page,
  paths: string[],
  visit: (tab: Page, path: string) => Promise<void>,
): Promise<string[]> {
  const violations: string[] = [];
  const first = await watchCsp(page);
  const extra = await Promise.all(
    [1, 2].map(async () => {
      const tab = await page.context().newPage();
      return { tab, seen: await watchCsp(tab) };
    }),
  );
  const queue = [...paths];
  const work = async (tab: Page) => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      await visit(tab, path);
      violations.push(...(await pageViolations(tab)));
    }
  };
  await Promise.all([work(page), ...extra.map((e) => work(e.tab))]);
  violations.push(...first);
  for (const { tab, seen } of extra) {
    violations.push(...seen);
    await tab.close();
  }
  return violations;
}
