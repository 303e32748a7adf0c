import type { EmissionFilters } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import { isBasicCompany } from '../companies/index.ts';
import { shipperScope } from '../user-groups/index.ts';

/**
 * Who asks and where: the company whose rows are read, the shippers an external read-only user
 * may see (null: all) and the time zone the day filters are read in. Lists, stats, exports and
 * statements all build their WHERE clauses from this and the request's filters, so they agree
 * row for row.
 */
export type FilterScope = {
  companyId: CompanyId;
  shippers: string[] | null;
  timeZone: string;
};

/** Any subset of the shared filters (stats take no free text). */
export type Filters = Partial<EmissionFilters>;

/**
 * The read-only company whose tours and shipments basic companies see (tours.samples.ts writes
 * it at start). It has no users, so nobody signs in to it, and company lists leave it out.
 */
export const SAMPLE_COMPANY_ID = asCompanyId('00000000-0000-4000-8000-000000000001');

/**
 * The company whose tours and shipments an actor reads: a basic company reads the sample
 * company's (seed 000 §6), through the same queries as real data; writes always use the actor's
 * own company, so the sample stays read-only.
 */
export function readCompany(actor: Actor): CompanyId {
  return isBasicCompany(actor) ? SAMPLE_COMPANY_ID : asCompanyId(actor.companyId);
}

/** Whether the rows read in this scope are the sample company's (answers flag them `sample`). */
export const isSample = (scope: Pick<FilterScope, 'companyId'>): boolean =>
  scope.companyId === SAMPLE_COMPANY_ID;

/**
 * The scope of an actor. An explicit `shipper` filter naming a shipper outside an external
 * user's allowed set is refused (`shipperNotAllowed`) rather than silently answered empty, so a
 * crafted request cannot be mistaken for "this shipper has no data". A range whose start lies
 * after its end is refused too (`invalidDateRange`).
 */
export async function resolveFilterScope(
  ctx: AppContext,
  actor: Actor,
  timeZone: string,
  filters: Filters = {},
): Promise<FilterScope> {
  const after = filters['departureDate[after]'];
  const before = filters['departureDate[before]'];
  if (after && before && after > before) throw new AppError('invalidDateRange', { after, before });
  const shippers = await shipperScope(ctx, actor);
  if (shippers !== null && filters.shipper?.some((s) => !shippers.includes(s))) {
    throw new AppError('shipperNotAllowed');
  }
  return { companyId: readCompany(actor), shippers, timeZone };
}

/** The shippers a query may touch: the filter, narrowed to the scope; null = no limit. */
export function effectiveShippers(filters: Filters, scope: FilterScope): string[] | null {
  const asked = filters.shipper?.length ? filters.shipper : null;
  if (scope.shippers === null) return asked;
  if (asked === null) return scope.shippers;
  return asked.filter((s) => scope.shippers?.includes(s));
}
