/** What every CSRD use case shares: the company check, instants and the deletion window. */
import { CSRD_CATEGORIES, CSRD_RESTORE_HOURS, type CsrdCategory, type Role } from '@klimadesk/contract';
import { type Actor, hasAnyRole, isReadOnlyUser } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { CompanyId } from '../../platform/tenant.ts';

const READ: Role[] = ['ROLE_CSRD_READ_ONLY'];
const WRITE: Role[] = ['ROLE_CSRD_USER'];

/**
 * The company a CSRD use case works in, after the module's own check (the route table checked the
 * role already; this keeps a service call from elsewhere honest): read, or write and not read-only.
 */
export function csrdCompany(actor: Actor, write = false): CompanyId {
  if (!actor.companyId) throw new AppError('InvalidRequestNoCompany');
  if (!hasAnyRole(actor, write ? WRITE : READ)) throw new AppError('noRights');
  if (write && isReadOnlyUser(actor.roles)) throw new AppError('readOnly');
  return actor.companyId;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Seed 001 §4: deletion sets deletedAt to now plus one day; restore clears it. */
export const deletionInstant = (now = new Date()) => new Date(now.getTime() + CSRD_RESTORE_HOURS * 3_600_000);

/** A write to an analysis or report marked for deletion fails until it is restored. */
export function assertActive(row: { deletedAt: Date | null }) {
  if (row.deletedAt) throw new AppError('SaveFailed', { reason: 'markedForDeletion' });
}

/** The categories before and after one (the page's arrows). */
export function neighbours(category: CsrdCategory) {
  const i = CSRD_CATEGORIES.indexOf(category);
  return {
    previousCategory: i > 0 ? CSRD_CATEGORIES[i - 1] : null,
    nextCategory: i < CSRD_CATEGORIES.length - 1 ? CSRD_CATEGORIES[i + 1] : null,
  };
}
