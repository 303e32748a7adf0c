import { Suspense, lazy, useState, type ComponentType } from 'react';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { EntityNotFoundError } from './api.ts';
import { loadRouteFacts } from './client.ts';
import { endSession, loadMe, reloadSession, selectModule } from './session.ts';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { includesModule } from '@klimadesk/contract/platform/roles';
import {
  SCREENS,
  isScreenAllowed,
  webRouteOf,
  type Screen,
  type ScreenModule,
  type ScreenPath,
} from './screens.ts';
import { PublicLayout } from '../components/PublicLayout.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { useNotice } from '../components/notify.ts';

// The snackbar code loads with the first notice.
const SnackbarHost = lazy(() =>
  import('../components/SnackbarHost.tsx').then((m) => ({ default: m.SnackbarHost })),
);
const NoRightsPage = lazy(() =>
  import('./layout/NoRightsPage.tsx').then((m) => ({ default: m.NoRightsPage })),
);
const NotFoundPage = lazy(() =>
  import('../components/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);

function Root() {
  const notice = useNotice();
  // Latched: the host stays mounted after the first notice so later notices show at once.
  const [used, setUsed] = useState(false);
  if (notice && !used) setUsed(true);
  return (
    <>
      <Outlet />
      {(used || notice) && (
        <Suspense fallback={null}>
          <SnackbarHost />
        </Suspense>
      )}
    </>
  );
}

const rootRoute = createRootRoute({ component: Root });

const publicRoute = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

/** A signed-in user opened a route outside their rights: the layout shows the no-rights screen. */
export class NoRightsError extends Error {
  constructor() {
    super('noRights');
  }
}

/**
 * A route the user may not see. The session ends only at the route check right after signing in
 * (seed 000 §2: the login form's target outside the route list resets the token); anywhere else the
 * layout says "You do not have the necessary rights for this" (seed 002 §6) and the session stays.
 */
async function denied(preload: boolean): Promise<never> {
  if (!preload && router.state.resolvedLocation?.pathname === '/login') {
    await endSession('routeDenied', { navigate: false });
    throw redirect({ to: '/login' });
  }
  throw new NoRightsError();
}

/**
 * The error screen of a signed-in route: the no-rights screen for `NoRightsError`, the not-found
 * page for a link to an item that does not exist, else the general one.
 */
export function ScreenError(props: ErrorComponentProps) {
  if (props.error instanceof EntityNotFoundError) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  if (!(props.error instanceof NoRightsError)) return <RouteError {...props} />;
  return (
    <Suspense fallback={null}>
      <NoRightsPage />
    </Suspense>
  );
}

/** Whether a path is one of the web route list's (the list loads only when asked, outside the first load). */
async function isKnownPath(pathname: string): Promise<boolean> {
  const { WEB_ROUTES, isPathAllowed } = await import('@klimadesk/contract/platform/web-routes');
  return isPathAllowed(
    pathname,
    WEB_ROUTES.map((r) => r.path),
  );
}

/** Loads the user, and the route facts that `call` and `can` answer from, for every signed-in screen. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location, matches }) => {
    const [me] = await Promise.all([loadMe(), loadRouteFacts()]);
    if (!me) {
      // Unknown paths are /404 for everyone; a known one asks to sign in first.
      const catchAll = matches.some((m) => m.routeId === catchAllRoute.id);
      if (catchAll && !(await isKnownPath(location.pathname))) throw redirect({ to: '/404' });
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    return { me };
  },
  component: lazyRouteComponent(
    () => import('./screenChunks.ts').then((m) => m.loadAppLayout()),
    'AppLayout',
  ),
  errorComponent: RouteError,
});

/**
 * `/` leads to the home of the selected module (seed 000 §2), computed by the server. The fallback
 * needs the sidebar entries, which come with the signed-in frame's module rather than with /login.
 */
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const { rootTarget } = await (await import('./screenChunks.ts')).loadAppLayout();
    throw redirect({ href: rootTarget(context.me.home, context.me.routes) });
  },
});

