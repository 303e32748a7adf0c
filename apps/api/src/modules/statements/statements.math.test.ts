import { describe, expect, it } from 'vitest';
import { glecVehicleTypes } from '@klimadesk/glec';
import type { ModeSums } from '../tours/index.ts';
import { assembleStatement, modeOfVehicleType, primaryShare } from './statements.math.ts';

const row = (mode: string, v: Partial<ModeSums>): ModeSums => ({
  mode,
  shipments: 0,
  tkm: 0,
  ttw: 0,
  wtt: 0,
  wtw: 0,
  fuelWtw: 0,
  hubWtw: 0,
  defaultLegs: 0,
  fuelLegs: 0,
  ...v,
});

describe('mode of a GLEC vehicle type', () => {
  it('comes from the master data for every mode', () => {
    for (const mode of ['road', 'rail', 'sea', 'inland_waterway', 'air'] as const) {
      const type = glecVehicleTypes().find((v) => v.mode === mode);
      expect(type, mode).toBeDefined();
      expect(modeOfVehicleType(type?.id ?? null)).toBe(mode);
    }
  });

  it('counts unknown or missing types as road, as the tour calculation does', () => {
    expect(modeOfVehicleType('no_such_type')).toBe('road');
    expect(modeOfVehicleType(null)).toBe('road');
  });
});

describe('primary data share', () => {
  it('is the fuel-based part of the reported WTW in percent', () => {
    expect(primaryShare(30, 120)).toBeCloseTo(25, 12);
    expect(primaryShare(0, 50)).toBe(0);
    expect(primaryShare(50, 50)).toBe(100);
  });

  it('is null when nothing is reported', () => {
    expect(primaryShare(0, 0)).toBeNull();
  });
});

describe('statement from per-mode sums', () => {
  const company = { name: 'Spedition', street: null, zipcode: null, city: null, country: null };
  const base = {
    shipper: 'Bio AG',
    from: '2026-03-01',
    to: '2026-03-31',
    company,
    generatedAt: new Date('2026-04-01T10:00:00Z'),
    shipments: 3,
    weightKg: 5000,
    factorSets: [{ id: 'glec-default', version: '3.1', gwp: 'IPCC AR6 GWP100' }],
  };

  it('sums the modes, orders them as the contract lists them and derives intensities', () => {
    const rail = row('rail', { shipments: 1, tkm: 400, ttw: 2, wtt: 1, wtw: 3, fuelWtw: 0, defaultLegs: 1 });
    const road = row('road', {
      shipments: 2,
      tkm: 100,
      ttw: 8,
      wtt: 2,
      wtw: 10,
      fuelWtw: 6,
      hubWtw: 0.5,
      defaultLegs: 1,
      fuelLegs: 1,
    });
    const s = assembleStatement({ ...base, modes: [rail, road] });
    expect(s.byMode.map((m) => m.mode)).toEqual(['road', 'rail']);
    // Headline WTW and intensity include the hub (ISO 14083 / GLEC v3.1 §5.1): 10 + 3 + 0.5 = 13.5 kg
    // over 500 tkm = 27 g/tkm; TTW and WTT are the legs'; per mode the legs only.
    expect(s.co2).toEqual({ ttw: 10, wtt: 3, wtw: 13.5 });
    expect(s.tkm).toBe(500);
    expect(s.hubWtw).toBe(0.5);
    expect(s.intensity).toBeCloseTo(27, 12);
    expect(s.byMode[0].intensity).toBeCloseTo((10 * 1000) / 100, 12);
    expect(s.byMode.reduce((n, m) => n + m.co2.wtw, 0) + s.hubWtw).toBeCloseTo(s.co2.wtw, 12);
    expect(s.primaryDataShare).toBeCloseTo((6 / 13.5) * 100, 12);
    expect(s.methods).toEqual(['default', 'fuel']);
    expect(s.generatedAt).toBe('2026-04-01T10:00:00.000Z');
    expect(s.standard).toContain('ISO 14083');
  });

  it('reports no method, intensity or share for a period without shipments', () => {
    const s = assembleStatement({ ...base, shipments: 0, weightKg: 0, modes: [], factorSets: [] });
    expect(s.methods).toEqual([]);
    expect(s.intensity).toBeNull();
    expect(s.primaryDataShare).toBeNull();
    expect(s.co2).toEqual({ ttw: 0, wtt: 0, wtw: 0 });
  });
});
