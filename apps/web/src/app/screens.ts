import type { Me } from '@klimadesk/contract/platform/schemas';
import { can, type RouteId } from './client.ts';

/**
 * The screen registry: every screen of the web app, once. The router (routes, guards, lazy chunks)
 * and the sidebar are derived from this list; a new screen is one `defineScreen` entry here.
 */
export type NavSection =
  | 'home'
  | 'orders'
  | 'emissions'
  | 'emissionDb'
  | 'carbonFootprint'
  | 'reporting'
  | 'taxonomy'
  | 'fleet'
  | 'system'
  | 'account'
  | 'company'
  | 'log'
  | 'help'
  | 'admin';

export type NavIcon =
  | 'profile'
  | 'users'
  | 'groups'
  | 'company'
  | 'log'
  | 'contact'
  | 'adminUsers'
  | 'vehicles'
  | 'trailers'
  | 'attribution'
  | 'mappings'
  | 'importTasks'
  | 'tagGroups'
  | 'connection'
  | 'dashboardTour'
  | 'dashboardShipment'
  | 'tours'
  | 'shipments'
  | 'exportJobs'
  | 'invoicing'
  | 'priceCalculator'
  | 'invoiceReport'
  | 'payment'
  | 'customers'
  | 'tariffs'
  | 'tariffBookings'
  | 'adminHome'
  | 'moduleHome'
  | 'tourCodes'
  | 'tasks'
  | 'firstSteps'
  | 'faq'
  | 'glossary'
  | 'errorHelp'
  | 'tenderGuide'
  | 'editText'
  | 'helpTexts'
  | 'releases'
  | 'releaseNotes'
  | 'orders'
  | 'ordersOverview'
  | 'emissionDb'
  | 'activities'
  | 'customerFactors'
  | 'importFactors'
  | 'providerAccess'
  | 'sources'
  | 'taxActivities'
  | 'financialYears'
  | 'taxInfo'
  | 'materiality'
  | 'csrdReports'
  | 'cfcReports'
  | 'cfcSettings'
  | 'cfcCompanySettings'
  | 'tutorial';

/** A sidebar entry; `label` is the key under `nav.` (namespace `common`, or `app` for newer sections). */
export type ScreenNav = { section: NavSection; label: string; icon: NavIcon };

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
  nav?: ScreenNav;
  /** Whether the path parameters name something that exists; otherwise the URL shows /404. */
  params?: (params: Record<string, string>) => boolean;
  /** Turns the raw search of the URL into the screen's typed search. */
  search?: (raw: Record<string, unknown>) => Record<string, string>;
};

export function defineScreen(screen: Screen): Screen {
  return screen;
}

const tokenSearch = (s: Record<string, unknown>): { token?: string } =>
  typeof s.token === 'string' ? { token: s.token } : {};

export const LEGAL_PAGES = ['terms', 'privacy', 'imprint', 'cookies'] as const;

