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
import { webTexts } from './messages.ts';
import '../components/validation.ts';

const deCommon = webTexts.de.common;
const deAuth = webTexts.de.auth;
const deErrors = webTexts.de.errors;
const deAccount = webTexts.de.account;
const enCommon = webTexts.en.common;
const enAuth = webTexts.en.auth;
const enErrors = webTexts.en.errors;
const enAccount = webTexts.en.account;
const deApp = webTexts.de.app;
const enApp = webTexts.en.app;

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
