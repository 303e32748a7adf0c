import {
  TAX_ADMIN_ROLES,
  TAX_WRITE_ROLES,
  isCompanyAdmin,
  isReadOnlyUser,
  platformSchemas,
  taxStatusOf,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, hasAnyRole, isPlatformAdmin } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { bookingTerms, todayIn } from '../tariffs/index.ts';
import * as repo from './taxonomy.repository.ts';

/**
 * What the actor may do with each financial year (seed 001 §6): module admins and company admins
 * reach every year; users and read-only users through their group's tax rights (all or selected
 * tax years, read or write), plus read access to the years of a review they are granted. A year in
 * review is frozen for everyone; a trial that ran out (or no tax tariff) leaves reading only
 * (seed 001 §4), except for the platform admin.
 */
export type TaxAccess = {
  isYearAdmin: boolean;
  /** Why nothing can be written, whatever the year (null: writing is possible). */
  blocked: 'readOnly' | 'taxTrialExpired' | null;
  readable: (y: repo.YearRow) => boolean;
  writable: (y: repo.YearRow) => boolean;
};

export async function taxAccess(ctx: AppContext, actor: Actor, timeZone?: string): Promise<TaxAccess> {
  const companyId = actor.companyId;
  const isYearAdmin = isCompanyAdmin(actor.roles) || hasAnyRole(actor, TAX_ADMIN_ROLES);
  let years: number[] | null = null;
  let review: number[] = [];
  let groupRead = true;
  let groupWrite = true;
  if (!isYearAdmin && actor.groupId) {
    const group = await repo.groupTaxRights(ctx.db, companyId, actor.groupId);
    if (group && group.activeModules.includes('tax')) {
      const rights = platformSchemas.userGroupRights.parse(group.rights).tax;
      years = rights.years ?? null;
      review = rights.reviewYears ?? [];
      groupRead = rights.read !== false;
      groupWrite = rights.write !== false;
    }
  }
  const bookings = await bookingTerms(ctx.db, companyId);
  const tax = bookings
    .filter((b) => b.module === 'tax')
    .map((b) => ({ ...b, type: b.type as 'default' | 'limited' | 'payPerUse' }));
  // A company without any booking keeps its stored modules (tariffs module); otherwise the tax state.
  const state = bookings.length ? taxStatusOf(tax, todayIn(timeZone)).taxType : null;
  const byPlatformAdmin =
    isPlatformAdmin(actor) ||
    (actor.impersonator !== null && (await repo.isPlatformAdminUser(ctx.db, actor.impersonator.id)));
  const expired = (state === 'EXPIRED' || state === 'RESTRICTED') && !byPlatformAdmin;
  const blocked =
    isReadOnlyUser(actor.roles) || !hasAnyRole(actor, TAX_WRITE_ROLES)
      ? 'readOnly'
      : expired
        ? 'taxTrialExpired'
        : null;
  const inGroup = (y: repo.YearRow) => groupRead && (years === null || years.includes(y.taxYear));
  return {
    isYearAdmin,
    blocked,
    readable: (y) => inGroup(y) || (y.inReview && review.includes(y.taxYear)),
    writable: (y) => blocked === null && !y.inReview && inGroup(y) && groupWrite,
  };
}

export function assertCanWrite(access: TaxAccess): void {
  if (access.blocked) throw new AppError(access.blocked);
}

/** A year the actor may change: unknown or unreadable ones are not found; others refuse with 50500. */
export function assertYearWritable(access: TaxAccess, year: repo.YearRow | null): repo.YearRow {
  assertCanWrite(access);
  if (!year || !access.readable(year)) throw new AppError('notFound');
  if (!access.writable(year)) throw new AppError('TaxFinancialYearNotWritable', { taxYear: year.taxYear });
  return year;
}

export async function readableYears(ctx: AppContext, actor: Actor, access: TaxAccess) {
  const rows = await repo.listYears(ctx.db, actor.companyId);
  return rows.filter((r) => access.readable(r.year));
}
