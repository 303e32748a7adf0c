import { describe, expect, it } from 'vitest';
import { defaultEsrsVersion, isLarge, isPhasedIn, phaseInsFor, waveOf } from './reliefs.ts';

const size = (
  employees: number | null,
  revenueEur: number | null,
  balanceEur: number | null,
  pie: boolean | null,
) => ({
  employees,
  netRevenueCents: revenueEur === null ? null : revenueEur * 100,
  balanceSheetCents: balanceEur === null ? null : balanceEur * 100,
  isPublicInterest: pie,
});

describe('CSRD waves (Directive (EU) 2025/794)', () => {
  it('needs two of the three size criteria and tells unknown from small', () => {
    // 300 employees > 250 and EUR 60 million > 50 million: large.
    expect(isLarge(size(300, 60_000_000, null, false))).toBe(true);
    // Only the employees exceed; the other two unknown: cannot tell.
    expect(isLarge(size(300, null, null, false))).toBeNull();
    // 200 employees, EUR 40 million revenue: two criteria fail, large is impossible.
    expect(isLarge(size(200, 40_000_000, null, false))).toBe(false);
  });
  it('puts large public-interest entities over 500 employees in wave 1, other large ones in wave 2', () => {
    expect(waveOf(size(600, 80_000_000, 30_000_000, true))).toBe(1);
    // 450 employees: public-interest but not over 500 → wave 2 (from 2027 after the stop-the-clock).
    expect(waveOf(size(450, 80_000_000, 30_000_000, true))).toBe(2);
    expect(waveOf(size(600, 80_000_000, 30_000_000, false))).toBe(2);
    // A listed SME: wave 3; an unlisted small company: none.
    expect(waveOf(size(120, 20_000_000, 10_000_000, true))).toBe(3);
    expect(waveOf(size(120, 20_000_000, 10_000_000, false))).toBeNull();
  });
});

describe('phase-ins (ESRS 1 Appendix C, Delegated Regulation (EU) 2025/1416)', () => {
  const codes = (p: ReturnType<typeof phaseInsFor>) => p.flatMap((x) => x.codes);
  it('gives wave 2 with ≤ 750 employees the first-year and the two-year reliefs', () => {
    // First year 2027: all of them; 2028: only E4, S2, S3, S4 (two years); 2029: none.
    expect(codes(phaseInsFor(2027, 2, 700))).toEqual(
      expect.arrayContaining(['E1-6', 'S1', 'E4', 'S2', 'S3', 'S4', 'E1-9', 'S1-14']),
    );
    expect(codes(phaseInsFor(2028, 2, 700))).toEqual(['E4', 'S2', 'S3', 'S4']);
    expect(phaseInsFor(2029, 2, 700)).toEqual([]);
    // Over 750 employees: only the reliefs for everyone.
    expect(codes(phaseInsFor(2027, 2, 900))).not.toContain('S1');
    expect(codes(phaseInsFor(2027, 2, 900))).toContain('E1-9');
  });
  it('extends the first-year reliefs of wave 1 to 2025 and 2026 (quick fix)', () => {
    const y2026 = phaseInsFor(2026, 1, 600);
    expect(codes(y2026)).toEqual(expect.arrayContaining(['E1-6', 'S1', 'E4', 'E1-9']));
    expect(y2026.find((p) => p.codes.includes('E1-6'))?.quickFix).toBe(true);
    expect(phaseInsFor(2027, 1, 600)).toEqual([]);
    expect(isPhasedIn(y2026, 'S1', 'S1-6')?.source).toBe('ESRS 1 App. C (ESRS S1)');
    expect(isPhasedIn(y2026, 'G1', 'G1-1')).toBeNull();
  });
  it('makes the revised ESRS the default from 2027', () => {
    expect(defaultEsrsVersion(2026)).toBe('esrs-2023');
    expect(defaultEsrsVersion(2027)).toBe('esrs-2026');
  });
});
