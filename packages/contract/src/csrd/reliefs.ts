import { texts } from '../messages.ts';
/**
 * The reliefs a CSRD report may use: the wave a company reports in (Directive (EU) 2022/2464
 * Art. 5(2) as amended by the "stop-the-clock" Directive (EU) 2025/794), the ESRS phase-ins of its
 * year and size (ESRS 1 §§130-137 and Appendix C, Delegated Regulation (EU) 2023/2772, extended for
 * wave-one companies by the "quick fix" Delegated Regulation (EU) 2025/1416), and the ESRS set the
 * report follows.
 */

/**
 * ESRS sets: Set 1 as adopted in 2023, and the revised, simplified set (Commission delegated act
 * amending 2023/2772, mandatory from financial year 2027). The catalogue of disclosure requirements
 * is versioned by these ids.
 */
export const ESRS_VERSIONS = ['esrs-2023', 'esrs-2026'] as const;
export type EsrsVersion = (typeof ESRS_VERSIONS)[number];

/** The first financial year the revised set is mandatory for. */
export const REVISED_ESRS_FROM_YEAR = 2027;

/** The set a report of `year` follows unless the company chooses the revised set earlier. */
export const defaultEsrsVersion = (year: number): EsrsVersion =>
  year >= REVISED_ESRS_FROM_YEAR ? 'esrs-2026' : 'esrs-2023';

/**
 * Size criteria of a large undertaking, Directive 2013/34/EU Art. 3(4) as adjusted by Delegated
 * Directive (EU) 2023/2775: at least two of balance sheet total over EUR 25 million, net turnover
 * over EUR 50 million, over 250 employees on average.
 */
export const LARGE_BALANCE_SHEET_CENTS = 25_000_000_00;
export const LARGE_NET_REVENUE_CENTS = 50_000_000_00;
export const LARGE_EMPLOYEES = 250;
/** Wave one: large public-interest entities with over 500 employees (CSRD Art. 5(2)(a)). */
export const WAVE_ONE_EMPLOYEES = 500;
/** ESRS 1 Appendix C: the phase-ins for undertakings not exceeding 750 employees on average. */
export const PHASE_IN_EMPLOYEES = 750;

/**
 * CSRD waves with the first financial year they report on: 1 from 2024; 2 (other large
 * undertakings) from 2027 and 3 (listed SMEs) from 2028 after Directive (EU) 2025/794 Art. 1
 * postponed them by two years (from 2025 and 2026); below the criteria a company is not required.
 */
export const CSRD_WAVES = { 1: 2024, 2: 2027, 3: 2028 } as const;
export type CsrdWave = keyof typeof CSRD_WAVES;

export type CompanySize = {
  employees: number | null;
  netRevenueCents: number | null;
  balanceSheetCents: number | null;
  isPublicInterest: boolean | null;
};

/** Whether at least two of the three size criteria are exceeded; null while a needed figure is missing. */
export function isLarge(c: CompanySize): boolean | null {
  const tests = [
    c.employees === null ? null : c.employees > LARGE_EMPLOYEES,
    c.netRevenueCents === null ? null : c.netRevenueCents > LARGE_NET_REVENUE_CENTS,
    c.balanceSheetCents === null ? null : c.balanceSheetCents > LARGE_BALANCE_SHEET_CENTS,
  ];
  const yes = tests.filter((t) => t === true).length;
  const unknown = tests.filter((t) => t === null).length;
  if (yes >= 2) return true;
  return yes + unknown >= 2 ? null : false;
}

/** The wave a company belongs to; null when it is not required to report or the figures are missing. */
export function waveOf(c: CompanySize): CsrdWave | null {
  const large = isLarge(c);
  if (large === null) return null;
  if (large && c.isPublicInterest && c.employees !== null && c.employees > WAVE_ONE_EMPLOYEES) return 1;
  if (large) return 2;
  // Listed small and medium-sized undertakings (public-interest entities by listing) are wave 3.
  return c.isPublicInterest ? 3 : null;
}

export type PhaseInRule = {
  /** Disclosure requirement codes, or a standard (`S1`) for all of it. */
  codes: readonly string[];
  /** Only for undertakings not exceeding 750 employees on average. */
  upTo750: boolean;
  /** The number of reporting years from the first one the relief lasts. */
  years: number;
  /** The paragraph the relief is in. */
  source: string;
  /** What the relief allows (en/de). */
  note: { en: string; de: string };
};

/** ESRS 1 Appendix C, the list of phased-in disclosure requirements (as adopted in 2023). */
export const PHASE_IN_RULES: readonly PhaseInRule[] = [
  {
    codes: ['E1-6'],
    upTo750: true,
    years: 1,
    source: 'ESRS 1 App. C (E1-6)',
    note: texts('csrd.reliefs.scope3AndTotalGHG'),
  },
  {
    codes: ['S1'],
    upTo750: true,
    years: 1,
    source: 'ESRS 1 App. C (ESRS S1)',
    note: texts('csrd.reliefs.theWholeStandardMayBe'),
  },
  {
    codes: ['E4', 'S2', 'S3', 'S4'],
    upTo750: true,
    years: 2,
    source: 'ESRS 1 App. C (E4, S2, S3, S4)',
    note: texts('csrd.reliefs.mayBeOmittedIfMaterial'),
  },
  {
    codes: ['E1-9', 'E2-6', 'E3-5', 'E4-6', 'E5-6'],
    upTo750: false,
    years: 1,
    source: 'ESRS 1 App. C (anticipated financial effects)',
    note: texts('csrd.reliefs.anticipatedFinancialEffectsMayBe'),
  },
  {
    codes: ['S1-7', 'S1-8', 'S1-11', 'S1-12', 'S1-13', 'S1-14', 'S1-15'],
    upTo750: false,
    years: 1,
    source: 'ESRS 1 App. C (ESRS S1)',
    note: texts('csrd.reliefs.mayBeOmittedInThe'),
  },
];

/** The years of the wave-one extension by the "quick fix" (Delegated Regulation (EU) 2025/1416). */
export const QUICK_FIX_YEARS: readonly number[] = [2025, 2026];

export type PhaseIn = {
  codes: readonly string[];
  source: string;
  note: { en: string; de: string };
  /** Whether it applies through the quick fix rather than the first years of Appendix C. */
  quickFix: boolean;
};

/**
 * The phase-ins of a report year: Appendix C counts from the company's first reporting year; a
 * wave-one company keeps its first-year reliefs in 2025 and 2026 (Delegated Regulation (EU)
 * 2025/1416 amending Appendix C). Unknown employees give no size-dependent relief.
 */
export function phaseInsFor(year: number, wave: CsrdWave | null, employees: number | null): PhaseIn[] {
  if (wave === null) return [];
  const firstYear = CSRD_WAVES[wave];
  const index = year - firstYear;
  if (index < 0) return [];
  const small = employees !== null && employees <= PHASE_IN_EMPLOYEES;
  const quickFix = wave === 1 && QUICK_FIX_YEARS.includes(year);
  return PHASE_IN_RULES.filter((r) => !r.upTo750 || small)
    .filter((r) => index < r.years || quickFix)
    .map((r) => ({ codes: r.codes, source: r.source, note: r.note, quickFix: index >= r.years }));
}

/** Whether a disclosure requirement (`E1-6`) or its standard (`S1`) is phased in. */
export function isPhasedIn(phaseIns: readonly PhaseIn[], scope: string, code: string): PhaseIn | null {
  return phaseIns.find((p) => p.codes.includes(code) || p.codes.includes(scope)) ?? null;
}
