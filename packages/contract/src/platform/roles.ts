/**
 * Roles of seed 000 section 6. Module roles exist for each of CFC, CFT, TAX and CSRD, and for VSME,
 * the VSME report that may be booked alone (issue 40).
 */
export const MODULES = ['cft', 'cfc', 'tax', 'csrd', 'vsme'] as const;
export type ModuleCode = (typeof MODULES)[number];

/**
 * Modules another module's booking includes (issue 40, docs/decisions/0017): the CSRD module holds
 * the VSME report, so a CSRD booking runs VSME too and each CSRD role has the VSME role of its level
 * (`ROLE_HIERARCHY`). VSME booked alone gives nothing of CSRD.
 */
export const INCLUDED_MODULES: Partial<Record<ModuleCode, readonly ModuleCode[]>> = { csrd: ['vsme'] };

/** The modules with those they include, in module order. */
export function withIncludedModules(modules: readonly ModuleCode[]): ModuleCode[] {
  const out = new Set(modules);
  for (const m of modules) for (const included of INCLUDED_MODULES[m] ?? []) out.add(included);
  return MODULES.filter((m) => out.has(m));
}

/** Whether `module` is worked in inside `host` (the VSME screens inside the CSRD module). */
export function includesModule(host: ModuleCode | null, module: ModuleCode): boolean {
  return host !== null && (INCLUDED_MODULES[host] ?? []).includes(module);
}

export const ROLES = [
  'ROLE_SMP_ADMIN',
  'ROLE_COMPANY_ADMIN',
  'ROLE_CFC_ADMIN',
  'ROLE_CFC_USER',
  'ROLE_CFC_READ_ONLY',
  'ROLE_CFT_ADMIN',
  'ROLE_CFT_USER',
  'ROLE_CFT_READ_ONLY',
  'ROLE_CFT_READ_ONLY_EXTERNAL',
  'ROLE_TAX_ADMIN',
  'ROLE_TAX_USER',
  'ROLE_TAX_READ_ONLY',
  'ROLE_CSRD_ADMIN',
  'ROLE_CSRD_USER',
  'ROLE_CSRD_READ_ONLY',
  'ROLE_VSME_ADMIN',
  'ROLE_VSME_USER',
  'ROLE_VSME_READ_ONLY',
] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function moduleRoles(module: ModuleCode): Role[] {
  const prefix = `ROLE_${module.toUpperCase()}_`;
  return ROLES.filter((r) => r.startsWith(prefix));
}

export function moduleOfRole(role: Role): ModuleCode | null {
  const m = /^ROLE_(CFC|CFT|TAX|CSRD|VSME)_/.exec(role);
  return m ? (m[1].toLowerCase() as ModuleCode) : null;
}

