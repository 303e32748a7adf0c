import type { Me } from '@klimadesk/contract/platform/schemas';
import { can, type RouteId } from './client.ts';

/**
 * The screen registry: every screen of the web app, once. The router (routes, guards, lazy chunks)
 * and the sidebar are derived from this list; a new screen is one `defineScreen` entry here. A
 * screen's sidebar entry (section, label, icon) is keyed by its path in `layout/nav.ts`, which loads
 * with the signed-in frame: only the sidebar needs it, and /login's first load carries this file.
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
  /**
   * The screen's module under `src/`, without `.tsx`; it exports a component of the file's name.
   * Every screen is its own lazy chunk.
   */
  load: ScreenModule;
  access: ScreenAccess;
  /**
   * Part of the first load: the entry knows the screen's chunk, so it opens in one step. Only for
   * the screen nearly every visit starts on (/login); each one adds its preload list to the entry.
   */
  firstLoad?: true;
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
    load: 'features/auth/LoginPage',
    access: 'public',
    firstLoad: true,
    search: (s): { redirect?: string } =>
      typeof s.redirect === 'string' && s.redirect.startsWith('/') ? { redirect: s.redirect } : {},
  }),
  defineScreen({
    path: '/register',
    load: 'features/auth/RegisterPage',
    access: 'public',
  }),
  defineScreen({
    path: '/register/confirm',
    load: 'features/auth/RegisterConfirmPage',
    access: 'public',
    search: tokenSearch,
  }),
  defineScreen({
    path: '/confirm-email',
    load: 'features/auth/ConfirmEmailPage',
    access: 'public',
    search: tokenSearch,
  }),
  defineScreen({
    path: '/request-reset-password',
    load: 'features/auth/RequestResetPage',
    access: 'public',
  }),
  defineScreen({
    path: '/reset-password/$token',
    load: 'features/auth/ResetPasswordPage',
    access: 'public',
  }),
  defineScreen({
    path: '/404',
    load: 'components/NotFoundPage',
    access: 'public',
  }),
  defineScreen({
    path: '/legal/$page',
    load: 'features/legal/LegalPage',
    access: 'public',
    params: (p) => (LEGAL_PAGES as readonly string[]).includes(p.page ?? ''),
  }),

  // A module's home until its screens exist: what is coming, never a 404 (issue 16).
  defineScreen({
    path: '/cfc/home',
    load: 'features/cfc/CfcHomePage',
    access: 'webRoute',
  }),
  // The carbon footprint (seed 001 §2, issue 19); the platform's own screens are reused at /cfc paths.
  defineScreen({
    path: '/cfc/business-units/list',
    load: 'features/cfc/CfcReportsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/edit/$businessUnitUrlId/$year',
    load: 'features/cfc/CfcReportPage',
    access: 'webRoute',
    params: (p) => /^\d{4}$/.test(p.year ?? ''),
  }),
  defineScreen({
    path: '/cfc/edit/$businessUnitUrlId/$year/$section',
    load: 'features/cfc/CfcReportPage',
    access: 'webRoute',
    params: (p) => /^\d{4}$/.test(p.year ?? ''),
  }),
  defineScreen({
    path: '/cfc/settings',
    load: 'features/cfc/CfcSettingsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/settings/scope',
    load: 'features/cfc/CfcScopePage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/settings/base-year',
    load: 'features/cfc/CfcBaseYearPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/settings/business-units',
    load: 'features/cfc/CfcBusinessUnitsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/company-settings',
    load: 'features/cfc/CfcCompanySettingsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/user-profile',
    load: 'features/cfc/CfcUserProfilePage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/users',
    load: 'features/cfc/CfcUsersPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/user-groups',
    load: 'features/cfc/CfcUserGroupsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/company-details',
    load: 'features/cfc/CfcCompanyDetailsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/contact',
    load: 'features/cfc/CfcContactPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/tutorial',
    load: 'features/cfc/CfcTutorialPage',
    access: 'webRoute',
  }),
  // The EU taxonomy (seed 001 §2, issue 20): home with dashboard, activity wizard, overview, years, tags, texts.
  defineScreen({
    path: '/taxonofy/home',
    load: 'features/taxonomy/TaxonomyHomePage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/overview',
    load: 'features/taxonomy/TaxOverviewPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/financial-year',
    load: 'features/taxonomy/FinancialYearsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/tags',
    load: 'features/taxonomy/TaxTagsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/activity/new/$subPage',
    load: 'features/taxonomy/ActivityWizardPage',
    access: 'webRoute',
    params: (p) => p.subPage === 'core' || p.subPage === 'criteria',
  }),
  defineScreen({
    path: '/taxonofy/activity/$id/$subPage',
    load: 'features/taxonomy/ActivityWizardPage',
    access: 'webRoute',
    params: (p) => ['core', 'criteria', 'min-safeguards'].includes(p.subPage ?? ''),
  }),
  defineScreen({
    path: '/taxonofy/activity/$id/$subPage/$critId',
    load: 'features/taxonomy/ActivityWizardPage',
    access: 'webRoute',
    params: (p) => p.subPage === 'criteria',
  }),
  defineScreen({
    path: '/taxonofy/activity/$id/$subPage/$critId/dnsh/$dnshId',
    load: 'features/taxonomy/ActivityWizardPage',
    access: 'webRoute',
    params: (p) => p.subPage === 'criteria',
  }),
  defineScreen({
    path: '/taxonofy/info',
    load: 'features/taxonomy/TaxInfoPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/tutorial',
    load: 'features/taxonomy/TaxTutorialPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/edit-criteria',
    load: 'features/taxonomy/EditCriteriaTextsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/edit-dnsh',
    load: 'features/taxonomy/EditDnshTextsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/taxonofy/edit-help',
    load: 'features/taxonomy/EditTaxHelpPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/csrd/home',
    load: 'features/csrd/CsrdHomePage',
    access: 'webRoute',
  }),
  // Reporting: materiality analyses and CSRD reports (seed 001 §2, issue 21).
  defineScreen({
    path: '/csrd/user-profile',
    load: 'features/csrd/CsrdUserProfilePage',
    access: 'me',
  }),
  defineScreen({
    path: '/materiality/overview',
    load: 'features/csrd/MaterialityOverviewPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/materiality/$id/inventory',
    load: 'features/csrd/MaterialityInventoryPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/materiality/$id/$category/$scope',
    load: 'features/csrd/MaterialityScopePage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/csrd-report/overview',
    load: 'features/csrd/CsrdReportOverviewPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/csrd-report/$id/indicators',
    load: 'features/csrd/CsrdIndicatorsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/csrd-report/$id/$category/$scope',
    load: 'features/csrd/CsrdReportScopePage',
    access: 'webRoute',
  }),
  // VSME reports (issue 40).
  defineScreen({
    path: '/vsme-report/overview',
    load: 'features/vsme/VsmeReportsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/vsme-report/$id',
    load: 'features/vsme/VsmeReportPage',
    access: 'webRoute',
    search: (s): { disclosure?: string } =>
      typeof s.disclosure === 'string' && /^[BC]\d{1,2}$/.test(s.disclosure)
        ? { disclosure: s.disclosure }
        : {},
  }),
  defineScreen({
    path: '/smp-admin',
    load: 'features/admin/SmpAdminHomePage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/cfc/smp-admin',
    load: 'features/admin/CfcAdminHomePage',
    access: 'webRoute',
  }),
  // The basic edition's orders (seed 000 §2 "basic area", issue 17).
  defineScreen({
    path: '/basic/overview',
    load: 'features/orders/OrdersOverviewPage',
    access: 'orderDashboard',
  }),
  defineScreen({
    path: '/basic/orders',
    load: 'features/orders/OrdersPage',
    access: 'orders',
  }),
  defineScreen({
    path: '/basic/orders/new',
    load: 'features/orders/OrderNewPage',
    access: 'createOrder',
  }),
  defineScreen({
    path: '/basic/orders/edit/$id',
    load: 'features/orders/OrderEditPage',
    access: 'updateOrder',
  }),
  defineScreen({
    path: '/basic/orders/alternatives/new',
    load: 'features/orders/OrderAlternativeNewPage',
    access: 'createOrder',
    search: (s): { parentId?: string } => (typeof s.parentId === 'string' ? { parentId: s.parentId } : {}),
  }),
  defineScreen({
    path: '/basic/orders/$id/alternatives',
    load: 'features/orders/OrderAlternativesPage',
    access: 'orderAlternatives',
  }),
  // Orders pushed by API key (seed 000 §2: only the partner variant sees it).
  defineScreen({
    path: '/basic/import-log',
    load: 'features/orders/OrderImportLogPage',
    access: 'orderImportTasks',
  }),
  defineScreen({
    path: '/dashboard/shipment',
    load: 'features/dashboards/ShipmentDashboardPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/dashboard/tour',
    load: 'features/dashboards/TourDashboardPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/shipments',
    load: 'features/tours/ShipmentsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/shipments/$id',
    load: 'features/tours/ShipmentDetailPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/tours',
    load: 'features/tours/ToursPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/fleetmanagement/vehicles',
    load: 'features/fleet/VehiclesPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/fleetmanagement/trailer',
    load: 'features/fleet/TrailersPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/import-tasks',
    load: 'features/mappings/ImportTasksPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/tour-codes',
    load: 'features/logs/TourCodesPage',
    access: 'tourCodes',
  }),
  defineScreen({
    path: '/system/mappings',
    load: 'features/mappings/MappingsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/tag-groups',
    load: 'features/tags/TagGroupsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/export-jobs',
    load: 'features/exports/ExportJobsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/system/connection',
    load: 'features/api-keys/ConnectionPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/companymanagement/users',
    load: 'features/users/UsersPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/companymanagement/user-groups',
    load: 'features/user-groups/UserGroupsPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/companymanagement/tasks',
    load: 'features/tasks/TasksPage',
    access: 'tasks',
  }),
  defineScreen({
    path: '/invoicing/shipments',
    load: 'features/invoicing/InvoicingShipmentsPage',
    access: 'invoicingStats',
  }),
  defineScreen({
    path: '/invoicing/pricecalculator',
    load: 'features/invoicing/PriceCalculatorPage',
    access: 'pricingTariff',
  }),
  defineScreen({
    path: '/companymanagement/payment',
    load: 'features/invoicing/PaymentPage',
    access: 'invoiceDocuments',
  }),
  defineScreen({
    path: '/smp-admin/invoice-report',
    load: 'features/invoicing/InvoiceReportPage',
    access: 'invoiceReport',
  }),
  defineScreen({
    path: '/cfc/invoice-report',
    load: 'features/invoicing/CfcInvoiceReportPage',
    access: 'invoiceReport',
  }),
  defineScreen({
    path: '/companymanagement/company',
    load: 'features/companies/CompanyPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/log/protocol',
    load: 'features/logs/ProtocolPage',
    access: 'userActionLogs',
  }),
  defineScreen({
    path: '/smp-admin/customers',
    load: 'features/customers/CustomersPage',
    access: 'companies',
  }),
  defineScreen({
    path: '/cfc/customers',
    load: 'features/customers/CfcCustomersPage',
    access: 'companies',
  }),
  defineScreen({
    path: '/smp-admin/tariffs',
    load: 'features/tariffs/TariffsPage',
    access: 'tariffs',
  }),
  defineScreen({
    path: '/cfc/tariffs',
    load: 'features/tariffs/CfcTariffsPage',
    access: 'tariffs',
  }),
  defineScreen({
    path: '/invoicing/tariffs',
    load: 'features/tariffs/MyTariffsPage',
    access: 'tariffBookings',
  }),
  defineScreen({
    path: '/cfc/tariff-bookings',
    load: 'features/tariffs/CfcTariffBookingsPage',
    access: 'tariffBookings',
  }),
  defineScreen({
    path: '/smp-admin/users',
    load: 'features/users/PlatformUsersPage',
    access: 'users',
  }),
  defineScreen({
    path: '/smp-admin/release-list',
    load: 'features/releases/ReleaseListPage',
    access: 'createReleaseVersion',
  }),
  defineScreen({
    path: '/cfc/releases',
    load: 'features/releases/CfcReleasesPage',
    access: 'createReleaseVersion',
  }),
  defineScreen({
    path: '/cfc/release-notes',
    load: 'features/releases/CfcReleaseNotesPage',
    access: 'createReleaseNote',
  }),
  defineScreen({
    path: '/smp-admin/edit-faq',
    load: 'features/help/EditFaqPage',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-glossar',
    load: 'features/help/EditGlossaryPage',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-errors',
    load: 'features/help/EditErrorsPage',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-tender-guide',
    load: 'features/help/EditTenderGuidePage',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-first-steps',
    load: 'features/help/EditFirstStepsPage',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-welcome',
    load: 'features/help/EditWelcomePage',
    access: 'updateText',
  }),
  defineScreen({
    path: '/smp-admin/edit-tutorial',
    load: 'features/help/EditTutorialPage',
    access: 'updateText',
  }),
  defineScreen({
    path: '/cfc/help-texts',
    load: 'features/cfc/CfcHelpTextsPage',
    access: 'updateHelpText',
  }),
  defineScreen({
    path: '/smp-admin/outbox',
    load: 'features/logs/OutboxPage',
    access: 'outbox',
  }),
  // The emission database (seed 002 §2, issue 18).
  defineScreen({
    path: '/emission-db',
    load: 'features/emission-db/EmissionDbPage',
    access: 'webRoute',
  }),
  // The seed's name of the same screen (seed 002 §2 "/emission-db: navigation, …").
  defineScreen({
    path: '/emission-db/navigation',
    load: 'features/emission-db/EmissionDbPage',
    access: 'webRoute',
  }),
  defineScreen({
    path: '/emission-db/activity-list',
    load: 'features/emission-db/ActivityListPage',
    access: 'searchActivities',
  }),
  defineScreen({
    path: '/emission-db/customer-factor-list',
    load: 'features/emission-db/CustomerFactorListPage',
    access: 'customerFactors',
  }),
  defineScreen({
    path: '/emission-db/import-factors',
    load: 'features/emission-db/ImportFactorsPage',
    access: 'importEmissionFactors',
  }),
  defineScreen({
    path: '/emission-db/provider-access',
    load: 'features/emission-db/ProviderAccessPage',
    access: 'providerAccess',
  }),
  defineScreen({
    path: '/emission-db/sources',
    load: 'features/emission-db/SourcesPage',
    access: 'sources',
  }),
  defineScreen({
    path: '/emission-db/edit-activity/new',
    load: 'features/emission-db/ActivityEditPage',
    access: 'createActivity',
  }),
  defineScreen({
    path: '/emission-db/edit-activity/$activityId',
    load: 'features/emission-db/ActivityEditPage',
    access: 'getActivity',
  }),
  defineScreen({
    path: '/emission-db/edit-activity/$activityId/new-factor',
    load: 'features/emission-db/FactorEditPage',
    access: 'createEmissionFactor',
  }),
  defineScreen({
    path: '/emission-db/edit-activity/$activityId/$factorId',
    load: 'features/emission-db/FactorEditPage',
    access: 'getEmissionFactor',
  }),
  defineScreen({
    path: '/profile/profile',
    load: 'features/profile/ProfilePage',
    access: 'me',
  }),
  defineScreen({
    path: '/help/first-steps',
    load: 'features/help/FirstStepsPage',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/faq',
    load: 'features/help/FaqPage',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/glossar',
    load: 'features/help/GlossaryPage',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/errors',
    load: 'features/help/ErrorsPage',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/tender-guide',
    load: 'features/help/TenderGuidePage',
    access: 'texts',
  }),
  defineScreen({
    path: '/help/release-notes',
    load: 'features/releases/ReleaseNotesPage',
    access: 'releaseNoteTexts',
  }),
  defineScreen({
    path: '/help/contact',
    load: 'features/help/ContactPage',
    access: 'sendSupportMessage',
  }),
  defineScreen({
    path: '/help/attribution',
    load: 'features/locations/AttributionPage',
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