/** Public screens first, then the signed-in ones in sidebar order within each section. */
export const SCREENS: readonly Screen[] = [
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
    nav: { section: 'home', label: 'moduleHome', icon: 'moduleHome' },
  }),
  // The carbon footprint (seed 001 §2, issue 19); the platform's own screens are reused at /cfc paths.
  defineScreen({
    path: '/cfc/business-units/list',
    load: 'features/cfc/CfcReportsPage',
    access: 'webRoute',
    nav: { section: 'carbonFootprint', label: 'cfcReports', icon: 'cfcReports' },
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
    nav: { section: 'carbonFootprint', label: 'cfcSettings', icon: 'cfcSettings' },
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
    nav: { section: 'carbonFootprint', label: 'cfcCompanySettings', icon: 'cfcCompanySettings' },
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
    nav: { section: 'carbonFootprint', label: 'cfcUserGroups', icon: 'groups' },
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
    nav: { section: 'help', label: 'tutorial', icon: 'tutorial' },
  }),
  // The EU taxonomy (seed 001 §2, issue 20): home with dashboard, activity wizard, overview, years, tags, texts.
  defineScreen({
    path: '/taxonofy/home',
    load: 'features/taxonomy/TaxonomyHomePage',
    access: 'webRoute',
    nav: { section: 'home', label: 'moduleHome', icon: 'moduleHome' },
  }),
  defineScreen({
    path: '/taxonofy/overview',
    load: 'features/taxonomy/TaxOverviewPage',
    access: 'webRoute',
    nav: { section: 'taxonomy', label: 'taxOverview', icon: 'taxActivities' },
  }),
  defineScreen({
    path: '/taxonofy/financial-year',
    load: 'features/taxonomy/FinancialYearsPage',
    access: 'webRoute',
    nav: { section: 'taxonomy', label: 'taxFinancialYears', icon: 'financialYears' },
  }),
  defineScreen({
    path: '/taxonofy/tags',
    load: 'features/taxonomy/TaxTagsPage',
    access: 'webRoute',
    nav: { section: 'taxonomy', label: 'taxTags', icon: 'tagGroups' },
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
    nav: { section: 'taxonomy', label: 'taxInfo', icon: 'taxInfo' },
  }),
  defineScreen({
    path: '/taxonofy/tutorial',
    load: 'features/taxonomy/TaxTutorialPage',
    access: 'webRoute',
    nav: { section: 'help', label: 'tutorial', icon: 'tutorial' },
  }),
  defineScreen({
    path: '/taxonofy/edit-criteria',
    load: 'features/taxonomy/EditCriteriaTextsPage',
    access: 'webRoute',
    nav: { section: 'admin', label: 'editTaxCriteria', icon: 'editText' },
  }),
  defineScreen({
    path: '/taxonofy/edit-dnsh',
    load: 'features/taxonomy/EditDnshTextsPage',
    access: 'webRoute',
    nav: { section: 'admin', label: 'editTaxDnsh', icon: 'editText' },
  }),
  defineScreen({
    path: '/taxonofy/edit-help',
    load: 'features/taxonomy/EditTaxHelpPage',
    access: 'webRoute',
    nav: { section: 'admin', label: 'editTaxHelp', icon: 'helpTexts' },
  }),
  defineScreen({
    path: '/csrd/home',
    load: 'features/csrd/CsrdHomePage',
    access: 'webRoute',
    nav: { section: 'home', label: 'moduleHome', icon: 'moduleHome' },
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
    nav: { section: 'reporting', label: 'materiality', icon: 'materiality' },
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
    nav: { section: 'reporting', label: 'csrdReports', icon: 'csrdReports' },
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
  defineScreen({
    path: '/smp-admin',
    load: 'features/admin/SmpAdminHomePage',
    access: 'webRoute',
    nav: { section: 'admin', label: 'adminHome', icon: 'adminHome' },
  }),
  defineScreen({
    path: '/cfc/smp-admin',
    load: 'features/admin/CfcAdminHomePage',
    access: 'webRoute',
    nav: { section: 'admin', label: 'cfcAdminHome', icon: 'adminHome' },
  }),
  // The basic edition's orders (seed 000 §2 "basic area", issue 17).
  defineScreen({
    path: '/basic/overview',
    load: 'features/orders/OrdersOverviewPage',
    access: 'orderDashboard',
    nav: { section: 'orders', label: 'ordersOverview', icon: 'ordersOverview' },
  }),
  defineScreen({
    path: '/basic/orders',
    load: 'features/orders/OrdersPage',
    access: 'orders',
    nav: { section: 'orders', label: 'orders', icon: 'orders' },
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
    nav: { section: 'orders', label: 'importLog', icon: 'importTasks' },
  }),
  defineScreen({
    path: '/dashboard/shipment',
    load: 'features/dashboards/ShipmentDashboardPage',
    access: 'webRoute',
    nav: { section: 'emissions', label: 'dashboardShipment', icon: 'dashboardShipment' },
  }),
  defineScreen({
    path: '/dashboard/tour',
    load: 'features/dashboards/TourDashboardPage',
    access: 'webRoute',
    nav: { section: 'emissions', label: 'dashboardTour', icon: 'dashboardTour' },
  }),
  defineScreen({
    path: '/shipments',
    load: 'features/tours/ShipmentsPage',
    access: 'webRoute',
    nav: { section: 'emissions', label: 'shipments', icon: 'shipments' },
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
    nav: { section: 'emissions', label: 'tours', icon: 'tours' },
  }),
  defineScreen({
    path: '/fleetmanagement/vehicles',
    load: 'features/fleet/VehiclesPage',
    access: 'webRoute',
    nav: { section: 'fleet', label: 'vehicles', icon: 'vehicles' },
  }),
  defineScreen({
    path: '/fleetmanagement/trailer',
    load: 'features/fleet/TrailersPage',
    access: 'webRoute',
    nav: { section: 'fleet', label: 'trailers', icon: 'trailers' },
  }),
  defineScreen({
    path: '/system/import-tasks',
    load: 'features/mappings/ImportTasksPage',
    access: 'webRoute',
    nav: { section: 'system', label: 'importTasks', icon: 'importTasks' },
  }),
  defineScreen({
    path: '/system/tour-codes',
    load: 'features/logs/TourCodesPage',
    access: 'tourCodes',
    nav: { section: 'system', label: 'tourCodes', icon: 'tourCodes' },
  }),
  defineScreen({
    path: '/system/mappings',
    load: 'features/mappings/MappingsPage',
    access: 'webRoute',
    nav: { section: 'system', label: 'mappings', icon: 'mappings' },
  }),
  defineScreen({
    path: '/system/tag-groups',
    load: 'features/tags/TagGroupsPage',
    access: 'webRoute',
    nav: { section: 'system', label: 'tagGroups', icon: 'tagGroups' },
  }),
  defineScreen({
    path: '/system/export-jobs',
    load: 'features/exports/ExportJobsPage',
    access: 'webRoute',
    nav: { section: 'system', label: 'exportJobs', icon: 'exportJobs' },
  }),
  defineScreen({
    path: '/system/connection',
    load: 'features/api-keys/ConnectionPage',
    access: 'webRoute',
    nav: { section: 'system', label: 'connection', icon: 'connection' },
  }),
  defineScreen({
    path: '/companymanagement/users',
    load: 'features/users/UsersPage',
    access: 'webRoute',
    nav: { section: 'company', label: 'users', icon: 'users' },
  }),
  defineScreen({
    path: '/companymanagement/user-groups',
    load: 'features/user-groups/UserGroupsPage',
    access: 'webRoute',
    nav: { section: 'company', label: 'userGroups', icon: 'groups' },
  }),
  defineScreen({
    path: '/companymanagement/tasks',
    load: 'features/tasks/TasksPage',
    access: 'tasks',
    nav: { section: 'company', label: 'tasks', icon: 'tasks' },
  }),
  defineScreen({
    path: '/invoicing/shipments',
    load: 'features/invoicing/InvoicingShipmentsPage',
    access: 'invoicingStats',
    nav: { section: 'company', label: 'invoicingShipments', icon: 'invoicing' },
  }),
  defineScreen({
    path: '/invoicing/pricecalculator',
    load: 'features/invoicing/PriceCalculatorPage',
    access: 'pricingTariff',
    nav: { section: 'company', label: 'priceCalculator', icon: 'priceCalculator' },
  }),
  defineScreen({
    path: '/companymanagement/payment',
    load: 'features/invoicing/PaymentPage',
    access: 'invoiceDocuments',
    nav: { section: 'company', label: 'payment', icon: 'payment' },
  }),
  defineScreen({
    path: '/smp-admin/invoice-report',
    load: 'features/invoicing/InvoiceReportPage',
    access: 'invoiceReport',
    nav: { section: 'admin', label: 'invoiceReport', icon: 'invoiceReport' },
  }),
  defineScreen({
    path: '/cfc/invoice-report',
    load: 'features/invoicing/CfcInvoiceReportPage',
    access: 'invoiceReport',
    nav: { section: 'admin', label: 'cfcInvoiceReport', icon: 'invoiceReport' },
  }),
  defineScreen({
    path: '/companymanagement/company',
    load: 'features/companies/CompanyPage',
    access: 'webRoute',
    nav: { section: 'company', label: 'company', icon: 'company' },
  }),
  defineScreen({
    path: '/log/protocol',
    load: 'features/logs/ProtocolPage',
    access: 'userActionLogs',
    nav: { section: 'log', label: 'protocol', icon: 'log' },
  }),
  defineScreen({
    path: '/smp-admin/customers',
    load: 'features/customers/CustomersPage',
    access: 'companies',
    nav: { section: 'admin', label: 'customers', icon: 'customers' },
  }),
  defineScreen({
    path: '/cfc/customers',
    load: 'features/customers/CfcCustomersPage',
    access: 'companies',
    nav: { section: 'admin', label: 'customers', icon: 'customers' },
  }),
  defineScreen({
    path: '/smp-admin/tariffs',
    load: 'features/tariffs/TariffsPage',
    access: 'tariffs',
    nav: { section: 'admin', label: 'tariffs', icon: 'tariffs' },
  }),
  defineScreen({
    path: '/cfc/tariffs',
    load: 'features/tariffs/CfcTariffsPage',
    access: 'tariffs',
    nav: { section: 'admin', label: 'tariffs', icon: 'tariffs' },
  }),
  defineScreen({
    path: '/invoicing/tariffs',
    load: 'features/tariffs/MyTariffsPage',
    access: 'tariffBookings',
    nav: { section: 'company', label: 'myTariffs', icon: 'tariffBookings' },
  }),
  defineScreen({
    path: '/cfc/tariff-bookings',
    load: 'features/tariffs/CfcTariffBookingsPage',
    access: 'tariffBookings',
    nav: { section: 'company', label: 'tariffBookings', icon: 'tariffBookings' },
  }),
  defineScreen({
    path: '/smp-admin/users',
    load: 'features/users/PlatformUsersPage',
    access: 'users',
    nav: { section: 'admin', label: 'platformUsers', icon: 'adminUsers' },
  }),
  defineScreen({
    path: '/smp-admin/release-list',
    load: 'features/releases/ReleaseListPage',
    access: 'createReleaseVersion',
    nav: { section: 'admin', label: 'releaseList', icon: 'releases' },
  }),
  defineScreen({
    path: '/cfc/releases',
    load: 'features/releases/CfcReleasesPage',
    access: 'createReleaseVersion',
    nav: { section: 'admin', label: 'cfcReleases', icon: 'releases' },
  }),
  defineScreen({
    path: '/cfc/release-notes',
    load: 'features/releases/CfcReleaseNotesPage',
    access: 'createReleaseNote',
    nav: { section: 'admin', label: 'cfcReleaseNotes', icon: 'releaseNotes' },
  }),
  defineScreen({
    path: '/smp-admin/edit-faq',
    load: 'features/help/EditFaqPage',
    access: 'updateText',
    nav: { section: 'admin', label: 'editFaq', icon: 'editText' },
  }),
  defineScreen({
    path: '/smp-admin/edit-glossar',
    load: 'features/help/EditGlossaryPage',
    access: 'updateText',
    nav: { section: 'admin', label: 'editGlossary', icon: 'editText' },
  }),
  defineScreen({
    path: '/smp-admin/edit-errors',
    load: 'features/help/EditErrorsPage',
    access: 'updateText',
    nav: { section: 'admin', label: 'editErrors', icon: 'editText' },
  }),
  defineScreen({
    path: '/smp-admin/edit-tender-guide',
    load: 'features/help/EditTenderGuidePage',
    access: 'updateText',
    nav: { section: 'admin', label: 'editTenderGuide', icon: 'editText' },
  }),
  defineScreen({
    path: '/smp-admin/edit-first-steps',
    load: 'features/help/EditFirstStepsPage',
    access: 'updateText',
    nav: { section: 'admin', label: 'editFirstSteps', icon: 'editText' },
  }),
  defineScreen({
    path: '/smp-admin/edit-welcome',
    load: 'features/help/EditWelcomePage',
    access: 'updateText',
    nav: { section: 'admin', label: 'editWelcome', icon: 'editText' },
  }),
  defineScreen({
    path: '/smp-admin/edit-tutorial',
    load: 'features/help/EditTutorialPage',
    access: 'updateText',
    nav: { section: 'admin', label: 'editTutorial', icon: 'editText' },
  }),
  defineScreen({
    path: '/cfc/help-texts',
    load: 'features/cfc/CfcHelpTextsPage',
    access: 'updateHelpText',
    nav: { section: 'admin', label: 'helpTexts', icon: 'helpTexts' },
  }),
  // The emission database (seed 002 §2, issue 18).
  defineScreen({
    path: '/emission-db',
    load: 'features/emission-db/EmissionDbPage',
    access: 'webRoute',
    nav: { section: 'emissionDb', label: 'emissionDb', icon: 'emissionDb' },
  }),
  defineScreen({
    path: '/emission-db/activity-list',
    load: 'features/emission-db/ActivityListPage',
    access: 'searchActivities',
    nav: { section: 'emissionDb', label: 'activityList', icon: 'activities' },
  }),
  defineScreen({
    path: '/emission-db/customer-factor-list',
    load: 'features/emission-db/CustomerFactorListPage',
    access: 'customerFactors',
    nav: { section: 'emissionDb', label: 'customerFactorList', icon: 'customerFactors' },
  }),
  defineScreen({
    path: '/emission-db/import-factors',
    load: 'features/emission-db/ImportFactorsPage',
    access: 'importEmissionFactors',
    nav: { section: 'emissionDb', label: 'importFactors', icon: 'importFactors' },
  }),
  defineScreen({
    path: '/emission-db/provider-access',
    load: 'features/emission-db/ProviderAccessPage',
    access: 'providerAccess',
    nav: { section: 'emissionDb', label: 'providerAccess', icon: 'providerAccess' },
  }),
  defineScreen({
    path: '/emission-db/sources',
    load: 'features/emission-db/SourcesPage',
    access: 'sources',
    nav: { section: 'emissionDb', label: 'emissionSources', icon: 'sources' },
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
    nav: { section: 'account', label: 'profile', icon: 'profile' },
  }),
  defineScreen({
    path: '/help/first-steps',
    load: 'features/help/FirstStepsPage',
    access: 'texts',
    nav: { section: 'help', label: 'firstSteps', icon: 'firstSteps' },
  }),
  defineScreen({
    path: '/help/faq',
    load: 'features/help/FaqPage',
    access: 'texts',
    nav: { section: 'help', label: 'faq', icon: 'faq' },
  }),
  defineScreen({
    path: '/help/glossar',
    load: 'features/help/GlossaryPage',
    access: 'texts',
    nav: { section: 'help', label: 'glossary', icon: 'glossary' },
  }),
  defineScreen({
    path: '/help/errors',
    load: 'features/help/ErrorsPage',
    access: 'texts',
    nav: { section: 'help', label: 'errorHelp', icon: 'errorHelp' },
  }),
  defineScreen({
    path: '/help/tender-guide',
    load: 'features/help/TenderGuidePage',
    access: 'texts',
    nav: { section: 'help', label: 'tenderGuide', icon: 'tenderGuide' },
  }),
  defineScreen({
    path: '/help/release-notes',
    load: 'features/releases/ReleaseNotesPage',
    access: 'releaseNoteTexts',
    nav: { section: 'help', label: 'releaseNotes', icon: 'releaseNotes' },
  }),
  defineScreen({
    path: '/help/contact',
    load: 'features/help/ContactPage',
    access: 'sendSupportMessage',
    nav: { section: 'help', label: 'contact', icon: 'contact' },
  }),
  defineScreen({
    path: '/help/attribution',
    load: 'features/locations/AttributionPage',
    access: 'webRoute',
    nav: { section: 'help', label: 'attribution', icon: 'attribution' },
  }),
];

/** Order of the sidebar sections. */
export const NAV_SECTIONS: readonly NavSection[] = [
  'home',
  'orders',
  'emissions',
  'carbonFootprint',
  'emissionDb',
  'reporting',
  'taxonomy',
  'fleet',
  'system',
  'company',
  'log',
  'admin',
  'account',
  'help',
];

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

/** The signed-in screens in the sidebar, in registry order. */
export function navScreens(): (Screen & { nav: ScreenNav })[] {
  return SCREENS.filter((s): s is Screen & { nav: ScreenNav } => s.nav !== undefined);
}

/**
 * Where `/` leads: the home the server computed for the selected module (seed 000 §2). While that
 * module's screens are not part of the app yet, the first allowed sidebar screen is used instead.
 */
export function rootTarget(home: string, routes: readonly string[]): string {
  const nav = navScreens();
  if (nav.some((s) => s.path === home)) return home;
  return nav.find((s) => routes.includes(s.path))?.path ?? '/profile/profile';
}
