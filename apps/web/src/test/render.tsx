import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createAppTheme } from '../app/theme.ts';
import deCommon from '../locales/de/common.json';
import deAuth from '../locales/de/auth.json';
import deErrors from '../locales/de/errors.json';
import deAccount from '../locales/de/account.json';
import enCommon from '../locales/en/common.json';
import enAuth from '../locales/en/auth.json';
import enErrors from '../locales/en/errors.json';
import enAccount from '../locales/en/account.json';
import deApp from '../locales/de/app.json';
import enApp from '../locales/en/app.json';
import '../components/validation.ts';

/** Adds a feature's namespace in both languages to the test instance (bundled, not loaded). */
export function addTestBundle(ns: string, de: object, en: object) {
  i18n.addResourceBundle('de', ns, de, true, true);
  i18n.addResourceBundle('en', ns, en, true, true);
}

/** The global i18next instance with every namespace bundled, so tests need no loading. */
export async function setupTestI18n(lng: 'de' | 'en' = 'de') {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng,
      fallbackLng: false,
      ns: ['common', 'auth', 'errors', 'account', 'app'],
      defaultNS: 'common',
      resources: {
        de: { common: deCommon, auth: deAuth, errors: deErrors, account: deAccount, app: deApp },
        en: { common: enCommon, auth: enAuth, errors: enErrors, account: enAccount, app: enApp },
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  await i18n.changeLanguage(lng);
  return i18n;
}

/**
 * Renders a screen inside a memory router at `path`, with theme, query client and i18n. `pattern`
 * is the screen's route path when it has parameters (`/orders/$id`), so `useParams` reads them.
 */
export async function renderScreen(ui: () => ReactElement, path = '/', pattern?: string) {
  await setupTestI18n();
  const rootRoute = createRootRoute();
  const pathOnly = pattern ?? path.split('?')[0];
  const screen = createRoute({ getParentRoute: () => rootRoute, path: pathOnly, component: ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screen]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={createAppTheme('de')}>
        <QueryClientProvider client={qc}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  await router.load();
  return { ...result, router };
}
