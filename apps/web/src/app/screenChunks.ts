import type { ScreenChunks } from './router.tsx';

/**
 * The chunks of the signed-in frame, of every screen (each `*Page.tsx` of a feature, and the
 * not-found page) and of every namespace of texts. This module loads in a second step with the first
 * screen that is not the first-load one, so their preload lists stay out of the entry chunk and the
 * /login budget.
 */
export const loadAppLayout = () => import('./layout/AppLayout.tsx');

export const screenChunks: ScreenChunks = import.meta.glob([
  '../features/*/*Page.tsx',
  '../components/NotFoundPage.tsx',
]);

/** Loaders of every language's namespaces, keyed `../locales/<lng>/<ns>.json` (`i18n.ts` asks here). */
export const localeChunks: Record<string, () => Promise<unknown>> = import.meta.glob('../locales/*/*.json');
