/** Calculation trace: structured steps plus a plain-text calculation sheet built from them. */
import type { FactorSource } from './factor-set.ts';
import { caption, localizeTrace, traceName } from './trace-language.ts';
import type { Language, TraceFactor, TraceStep } from './types.ts';

export function describeSource(s: FactorSource): string {
  const base = `[${s.ref}] ${s.table}`;
  return s.computed === undefined ? base : `${base}; computed: ${s.computed}`;
}

export function describeEdition(s: FactorSource): string {
  if (s.edition === 'non-GLEC') {
    const base = s.publication ?? 'non-GLEC source';
    return s.gwp === undefined ? base : `${base}, ${s.gwp}`;
  }
  return s.nearestEdition
    ? `GLEC ${s.edition} (nearest edition; v3.1 value not available)`
    : `GLEC ${s.edition}`;
}

export function traceFactor(id: string, value: number, unit: string, source: FactorSource): TraceFactor {
  return { id, value, unit, source: describeSource(source), edition: describeEdition(source) };
}

const memo = new WeakMap<object, Map<string, TraceFactor>>();

/**
 * Trace factors depend only on the factor-set entry they describe, so they are built once per
 * entry and shared (frozen) between results; this keeps the traced leg path allocation-light.
 */
export function memoFactor(
  owner: object,
  prefix: string,
  id: string,
  value: number,
  unit: string,
  source: FactorSource,
): TraceFactor {
  let byPrefix = memo.get(owner);
  if (byPrefix === undefined) {
    byPrefix = new Map();
    memo.set(owner, byPrefix);
  }
  let f = byPrefix.get(prefix);
  if (f === undefined) {
    f = Object.freeze(traceFactor(prefix + id, value, unit, source));
    byPrefix.set(prefix, f);
  }
  return f;
}

/** The well-to-wheel factor (TTW + WTT) of a fuel or vehicle type, memoised like `memoFactor`. */
export function wtwFactor(
  entry: { id: string; ttw: number; wtt: number; source: FactorSource },
  prefix: string,
  unit: string,
): TraceFactor {
  return memoFactor(entry, prefix, entry.id, entry.ttw + entry.wtt, unit, entry.source);
}

/** A factor given in the request itself (e.g. a shipper's own tonnes per TEU). */
export function givenFactor(id: string, value: number, unit: string): TraceFactor {
  return { id, value, unit, source: 'given in the request', edition: 'request' };
}

/** Numbers for reading: up to 6 significant digits, no exponent for usual magnitudes. */
export function fmt(n: number): string {
  if (n === 0) return '0';
  const abs = Math.abs(n);
  if (abs >= 1e15 || abs < 1e-6) return n.toExponential(5);
  return String(Number(n.toPrecision(6)));
}

function fmtValue(v: number | string | boolean | null): string {
  if (typeof v === 'number') return fmt(v);
  if (v === null) return '-';
  return String(v);
}

function fmtRecord(r: Record<string, number | string | boolean | null>, lang: Language | undefined): string {
  return Object.entries(r)
    .map(([k, v]) => `${lang === undefined ? k : traceName(k, lang)} = ${fmtValue(v)}`)
    .join(', ');
}

/**
 * Renders a trace as a calculation sheet, one numbered step per block: label, formula, inputs,
 * factor with source and edition, result. With `lang` the titles, variable names and editions are
 * in that language; without it the sheet keeps the engine's English labels and variable keys.
 */
export function formatTrace(trace: readonly TraceStep[], title?: string, lang?: Language): string {
  const lines: string[] = [];
  // Captions padded to one column, as in the English sheet ("Inputs:  ").
  const cap = (k: Parameters<typeof caption>[0], en: string) => {
    const c = `${lang === undefined ? en : caption(k, lang)}:`;
    return c.length >= 9 ? `${c} ` : c.padEnd(9);
  };
  const steps = lang === undefined ? trace : localizeTrace(trace, lang);
  if (title !== undefined) lines.push(title, '='.repeat(Math.min(title.length, 80)));
  steps.forEach((s, i) => {
    lines.push(`${i + 1}. ${s.label}`);
    lines.push(`   ${cap('formula', 'Formula')}${s.formula}`);
    if (Object.keys(s.inputs).length > 0)
      lines.push(`   ${cap('inputs', 'Inputs')}${fmtRecord(s.inputs, lang)}`);
    if (s.factor !== undefined) {
      lines.push(`   ${cap('factor', 'Factor')}${s.factor.id} = ${fmt(s.factor.value)} ${s.factor.unit}`);
      lines.push(`   ${cap('source', 'Source')}${s.factor.source} (${s.factor.edition})`);
    }
    lines.push(`   ${cap('result', 'Result')}${fmtRecord(s.output, lang)}`);
    if (s.note !== undefined) lines.push(`   ${cap('note', 'Note')}${s.note}`);
  });
  return lines.join('\n');
}
