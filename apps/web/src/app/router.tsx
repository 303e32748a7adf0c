import { Suspense, lazy, useRef } from 'react';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { WEB_ROUTES, isPathAllowed } from '@klimadesk/contract/platform/web-routes';
import { endSession, loadMe, queryClient, ME_KEY } from './session.ts';
import { rootTarget } from './nav.ts';
import type { EmissionScreen } from './emissions.ts';
import { PublicLayout } from '../components/PublicLayout.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { useNotice } from '../components/notify.ts';

const KNOWN_PATTERNS = WEB_ROUTES.map((r) => r.path);

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

// ---- Public pages -------------------------------------------------------------------------

const publicRoute = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

const loginRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/login',
  validateSearch: (s: Record<string, unknown>): { redirect?: string } =>
    typeof s.redirect === 'string' && s.redirect.startsWith('/') ? { redirect: s.redirect } : {},
  component: lazyRouteComponent(() => import('../features/auth/LoginPage.tsx'), 'LoginPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/register',
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage.tsx'), 'RegisterPage'),
});

const registerConfirmRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/register/confirm',
  validateSearch: (s: Record<string, unknown>): { token?: string } =>
    typeof s.token === 'string' ? { token: s.token } : {},
  component: lazyRouteComponent(
    () => import('../features/auth/RegisterConfirmPage.tsx'),
    'RegisterConfirmPage',
  ),
});

const confirmEmailRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/confirm-email',
  validateSearch: (s: Record<string, unknown>): { token?: string } =>
    typeof s.token === 'string' ? { token: s.token } : {},
  component: lazyRouteComponent(() => import('../features/auth/ConfirmEmailPage.tsx'), 'ConfirmEmailPage'),
});

const requestResetRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/request-reset-password',
  component: lazyRouteComponent(() => import('../features/auth/RequestResetPage.tsx'), 'RequestResetPage'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/reset-password/$token',
  component: lazyRouteComponent(() => import('../features/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/404',
  component: lazyRouteComponent(() => import('../components/NotFoundPage.tsx'), 'NotFoundPage'),
});

export const LEGAL_PAGES = ['terms', 'privacy', 'imprint', 'cookies'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

const legalRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/legal/$page',
  beforeLoad: ({ params }) => {
    if (!(LEGAL_PAGES as readonly string[]).includes(params.page)) throw redirect({ to: '/404' });
  },
  component: lazyRouteComponent(() => import('../features/legal/LegalPage.tsx'), 'LegalPage'),
});

// ---- Signed-in area -------------------------------------------------------------------------

