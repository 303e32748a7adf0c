import { expect, test, type Page } from '@playwright/test';
import { foreignWords } from '../../apps/web/src/test/language.ts';
import { DEMO_PASSWORD } from '../support/app.ts';
import { openScreen, routesOf, walkScreens } from '../support/screens.ts';

// One language per screen (issue 37): every screen the demo admin can open, in German and in
// English, shows no words of the other language outside the accepted names and terms. The same
// walk checks that each screen opens in the signed-in frame without a CSP violation, so every
// module screen is opened twice per run, not four times.

/** Words a screen shows on purpose, by path: the push API's field names on the connection page. */
const ACCEPTED: Record<string, string[]> = {
  '/system/connection': ['shipment', 'weight', 'distance'],
};

/** The screens of the signed-in user in every module: web routes without parameters, CSRD topic pages. */
async function screensOf(page: Page): Promise<string[]> {
  const plain: string[] = [];
  // The demo admin holds every module's admin role in a company that books them all.
  for (const module of ['cft', 'cfc', 'tax', 'csrd']) plain.push(...(await routesOf(page, module)));
  // Screens of one item: the first of each list (CSRD report topics, materiality inventory, shipment).
  const first = async (url: string) => {
    const res = await page.request.get(url);
    return res.ok() ? ((await res.json())['hydra:member'] as { id: string }[])[0]?.id : undefined;
  };
  const report = await first('/api/csrd/csrd-reports');
  const analysis = await first('/api/csrd/ma-materiality-analyses');
  const shipment = await first('/api/shipments');
  const items = [
    ...(report ? [`/csrd-report/${report}/E/E1`, `/csrd-report/${report}/S/S1`] : []),
    ...(analysis ? [`/materiality/${analysis}/inventory`] : []),
    ...(shipment ? [`/shipments/${shipment}`] : []),
    '/taxonofy/activity/new/core',
  ];
  return [...new Set([...plain, ...items])].sort();
}

/** The visible text once the requests have settled, without code, formulas and cited source titles. */
async function textOf(page: Page, path: string): Promise<string> {
  await openScreen(page, path, 15_000);
  return page.evaluate(() => {
    let text = document.body.innerText;
    for (const el of document.querySelectorAll<HTMLElement>('pre, code, cite'))
      text = text.replace(el.innerText, ' ');
    return text;
  });
}

for (const lang of ['de', 'en'] as const) {
  test(`every screen of the demo admin shows ${lang === 'de' ? 'German' : 'English'} only`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(15 * 60_000);
    await page.context().addCookies([{ name: 'kd_lang', value: lang, url: baseURL! }]);
    const res = await page.request.post('/api/login', {
      data: { username: 'admin@demo-pro.local', password: DEMO_PASSWORD },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const found: string[] = [];
    const screens = await screensOf(page);
    expect(screens).toEqual(
      expect.arrayContaining(['/dashboard/shipment', '/cfc/home', '/taxonofy/home', '/csrd/home']),
    );
    const violations = await walkScreens(page, screens, async (tab, path) => {
      const words = foreignWords(await textOf(tab, path), lang).filter((w) => !ACCEPTED[path]?.includes(w));
      if (words.length) found.push(`${path} [${words.join(', ')}]`);
    });
    expect(found.sort()).toEqual([]);
    expect(violations).toEqual([]);
  });
}
