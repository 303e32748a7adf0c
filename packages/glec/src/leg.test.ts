import { describe, expect, it } from 'vitest';
import { calculateLegEmission } from './leg.ts';
import { GlecError, unwrap } from './result.ts';
import type { LegEmissionInput } from './types.ts';

const base: LegEmissionInput = {
  transportMode: 'sea',
  glecVehicleType: 'sea_container_industry_average_dry',
  weight: 14,
  weightUnit: 't',
  distance: 1000,
  distanceType: 'SFD',
  temperatureControl: false,
};

describe('calculateLegEmission', () => {
  it('uses given TEU for TEU-km intensities and the actual mass for tkm', () => {
    const r = unwrap(calculateLegEmission({ ...base, teu: 1 }));
    expect(r.co2Wtw).toBeCloseTo(71.7, 10); // 1 TEU x 1000 km x 71.7 g
    expect(r.tkm).toBe(14_000);
    expect(r.intensity).toBeCloseTo(71_700 / 14_000, 10);
    // Without TEU the mass converts at 10 t/TEU: 1.4 TEU.
    expect(unwrap(calculateLegEmission(base)).co2Wtw).toBeCloseTo(1.4 * 71.7, 10);
    // Light cargo: 6 t per TEU (glec.md 1.7) -> 14/6 TEU.
    expect(unwrap(calculateLegEmission({ ...base, tonnesPerTeu: 6 })).co2Wtw).toBeCloseTo(
      (14 / 6) * 71.7,
      10,
    );
  });

  it('rejects teu together with containers, and unknown container sizes', () => {
    const both = calculateLegEmission({ ...base, teu: 1, containers: [{ size: '20ft', count: 1 }] });
    expect(!both.ok && both.error.code).toBe('INVALID_INPUT');
    const size = calculateLegEmission({ ...base, containers: [{ size: '10ft' as '20ft', count: 1 }] });
    expect(!size.ok && size.error).toMatchObject({
      code: 'UNKNOWN_CONTAINER_SIZE',
      path: 'containers[0].size',
    });
  });

  it('unwrap throws a GlecError carrying the code', () => {
    try {
      unwrap(calculateLegEmission({ ...base, weight: -1 }));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GlecError);
      expect((e as GlecError).code).toBe('INVALID_NUMBER');
      expect((e as GlecError).path).toBe('weight');
    }
  });

  it('rejects non-object input and a non-boolean temperature flag', () => {
    const r = calculateLegEmission(null as unknown as LegEmissionInput);
    expect(!r.ok && r.error.code).toBe('INVALID_INPUT');
    const t = calculateLegEmission({ ...base, temperatureControl: 'yes' as unknown as boolean });
    expect(!t.ok && t.error.path).toBe('temperatureControl');
  });

  it('treats an empty fuel list as an error, not as zero emissions', () => {
    const r = calculateLegEmission({ ...base, fuel: [] });
    expect(!r.ok && r.error.code).toBe('INVALID_INPUT');
  });

  it('notes Ro-Ro gross-mass intensities in the trace', () => {
    const r = unwrap(calculateLegEmission({ ...base, glecVehicleType: 'sea_ro_ro_15000_plus_dwt' }));
    expect(r.trace.find((s) => s.step === 'intensity')!.note).toContain('gross mass');
  });
});
