import type { Me } from '@klimadesk/contract/platform/schemas';
import { can, type RouteId } from './client.ts';

/**
 * The screen registry: every screen of the web app, once. The router (routes, guards, lazy chunks)
 * and the sidebar are derived from this list; a new screen is one `defineScreen` entry here, its
 * module in `screenChunks.ts` (`SCREEN_MODULES`, keyed by the path; the type asks for every path)
 * and, in the sidebar, its entry (section, label, icon) in `layout/nav.ts`. Both load later, with the
 * first screen other than /login: /login's first load carries this file, so it holds what routing needs.
 */

/**
 * Who may open a screen.
 * - `public`: every visitor; the screen shows in the public frame.
 * - `webRoute`: a signed-in user whose web route list (contract `computeRoutes`, served as
 *   `me.routes`) holds the screen's path; anyone else is sent to /login or loses the session.
 * - a route id: as `webRoute`, and the user may call that route (`can`, the API's own rule).
 */
export type ScreenAccess = 'public' | 'webRoute' | RouteId;

export type ScreenModule = `features/${string}/${string}Page` | `components/${string}Page`;

export type Screen = {
  /** The router path (`$name` for a parameter). */
  path: string;
  access: ScreenAccess;
  /**
   * Part of the first load: the screen's module, whose chunk the entry knows, so it opens in one
   * step. Only for the screen nearly every visit starts on (/login); each one adds its preload list
   * to the entry. Every other screen's module is named in `screenChunks.ts` (`SCREEN_MODULES`).
   */
  firstLoad?: ScreenModule;
  /** Whether the path parameters name something that exists; otherwise the URL shows /404. */
  params?: (params: Record<string, string>) => boolean;
  /** Turns the raw search of the URL into the screen's typed search. */
  search?: (raw: Record<string, unknown>) => Record<string, string>;
};

/** A registry entry; its path stays a literal type, so `ScreenPath` names exactly the registry's paths. */
export function defineScreen<const P extends string>(screen: Screen & { path: P }): Screen & { path: P } {
  return screen;
}

const tokenSearch = (s: Record<string, unknown>): { token?: string } =>
  typeof s.token === 'string' ? { token: s.token } : {};

export const LEGAL_PAGES = ['terms', 'privacy', 'imprint', 'cookies'] as const;