/** Loads the user; an unknown visitor goes to /login, a route outside the list ends the session. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location }) => {
    const me = await loadMe();
    if (!me) throw redirect({ to: '/login', search: { redirect: location.href } });
    if (location.pathname !== '/' && !isPathAllowed(location.pathname, me.routes)) {
      await endSession('routeDenied', { navigate: false });
      throw redirect({ to: '/login' });
    }
    return { me };
  },
  component: lazyRouteComponent(() => import('./layout/AppLayout.tsx'), 'AppLayout'),
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

const screen = (path: string, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    component: lazyRouteComponent(load as () => Promise<Record<string, React.ComponentType>>, name),
  });

const profileRoute = screen(
  '/profile/profile',
  () => import('../features/profile/ProfilePage.tsx'),
  'ProfilePage',
);
const usersRoute = screen(
  '/companymanagement/users',
  () => import('../features/users/UsersPage.tsx'),
  'UsersPage',
);
const groupsRoute = screen(
  '/companymanagement/user-groups',
  () => import('../features/user-groups/UserGroupsPage.tsx'),
  'UserGroupsPage',
);
const companyRoute = screen(
  '/companymanagement/company',
  () => import('../features/companies/CompanyPage.tsx'),
  'CompanyPage',
);
const contactRoute = screen('/help/contact', () => import('../features/help/ContactPage.tsx'), 'ContactPage');
const attributionRoute = screen(
  '/help/attribution',
  () => import('../features/locations/AttributionPage.tsx'),
  'AttributionPage',
);
const protocolRoute = screen(
  '/log/protocol',
  () => import('../features/logs/ProtocolPage.tsx'),
  'ProtocolPage',
);
const platformUsersRoute = screen(
  '/smp-admin/users',
  () => import('../features/users/PlatformUsersPage.tsx'),
  'PlatformUsersPage',
);
const vehiclesRoute = screen(
  '/fleetmanagement/vehicles',
  () => import('../features/fleet/VehiclesPage.tsx'),
  'VehiclesPage',
);
const trailersRoute = screen(
  '/fleetmanagement/trailer',
  () => import('../features/fleet/TrailersPage.tsx'),
  'TrailersPage',
);

// Tour, shipment, dashboard and export screens load in two steps, like the system screens below.
const emissionScreen = (path: string, name: EmissionScreen) =>
  screen(
    path,
    () => import('./emissions.ts').then((m): Promise<Record<string, unknown>> => m.screens[name]()),
    name,
  );
const tourDashboardRoute = emissionScreen('/dashboard/tour', 'TourDashboardPage');
const shipmentDashboardRoute = emissionScreen('/dashboard/shipment', 'ShipmentDashboardPage');
const toursRoute = emissionScreen('/tours', 'ToursPage');
const shipmentsRoute = emissionScreen('/shipments', 'ShipmentsPage');
const shipmentRoute = emissionScreen('/shipments/$id', 'ShipmentDetailPage');
const exportJobsRoute = emissionScreen('/system/export-jobs', 'ExportJobsPage');

// The system screens load in two steps (see system.ts).
const system = () => import('./system.ts').then((m) => m.load());
const mappingsRoute = screen('/system/mappings', system, 'MappingsPage');
const importTasksRoute = screen('/system/import-tasks', system, 'ImportTasksPage');
const tagGroupsRoute = screen('/system/tag-groups', system, 'TagGroupsPage');
const connectionRoute = screen('/system/connection', system, 'ConnectionPage');

/**
 * Everything else: unknown paths go to /404. Paths of the route table that have no screen yet also
 * show /404, but only after the usual checks (unknown visitor → /login, not allowed → session reset).
 */
const catchAllRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: async ({ location }) => {
    if (!isPathAllowed(location.pathname, KNOWN_PATTERNS)) throw redirect({ to: '/404' });
    const me = await loadMe();
    if (!me) throw redirect({ to: '/login', search: { redirect: location.href } });
    if (!isPathAllowed(location.pathname, me.routes)) {
      await endSession('routeDenied', { navigate: false });
      throw redirect({ to: '/login' });
    }
    throw redirect({ to: '/404' });
  },
});

const routeTree = rootRoute.addChildren([
  publicRoute.addChildren([
    loginRoute,
    registerRoute,
    registerConfirmRoute,
    confirmEmailRoute,
    requestResetRoute,
    resetPasswordRoute,
    notFoundRoute,
    legalRoute,
  ]),
  appRoute.addChildren([
    indexRoute,
    profileRoute,
    usersRoute,
    groupsRoute,
    companyRoute,
    contactRoute,
    attributionRoute,
    protocolRoute,
    platformUsersRoute,
    vehiclesRoute,
    trailersRoute,
    mappingsRoute,
    importTasksRoute,
    tagGroupsRoute,
    connectionRoute,
    tourDashboardRoute,
    shipmentDashboardRoute,
    toursRoute,
    shipmentsRoute,
    shipmentRoute,
    exportJobsRoute,
  ]),
  catchAllRoute,
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** True while a signed-in user is known (used by public pages such as /404). */
export function isSignedIn(): boolean {
  return queryClient.getQueryData(ME_KEY) !== undefined;
}
