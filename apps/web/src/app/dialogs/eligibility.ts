import { expandRoles, moduleOfRole, type Role } from '@klimadesk/contract/platform/roles';
import type { Me } from '@klimadesk/contract/platform/schemas';

/** Roles that may call the unlock endpoint. */
const UNLOCK_ROLES: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN', 'ROLE_SMP_ADMIN'];

/**
 * The unlock wizard is for basic companies that are not unlocked yet, and not for read-only
 * freight users (seed 002 §4).
 */
export function canUnlock(me: Pick<Me, 'roles' | 'company'>): boolean {
  if (!me.company.isBasic || me.company.unlocked) return false;
  const roles = expandRoles(me.roles);
  const freightReadOnly =
    (roles.has('ROLE_CFT_READ_ONLY') || roles.has('ROLE_CFT_READ_ONLY_EXTERNAL')) &&
    !roles.has('ROLE_CFT_USER');
  if (freightReadOnly && !me.roles.includes('ROLE_COMPANY_ADMIN')) return false;
  return me.roles.some((r) => UNLOCK_ROLES.includes(r));
}

/**
 * The user has roles of a module, but the company has no booking for any of them. Roles count with
 * those they include (a CSRD role holds VSME's, issue 40), as the API's booking check does.
 */
export function moduleNotBooked(me: Pick<Me, 'roles' | 'modules' | 'company'>, selected?: string): boolean {
  const roleModules = new Set([...expandRoles(me.roles)].map(moduleOfRole).filter((m) => m !== null));
  if (roleModules.size === 0) return false;
  // Booked modules of the user's roles: `me.modules` would not do, the platform admin may select every module.
  if (![...roleModules].some((m) => me.company.modules.includes(m))) return true;
  return (
    selected !== undefined &&
    roleModules.has(selected as never) &&
    !me.company.modules.includes(selected as never)
  );
}
