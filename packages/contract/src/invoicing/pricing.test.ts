import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDIVIDUAL_OFFER_FROM_SHIPMENTS } from '../constants.ts';
import {
  type PricingTariff,
  basicFeeDue,
  invoiceTotals,
  monthlyPrice,
  positionTotalCents,
  unitPriceCents,
} from './pricing.ts';

/** The professional freight tariff of the brief: 25 ct, regression -0.000003, minimum 10 ct. */
const PRO: PricingTariff = {
  isFreeOfCharge: false,
  basicFeeCents: 0,
  billingPeriod: null,
  costPerUploadCents: 0,
  staticCostPerShipmentCents: 25,
  minCostPerShipmentCents: 10,
  maxCostPerShipmentCents: null,
  regressionFactor: -0.000003,
  freeNumberOfShipments: 0,
};

describe('monthly price of a 25-cent tariff with regression -0.000003 and minimum 10 ct', () => {
  it('1 shipment: 25 × (1 − 0.000003) = 24.999925 ct → 25 ct', () => {
    const p = monthlyPrice(PRO, { shipments: 1 });
    expect(p.unitPriceCents).toBeCloseTo(24.999925, 9);
    expect(p.totalCents).toBe(25);
    expect(p.individualOffer).toBe(false);
  });

  it('1,000 shipments: 25 × (1 − 0.003) = 24.925 ct × 1,000 = 24,925 ct', () => {
    const p = monthlyPrice(PRO, { shipments: 1000 });
    expect(p.unitPriceCents).toBeCloseTo(24.925, 9);
    expect(p.totalCents).toBe(24_925);
  });

  it('10,000 shipments: 25 × (1 − 0.03) = 24.25 ct × 10,000 = 242,500 ct', () => {
    const p = monthlyPrice(PRO, { shipments: 10_000 });
    expect(p.unitPriceCents).toBeCloseTo(24.25, 9);
    expect(p.totalCents).toBe(242_500);
  });

  it('40,000 shipments: 25 × (1 − 0.12) = 22 ct × 40,000 = 880,000 ct, an individual offer', () => {
    const p = monthlyPrice(PRO, { shipments: 40_000 });
    expect(p.unitPriceCents).toBeCloseTo(22, 9);
    expect(p.totalCents).toBe(880_000);
    expect(p.individualOffer).toBe(true);
    expect(monthlyPrice(PRO, { shipments: INDIVIDUAL_OFFER_FROM_SHIPMENTS - 1 }).individualOffer).toBe(false);
  });

  it('the minimum holds: 300,000 shipments: 25 × (1 − 0.9) = 2.5 ct → 10 ct × 300,000 = 3,000,000 ct', () => {
    expect(unitPriceCents(PRO, 300_000)).toBe(10);
    expect(monthlyPrice(PRO, { shipments: 300_000 }).totalCents).toBe(3_000_000);
  });

  it('the maximum caps a rising price; without a minimum the price never goes below 0', () => {
    // 20 × (1 + 0.001 × 1,000) = 40 ct, capped at 30 ct.
    expect(
      unitPriceCents(
        { ...PRO, staticCostPerShipmentCents: 20, regressionFactor: 0.001, maxCostPerShipmentCents: 30 },
        1000,
      ),
    ).toBe(30);
    // 25 × (1 − 0.000003 × 1,000,000) = −50 ct → 0.
    expect(unitPriceCents({ ...PRO, minCostPerShipmentCents: 0 }, 1_000_000)).toBe(0);
  });

  it('free shipments, upload cost and basic fee: 1,000 shipments, 50 free, 3 uploads at 100 ct, fee 5,000 ct', () => {
    // 950 × 24.925 = 23,678.75 → 23,679 ct; + 3 × 100 = 300; + 5,000 = 28,979 ct.
    const p = monthlyPrice(
      {
        ...PRO,
        freeNumberOfShipments: 50,
        costPerUploadCents: 100,
        basicFeeCents: 5000,
        billingPeriod: 'monthly',
      },
      { shipments: 1000, uploads: 3 },
    );
    expect(p).toMatchObject({
      billableShipments: 950,
      shipmentCents: 23_679,
      uploadCents: 300,
      basicFeeCents: 5000,
    });
    expect(p.totalCents).toBe(28_979);
  });

  it('a free-of-charge tariff costs nothing', () => {
    expect(
      monthlyPrice({ ...PRO, isFreeOfCharge: true, basicFeeCents: 900 }, { shipments: 500, uploads: 2 })
        .totalCents,
    ).toBe(0);
  });
});

describe('basic fee by billing period: charged in the first month of each period from the booking start', () => {
  it('quarterly: months 0, 3, 6, 9; half-yearly 0, 6; yearly 0, 12; once only month 0', () => {
    const due = (p: Parameters<typeof basicFeeDue>[0]) =>
      Array.from({ length: 13 }, (_, i) => i).filter((m) => basicFeeDue(p, m));
    expect(due('monthly')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(due('quarterly')).toEqual([0, 3, 6, 9, 12]);
    expect(due('half_yearly')).toEqual([0, 6, 12]);
    expect(due('yearly')).toEqual([0, 12]);
    expect(due('once')).toEqual([0]);
    expect(basicFeeDue('monthly', -1)).toBe(false);
  });
});

describe('invoice totals in cents never drift', () => {
  it('net 24,925 ct + 19 % VAT 4,735.75 → 4,736 ct = gross 29,661 ct', () => {
    expect(invoiceTotals([24_925])).toEqual({ netCents: 24_925, vatCents: 4_736, grossCents: 29_661 });
  });

  it('position totals: 2.5 × 1,999 ct = 4,997.5 → 4,998 ct; 3 × 33 ct = 99 ct', () => {
    expect(positionTotalCents(2.5, 1999)).toBe(4998);
    expect(positionTotalCents(3, 33)).toBe(99);
  });

  it('gross is net plus VAT and net is the sum of the positions, for any positions', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 50 }), (positions) => {
        const t = invoiceTotals(positions);
        expect(Number.isInteger(t.netCents) && Number.isInteger(t.vatCents)).toBe(true);
        expect(t.netCents).toBe(positions.reduce((s, c) => s + c, 0));
        expect(t.grossCents).toBe(t.netCents + t.vatCents);
      }),
    );
  });

  it('a monthly price is a whole number of cents equal to its parts, for any volume', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 50 }), (n, uploads) => {
        const p = monthlyPrice({ ...PRO, costPerUploadCents: 7 }, { shipments: n, uploads });
        expect(Number.isInteger(p.totalCents)).toBe(true);
        expect(p.totalCents).toBe(p.shipmentCents + p.uploadCents + p.basicFeeCents);
        expect(Math.abs(p.shipmentCents - n * p.unitPriceCents)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
