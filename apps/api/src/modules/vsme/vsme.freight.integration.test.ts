/**
 * Freight figures in the VSME (issue 40, docs/decisions/0017): they reach B3 once, through the
 * carbon footprint's freight take-over (own fleet: scope 1 and 3.3; bought transport: category 4),
 * never from the freight module beside it. The take-over's tonne-kilometres are no quantity of fuel,
 * so B3 states no fuel energy then and the footprint note names the entry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls, signedIn } from '../../../test/calls.ts';
import { importTours } from '../../../test/tours.ts';
import { activityIdByKey, createCfcReport } from '../../../test/cfc.ts';

const { t, a } = appWithCompanies({ a: 'VsmeFreight' });
const tk = signedIn(t, () => ({ admin: a.users.admin, user: a.users.user }));
const { call, json } = jsonCalls(t, 'en');
const YEAR = new Date().getUTCFullYear();
const S1 = 'vsme:GrossScope1GreenhouseGasEmissions';
const S3 = 'vsme:GrossScope3GreenhouseGasEmissions';
const GAS = 'desnz:Fuels|Gaseous fuels|Natural gas||';

let cfcReport: Json;
let vsme: Json;
let offers: Json[];
const valueOf = (r: Json, concept: string) => (r.values as Json[]).find((v) => v.concept === concept);

beforeAll(async () => {
  for (const module of ['cft', 'cfc', 'csrd'])
    await bookTariff(
      t,
      a.id,
      { module, type: 'individual', isFreeOfCharge: false, name: module },
      { beginDate: `${YEAR - 1}-01-01` },
    );
  ({ report: cfcReport } = await createCfcReport(t, tk.admin, { year: YEAR }));
  // Natural gas by the meter: 1,000 m³ × 2.06672 kg CO2e/m³ (DESNZ 2025 ID 1_100_1004_1_1) = 2,066.72 kg.
  await json(
    call('POST', '/api/cfc/entries', tk.admin, {
      report: cfcReport.id,
      section: 'stationary-combustion',
      activity: await activityIdByKey(t, GAS),
      amount: 1000,
      unit: 'm3',
      fuel: 'Erdgas',
    }),
  );
  await json(
    call('POST', '/api/vehicles', tk.admin, {
      licensePlate: 'HH-VS 1',
      glecVehicleType: 'road_in_tractor_30_60t_diesel',
      fuelInformation: [{ consumption: '29,5', unitFuelConsumption: 'L', fuelType: 'diesel' }],
    }),
    201,
  );
  const tour = { glecVehicleType: 'road_in_tractor_30_60t_diesel', distanceKm: 420 };
  await importTours(t, a, [
    {
      ...tour,
      reference: 'EIGEN-1',
      departureDate: `${YEAR}-02-10`,
      licensePlate: 'HH-VS 1',
      shipments: [{ reference: 'S-1', weightKg: 12_000 }],
    },
    {
      ...tour,
      reference: 'FREMD-1',
      departureDate: `${YEAR}-03-10`,
      shipments: [{ reference: 'S-2', weightKg: 8_000 }],
    },
  ]);
  const url = `/api/cfc/reports/${cfcReport.id}/freight-suggestions`;
  offers = (await json(call('GET', url, tk.admin))).suggestions;
  const kinds = ['ownFleetTtw', 'ownFleetWtt', 'subcontractedTours'];
  await json(call('POST', `${url}/apply`, tk.admin, { items: kinds.map((kind) => ({ kind })) }));
  vsme = await json(call('POST', '/api/vsme/vsme-reports', tk.user, { year: YEAR }), 201);
});

const offer = (kind: string) => offers.find((o) => o.kind === kind) as Json;

describe('freight in the VSME, through the carbon footprint', () => {
  it('counts the own fleet once in scope 1 and bought transport in scope 3, as the footprint does', async () => {
    expect(offer('ownFleetTtw').co2eKg).toBeGreaterThan(0);
    expect(offer('subcontractedTours').co2eKg).toBeGreaterThan(0);
    const results = await json(call('GET', `/api/cfc/report-results/${cfcReport.id}`, tk.admin));
    // Scope 1: the gas 2,066.72 kg plus the own fleet's tank-to-wheel, each once.
    expect(results.totals.scope1).toBeCloseTo(2066.72 + offer('ownFleetTtw').co2eKg, 6);
    const r = await json(call('GET', `/api/vsme/vsme-reports/${vsme.id}`, tk.user));
    expect(valueOf(r, S1)?.value * 1000).toBeCloseTo(results.totals.scope1, 6);
    expect(valueOf(r, S3)?.value * 1000).toBeCloseTo(results.totals.scope3, 6);
    expect(results.totals.scope3).toBeGreaterThanOrEqual(
      offer('subcontractedTours').co2eKg + offer('ownFleetWtt').co2eKg - 1e-6,
    );
  });

  it('states no fuel energy, and names the take-over entry beside the converted gas', async () => {
    const r = await json(call('GET', `/api/vsme/vsme-reports/${vsme.id}`, tk.user));
    expect(valueOf(r, 'vsme:EnergyConsumptionFromFuels')).toBeUndefined();
    expect(valueOf(r, 'vsme:TotalEnergyConsumption')).toBeUndefined();
    const energy = r.footprint.energy as Json[];
    // 1,000 m³ × (2.06672 ÷ 0.2027 = 10.1959546… kWh/m³) = 10,195.955 kWh.
    const gas = energy.find((e) => e.section === 'stationary-combustion') as Json;
    expect(gas).toMatchObject({ problem: null, label: 'Erdgas', fromFreight: false });
    expect(gas.kwh).toBeCloseTo(10_195.954613, 5);
    expect(gas.conversion.perUnit).toEqual({ factor: 2.06672, row: '1_100_1004_1_1' });
    const fleet = energy.find((e) => e.fromFreight);
    expect(fleet).toMatchObject({
      section: 'mobile-combustion',
      unit: 'tkm',
      kwh: null,
      problem: 'noEnergyUnit',
    });
    expect(r.footprint.freight).toEqual({
      entries: 3,
      sections: ['fuel-energy', 'mobile-combustion', 'upstream-transport'],
    });
  });
});
