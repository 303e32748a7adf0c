import {
  type Language,
  type ModuleCode,
  type PricingTariff,
  type ReportBlock,
  MODULES,
  STANDARD_PROFESSIONAL_TARIFF,
  monthlyPrice,
} from '@klimadesk/contract';
import { editionOf } from '../companies/index.ts';
import type { PricedBooking as BookedTariff } from '../tariffs/index.ts';
import type { BillingCompany, UsageTotal } from './invoicing.repository.ts';

/** Month arithmetic on `YYYY-MM` (calendar months in UTC; usage is recorded by the UTC month). */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
export function monthBounds(month: string): { first: string; last: string; next: string } {
  const [y, m] = month.split('-').map(Number);
  const next = new Date(Date.UTC(y, m, 1));
  const last = new Date(next.getTime() - 86_400_000);
  return {
    first: `${month}-01`,
    last: last.toISOString().slice(0, 10),
    next: next.toISOString().slice(0, 10),
  };
}
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  return monthOf(new Date(Date.UTC(y, m - 1 + n, 1)));
}
function monthsBetween(fromDay: string, month: string): number {
  const [fy, fm] = fromDay.split('-').map(Number);
  const [y, m] = month.split('-').map(Number);
  return (y - fy) * 12 + (m - fm);
}

export function tariffName(b: Pick<BookedTariff, 'translations'>, lang: Language): string {
  const list = b.translations ?? [];
  return (list.find((t) => t.locale === lang) ?? list[0])?.name ?? '';
}

export function asPricing(b: Omit<PricingTariff, never>): PricingTariff {
  return {
    isFreeOfCharge: b.isFreeOfCharge,
    basicFeeCents: b.basicFeeCents,
    billingPeriod: b.billingPeriod,
    costPerUploadCents: b.costPerUploadCents,
    staticCostPerShipmentCents: b.staticCostPerShipmentCents,
    minCostPerShipmentCents: b.minCostPerShipmentCents,
    maxCostPerShipmentCents: b.maxCostPerShipmentCents,
    regressionFactor: Number(b.regressionFactor),
    freeNumberOfShipments: b.freeNumberOfShipments,
  };
}

/** How one module of a company is billed in a month. */
export type ModuleCharge = {
  module: ModuleCode;
  /** The report block the charge shows in: freight splits into basic and pro, VSME shows in CSRD's. */
  block: 'basic' | 'pro' | 'cfc' | 'tax' | 'csrd';
  tariff: string;
  pricing: PricingTariff;
  price: ReturnType<typeof monthlyPrice>;
};

/**
 * The charges of a company's month. Each module is priced by the tariff booked in that month (the
 * latest begin wins); freight usage without a booking is priced at the standard professional price
 * for a professional company and is free for basic and trial companies (seed 000 §9).
 */
export function chargesOfMonth(
  company: BillingCompany,
  bookings: readonly BookedTariff[],
  usage: UsageTotal | undefined,
  month: string,
  standard: { name: string; pricing: PricingTariff },
  lang: Language,
): ModuleCharge[] {
  const out: ModuleCharge[] = [];
  for (const module of MODULES) {
    const booking = bookings.find((b) => b.companyId === company.id && b.module === module);
    const shipments = module === 'cft' ? (usage?.shipments ?? 0) : 0;
    const uploads = module === 'cft' ? (usage?.uploads ?? 0) : 0;
    if (booking) {
      const pricing = asPricing(booking);
      // The report keeps one reporting block: a VSME booking shows beside CSRD's.
      const block =
        module === 'cft'
          ? booking.type === 'default'
            ? 'basic'
            : 'pro'
          : module === 'vsme'
            ? 'csrd'
            : module;
      out.push({
        module,
        block,
        tariff: tariffName(booking, lang),
        pricing,
        price: monthlyPrice(pricing, {
          shipments,
          uploads,
          monthsSinceBegin: monthsBetween(booking.beginDate, month),
        }),
      });
    } else if (module === 'cft' && (shipments > 0 || uploads > 0)) {
      const professional = editionOf(company) === 'professional';
      const pricing = professional
        ? standard.pricing
        : { ...STANDARD_PROFESSIONAL_TARIFF, isFreeOfCharge: true };
      out.push({
        module,
        block: professional ? 'pro' : 'basic',
        tariff: professional ? standard.name : '',
        pricing,
        price: monthlyPrice(pricing, { shipments, uploads }),
      });
    }
  }
  return out;
}

/** A block of the report: every charge of the month in it, so the blocks and consulting add up to the total. */
export function blockOf(charges: readonly ModuleCharge[], block: ModuleCharge['block']): ReportBlock | null {
  const of = charges.filter((x) => x.block === block);
  if (of.length === 0) return null;
  const tariffs = [...new Set(of.map((c) => c.tariff).filter(Boolean))];
  return {
    tariff: tariffs.length ? tariffs.join(', ') : null,
    shipments: of.reduce((sum, c) => sum + c.price.shipments, 0),
    price: of.reduce((sum, c) => sum + c.price.totalCents, 0),
  };
}
