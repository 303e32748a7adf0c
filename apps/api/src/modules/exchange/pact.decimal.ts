/**
 * Decimal strings for PACT and iLEAP (PACT v2 "Decimal", v3 `string<decimal>`, iLEAP §6.6.5: a
 * decimal MUST be a JSON string, "to avoid floating point rounding errors"). Figures are carried as
 * integer millionths (µkg CO2e, µtkm), so a printed total is exactly the sum of its printed parts.
 */

/** Millionths of a figure, rounded half away from zero. */
export function micro(x: number): number {
  if (!Number.isFinite(x)) return 0;
  return Math.sign(x) * Math.round(Math.abs(x) * 1e6);
}

/** An integer count of millionths as a decimal string without exponent or trailing zeros. */
export function fromMicro(m: number): string {
  const digits = String(Math.abs(Math.round(m))).padStart(7, '0');
  const whole = digits.slice(0, -6).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(-6).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return m < 0 && text !== '0' ? `-${text}` : text;
}

/** A number as a decimal string, to the millionth. */
export const dec = (x: number): string => fromMicro(micro(x));

/** The sum of millionths; totals are printed from this, never from a float sum. */
export const sumMicro = (values: readonly number[]): number => values.reduce((a, v) => a + v, 0);
