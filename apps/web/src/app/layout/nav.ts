import { SCREENS, type Screen, type ScreenPath } from '../screens.ts';

/**
 * The sidebar part of the screen registry (`../screens.ts`): the entry of every screen that shows in
 * the sidebar, keyed by its path. It loads with the signed-in frame, so /login's first load does not
 * carry it; the keys are the registry's paths (`ScreenPath`), and `screens.test.ts` checks that a
 * screen has an entry exactly when the contract's web route list puts its path in the sidebar.
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
  | 'vsmeReports'
  | 'cfcReports'
  | 'cfcSettings'
  | 'cfcCompanySettings'
  | 'tutorial';

/** A sidebar entry; `label` is the key under `nav.` (namespace `common`, or `app` for newer sections). */
export type ScreenNav = { section: NavSection; label: string; icon: NavIcon };

/** Sidebar entries in registry order (the sidebar follows `SCREENS`, not this object). */
export const SCREEN_NAV: Partial<Record<ScreenPath, ScreenNav>> = {
  '/cfc/home': { section: 'home', label: 'moduleHome', icon: 'moduleHome' },
  '/cfc/business-units/list': { section: 'carbonFootprint', label: 'cfcReports', icon: 'cfcReports' },
  '/cfc/settings': { section: 'carbonFootprint', label: 'cfcSettings', icon: 'cfcSettings' },
  '/cfc/company-settings': {
    section: 'carbonFootprint',
    label: 'cfcCompanySettings',
    icon: 'cfcCompanySettings',
  },
  '/cfc/user-groups': { section: 'carbonFootprint', label: 'cfcUserGroups', icon: 'groups' },
  '/cfc/tutorial': { section: 'help', label: 'tutorial', icon: 'tutorial' },
  '/taxonofy/home': { section: 'home', label: 'moduleHome', icon: 'moduleHome' },
  '/taxonofy/overview': { section: 'taxonomy', label: 'taxOverview', icon: 'taxActivities' },
  '/taxonofy/financial-year': { section: 'taxonomy', label: 'taxFinancialYears', icon: 'financialYears' },
  '/taxonofy/tags': { section: 'taxonomy', label: 'taxTags', icon: 'tagGroups' },
  '/taxonofy/info': { section: 'taxonomy', label: 'taxInfo', icon: 'taxInfo' },
  '/taxonofy/tutorial': { section: 'help', label: 'tutorial', icon: 'tutorial' },
  '/taxonofy/edit-criteria': { section: 'admin', label: 'editTaxCriteria', icon: 'editText' },
  '/taxonofy/edit-dnsh': { section: 'admin', label: 'editTaxDnsh', icon: 'editText' },
  '/taxonofy/edit-help': { section: 'admin', label: 'editTaxHelp', icon: 'helpTexts' },
  '/csrd/home': { section: 'home', label: 'moduleHome', icon: 'moduleHome' },
  '/materiality/overview': { section: 'reporting', label: 'materiality', icon: 'materiality' },
  '/csrd-report/overview': { section: 'reporting', label: 'csrdReports', icon: 'csrdReports' },
  '/vsme-report/overview': { section: 'reporting', label: 'vsmeReports', icon: 'vsmeReports' },
  '/smp-admin': { section: 'admin', label: 'adminHome', icon: 'adminHome' },
  '/cfc/smp-admin': { section: 'admin', label: 'cfcAdminHome', icon: 'adminHome' },
  '/basic/overview': { section: 'orders', label: 'ordersOverview', icon: 'ordersOverview' },
  '/basic/orders': { section: 'orders', label: 'orders', icon: 'orders' },
  '/basic/import-log': { section: 'orders', label: 'importLog', icon: 'importTasks' },
  '/dashboard/shipment': { section: 'emissions', label: 'dashboardShipment', icon: 'dashboardShipment' },
  '/dashboard/tour': { section: 'emissions', label: 'dashboardTour', icon: 'dashboardTour' },
  '/shipments': { section: 'emissions', label: 'shipments', icon: 'shipments' },
  '/tours': { section: 'emissions', label: 'tours', icon: 'tours' },
  '/fleetmanagement/vehicles': { section: 'fleet', label: 'vehicles', icon: 'vehicles' },
  '/fleetmanagement/trailer': { section: 'fleet', label: 'trailers', icon: 'trailers' },
  '/system/import-tasks': { section: 'system', label: 'importTasks', icon: 'importTasks' },
  '/system/tour-codes': { section: 'system', label: 'tourCodes', icon: 'tourCodes' },
  '/system/mappings': { section: 'system', label: 'mappings', icon: 'mappings' },
  '/system/tag-groups': { section: 'system', label: 'tagGroups', icon: 'tagGroups' },
  '/system/export-jobs': { section: 'system', label: 'exportJobs', icon: 'exportJobs' },
  '/system/connection': { section: 'system', label: 'connection', icon: 'connection' },
  '/companymanagement/users': { section: 'company', label: 'users', icon: 'users' },
  '/companymanagement/user-groups': { section: 'company', label: 'userGroups', icon: 'groups' },
  '/companymanagement/tasks': { section: 'company', label: 'tasks', icon: 'tasks' },
  '/invoicing/shipments': { section: 'company', label: 'invoicingShipments', icon: 'invoicing' },
  '/invoicing/pricecalculator': { section: 'company', label: 'priceCalculator', icon: 'priceCalculator' },
  '/companymanagement/payment': { section: 'company', label: 'payment', icon: 'payment' },
  '/smp-admin/invoice-report': { section: 'admin', label: 'invoiceReport', icon: 'invoiceReport' },
  '/cfc/invoice-report': { section: 'admin', label: 'cfcInvoiceReport', icon: 'invoiceReport' },
  '/companymanagement/company': { section: 'company', label: 'company', icon: 'company' },
  '/log/protocol': { section: 'log', label: 'protocol', icon: 'log' },
  '/smp-admin/customers': { section: 'admin', label: 'customers', icon: 'customers' },
  '/cfc/customers': { section: 'admin', label: 'customers', icon: 'customers' },
  '/smp-admin/tariffs': { section: 'admin', label: 'tariffs', icon: 'tariffs' },
  '/cfc/tariffs': { section: 'admin', label: 'tariffs', icon: 'tariffs' },
  '/invoicing/tariffs': { section: 'company', label: 'myTariffs', icon: 'tariffBookings' },
  '/cfc/tariff-bookings': { section: 'company', label: 'tariffBookings', icon: 'tariffBookings' },
  '/smp-admin/users': { section: 'admin', label: 'platformUsers', icon: 'adminUsers' },
  '/smp-admin/release-list': { section: 'admin', label: 'releaseList', icon: 'releases' },
  '/cfc/releases': { section: 'admin', label: 'cfcReleases', icon: 'releases' },
  '/cfc/release-notes': { section: 'admin', label: 'cfcReleaseNotes', icon: 'releaseNotes' },
  '/smp-admin/edit-faq': { section: 'admin', label: 'editFaq', icon: 'editText' },
  '/smp-admin/edit-glossar': { section: 'admin', label: 'editGlossary', icon: 'editText' },
  '/smp-admin/edit-errors': { section: 'admin', label: 'editErrors', icon: 'editText' },
  '/smp-admin/edit-tender-guide': { section: 'admin', label: 'editTenderGuide', icon: 'editText' },
  '/smp-admin/edit-first-steps': { section: 'admin', label: 'editFirstSteps', icon: 'editText' },
  '/smp-admin/edit-welcome': { section: 'admin', label: 'editWelcome', icon: 'editText' },
  '/smp-admin/edit-tutorial': { section: 'admin', label: 'editTutorial', icon: 'editText' },
  '/cfc/help-texts': { section: 'admin', label: 'helpTexts', icon: 'helpTexts' },
  '/smp-admin/outbox': { section: 'admin', label: 'outbox', icon: 'contact' },
  '/emission-db': { section: 'emissionDb', label: 'emissionDb', icon: 'emissionDb' },
  '/emission-db/activity-list': { section: 'emissionDb', label: 'activityList', icon: 'activities' },
  '/emission-db/customer-factor-list': {
    section: 'emissionDb',
    label: 'customerFactorList',
    icon: 'customerFactors',
  },
  '/emission-db/import-factors': { section: 'emissionDb', label: 'importFactors', icon: 'importFactors' },
  '/emission-db/provider-access': { section: 'emissionDb', label: 'providerAccess', icon: 'providerAccess' },
  '/emission-db/sources': { section: 'emissionDb', label: 'emissionSources', icon: 'sources' },
  '/profile/profile': { section: 'account', label: 'profile', icon: 'profile' },
  '/help/first-steps': { section: 'help', label: 'firstSteps', icon: 'firstSteps' },
  '/help/faq': { section: 'help', label: 'faq', icon: 'faq' },
  '/help/glossar': { section: 'help', label: 'glossary', icon: 'glossary' },
  '/help/errors': { section: 'help', label: 'errorHelp', icon: 'errorHelp' },
  '/help/tender-guide': { section: 'help', label: 'tenderGuide', icon: 'tenderGuide' },
  '/help/release-notes': { section: 'help', label: 'releaseNotes', icon: 'releaseNotes' },
  '/help/contact': { section: 'help', label: 'contact', icon: 'contact' },
  '/help/attribution': { section: 'help', label: 'attribution', icon: 'attribution' },
};

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

/** The sidebar entry of a screen's path, if it has one. */
export function navOf(path: string): ScreenNav | undefined {
  return SCREEN_NAV[path as ScreenPath];
}

const NAV_SCREENS: readonly (Screen & { nav: ScreenNav })[] = SCREENS.flatMap((screen) => {
  const nav = navOf(screen.path);
  return nav ? [{ ...screen, nav }] : [];
});

/** The signed-in screens in the sidebar, in registry order. */
export function navScreens(): readonly (Screen & { nav: ScreenNav })[] {
  return NAV_SCREENS;
}

/**
 * Where `/` leads: the home the server computed for the selected module (seed 000 §2). While that
 * module's screens are not part of the app yet, the first allowed sidebar screen is used instead.
 */
export function rootTarget(home: string, routes: readonly string[]): string {
  if (NAV_SCREENS.some((s) => s.path === home)) return home;
  return NAV_SCREENS.find((s) => routes.includes(s.path))?.path ?? '/profile/profile';
}