/** Public screens first, then the signed-in ones in sidebar order within each section. */
export const SCREENS = [
  defineScreen({
    path: '/login',
    access: 'public',
    firstLoad: 'features/auth/LoginPage',
    search: (s): { redirect?: string } =>
      typeof s.redirect === 'string' && s.redirect.startsWith('/') ? { redirect: s.redirect } : {},
  }),
  defineScreen({
    path: '/register',
    access: 'public',
  }),
  defineScreen({
    path: '/register/confirm',
    access: 'public',
    search: tokenSearch,
  }),
  defineScreen({
    path: '/confirm-email',
    access: 'public',
    search: tokenSearch,
  }),
  defineScreen({
    path: '/request-reset-password',
    access: 'public',
  }),
  defineScreen({
    path: '/reset-password/$token',
    access: 'public',
  }),
  defineScreen({
    path: '/404',
    access: 'public',
  }),
  defineScreen({
    path: '/legal/$page',
    access: 'public',
    params: (p) => (LEGAL_PAGES as readonly string[]).includes(p.page ?? ''),
  }),

  // A module's home until its screens exist: what is coming, never a 404 (issue 16).
  defineScreen({
    path: '/cfc/home',
    access: 'webRoute',
  }),
  // The carbon footprint (seed 001 §2, issue 19); the platform's own screens are reused at /cfc paths.
  defineScreen({
    path: '/cfc/business-units/list',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/edit/$businessUnitUrlId/$year',
    access: 'webRoute',
    params: (p) => /^\d{4}$/.test(p.year ?? ''),
  }),
  defineScreen({
    path: '/cfc/edit/$businessUnitUrlId/$year/$section',
    access: 'webRoute',
    params: (p) => /^\d{4}$/.test(p.year ?? ''),
  }),
  defineScreen({
    path: '/cfc/settings',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/settings/scope',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/settings/base-year',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/settings/business-units',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/company-settings',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/user-profile',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/users',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/user-groups',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/company-details',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/contact',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/tutorial',
    access: 'webRoute',
  }),
  // The EU taxonomy (seed 001 §2, issue 20): home with dashboard, activity wizard, overview, years, tags, texts.
  defineScreen({
    path: '/taxonofy/home',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/overview',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/financial-year',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/tags',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/activity/new/$subPage',
    access: 'webRoute',
    params: (p) => p.subPage === 'core' || p.subPage === 'criteria',
  }),
  defineScreen({
    path: '/taxonofy/activity/$id/$subPage',
    access: 'webRoute',
    params: (p) => ['core', 'criteria', 'min-safeguards'].includes(p.subPage ?? ''),
  }),
  defineScreen({
    path: '/taxonofy/activity/$id/$subPage/$critId',
    access: 'webRoute',
    params: (p) => p.subPage === 'criteria',
  }),
  defineScreen({
    path: '/taxonofy/activity/$id/$subPage/$critId/dnsh/$dnshId',
    access: 'webRoute',
    params: (p) => p.subPage === 'criteria',
  }),
  defineScreen({
    path: '/taxonofy/info',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/tutorial',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/edit-criteria',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/edit-dnsh',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/edit-help',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/csrd/home',
    access: 'webRoute',
  }),
  // Reporting: materiality analyses and CSRD reports (seed 001 §2, issue 21).
  defineScreen({
    path: '/csrd/user-profile',
    access: 'me',
  }),
  defineScreen({
    path: '/materiality/overview',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/materiality/$id/inventory',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/materiality/$id/$category/$scope',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/csrd-report/overview',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/csrd-report/$id/indicators',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/csrd-report/$id/$category/$scope',
    access: 'webRoute',
  }),
  // VSME reports (issue 40).
  defineScreen({
    path: '/vsme-report/overview',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/vsme-report/$id',
    access: 'webRoute',
    search: (s): { disclosure?: string } =>
      typeof s.disclosure === 'string' && /^[BC]\d{1,2}$/.test(s.disclosure)
        ? { disclosure: s.disclosure }
        : {},
  }),
  defineScreen({
    path: '/smp-admin',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/smp-admin',
    access: 'webRoute',
  }),
  // The basic edition's orders (seed 000 §2 "basic area", issue 17).
  defineScreen({
    path: '/basic/overview',
    access: 'orderDashboard',
  }),
  defineScreen({
    path: '/basic/orders',
    access: 'orders',
  }),
  defineScreen({
    path: '/basic/orders/new',
    access: 'createOrder',
  }),
  defineScreen({
    path: '/basic/orders/edit/$id',
    access: 'updateOrder',
  }),
  defineScreen({
    path: '/basic/orders/alternatives/new',
    access: 'createOrder',
    search: (s): { parentId?: string } => (typeof s.parentId === 'string' ? { parentId: s.parentId } : {}),
  }),
  defineScreen({
    path: '/basic/orders/$id/alternatives',
    access: 'orderAlternatives',
  }),
  // Orders pushed by API key (seed 000 §2: only the partner variant sees it).
  defineScreen({
    path: '/basic/import-log',
    access: 'orderImportTasks',
  }),
  defineScreen({
    path: '/dashboard/shipment',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/dashboard/tour',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/shipments',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/shipments/$id',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/tours',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/fleetmanagement/vehicles',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/fleetmanagement/trailer',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/import-tasks',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/tour-codes',
    access: 'tourCodes',
  }),
  defineScreen({
    path: '/system/mappings',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/tag-groups',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/export-jobs',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/connection',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/companymanagement/users',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/companymanagement/user-groups',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/companymanagement/tasks',
    access: 'tasks',
  }),
  defineScreen({
    path: '/invoicing/shipments',
    access: 'invoicingStats',
  }),
  defineScreen({
    path: '/invoicing/pricecalculator',
    access: 'pricingTariff',
  }),
  defineScreen({
    path: '/companymanagement/payment',
    access: 'invoiceDocuments',
  }),
  defineScreen({
    path: '/smp-admin/invoice-report',
    access: 'invoiceReport',
  }),
  defineScreen({
    path: '/cfc/invoice-report',
    access: 'invoiceReport',
  }),
  defineScreen({
    path: '/companymanagement/company',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/log/protocol',
    access: 'userActionLogs',
  }),
  defineScreen({
    path: '/smp-admin/customers',
    access: 'companies',
  }),
  defineScreen({
    path: '/cfc/customers',
    access: 'companies',
  }),
  defineScreen({
    path: '/smp-admin/tariffs',
    access: 'tariffs',
  }),
  defineScreen({
    path: '/cfc/tariffs',
    access: 'tariffs',
  }),
  defineScreen({
    path: '/invoicing/tariffs',
    access: 'tariffBookings',
  }),
  defineScreen({
    path: '/cfc/tariff-bookings',
    access: 'tariffBookings',
  }),
  defineScreen({
    path: '/smp-admin/users',
    access: 'users',
  }),
  defineScreen({
    path: '/smp-admin/release-list',
    access: 'createReleaseVersion',
  }),
  defineScreen({
    path: '/cfc/releases',
    access: 'createReleaseVersion',
  }),
  defineScreen({
    path: '/cfc/release-notes',
    access: 'createReleaseNote',
  }),
  defineScreen({
    path: '/smp-admin/edit-faq',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-glossar',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-errors',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-tender-guide',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-first-steps',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-welcome',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-tutorial',
    access: 'updateText',
  }),
  defineScreen({
    path: '/cfc/help-texts',
    access: 'updateHelpText',
  }),
  defineScreen({
    path: '/smp-admin/outbox',
    access: 'outbox',
  }),
  // The emission database (seed 002 §2, issue 18).
  defineScreen({
    path: '/emission-db',
    access: 'webRoute',
  }),
  // The seed's name of the same screen (seed 002 §2 "/emission-db: navigation, …").
  defineScreen({
    path: '/emission-db/navigation',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/emission-db/activity-list',
    access: 'searchActivities',
  }),
  defineScreen({
    path: '/emission-db/customer-factor-list',
    access: 'customerFactors',
  }),
  defineScreen({
    path: '/emission-db/import-factors',
    access: 'importEmissionFactors',
  }),
  defineScreen({
    path: '/emission-db/provider-access',
    access: 'providerAccess',
  }),
  defineScreen({
    path: '/emission-db/sources',
    access: 'sources',
  }),
  defineScreen({
    path: '/emission-db/edit-activity/new',
    access: 'createActivity',
  }),
  defineScreen({
    path: '/emission-db/edit-activity/$activityId',
    access: 'getActivity',
  }),
  defineScreen({
    path: '/emission-db/edit-activity/$activityId/new-factor',
    access: 'createEmissionFactor',
  }),
  defineScreen({
    path: '/emission-db/edit-activity/$activityId/$factorId',
    access: 'getEmissionFactor',
  }),
  defineScreen({
    path: '/profile/profile',
    access: 'me',
  }),
  defineScreen({
    path: '/help/first-steps',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/faq',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/glossar',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/errors',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/tender-guide',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/release-notes',
    access: 'releaseNoteTexts',
  }),
  defineScreen({
    path: '/help/contact',
    access: 'sendSupportMessage',
  }),
  defineScreen({
    path: '/help/attribution',
    access: 'webRoute',
  }),
] as const;

/** The path of a registered screen (`layout/nav.ts` keys its sidebar entries by it). */
export type ScreenPath = (typeof SCREENS)[number]['path'];

/** The web route pattern of a router path, as the contract writes it (`/shipments/{id}`). */
export function webRouteOf(path: string): string {
  return path.replace(/\$(\w+)/g, '{$1}');
}

/** Whether a signed-in user may open a screen (its `access`); public screens are open to all. */
export function isScreenAllowed(me: Pick<Me, 'roles' | 'routes'>, screen: Screen): boolean {
  if (screen.access === 'public') return true;
  if (!me.routes.includes(webRouteOf(screen.path))) return false;
  return screen.access === 'webRoute' || can(me, screen.access);
}
