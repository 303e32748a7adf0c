import type { ReactElement, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { vi } from 'vitest';
import { meQuery } from '../app/session.ts';
import i18n from 'i18next';
import { webTexts } from './messages.ts';
import type { Answer } from '../app/client.ts';
import { answer, errorAnswer } from './fixtures.ts';
import { meFixture } from './me.ts';
import { renderScreen, setupTestI18n } from './render.tsx';

const deTours = webTexts.de.tours;
const enTours = webTexts.en.tours;
const deDashboards = webTexts.de.dashboards;
const enDashboards = webTexts.en.dashboards;
const deExports = webTexts.de.exports;
const enExports = webTexts.en.exports;

/** The i18n namespaces of the tour, dashboard and export screens. */
export async function setupEmissionI18n(lng: 'de' | 'en' = 'de') {
  await setupTestI18n(lng);
  for (const [lang, bundles] of [
    ['de', { tours: deTours, dashboards: deDashboards, exports: deExports }],
    ['en', { tours: enTours, dashboards: enDashboards, exports: enExports }],
  ] as const) {
    for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(lang, ns, bundle, true, true);
  }
  await i18n.changeLanguage(lng);
}

export type Call = { method: string; url: string; body: unknown };

/** A signed-in freight user of a professional company, as the `me` route answers. */
export const ME = meFixture({
  email: 'user@demo-pro.local',
  firstName: 'Uwe',
  lastName: 'Nutzer',
  name: 'Uwe Nutzer',
  initials: 'UN',
  routes: ['/dashboard/tour', '/dashboard/shipment', '/tours', '/shipments', '/system/export-jobs'],
});

/** Renders its children once the `me` route answered, as the signed-in layout does. */
export function WithMe({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery());
  return me.data ? children : null;
}

/**
 * Stubs fetch: `route` answers a call by its URL (method and JSON body in `call`), anything it
 * leaves unanswered gets notFound. Gives the list of calls, which grows as the screen calls.
 */
export function stubApi(route: (url: string, call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      return route(url, call) ?? errorAnswer('notFound');
    }),
  );
  return calls;
}

/** The session's remembered date ranges as the API answers them; unset ones are open. */
export const sessionConfigAnswer = (ranges: Partial<Answer<'sessionConfig'>> = {}) =>
  answer('sessionConfig', {
    tourStartDate: null,
    tourEndDate: null,
    shipmentStartDate: null,
    shipmentEndDate: null,
    ...ranges,
  });

/** Renders a signed-in screen at `path`, in German, once the `me` route answered. */
export async function renderSignedIn(ui: () => ReactElement, path: string) {
  await setupEmissionI18n('de');
  return renderScreen(() => <WithMe>{ui()}</WithMe>, path);
}
