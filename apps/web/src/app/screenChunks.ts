import type { ScreenChunks } from './router.tsx';

/**
 * The chunks of the signed-in frame and of every screen (each `*Page.tsx` of a feature, and the
 * not-found page). This module loads in a second step with the first screen that is not the
 * first-load one, so their preload lists stay out of the entry chunk and the /login budget.
 */
export const loadAppLayout = () => import('./layout/AppLayout.tsx');

export const screenChunks: ScreenChunks = import.meta.glob([
  '../features/*/*Page.tsx',
  '../components/NotFoundPage.tsx',
]);
