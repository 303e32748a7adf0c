import {
  type ModuleCode,
  type Role,
  chooseModule,
  expandRoles,
  includesModule,
  userModules,
} from './roles.ts';

/**
 * One entry per web route. `roles` lists the roles of which the user needs one (after the role
 * hierarchy is expanded); an empty list means every signed-in user. `module` ties a route to the
 * selected module (or a module that includes it: the VSME screens show in CSRD as well); `null`
 * routes belong to the platform and are shown in every module.
 */
export type WebRoute = {
  path: string;
  module: ModuleCode | null;
  roles: readonly Role[];
  /** Only for companies of the professional edition. */
  proOnly?: boolean;
  /** Only for the special partner variant (hidden flag). */
  partnerOnly?: boolean;
  /** Shown in the sidebar (detail and edit pages are not). */
  nav?: boolean;
};

const CFT_RO: Role[] = ['ROLE_CFT_READ_ONLY'];
const CFT_USER: Role[] = ['ROLE_CFT_USER'];
const CFT_ADMIN: Role[] = ['ROLE_CFT_ADMIN'];
const COMPANY_ADMIN: Role[] = ['ROLE_COMPANY_ADMIN'];
const SMP: Role[] = ['ROLE_SMP_ADMIN'];

/** Web routes of the platform and the freight tool (seed 000 §2 and the role effects of §6). */
export const WEB_ROUTES: WebRoute[] = [
  { path: '/dashboard/tour', module: 'cft', roles: [...CFT_RO, 'ROLE_CFT_READ_ONLY_EXTERNAL'], nav: true },
  { path: '/dashboard/shipment', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/fleetmanagement/vehicles', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/fleetmanagement/trailer', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/system/mappings', module: 'cft', roles: CFT_USER, nav: true },
  { path: '/system/connection', module: 'cft', roles: CFT_USER, proOnly: true, nav: true },
  { path: '/system/import-tasks', module: 'cft', roles: CFT_USER, nav: true },
  { path: '/system/tour-codes', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/system/tag-groups', module: 'cft', roles: CFT_USER, nav: true },
  { path: '/system/export-jobs', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/tours', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/shipments', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/shipments/{id}', module: 'cft', roles: CFT_RO },
  { path: '/invoicing/shipments', module: 'cft', roles: CFT_ADMIN, proOnly: true, nav: true },
  { path: '/invoicing/pricecalculator', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/invoicing/tariffs', module: null, roles: COMPANY_ADMIN, nav: true },
  { path: '/basic/orders', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/basic/overview', module: 'cft', roles: CFT_RO, nav: true },
  { path: '/basic/orders/new', module: 'cft', roles: CFT_USER },
  { path: '/basic/orders/edit/{id}', module: 'cft', roles: CFT_USER },
  { path: '/basic/orders/alternatives/new', module: 'cft', roles: CFT_USER },
  { path: '/basic/orders/{id}/alternatives', module: 'cft', roles: CFT_RO },
  { path: '/basic/import-log', module: 'cft', roles: CFT_RO, partnerOnly: true, nav: true },
  { path: '/companymanagement/users', module: null, roles: [...COMPANY_ADMIN, ...CFT_ADMIN], nav: true },
  { path: '/companymanagement/user-groups', module: null, roles: COMPANY_ADMIN, nav: true },
  { path: '/companymanagement/company', module: null, roles: COMPANY_ADMIN, nav: true },
  { path: '/companymanagement/payment', module: null, roles: COMPANY_ADMIN, nav: true },
  // Tasks are the company's, read by every module role (the tasks contract's TASK_READ_ROLES).
  {
    path: '/companymanagement/tasks',
    module: null,
    roles: [
      ...COMPANY_ADMIN,
      'ROLE_CFT_READ_ONLY',
      'ROLE_CFC_READ_ONLY',
      'ROLE_TAX_READ_ONLY',
      'ROLE_CSRD_READ_ONLY',
      'ROLE_VSME_READ_ONLY',
    ],
    nav: true,
  },
  { path: '/profile/profile', module: null, roles: [], nav: true },
  // The user action log is the company admin's (the platform admin's across companies), like its call.
  { path: '/log/protocol', module: null, roles: COMPANY_ADMIN, nav: true },
  { path: '/help/first-steps', module: null, roles: [], nav: true },
  { path: '/help/faq', module: null, roles: [], nav: true },
  { path: '/help/glossar', module: null, roles: [], nav: true },
  { path: '/help/errors', module: null, roles: [], nav: true },
  { path: '/help/tender-guide', module: 'cft', roles: [], nav: true },
  { path: '/help/release-notes', module: null, roles: [], nav: true },
  { path: '/help/contact', module: null, roles: [], nav: true },
  { path: '/help/attribution', module: null, roles: [], nav: true },
  { path: '/cfc/home', module: 'cfc', roles: ['ROLE_CFC_READ_ONLY'], nav: true },
  { path: '/cfc/customers', module: 'cfc', roles: SMP, nav: true },
  { path: '/cfc/tariffs', module: 'cfc', roles: SMP, nav: true },
  { path: '/cfc/tariff-bookings', module: 'cfc', roles: COMPANY_ADMIN, nav: true },
  { path: '/cfc/releases', module: 'cfc', roles: SMP, nav: true },
  { path: '/cfc/release-notes', module: 'cfc', roles: SMP, nav: true },
  // The carbon footprint's own screens (seed 001 §2, issue 19): settings are the CFC admin's, reports
  // and their editor every CFC role's (what a group may see is the API's access rights).
  { path: '/cfc/business-units/list', module: 'cfc', roles: ['ROLE_CFC_READ_ONLY'], nav: true },
  { path: '/cfc/edit/{businessUnitUrlId}/{year}', module: 'cfc', roles: ['ROLE_CFC_READ_ONLY'] },
  { path: '/cfc/edit/{businessUnitUrlId}/{year}/{section}', module: 'cfc', roles: ['ROLE_CFC_READ_ONLY'] },
  { path: '/cfc/settings', module: 'cfc', roles: ['ROLE_CFC_ADMIN'], nav: true },
  { path: '/cfc/settings/scope', module: 'cfc', roles: ['ROLE_CFC_ADMIN'] },
  { path: '/cfc/settings/base-year', module: 'cfc', roles: ['ROLE_CFC_ADMIN'] },
  { path: '/cfc/settings/business-units', module: 'cfc', roles: ['ROLE_CFC_ADMIN'] },
  { path: '/cfc/company-settings', module: 'cfc', roles: ['ROLE_CFC_ADMIN'], nav: true },
  { path: '/cfc/user-profile', module: 'cfc', roles: [] },
  { path: '/cfc/users', module: 'cfc', roles: [...COMPANY_ADMIN, 'ROLE_CFC_ADMIN'] },
  { path: '/cfc/user-groups', module: 'cfc', roles: COMPANY_ADMIN, nav: true },
  { path: '/cfc/company-details', module: 'cfc', roles: COMPANY_ADMIN },
  { path: '/cfc/contact', module: 'cfc', roles: [] },
  { path: '/cfc/tutorial', module: 'cfc', roles: [], nav: true },
  { path: '/taxonofy/home', module: 'tax', roles: ['ROLE_TAX_READ_ONLY'], nav: true },
  // The taxonomy screens of seed 001 §2 (issue 20); the texts of criteria, DNSH and help are the provider's.
  { path: '/taxonofy/overview', module: 'tax', roles: ['ROLE_TAX_READ_ONLY'], nav: true },
  { path: '/taxonofy/activity/new/{subPage}', module: 'tax', roles: ['ROLE_TAX_USER'] },
  { path: '/taxonofy/activity/{id}/{subPage}', module: 'tax', roles: ['ROLE_TAX_READ_ONLY'] },
  { path: '/taxonofy/activity/{id}/{subPage}/{critId}', module: 'tax', roles: ['ROLE_TAX_READ_ONLY'] },
  {
    path: '/taxonofy/activity/{id}/{subPage}/{critId}/dnsh/{dnshId}',
    module: 'tax',
    roles: ['ROLE_TAX_READ_ONLY'],
  },
  { path: '/taxonofy/financial-year', module: 'tax', roles: ['ROLE_TAX_READ_ONLY'], nav: true },
  { path: '/taxonofy/tags', module: 'tax', roles: ['ROLE_TAX_USER'], nav: true },
  { path: '/taxonofy/info', module: 'tax', roles: ['ROLE_TAX_READ_ONLY'], nav: true },
  { path: '/taxonofy/tutorial', module: 'tax', roles: ['ROLE_TAX_READ_ONLY'], nav: true },
  { path: '/taxonofy/edit-criteria', module: 'tax', roles: SMP, nav: true },
  { path: '/taxonofy/edit-dnsh', module: 'tax', roles: SMP, nav: true },
  { path: '/taxonofy/edit-help', module: 'tax', roles: SMP, nav: true },
  { path: '/csrd/home', module: 'csrd', roles: ['ROLE_CSRD_READ_ONLY'], nav: true },
  // Reporting (seed 001 §2): read-only users see every screen, the writes check USER/ADMIN.
  { path: '/csrd/user-profile', module: 'csrd', roles: ['ROLE_CSRD_READ_ONLY'] },
  { path: '/materiality/overview', module: 'csrd', roles: ['ROLE_CSRD_READ_ONLY'], nav: true },
  { path: '/materiality/{id}/inventory', module: 'csrd', roles: ['ROLE_CSRD_READ_ONLY'] },
  { path: '/materiality/{id}/{category}/{scope}', module: 'csrd', roles: ['ROLE_CSRD_READ_ONLY'] },
  { path: '/csrd-report/overview', module: 'csrd', roles: ['ROLE_CSRD_READ_ONLY'], nav: true },
  { path: '/csrd-report/{id}/indicators', module: 'csrd', roles: ['ROLE_CSRD_READ_ONLY'] },
  { path: '/csrd-report/{id}/{category}/{scope}', module: 'csrd', roles: ['ROLE_CSRD_READ_ONLY'] },
  // VSME reports (issue 40): a module of its own, shown inside CSRD for its users (INCLUDED_MODULES).
  { path: '/vsme-report/overview', module: 'vsme', roles: ['ROLE_VSME_READ_ONLY'], nav: true },
  { path: '/vsme-report/{id}', module: 'vsme', roles: ['ROLE_VSME_READ_ONLY'] },
  { path: '/smp-admin', module: null, roles: SMP, nav: true },
  { path: '/cfc/smp-admin', module: 'cfc', roles: SMP, nav: true },
  { path: '/smp-admin/customers', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/users', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/invoice-report', module: null, roles: SMP, nav: true },
  { path: '/cfc/invoice-report', module: 'cfc', roles: SMP, nav: true },
  { path: '/smp-admin/tariffs', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/release-list', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/edit-faq', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/edit-glossar', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/edit-errors', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/edit-tender-guide', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/edit-first-steps', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/edit-welcome', module: null, roles: SMP, nav: true },
  { path: '/smp-admin/edit-tutorial', module: null, roles: SMP, nav: true },
  { path: '/cfc/help-texts', module: 'cfc', roles: SMP, nav: true },
  { path: '/smp-admin/outbox', module: null, roles: SMP, nav: true },
  // The emission database of the carbon footprint (seed 002 §2): the provider maintains it from any
  // module, as the other admin areas; a company of the CFC module keeps its own factors in the
  // customer factor list (issue 18).
  { path: '/emission-db', module: null, roles: SMP, nav: true },
  { path: '/emission-db/navigation', module: null, roles: SMP },
  { path: '/emission-db/activity-list', module: null, roles: SMP, nav: true },
  {
    path: '/emission-db/customer-factor-list',
    module: 'cfc',
    roles: [...SMP, 'ROLE_CFC_READ_ONLY'],
    nav: true,
  },
  { path: '/emission-db/import-factors', module: null, roles: SMP, nav: true },
  { path: '/emission-db/provider-access', module: null, roles: SMP, nav: true },
  { path: '/emission-db/sources', module: null, roles: SMP, nav: true },
  { path: '/emission-db/edit-activity/new', module: null, roles: SMP },
  { path: '/emission-db/edit-activity/{activityId}', module: null, roles: SMP },
  { path: '/emission-db/edit-activity/{activityId}/new-factor', module: null, roles: SMP },
  { path: '/emission-db/edit-activity/{activityId}/{factorId}', module: null, roles: SMP },
];

/** Public routes every visitor may open (seed 000 §2). */
export const PUBLIC_ROUTES = [
  '/login',
  '/register',
  '/register/confirm',
  '/confirm-email',
  '/request-reset-password',
  '/reset-password/{token}',
  '/404',
] as const;

export type RouteContext = {
  roles: readonly Role[];
  isBasic: boolean;
  companyModules: readonly ModuleCode[];
  /** The module the user picked; falls back to the module choice rule. */
  selectedModule?: ModuleCode | null;
  partnerVariant?: boolean;
};

export type RouteList = {
  module: ModuleCode | null;
  modules: ModuleCode[];
  routes: string[];
  home: string;
};

/** The route list of a user: one function for the server (`/users/me`) and the web app. */
export function computeRoutes(ctx: RouteContext): RouteList {
  const effective = expandRoles(ctx.roles);
  const modules = userModules([...effective], ctx.companyModules);
  const module = chooseModule(modules, ctx.selectedModule, [...effective]);
  const routes = WEB_ROUTES.filter((r) => {
    if (r.module !== null && r.module !== module && !includesModule(module, r.module)) return false;
    if (r.proOnly && ctx.isBasic) return false;
    if (r.partnerOnly && !ctx.partnerVariant) return false;
    if (r.roles.length === 0) return true;
    return r.roles.some((role) => effective.has(role));
  }).map((r) => r.path);
  return { module, modules, routes, home: rootRedirect(ctx.roles, ctx.isBasic, module, routes) };
}

/** Where `/` leads (seed 000 §2), with a fallback to the first allowed route. */
export function rootRedirect(
  roles: readonly Role[],
  isBasic: boolean,
  module: ModuleCode | null,
  allowed: readonly string[],
): string {
  const pick = (path: string) => (allowed.includes(path) ? path : null);
  let target: string | null = null;
  if (module === 'cfc') target = pick('/cfc/home');
  else if (module === 'tax') target = pick('/taxonofy/home');
  else if (module === 'csrd') target = pick('/csrd/home');
  else if (module === 'vsme') target = pick('/vsme-report/overview');
  else if (module === 'cft') {
    const effective = expandRoles(roles);
    const readOnly = !effective.has('ROLE_CFT_USER');
    if (readOnly) target = pick(isBasic ? '/basic/orders' : '/dashboard/tour');
    else target = pick('/dashboard/shipment');
  }
  if (!target && roles.includes('ROLE_SMP_ADMIN')) target = pick('/smp-admin/customers');
  return target ?? allowed.find((p) => !p.includes('{')) ?? '/profile/profile';
}

/** Whether a concrete path (e.g. `/basic/orders/edit/42`) matches one of the allowed route patterns. */
export function isPathAllowed(path: string, allowed: readonly string[]): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  return allowed.some((pattern) => {
    if (!pattern.includes('{')) return pattern === clean;
    const re = new RegExp(`^${pattern.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return re.test(clean);
  });
}
