import { INDIVIDUAL_OFFER_FROM_SHIPMENTS, PRICE_PER_SHIPMENT_CENTS } from '../constants.ts';

/**
 * Pricing of evaluated shipments by a tariff (decision 0011). The same function prices the
 * invoice on the server and the price calculator in the browser, so both show the same cents.
 */
export const BILLING_PERIODS = ['once', 'monthly', 'quarterly', 'half_yearly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Months between two charges of the basic fee; `once` is charged in the booking's first month only. */
export const BILLING_PERIOD_MONTHS: Record<BillingPeriod, number | null> = {
  once: null,
  monthly: 1,
  quarterly: 3,
  half_yearly: 6,
  yearly: 12,
};

/** The tariff fields a price follows from (money in cents). */
export type PricingTariff = {
  isFreeOfCharge: boolean;
  basicFeeCents: number;
  billingPeriod: BillingPeriod | null;
  costPerUploadCents: number;
  staticCostPerShipmentCents: number;
  minCostPerShipmentCents: number;
  /** null: the static price is the ceiling. */
  maxCostPerShipmentCents: number | null;
  regressionFactor: number;
  freeNumberOfShipments: number;
};

/**
 * The professional edition's standard price (seed 000 §9: 0.25 EUR per shipment, no monthly fee,
 * falling with volume by the default regression factor of seed 002 §3), used where a company has
 * no booked freight tariff of its own.
 */
export const STANDARD_PROFESSIONAL_TARIFF: PricingTariff = {
  isFreeOfCharge: false,
  basicFeeCents: 0,
  billingPeriod: null,
  costPerUploadCents: 0,
  staticCostPerShipmentCents: PRICE_PER_SHIPMENT_CENTS,
  minCostPerShipmentCents: 10,
  maxCostPerShipmentCents: null,
  regressionFactor: -0.000003,
  freeNumberOfShipments: 0,
};

/**
 * Unit price in cents (fractional) for a monthly volume of n shipments:
 * clamp(static × (1 + regression × n), min, max ?? static), never below 0.
 */
export function unitPriceCents(t: PricingTariff, shipments: number): number {
  const raw = t.staticCostPerShipmentCents * (1 + t.regressionFactor * Math.max(0, shipments));
  const ceiling = t.maxCostPerShipmentCents ?? t.staticCostPerShipmentCents;
  return Math.max(0, Math.min(ceiling, Math.max(t.minCostPerShipmentCents, raw)));
}

/** Rounds a cent amount half up after dropping float noise below a millionth of a cent. */
export function roundCents(cents: number): number {
  return Math.max(0, Math.round(Number(cents.toFixed(6))));
}

/** Whether a month carries the basic fee: the first month of each billing period from the booking's start. */
export function basicFeeDue(period: BillingPeriod | null, monthsSinceBegin: number): boolean {
  if (monthsSinceBegin < 0) return false;
  if (period === null) return true;
  const every = BILLING_PERIOD_MONTHS[period];
  return every === null ? monthsSinceBegin === 0 : monthsSinceBegin % every === 0;
}

export type MonthlyPrice = {
  shipments: number;
  uploads: number;
  /** Fractional cents per shipment at this volume. */
  unitPriceCents: number;
  billableShipments: number;
  shipmentCents: number;
  uploadCents: number;
  basicFeeCents: number;
  totalCents: number;
  /** From 40,000 shipments a month the provider makes an individual offer (seed 000 §9). */
  individualOffer: boolean;
};

/**
 * The price of one month: round(billable × p(n)) + upload cost × uploads + the basic fee when the
 * month opens a billing period. A free-of-charge tariff costs nothing.
 */
export function monthlyPrice(
  t: PricingTariff,
  usage: { shipments: number; uploads?: number; monthsSinceBegin?: number },
): MonthlyPrice {
  const shipments = Math.max(0, Math.floor(usage.shipments));
  const uploads = Math.max(0, Math.floor(usage.uploads ?? 0));
  const unit = unitPriceCents(t, shipments);
  const billable = Math.max(0, shipments - t.freeNumberOfShipments);
  const free = t.isFreeOfCharge;
  const shipmentCents = free ? 0 : roundCents(billable * unit);
  const uploadCents = free ? 0 : t.costPerUploadCents * uploads;
  const basicFeeCents =
    free || t.basicFeeCents <= 0 || !basicFeeDue(t.billingPeriod, usage.monthsSinceBegin ?? 0)
      ? 0
      : t.basicFeeCents;
  return {
    shipments,
    uploads,
    unitPriceCents: free ? 0 : unit,
    billableShipments: billable,
    shipmentCents,
    uploadCents,
    basicFeeCents,
    totalCents: shipmentCents + uploadCents + basicFeeCents,
    individualOffer: shipments >= INDIVIDUAL_OFFER_FROM_SHIPMENTS,
  };
}

/** Points of the best-price curve up to `max` shipments: unit price and monthly price per volume. */
export function priceCurve(
  t: PricingTariff,
  max: number,
  steps = 40,
): { shipments: number; unitPriceCents: number; totalCents: number }[] {
  const out = [];
  for (let i = 0; i <= steps; i++) {
    const n = Math.round((max * i) / steps);
    const p = monthlyPrice(t, { shipments: n });
    out.push({ shipments: n, unitPriceCents: p.unitPriceCents, totalCents: p.totalCents });
  }
  return out;
}

/** Net, VAT and gross of an invoice in cents; VAT is rounded once, on the net total. */
export const VAT_RATE = 0.19;
export function invoiceTotals(positionCents: readonly number[]): {
  netCents: number;
  vatCents: number;
  grossCents: number;
} {
  const netCents = positionCents.reduce((s, c) => s + c, 0);
  const vatCents = Math.round(netCents * VAT_RATE);
  return { netCents, vatCents, grossCents: netCents + vatCents };
}

/** A position's total: amount × unit price, rounded to whole cents once. */
export function positionTotalCents(amount: number, unitPriceCents: number): number {
  return Math.round(Number((amount * unitPriceCents).toFixed(6)));
}
