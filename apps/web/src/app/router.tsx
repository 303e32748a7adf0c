import { Suspense, lazy, useRef, type ComponentType } from 'react';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { loadAccessFacts } from './client.ts';
import { endSession, loadMe } from './session.ts';
import { SCREENS, isScreenAllowed, rootTarget, type Screen } from './screens.ts';
import { PublicLayout } from '../components/PublicLayout.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { useNotice } from '../components/notify.ts';

// The snackbar code loads with the first notice.
const SnackbarHost = lazy(() =>
  import('../components/SnackbarHost.tsx').then((m) => ({ default: m.SnackbarHost })),
);

function Root() {
  const notice = useNotice();
  const used = useRef(false);
  if (notice) used.current = true;
  return (
    <>
      <Outlet />
      {used.current && (
        <Suspense fallback={null}>
          <SnackbarHost />
        </Suspense>
      )}
    </>
  );
}

const rootRoute = createRootRoute({ component: Root });

const publicRoute = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

/** An unknown visitor goes to /login; a signed-in user outside the screen's access loses the session. */
async function denied(href: string): Promise<never> {
  const me = await loadMe();
  if (!me) throw redirect({ to: '/login', search: { redirect: href } });
  await endSession('routeDenied', { navigate: false });
  throw redirect({ to: '/login' });
}

/** Loads the user, and the access facts that `can` answers from, for every signed-in screen. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location }) => {
    const [me] = await Promise.all([loadMe(), loadAccessFacts()]);
    if (!me) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { me };
  },
  component: lazyRouteComponent(
    () => import('./screenChunks.ts').then((m) => m.loadAppLayout()),
    'AppLayout',
  ),
  errorComponent: RouteError,
});

/** `/` leads to the home of the selected module (seed 000 §2), computed by the server. */
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ href: rootTarget(context.me.home, context.me.routes) });
  },
});

/** Loaders of screen modules, keyed by their path relative to this folder (`../features/…Page.tsx`). */
export type ScreenChunks = Record<string, () => Promise<unknown>>;

// The first-load screen's chunk is known to the entry itself, so /login loads in one step.
const firstLoadChunks: ScreenChunks = import.meta.glob(['../features/auth/LoginPage.tsx']);

/** The chunks a screen's module is found in: the first-load one here, all others in a second step. */
export async function chunksOf(screen: Screen): Promise<ScreenChunks> {
  if (screen.firstLoad) return firstLoadChunks;
  return (await import('./screenChunks.ts')).screenChunks;
}

/** The screen's lazy component; the router preloads it on intent (hover, focus) like any route component. */
function screenComponent(screen: Screen) {
  return lazyRouteComponent(async () => {
    const load = (await chunksOf(screen))[`../${screen.load}.tsx`];
    if (!load) throw new Error(`no screen module ${screen.load}`);
    const name = screen.load.slice(screen.load.lastIndexOf('/') + 1);
    const module = (await load()) as Record<string, ComponentType>;
    return { default: module[name] };
  });
}

function publicScreen(screen: Screen) {
  return createRoute({
    getParentRoute: () => publicRoute,
    path: screen.path,
    validateSearch: screen.search,
    beforeLoad: ({ params }) => {
      if (screen.params && !screen.params(params as Record<string, string>)) throw redirect({ to: '/404' });
    },
    component: screenComponent(screen),
  });
}

function signedInScreen(screen: Screen) {
  return createRoute({
    getParentRoute: () => appRoute,
    path: screen.path,
    validateSearch: screen.search,
    beforeLoad: async ({ context, location }) => {
      if (!isScreenAllowed(context.me, screen)) await denied(location.href);
    },
    component: screenComponent(screen),
  });
}

/**
 * Everything else: unknown paths go to /404. Paths of the contract's web route list that have no
 * screen yet also show /404, but only after the usual checks (unknown visitor → /login, not
 * allowed → session reset). That list loads only here, so it stays out of the first load.
 */
const catchAllRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: async ({ location }) => {
    const { WEB_ROUTES, isPathAllowed } = await import('@klimadesk/contract/platform/web-routes');
    const known = WEB_ROUTES.map((r) => r.path);
    if (!isPathAllowed(location.pathname, known)) throw redirect({ to: '/404' });
    const me = await loadMe();
    if (!me || !isPathAllowed(location.pathname, me.routes)) await denied(location.href);
    throw redirect({ to: '/404' });
  },
});

const routeTree = rootRoute.addChildren([
  publicRoute.addChildren(SCREENS.filter((s) => s.access === 'public').map(publicScreen)),
  appRoute.addChildren([indexRoute, ...SCREENS.filter((s) => s.access !== 'public').map(signedInScreen)]),
  catchAllRoute,
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  scrollRestoration: true,
});
