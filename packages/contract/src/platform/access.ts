import type { Access } from '../http.ts';
import { type Role, expandRoles, isReadOnlyRole } from './roles.ts';

/** Only read-only roles: such a user can never upload, create or change (seed 000 §6). */
export function isReadOnlyUser(roles: readonly Role[]): boolean {
  return roles.length > 0 && roles.every(isReadOnlyRole);
}

export type AccessAnswer = 'allowed' | 'sessionInvalid' | 'readOnly' | 'noRights';

/**
 * The one access rule of a route-table entry, for roles of a signed-in user (null: none). The API
 * runs it before every handler; the web app asks it to show or hide what a user may not call.
 */
export function accessAnswer(roles: readonly Role[] | null, access: Access, write: boolean): AccessAnswer {
  if (access === 'public') return 'allowed';
  if (!roles) return 'sessionInvalid';
  if (write && isReadOnlyUser(roles)) return 'readOnly';
  if (access === 'session') return 'allowed';
  const effective = expandRoles(roles);
  return access.some((r) => effective.has(r)) ? 'allowed' : 'noRights';
}
