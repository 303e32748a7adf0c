import { describe, expect, it } from 'vitest';
import { calculateLegEmission } from './leg.ts';
import { fmt, formatTrace } from './trace.ts';
import type { LegEmissionInput } from './types.ts';

const input: LegEmissionInput = {
  transportMode: 'road',
  glecVehicleType: 'road_eu_artic_40t_avg_diesel',
  weight: 12_500,
  weightUnit: 'kg',
  distance: 441,
  distanceType: 'actual',
  temperatureControl: true,
};

describe('trace', () => {
  it('records every step with factor and source', () => {
    const r = calculateLegEmission(input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.trace.map((s) => s.step)).toEqual([
      'mass',
      'distance',
      'activity',
      'intensity',
      'temperature',
      'emissions',
    ]);
    const withFactor = r.value.trace.filter((s) => s.factor !== undefined);
    expect(withFactor.map((s) => s.factor!.id)).toEqual([
      'daf:road',
      'vehicle:road_eu_artic_40t_avg_diesel',
      'uplift:road_hgv',
    ]);
    for (const s of withFactor) {
      expect(s.factor!.source).toMatch(/^\[S\d+\]/);
      expect(s.factor!.edition).toMatch(/GLEC v3\.\d|non-GLEC/);
    }
    // The final step repeats the totals of the result.
    expect(r.value.trace.at(-1)!.output.co2WtwKg).toBe(r.value.co2Wtw);
  });

  it('renders a readable calculation sheet', () => {
    const r = calculateLegEmission(input);
    if (!r.ok) throw new Error(r.error.message);
    const text = formatTrace(r.value.trace, 'Shipment 4711');
    expect(text.startsWith('Shipment 4711\n=')).toBe(true);
    expect(text).toContain('1. Freight mass');
    expect(text).toContain('Formula: d_SFD = d_actual / DAF');
    expect(text).toContain('Source:  [S8] GLEC v3.0 Table 8');
    expect(text).toContain('co2WtwKg = 558.6');
  });

  it('can be switched off for bulk runs without changing the figures', () => {
    const a = calculateLegEmission(input);
    const b = calculateLegEmission(input, undefined, { trace: false });
    if (!a.ok || !b.ok) throw new Error('unexpected error');
    expect(b.value.trace).toEqual([]);
    expect({ ...b.value, trace: null }).toEqual({ ...a.value, trace: null });
  });

  it('formats numbers to six significant digits', () => {
    expect(fmt(1 / 3)).toBe('0.333333');
    expect(fmt(123456789)).toBe('123457000');
    expect(fmt(0)).toBe('0');
    expect(fmt(1e-9)).toBe('1.00000e-9');
  });
});
