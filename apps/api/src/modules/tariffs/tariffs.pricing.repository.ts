import { eq, sql } from 'drizzle-orm';
import type { ModuleCode, PricingTariff } from '@klimadesk/contract';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { tariffBookings, tariffs } from './tariffs.schema.ts';

// Bookings as other modules read them: invoicing prices months with them, the taxonomy derives
// its trial state from them.

/** Every booking of the company with its tariff's module, type and price kind (seed 002 §4 tax state). */
export function bookingTerms(db: DbOrTx, companyId: CompanyId) {
  return db
    .select({
      module: tariffs.module,
      type: tariffs.type,
      isFreeOfCharge: tariffs.isFreeOfCharge,
      beginDate: tariffBookings.beginDate,
      endDate: tariffBookings.endDate,
    })
    .from(tariffBookings)
    .innerJoin(tariffs, eq(tariffs.id, tariffBookings.tariffId))
    .where(eq(tariffBookings.companyId, companyId));
}

/** A booked tariff with the fields pricing needs, for the months it overlaps. */
export type PricedBooking = {
  companyId: string;
  module: ModuleCode;
  beginDate: string;
  endDate: string | null;
  type: string;
  translations: { locale: 'de' | 'en'; name: string }[];
} & PricingTariff;

const bookedColumns = sql`b.company_id as "companyId", t.module, b.begin_date::text as "beginDate",
  b.end_date::text as "endDate", t.type, t.translations, t.is_free_of_charge as "isFreeOfCharge",
  t.basic_fee_cents as "basicFeeCents", t.billing_period as "billingPeriod",
  t.cost_per_upload_cents as "costPerUploadCents",
  t.static_cost_per_shipment_cents as "staticCostPerShipmentCents",
  t.min_cost_per_shipment_cents as "minCostPerShipmentCents",
  t.max_cost_per_shipment_cents as "maxCostPerShipmentCents",
  t.regression_factor as "regressionFactor", t.free_number_of_shipments as "freeNumberOfShipments"`;

/**
 * The bookings of the given companies that overlap a month (first to last day), latest begin first.
 * Read by month rather than "active today" (activeBooking): an invoice of a past
 * month is priced by the tariff booked then.
 */
export async function bookingsInMonth(
  db: DbOrTx,
  companyIds: readonly CompanyId[],
  first: string,
  last: string,
): Promise<PricedBooking[]> {
  if (companyIds.length === 0) return [];
  const ids = sql.join(
    companyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const res = await db.execute(sql`select ${bookedColumns}
    from tariff_bookings b join tariffs t on t.id = b.tariff_id
    where b.company_id in (${ids}) and b.begin_date <= ${last}::date
      and (b.end_date is null or b.end_date >= ${first}::date)
    order by b.begin_date desc, b.created_at desc`);
  return rowsOf<PricedBooking>(res);
}

/** The provider's standard professional freight tariff, if the catalogue has one. */
export async function standardFreightTariff(
  db: DbOrTx,
): Promise<Omit<PricedBooking, 'companyId' | 'beginDate' | 'endDate'> | null> {
  const res = await db.execute(sql`select t.module, t.type, t.translations,
      t.is_free_of_charge as "isFreeOfCharge", t.basic_fee_cents as "basicFeeCents",
      t.billing_period as "billingPeriod", t.cost_per_upload_cents as "costPerUploadCents",
      t.static_cost_per_shipment_cents as "staticCostPerShipmentCents",
      t.min_cost_per_shipment_cents as "minCostPerShipmentCents",
      t.max_cost_per_shipment_cents as "maxCostPerShipmentCents",
      t.regression_factor as "regressionFactor", t.free_number_of_shipments as "freeNumberOfShipments"
    from tariffs t
    where t.module = 'cft' and t.type = 'payPerUse' and not t.is_free_of_charge
      and (t.end_date is null or t.end_date >= current_date)
    order by t.is_category_default_tariff desc, t.created_at asc limit 1`);
  return rowsOf<Omit<PricedBooking, 'companyId' | 'beginDate' | 'endDate'>>(res)[0] ?? null;
}
