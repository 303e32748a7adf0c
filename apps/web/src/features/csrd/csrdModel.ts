/**
 * Pure rules of the reporting screens: the placement of topics in the double-materiality matrix and
 * the unsaved-changes guard of the report editor. Probability bands are the contract's
 * (`probabilityBands` in csrd/reference).
 */

/** A topic of the matrix: its two scores on the analysis's scale. */
export type MatrixTopic = { key: string; label: string; impact: number; financial: number };

/** Where a topic is drawn and whether it is material. */
export type MatrixPoint = MatrixTopic & {
  x: number;
  y: number;
  material: boolean;
  /** Which side of the threshold lines it lies on. */
  quadrant: 'double' | 'impact' | 'financial' | 'none';
};

/** How far topics with the same scores are spread apart, as a share of the scale. */
const SPREAD = 0.035;

/**
 * Places the topics in the double-materiality matrix: financial materiality on x, impact on y,
 * both clamped to 0…scale. A topic is material when either score reaches the threshold (ESRS 1
 * §3.3: double materiality is the union of impact and financial materiality). Topics with the same
 * scores are spread on a small circle around the spot so each one stays visible.
 */
export function placeMatrix(topics: readonly MatrixTopic[], scale: number, threshold: number): MatrixPoint[] {
  const clamp = (v: number) => Math.min(scale, Math.max(0, Number.isFinite(v) ? v : 0));
  const groups = new Map<string, number[]>();
  topics.forEach((t, i) => {
    const spot = `${clamp(t.financial)}|${clamp(t.impact)}`;
    groups.set(spot, [...(groups.get(spot) ?? []), i]);
  });
  const out: MatrixPoint[] = [];
  topics.forEach((t, i) => {
    const x0 = clamp(t.financial);
    const y0 = clamp(t.impact);
    const group = groups.get(`${x0}|${y0}`) ?? [i];
    const n = group.length;
    const k = group.indexOf(i);
    const r = n > 1 ? SPREAD * scale : 0;
    const angle = (2 * Math.PI * k) / Math.max(n, 1);
    const impactMaterial = y0 >= threshold;
    const financialMaterial = x0 >= threshold;
    out.push({
      ...t,
      x: clamp(x0 + r * Math.cos(angle)),
      y: clamp(y0 + r * Math.sin(angle)),
      material: impactMaterial || financialMaterial,
      quadrant:
        impactMaterial && financialMaterial
          ? 'double'
          : impactMaterial
            ? 'impact'
            : financialMaterial
              ? 'financial'
              : 'none',
    });
  });
  return out;
}

/** The state of an editor: what was loaded and what the user has now, by key. */
export type Drafts<T> = { saved: Record<string, T>; current: Record<string, T> };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys whose current value differs from the saved one (new keys count, removed ones too). */
export function changedKeys<T>({ saved, current }: Drafts<T>): string[] {
  const keys = new Set([...Object.keys(saved), ...Object.keys(current)]);
  return [...keys].filter((k) => !same(saved[k], current[k])).sort();
}

/**
 * Whether leaving should ask first (seed 001 §4: leaving a report page with unsaved changes
 * prompts the user). A change of the search only, or no move at all, stays on the page.
 */
export function shouldPromptOnLeave(dirty: boolean, currentPath: string, nextPath: string): boolean {
  return dirty && currentPath !== nextPath;
}
