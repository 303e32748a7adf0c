import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { assertUnlocked, canUnlock, editionOf, unlockedEdition } from './companies.edition.ts';

const company = (isBasic: boolean, unlocked: boolean, isPayingCustomer: boolean) => ({
  isBasic,
  unlocked,
  isPayingCustomer,
});

describe('editions (seed 000 §4, §9)', () => {
  it('derives the edition from the company columns', () => {
    expect(editionOf(company(true, false, false))).toBe('basic');
    // A basic flag wins over anything else the row says.
    expect(editionOf(company(true, true, true))).toBe('basic');
    expect(editionOf(company(false, true, false))).toBe('trial');
    expect(editionOf(company(false, true, true))).toBe('professional');
    // Customers created by the platform admin were never unlocked and are professional.
    expect(editionOf(company(false, false, false))).toBe('professional');
  });

  it('lets only a basic company that was never unlocked through the unlock wizard', () => {
    expect(canUnlock(company(true, false, false))).toBe(true);
    expect(canUnlock(company(true, true, false))).toBe(false);
    expect(canUnlock(company(false, false, false))).toBe(false);
  });

  it('makes an unlocked basic company a trial company', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const after = { ...company(true, false, false), ...unlockedEdition(now) };
    expect(editionOf(after)).toBe('trial');
    expect(after.unlockedAt).toBe(now);
  });

  it('asks basic companies to upgrade and lets the others pass', () => {
    const basic = { company: { isBasic: true, modules: [], isPlatform: false } };
    const pro = { company: { isBasic: false, modules: [], isPlatform: false } };
    expect(() => assertUnlocked(basic)).toThrow(AppError);
    expect(() => assertUnlocked(basic)).toThrow(expect.objectContaining({ key: 'upgradeRequired' }));
    expect(() => assertUnlocked(pro)).not.toThrow();
  });
});
