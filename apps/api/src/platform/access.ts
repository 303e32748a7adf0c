import {
  type Access,
  type ModuleCode,
  type Role,
  accessAnswer,
  expandRoles,
  isCompanyAdmin,
  isReadOnlyUser,
} from '@klimadesk/contract';
import { AppError } from './errors.ts';
import { type CompanyId, asCompanyId } from './tenant.ts';

/** The signed-in user as every use case sees it. */
export type Actor = {
  sessionId: string;
  userId: string;
  companyId: CompanyId;
  email: string;
  roles: Role[];
  impersonator: { id: string; email: string } | null;
  company: { isBasic: boolean; modules: ModuleCode[]; isPlatform: boolean };
  /** The user's group (at most one, seed 000 §3), read with the session; absent for API keys. */
  groupId?: string | null;
};

export function isPlatformAdmin(actor: Actor): boolean {
  return actor.roles.includes('ROLE_SMP_ADMIN');
}

export { isReadOnlyUser };

export function hasAnyRole(actor: Actor, roles: readonly Role[]): boolean {
  const effective = expandRoles(actor.roles);
  return roles.some((r) => effective.has(r));
}

/** The access check run before every handler, from the route table entry. */
export function checkAccess(actor: Actor | null, access: Access, write: boolean): asserts actor is Actor {
  const answer = accessAnswer(actor?.roles ?? null, access, write);
  if (answer !== 'allowed') throw new AppError(answer);
}

/**
 * A route of a module needs a running booking of it by the actor's company (seed 001 §6: "the
 * module is not booked"). The platform admin acts for the provider in every module, as they may
 * continue past the web app's not-booked dialog; an impersonated user is checked as that user.
 */
export async function checkModuleBooked(
  actor: Actor,
  module: ModuleCode,
  bookedModules: (actor: Actor) => Promise<readonly ModuleCode[]>,
): Promise<void> {
  if (isPlatformAdmin(actor)) return;
  if (!(await bookedModules(actor)).includes(module)) throw new AppError('moduleNotBooked', { module });
}

/**
 * Platform admins may act on any company; everyone else only on their own. Answers the id as a
 * `CompanyId`: this check is the one place where an id from a request becomes a tenant id.
 */
export function assertCompanyAccess(actor: Actor, companyId: string): CompanyId {
  if (actor.companyId === companyId || isPlatformAdmin(actor)) return asCompanyId(companyId);
  // Answer as if the object did not exist, so ids of other companies reveal nothing.
  throw new AppError('notFound');
}

export function assertCompanyAdmin(actor: Actor): void {
  if (!isCompanyAdmin(actor.roles)) throw new AppError('noRights');
}