/** Modules in which `roles` hold more than one role: a user has one role per module (issue 37). */
export function modulesWithSeveralRoles(roles: readonly Role[]): ModuleCode[] {
  const counts = new Map<ModuleCode, number>();
  for (const r of new Set(roles)) {
    const m = moduleOfRole(r);
    if (m) counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  return MODULES.filter((m) => (counts.get(m) ?? 0) > 1);
}

/** The role hierarchy served to the web app; a role implies the roles listed under it. */
export const ROLE_HIERARCHY: Record<Role, Role[]> = {
  ROLE_SMP_ADMIN: ['ROLE_COMPANY_ADMIN'],
  ROLE_COMPANY_ADMIN: [],
  ROLE_CFC_ADMIN: ['ROLE_CFC_USER'],
  ROLE_CFC_USER: ['ROLE_CFC_READ_ONLY'],
  ROLE_CFC_READ_ONLY: [],
  ROLE_CFT_ADMIN: ['ROLE_CFT_USER'],
  ROLE_CFT_USER: ['ROLE_CFT_READ_ONLY'],
  ROLE_CFT_READ_ONLY: [],
  ROLE_CFT_READ_ONLY_EXTERNAL: [],
  ROLE_TAX_ADMIN: ['ROLE_TAX_USER'],
  ROLE_TAX_USER: ['ROLE_TAX_READ_ONLY'],
  ROLE_TAX_READ_ONLY: [],
  // A CSRD role holds the VSME role of its level: the CSRD module includes the VSME report.
  ROLE_CSRD_ADMIN: ['ROLE_CSRD_USER', 'ROLE_VSME_ADMIN'],
  ROLE_CSRD_USER: ['ROLE_CSRD_READ_ONLY', 'ROLE_VSME_USER'],
  ROLE_CSRD_READ_ONLY: ['ROLE_VSME_READ_ONLY'],
  ROLE_VSME_ADMIN: ['ROLE_VSME_USER'],
  ROLE_VSME_USER: ['ROLE_VSME_READ_ONLY'],
  ROLE_VSME_READ_ONLY: [],
};

/** All roles a set of roles implies, the roles themselves included. */
export function expandRoles(roles: readonly Role[]): Set<Role> {
  const out = new Set<Role>();
  const stack = [...roles];
  while (stack.length) {
    const r = stack.pop() as Role;
    if (out.has(r)) continue;
    out.add(r);
    stack.push(...ROLE_HIERARCHY[r]);
  }
  return out;
}

export function hasRole(roles: readonly Role[], role: Role): boolean {
  return expandRoles(roles).has(role);
}

export function isReadOnlyRole(role: Role): boolean {
  return role.endsWith('_READ_ONLY') || role === 'ROLE_CFT_READ_ONLY_EXTERNAL';
}

/** A company admin or platform admin counts as an admin user of a company (seed 000 §6). */
export function isCompanyAdmin(roles: readonly Role[]): boolean {
  return roles.includes('ROLE_COMPANY_ADMIN') || roles.includes('ROLE_SMP_ADMIN');
}

export function isModuleAdmin(roles: readonly Role[], module: ModuleCode): boolean {
  return roles.includes(`ROLE_${module.toUpperCase()}_ADMIN` as Role);
}

/** Module admin by a role or one that includes it (the CSRD admin administers VSME too). */
function administers(roles: readonly Role[], module: ModuleCode): boolean {
  return expandRoles(roles).has(`ROLE_${module.toUpperCase()}_ADMIN` as Role);
}

/**
 * The roles a user may grant: platform admin grants the SMP admin role, company admin grants
 * the company admin role, a module admin grants that module's roles (seed 000 §6).
 */
export function grantableRoles(granterRoles: readonly Role[]): Role[] {
  const out = new Set<Role>();
  if (granterRoles.includes('ROLE_SMP_ADMIN')) {
    // The platform admin manages every customer, so every role is grantable by them.
    for (const r of ROLES) out.add(r);
  }
  if (granterRoles.includes('ROLE_COMPANY_ADMIN')) out.add('ROLE_COMPANY_ADMIN');
  for (const m of MODULES) {
    if (administers(granterRoles, m)) for (const r of moduleRoles(m)) out.add(r);
  }
  return ROLES.filter((r) => out.has(r));
}

/** Whether a role change from `before` to `after` touches only roles the granter may grant. */
export function canChangeRoles(
  granterRoles: readonly Role[],
  before: readonly Role[],
  after: readonly Role[],
): boolean {
  const allowed = new Set(grantableRoles(granterRoles));
  const changed = [...before.filter((r) => !after.includes(r)), ...after.filter((r) => !before.includes(r))];
  return changed.every((r) => allowed.has(r));
}

/**
 * Whether the granter could grant each of the target's roles: the bar for changing another user's
 * credentials and for acting as them (issue 32), so neither reaches beyond the granter's own rights.
 */
export function canGrantAll(granterRoles: readonly Role[], targetRoles: readonly Role[]): boolean {
  const allowed = new Set(grantableRoles(granterRoles));
  return targetRoles.every((r) => allowed.has(r));
}

/**
 * Whether a user may act as another: a platform admin as anyone, a company admin as a user of the
 * own company; either only as a user whose every role they could grant. The session check asks it
 * again on every request, so an impersonation ends once the impersonator loses what allowed it.
 */
export function mayImpersonate(
  actorRoles: readonly Role[],
  targetRoles: readonly Role[],
  sameCompany: boolean,
): boolean {
  const allowedHere = actorRoles.includes('ROLE_SMP_ADMIN') || (sameCompany && isCompanyAdmin(actorRoles));
  return allowedHere && canGrantAll(actorRoles, targetRoles);
}

/**
 * Modules a user can work in: those with a role of theirs (or one that includes it) and booked by
 * the company (or included in a booked one). A module included in another the user works in is
 * not offered on its own: its screens are in the including module (VSME in CSRD). The platform
 * admin may select every module: their routes there are the provider's (`/cfc/customers`, …, seed
 * 002 §2), whatever their own company books.
 */
export function userModules(roles: readonly Role[], companyModules: readonly ModuleCode[]): ModuleCode[] {
  if (roles.includes('ROLE_SMP_ADMIN')) return [...MODULES];
  const effective = [...expandRoles(roles)];
  const booked = withIncludedModules(companyModules);
  const held = MODULES.filter((m) => booked.includes(m) && effective.some((r) => moduleOfRole(r) === m));
  return held.filter((m) => !held.some((host) => includesModule(host, m)));
}

/**
 * With one module available it is chosen; with several, taxonomy wins (seed 000 §6). The platform
 * admin, who may select every module, starts in those of their own module roles, else in the
 * freight tool, where the provider area lies (`/smp-admin`, seed 000 §2).
 */
export function chooseModule(
  available: readonly ModuleCode[],
  preferred?: ModuleCode | null,
  roles: readonly Role[] = [],
): ModuleCode | null {
  if (preferred && available.includes(preferred)) return preferred;
  if (available.length === 0) return null;
  if (roles.includes('ROLE_SMP_ADMIN')) {
    const own = available.filter((m) => roles.some((r) => moduleOfRole(r) === m));
    return chooseModule(own.length ? own : available.filter((m) => m === 'cft'));
  }
  if (available.length === 1) return available[0];
  if (available.includes('tax')) return 'tax';
  return available[0];
}