/** Loaders of screen modules, keyed by their path relative to this folder (`../features/…Page.tsx`). */
export type ScreenChunks = Record<string, () => Promise<unknown>>;

// The first-load screen's chunk is known to the entry itself, so /login loads in one step.
const firstLoadChunks: ScreenChunks = import.meta.glob(['../features/auth/LoginPage.tsx']);

/**
 * A screen's module and the loader of its chunk: the first-load screen's here, all others' in a
 * second step (`screenChunks.ts`).
 */
export async function screenModuleOf(
  screen: Screen,
): Promise<{ module: ScreenModule; load: (() => Promise<unknown>) | undefined }> {
  if (screen.firstLoad)
    return { module: screen.firstLoad, load: firstLoadChunks[`../${screen.firstLoad}.tsx`] };
  const { SCREEN_MODULES, screenChunks } = await import('./screenChunks.ts');
  const module = SCREEN_MODULES[screen.path as ScreenPath];
  return { module, load: screenChunks[`../${module}.tsx`] };
}

/** The screen's lazy component; the router preloads it on intent (hover, focus) like any route component. */
function screenComponent(screen: Screen) {
  return lazyRouteComponent(async () => {
    const { module: path, load } = await screenModuleOf(screen);
    if (!load) throw new Error(`no screen module ${path}`);
    const name = path.slice(path.lastIndexOf('/') + 1);
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

/**
 * A link into another module of the user (a bookmark of a /cfc page while freight is selected)
 * selects that module, as the module selector would, instead of showing the no-rights screen.
 */
async function openInItsModule(me: Me, screen: Screen): Promise<boolean> {
  const { WEB_ROUTES } = await import('@klimadesk/contract/platform/web-routes');
  const own = WEB_ROUTES.find((r) => r.path === webRouteOf(screen.path))?.module;
  // A module worked in inside another (VSME inside CSRD) opens in that host module.
  const module = own && !me.modules.includes(own) ? me.modules.find((m) => includesModule(m, own)) : own;
  if (!module || module === me.module || !me.modules.includes(module)) return false;
  selectModule(module);
  if (isScreenAllowed(await reloadSession(), screen)) return true;
  // Not allowed there either: back to the module the user had.
  if (me.module) selectModule(me.module);
  await reloadSession();
  return false;
}

function signedInScreen(screen: Screen) {
  return createRoute({
    getParentRoute: () => appRoute,
    path: screen.path,
    validateSearch: screen.search,
    beforeLoad: async ({ context, preload }) => {
      if (isScreenAllowed(context.me, screen)) return;
      if (!preload && (await openInItsModule(context.me, screen))) return;
      await denied(preload);
    },
    component: screenComponent(screen),
    errorComponent: ScreenError,
  });
}

/**
 * Everything else: unknown paths go to /404. Paths of the contract's web route list that have no
 * screen yet also show /404, but only after the usual checks (unknown visitor → /login, not
 * allowed → the no-rights screen in the layout).
 */
const catchAllRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  beforeLoad: async ({ context, location, preload }) => {
    const { isPathAllowed } = await import('@klimadesk/contract/platform/web-routes');
    if (!(await isKnownPath(location.pathname))) throw redirect({ to: '/404' });
    if (!isPathAllowed(location.pathname, context.me.routes)) await denied(preload);
    throw redirect({ to: '/404' });
  },
  errorComponent: ScreenError,
});

const routeTree = rootRoute.addChildren([
  publicRoute.addChildren(SCREENS.filter((s) => s.access === 'public').map(publicScreen)),
  appRoute.addChildren([
    indexRoute,
    ...SCREENS.filter((s) => s.access !== 'public').map(signedInScreen),
    catchAllRoute,
  ]),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  scrollRestoration: true,
});
