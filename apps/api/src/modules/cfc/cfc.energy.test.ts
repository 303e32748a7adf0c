import { describe, expect, it } from 'vitest';
import { energyKindOf, energyOf, fuelKwh } from './cfc.energy.ts';
import { DESNZ_2025_FUEL_NET_CV, type FuelNetCvRow } from './data/desnz-2025-fuel-net-cv.ts';

const fuel = (name: string) => DESNZ_2025_FUEL_NET_CV.find((f) => f.fuel === name) as FuelNetCvRow;
const DIESEL = fuel('Diesel (average biofuel blend)');
const GAS = fuel('Natural gas');
const COAL = fuel('Coal (industrial)');

describe('the energy a footprint states (VSME B3 §29)', () => {
  it('sorts sections into electricity, heat and fuels', () => {
    expect(energyKindOf('purchased-electricity')).toBe('electricity');
    expect(energyKindOf('stationary-combustion')).toBe('fuels');
    expect(energyKindOf('mobile-combustion')).toBe('fuels');
    expect(energyKindOf('waste-solid')).toBeNull();
  });

  it('sums energy units in kWh and states no figure for a fuel it cannot convert', () => {
    // 250,000 kWh + 0.5 MWh = 250,500 kWh of electricity; 36 GJ of gas = 36 × 277.78 = 10,000 kWh;
    // litres of a fuel without a net CV row (no activity) leave fuels "not known".
    const r = energyOf([
      { section: 'purchased-electricity', amount: 250_000, unit: 'kWh' },
      { section: 'purchased-electricity', amount: 0.5, unit: 'MWh' },
      { section: 'stationary-combustion', amount: 36, unit: 'GJ' },
      { section: 'mobile-combustion', amount: 10_000, unit: 'l' },
      { section: 'waste-solid', amount: 50, unit: 't' },
    ]);
    expect(r.kwh.electricity).toBe(250_500);
    expect(r.kwh.fuels).toBeNull();
    expect(r.kwh.heat).toBe(0);
    expect(r.entries).toEqual({ electricity: 2, heat: 0, fuels: 2 });
    expect(r.items.find((i) => i.unit === 'l')).toMatchObject({ kwh: null, problem: 'noNetCv' });
    expect(energyOf([{ section: 'stationary-combustion', amount: 36, unit: 'GJ' }]).kwh.fuels).toBeCloseTo(
      10_000,
      9,
    );
  });
});

describe('fuels in litres, m³ and tonnes on their net calorific value (DESNZ 2025, table "Fuels")', () => {
  it('turns 1,000 l diesel into 9,905.675 kWh, naming the two rows', () => {
    // Diesel (average biofuel blend): 2.57082 kg CO2e/l (ID 1_101_1011_8_1) ÷ 0.25953 kg CO2e per
    // kWh (Net CV) (ID 1_101_1011_7_1) = 9.905675644… kWh/l; × 1,000 l = 9,905.675644… kWh.
    const r = fuelKwh(1000, 'l', DIESEL)!;
    expect(r.kwh).toBeCloseTo(9905.675644, 5);
    expect(r.conversion).toEqual({
      fuel: 'Diesel (average biofuel blend)',
      edition: '2025',
      unit: 'l',
      quantity: 1000,
      kwhPerUnit: 2.57082 / 0.25953,
      perUnit: { factor: 2.57082, row: '1_101_1011_8_1' },
      perKwhNet: { factor: 0.25953, row: '1_101_1011_7_1' },
    });
  });

  it('converts m³ of diesel through litres, kg through tonnes, and gas per m³', () => {
    // 2 m³ = 2,000 l → 19,811.35 kWh; 835 kg = 0.835 t × (3,087.94462 ÷ 0.25953 = 11,898.218…
    // kWh/t) = 9,935.012 kWh; natural gas 1,000 m³ × (2.06672 ÷ 0.2027 = 10.19595… kWh/m³) = 10,195.95 kWh.
    expect(fuelKwh(2, 'm3', DIESEL)!.kwh).toBeCloseTo(19_811.351288, 5);
    expect(fuelKwh(835, 'kg', DIESEL)!.kwh).toBeCloseTo((0.835 * 3087.94462) / 0.25953, 9);
    expect(fuelKwh(835, 'kg', DIESEL)!.kwh).toBeCloseTo(9935.012, 3);
    const gas = fuelKwh(1000, 'm3', GAS)!;
    expect(gas.kwh).toBeCloseTo(10_195.954613, 5);
    expect(gas.conversion.perUnit.row).toBe('1_100_1004_1_1');
  });

  it('has no conversion where the fuel has no row of that kind of quantity, or the unit is none', () => {
    // Coal has a per-tonne row only: litres of coal stay "not known".
    expect(fuelKwh(100, 'l', COAL)).toBeNull();
    expect(fuelKwh(2, 't', COAL)!.kwh).toBeCloseTo((2 * 2395.28994) / 0.33944, 9);
    expect(fuelKwh(100, 'km', DIESEL)).toBeNull();
  });

  it('sums converted fuels, and leaves fuels null (never 0) with one entry it cannot convert', () => {
    const fuels = new Map([
      ['diesel-activity', DIESEL],
      ['gas-activity', GAS],
    ]);
    const known = energyOf(
      [
        { section: 'mobile-combustion', amount: 1000, unit: 'l', activityId: 'diesel-activity' },
        { section: 'stationary-combustion', amount: 1000, unit: 'm3', activityId: 'gas-activity' },
        { section: 'stationary-combustion', amount: 500, unit: 'kWh-net', activityId: 'gas-activity' },
      ],
      fuels,
    );
    expect(known.kwh.fuels).toBeCloseTo(9905.675644 + 10_195.954613 + 500, 5);
    expect(known.items.map((i) => i.problem)).toEqual([null, null, null]);
    const gap = energyOf(
      [
        { section: 'mobile-combustion', amount: 1000, unit: 'l', activityId: 'diesel-activity' },
        // The freight module's own-fleet figure taken over in tonne-kilometres: no fuel quantity.
        {
          section: 'mobile-combustion',
          amount: 120_000,
          unit: 'tkm',
          originKind: 'freight',
          originLabel: 'Eigener Fuhrpark (TTW)',
        },
        { section: 'stationary-combustion', amount: 3, unit: 't', activityId: 'unknown-activity' },
      ],
      fuels,
    );
    expect(gap.kwh.fuels).toBeNull();
    expect(gap.items.map((i) => [i.problem, i.fromFreight, i.label])).toEqual([
      [null, false, null],
      ['noEnergyUnit', true, 'Eigener Fuhrpark (TTW)'],
      ['noNetCv', false, null],
    ]);
  });
});

describe('the shipped net CV table', () => {
  it('lists only fuels with a kWh (Net CV) row and positive factors, bioenergy not among them', () => {
    expect(DESNZ_2025_FUEL_NET_CV.length).toBe(31);
    for (const f of DESNZ_2025_FUEL_NET_CV) {
      expect(f.activity.startsWith('desnz:Fuels|'), f.fuel).toBe(true);
      expect(f.perKwhNet.factor).toBeGreaterThan(0);
      for (const u of f.perUnit) expect(u.factor, `${f.fuel} ${u.unit}`).toBeGreaterThan(0);
    }
    // Plausible net CVs (kWh per litre of liquid fuels between 6 and 12).
    for (const f of DESNZ_2025_FUEL_NET_CV.filter((x) => x.group === 'Liquid fuels'))
      for (const u of f.perUnit.filter((x) => x.unit === 'l'))
        expect(u.factor / f.perKwhNet.factor, f.fuel).toBeGreaterThan(6);
  });
});
