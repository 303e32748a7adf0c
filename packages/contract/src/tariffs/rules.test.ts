import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingEnd,
  bookingState,
  daysLeft,
  fillTranslations,
  isRunning,
  needsMinCostPerShipment,
  normaliseFees,
  taxStatusOf,
} from './rules.ts';

describe('tariff save rules (seed 002 §4, §5)', () => {
  it('fills the missing locale from the complete translation, or answers null without one', () => {
    expect(
      fillTranslations([{ locale: 'en', name: ' Pro ', shortDescription: 'short', longDescription: 'long' }]),
    ).toEqual([
      { locale: 'de', name: 'Pro', shortDescription: 'short', longDescription: 'long' },
      { locale: 'en', name: 'Pro', shortDescription: 'short', longDescription: 'long' },
    ]);
    // An incomplete German text is replaced by the complete English one.
    expect(
      fillTranslations([
        { locale: 'de', name: 'Profi', shortDescription: 'kurz', longDescription: '' },
        { locale: 'en', name: 'Pro', shortDescription: 'short', longDescription: 'long' },
      ])?.[0],
    ).toEqual({ locale: 'de', name: 'Pro', shortDescription: 'short', longDescription: 'long' });
    expect(
      fillTranslations([{ locale: 'de', name: 'X', shortDescription: 'kurz', longDescription: ' ' }]),
    ).toBeNull();
  });

  it('sends basic fee 0 when free, and a billing period only with a basic fee above 0', () => {
    const paid = {
      type: 'individual',
      isFreeOfCharge: false,
      staticCostPerShipment: 0,
      minCostPerShipment: 0,
    } as const;
    expect(normaliseFees({ ...paid, basicFee: 9900, billingPeriod: 'yearly' })).toMatchObject({
      basicFee: 9900,
      billingPeriod: 'yearly',
    });
    expect(normaliseFees({ ...paid, basicFee: 0, billingPeriod: 'yearly' }).billingPeriod).toBeNull();
    expect(
      normaliseFees({ ...paid, isFreeOfCharge: true, basicFee: 9900, billingPeriod: 'monthly' }),
    ).toMatchObject({
      basicFee: 0,
      billingPeriod: null,
    });
  });

  it('needs a minimum cost per shipment for pay per use and static per-shipment prices, not when free', () => {
    const t = { basicFee: 0, minCostPerShipment: 0 };
    expect(
      needsMinCostPerShipment({ ...t, type: 'payPerUse', isFreeOfCharge: false, staticCostPerShipment: 0 }),
    ).toBe(true);
    expect(
      needsMinCostPerShipment({ ...t, type: 'individual', isFreeOfCharge: false, staticCostPerShipment: 25 }),
    ).toBe(true);
    expect(
      needsMinCostPerShipment({ ...t, type: 'payPerUse', isFreeOfCharge: true, staticCostPerShipment: 25 }),
    ).toBe(false);
    expect(
      needsMinCostPerShipment({ ...t, type: 'default', isFreeOfCharge: false, staticCostPerShipment: 0 }),
    ).toBe(false);
  });
});

describe('booking rules', () => {
  it('gives a limited free tariff without end 14 days; keeps given ends and open paid bookings', () => {
    const trial = { type: 'limited', isFreeOfCharge: true } as const;
    expect(bookingEnd(trial, '2026-02-20', null)).toBe('2026-03-06');
    expect(bookingEnd(trial, '2026-02-20', '2026-02-25')).toBe('2026-02-25');
    expect(bookingEnd({ type: 'limited', isFreeOfCharge: false }, '2026-02-20', undefined)).toBeNull();
    expect(bookingEnd({ type: 'payPerUse', isFreeOfCharge: false }, '2026-02-20', null)).toBeNull();
    expect(addDays('2024-12-25', 14)).toBe('2025-01-08');
  });

  it('derives active, cancelled and expired from the end date and the cancellation', () => {
    const today = '2026-05-10';
    expect(bookingState({ endDate: null, cancelledAt: null }, today)).toBe('active');
    expect(bookingState({ endDate: '2026-05-10', cancelledAt: null }, today)).toBe('active');
    expect(bookingState({ endDate: '2026-06-30', cancelledAt: '2026-05-01T10:00:00Z' }, today)).toBe(
      'cancelled',
    );
    expect(bookingState({ endDate: '2026-05-09', cancelledAt: '2026-05-01T10:00:00Z' }, today)).toBe(
      'expired',
    );
    expect(bookingState({ endDate: '2026-05-09', cancelledAt: null }, today)).toBe('expired');
  });

  it('runs from its begin through its end day, and counts the days left', () => {
    expect(isRunning({ beginDate: '2026-05-11', endDate: null }, '2026-05-10')).toBe(false);
    expect(isRunning({ beginDate: '2026-05-01', endDate: '2026-05-10' }, '2026-05-10')).toBe(true);
    expect(isRunning({ beginDate: '2026-05-01', endDate: '2026-05-09' }, '2026-05-10')).toBe(false);
    expect(daysLeft('2026-05-24', '2026-05-10')).toBe(14);
    expect(daysLeft('2026-05-09', '2026-05-10')).toBe(0);
  });
});

describe('taxonomy state (seed 002 §4)', () => {
  const today = '2026-05-10';
  const def = { beginDate: '2026-01-01', endDate: null, type: 'default', isFreeOfCharge: true } as const;
  const demo = (beginDate: string, endDate: string) =>
    ({ beginDate, endDate, type: 'limited', isFreeOfCharge: true }) as const;

  it('walks RESTRICTED → (demo bookable) → DEMO → EXPIRED; a paid tariff lifts every limit', () => {
    expect(taxStatusOf([], today)).toEqual({ taxType: 'RESTRICTED', taxDemoEnd: null, canBookDemo: false });
    expect(taxStatusOf([def], today)).toEqual({ taxType: 'RESTRICTED', taxDemoEnd: null, canBookDemo: true });
    expect(taxStatusOf([def, demo('2026-05-01', '2026-05-15')], today)).toEqual({
      taxType: 'DEMO',
      taxDemoEnd: '2026-05-15',
      canBookDemo: false,
    });
    expect(taxStatusOf([def, demo('2026-04-01', '2026-04-15')], today)).toEqual({
      taxType: 'EXPIRED',
      taxDemoEnd: '2026-04-15',
      canBookDemo: false,
    });
    const paid = {
      beginDate: '2026-05-01',
      endDate: null,
      type: 'individual',
      isFreeOfCharge: false,
    } as const;
    expect(taxStatusOf([def, demo('2026-04-01', '2026-04-15'), paid], today)).toEqual({
      taxType: null,
      taxDemoEnd: null,
      canBookDemo: false,
    });
  });
});
