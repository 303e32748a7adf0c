import { describe, expect, it } from 'vitest';
import { GLEC_DEFAULT_FACTOR_SET } from './data/glec-default.ts';
import { compileFactorSet, deriveFactorSet, validateFactorSet, type FactorSet } from './factor-set.ts';
import { calculateLegEmission } from './leg.ts';
import { SOURCE_DOCUMENTS } from './sources.ts';

const clone = (): FactorSet => structuredClone(GLEC_DEFAULT_FACTOR_SET);

describe('built-in GLEC factor set', () => {
  it('is valid and has the identity fields', () => {
    const r = validateFactorSet(GLEC_DEFAULT_FACTOR_SET);
    expect(r.ok).toBe(true);
    expect(GLEC_DEFAULT_FACTOR_SET.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('cites a known source document and marks every edition other than v3.1', () => {
    const known = new Set(SOURCE_DOCUMENTS.map((d) => d.key));
    const sources = [
      ...GLEC_DEFAULT_FACTOR_SET.vehicleTypes.map((v) => v.source),
      ...GLEC_DEFAULT_FACTOR_SET.fuels.map((f) => f.source),
      ...GLEC_DEFAULT_FACTOR_SET.hubs.flatMap((h) => [h.ambient.source, h.temperatureControlled.source]),
      ...GLEC_DEFAULT_FACTOR_SET.refrigerants.map((r) => r.source),
    ];
    for (const s of sources) {
      expect(known.has(s.ref), s.ref).toBe(true);
      expect(s.nearestEdition).toBe(s.edition !== 'v3.1');
    }
  });

  it('covers every mode and the air aircraft x haul grid', () => {
    const modes = new Set(GLEC_DEFAULT_FACTOR_SET.vehicleTypes.map((v) => v.mode));
    expect([...modes].sort()).toEqual(['air', 'inland_waterway', 'rail', 'road', 'sea']);
    const c = compileFactorSet(GLEC_DEFAULT_FACTOR_SET);
    for (const a of ['belly', 'freighter', 'unknown'])
      for (const h of ['short', 'long']) expect(c.air.has(`${a}:${h}`)).toBe(true);
  });

  it('keeps the published WTW sums (spot checks against glec.md)', () => {
    const c = compileFactorSet(GLEC_DEFAULT_FACTOR_SET);
    const wtw = (id: string) => c.vehicleTypes.get(id)!.ttw + c.vehicleTypes.get(id)!.wtt;
    expect(wtw('air_unknown_long')).toBe(788);
    expect(wtw('sea_container_industry_average_reefer')).toBeCloseTo(142.3, 10);
    expect(wtw('rail_eu_unknown_avg')).toBeCloseTo(18.4, 10);
    expect(wtw('road_eu_van_diesel')).toBeCloseTo(842, 10);
    expect(c.fuels.get('diesel')!.ttw + c.fuels.get('diesel')!.wtt).toBeCloseTo(4.19, 12);
    expect(c.fuels.get('electricity_de')!.ttw).toBe(0);
  });
});

describe('validateFactorSet', () => {
  it('rejects negative values, missing sources, dangling references and L without density', () => {
    const neg = clone();
    neg.vehicleTypes[0]!.ttw = -1;
    const r1 = validateFactorSet(neg);
    expect(!r1.ok && r1.error).toMatchObject({ code: 'INVALID_FACTOR_SET', path: 'vehicleTypes[0].ttw' });

    const noSource = clone() as unknown as { fuels: { source?: unknown }[] };
    delete noSource.fuels[0]!.source;
    const r2 = validateFactorSet(noSource);
    expect(!r2.ok && r2.error.path).toBe('fuels[0].source');

    const dangling = clone();
    dangling.vehicleTypes[0]!.temperature = { kind: 'uplift', uplift: 'nope' };
    expect(validateFactorSet(dangling).ok).toBe(false);

    const litres = clone();
    delete litres.fuels[0]!.densityKgPerL;
    const r4 = validateFactorSet(litres);
    expect(!r4.ok && r4.error.path).toBe('fuels[0].densityKgPerL');

    const dup = clone();
    dup.fuels.push(dup.fuels[0]!);
    expect(validateFactorSet(dup).ok).toBe(false);

    const date = clone();
    date.validFrom = 'March 2025';
    expect(validateFactorSet(date).ok).toBe(false);
  });
});

describe('deriveFactorSet', () => {
  it('replaces a value, keeps the rest and reports the new id and version', () => {
    const base = GLEC_DEFAULT_FACTOR_SET.vehicleTypes.find((v) => v.id === 'road_eu_artic_40t_avg_diesel')!;
    const derived = deriveFactorSet(GLEC_DEFAULT_FACTOR_SET, {
      id: 'carrier-x',
      name: 'Carrier X TOC values',
      version: '2026.1',
      validFrom: '2026-01-01',
      vehicleTypes: [
        {
          ...base,
          ttw: 60,
          wtt: 20,
          source: { ref: 'carrier-x', table: 'TOC report 2025', edition: 'non-GLEC', nearestEdition: true },
        },
      ],
    });
    expect(derived.ok).toBe(true);
    if (!derived.ok) return;
    const input = {
      transportMode: 'road',
      glecVehicleType: base.id,
      weight: 1,
      weightUnit: 't',
      distance: 100,
      distanceType: 'SFD',
      temperatureControl: false,
    } as const;
    const r = calculateLegEmission(input, derived.value);
    const d = calculateLegEmission(input);
    expect(r.ok && r.value.co2Wtw).toBeCloseTo(8, 12);
    expect(d.ok && d.value.co2Wtw).toBeCloseTo(9.5, 12);
    expect(r.ok && r.value.factorSet).toEqual({ id: 'carrier-x', version: '2026.1', gwp: 'IPCC AR6 GWP100' });
    expect(derived.value.fuels).toHaveLength(GLEC_DEFAULT_FACTOR_SET.fuels.length);
  });

  it('returns INVALID_FACTOR_SET for a broken override', () => {
    const r = deriveFactorSet(GLEC_DEFAULT_FACTOR_SET, {
      id: 'x',
      name: 'x',
      version: '1',
      validFrom: '2026-01-01',
      fuels: [{ ...GLEC_DEFAULT_FACTOR_SET.fuels[0]!, ttw: Number.NaN }],
    });
    expect(!r.ok && r.error.code).toBe('INVALID_FACTOR_SET');
  });

  it('makes calculateLegEmission answer INVALID_FACTOR_SET for an invalid set instead of computing', () => {
    const broken = clone();
    broken.distanceAdjustment.road = {
      kind: 'multiplier',
      value: 0.5,
      source: broken.distanceAdjustment.road.source,
    };
    const r = calculateLegEmission(
      {
        transportMode: 'road',
        glecVehicleType: 'road_eu_van_diesel',
        weight: 1,
        weightUnit: 't',
        distance: 1,
        distanceType: 'SFD',
        temperatureControl: false,
      },
      broken,
    );
    expect(!r.ok && r.error.code).toBe('INVALID_FACTOR_SET');
  });
});
