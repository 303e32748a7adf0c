/**
 * Freight taken over once (issue 33): a year's own-fleet tours go to one business unit, or are split
 * by shares summing to 100 %; a unit that would take them again is told where they went, the
 * consolidated total counts every tour once, and fuel typed in by hand beside them is flagged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls, signedIn } from '../../../test/calls.ts';
import { importTours } from '../../../test/tours.ts';
import { activityIdByKey, CFC_ACTIVITY_KEYS, createCfcReport } from '../../../test/cfc.ts';
import { addUnitWithReport } from '../../../test/cfc-units.ts';
import { companyYearTotals } from './cfc.results.service.ts';
import { asCompanyId } from '../../platform/tenant.ts';

const { t, a } = appWithCompanies({ a: 'CfcFreightOnce' });
const tk = signedIn(t, () => ({ admin: a.users.admin }));
const { call, json, refused } = jsonCalls(t);
const YEAR = new Date().getUTCFullYear();

let hamburg: Json;
let bremen: Json;
/** The year's own-fleet TTW of the freight tool, kg CO2e. */
let fleetTtw: number;

const suggestion = async (reportId: string, kind: string) =>
  (await json(call('GET', `/api/cfc/reports/${reportId}/freight-suggestions`, tk.admin))).suggestions.find(
    (s: Json) => s.kind === kind,
  );
const apply = (reportId: string, items: Json[]) =>
  call('POST', `/api/cfc/reports/${reportId}/freight-suggestions/apply`, tk.admin, { items });
const ttwEntry = async (reportId: string) =>
  (await json(call('GET', `/api/cfc/entries?report=${reportId}&section=mobile-combustion`, tk.admin)))[
    'hydra:member'
  ].find((e: Json) => e.origin?.id === 'ownFleetTtw');

beforeAll(async () => {
  for (const module of ['cfc', 'cft'])
    await bookTariff(
      t,
      a.id,
      { module, type: 'default', isFreeOfCharge: false, name: module },
      { beginDate: `${YEAR - 1}-01-01` },
    );
  ({ report: hamburg } = await createCfcReport(t, tk.admin, { year: YEAR }));
  ({ report: bremen } = await addUnitWithReport(t, tk.admin, 'Lager Bremen', YEAR));
  await json(
    call('POST', '/api/vehicles', tk.admin, {
      licensePlate: 'HH-KD 1',
      glecVehicleType: 'road_in_tractor_30_60t_diesel',
      fuelInformation: [{ consumption: '29,5', unitFuelConsumption: 'L', fuelType: 'diesel' }],
    }),
    201,
  );
  await importTours(t, a, [
    {
      reference: 'EIGEN-1',
      departureDate: `${YEAR}-02-10`,
      glecVehicleType: 'road_in_tractor_30_60t_diesel',
      licensePlate: 'HH-KD 1',
      distanceKm: 420,
      shipments: [{ reference: 'S-1', weightKg: 12_000 }],
    },
  ]);
  fleetTtw = (await suggestion(hamburg.id, 'ownFleetTtw')).co2eKg;
});

describe('freight taken over once (issue 33)', () => {
  it('the first unit takes all; the second sees where it went and is refused', async () => {
    expect(fleetTtw).toBeGreaterThan(0);
    expect(await suggestion(hamburg.id, 'ownFleetTtw')).toMatchObject({
      share: 100,
      available: 100,
      takenBy: [],
    });
    expect(await json(apply(hamburg.id, [{ kind: 'ownFleetTtw' }]))).toEqual({ created: 1, updated: 0 });
    const seen = await suggestion(bremen.id, 'ownFleetTtw');
    expect(seen).toMatchObject({
      share: 0,
      available: 0,
      takenBy: [{ businessUnit: { name: 'Zentrale Hamburg' }, report: hamburg.id, share: 100 }],
    });
    expect(await refused(apply(bremen.id, [{ kind: 'ownFleetTtw' }]))).toEqual([409, 'cfcFreightTakenOver']);
    const res = await apply(bremen.id, [{ kind: 'ownFleetTtw' }]);
    expect(res.json().detail).toMatchObject({
      kind: 'ownFleetTtw',
      available: '0,00',
      units: 'Zentrale Hamburg (100,00 %)',
    });
    expect(await ttwEntry(bremen.id)).toBeUndefined();
  });

  it('splits by shares summing to 100 %: Hamburg 60 %, Bremen the free 40 %, never more', async () => {
    expect(await json(apply(hamburg.id, [{ kind: 'ownFleetTtw', share: 60 }]))).toEqual({
      created: 0,
      updated: 1,
    });
    expect(await suggestion(bremen.id, 'ownFleetTtw')).toMatchObject({ share: 40, available: 40 });
    expect(await refused(apply(bremen.id, [{ kind: 'ownFleetTtw', share: 50 }]))).toEqual([
      409,
      'cfcFreightTakenOver',
    ]);
    expect(await json(apply(bremen.id, [{ kind: 'ownFleetTtw' }]))).toEqual({ created: 1, updated: 0 });
    const [h, b] = [await ttwEntry(hamburg.id), await ttwEntry(bremen.id)];
    expect(h.co2eKg).toBeCloseTo(fleetTtw * 0.6, 6);
    expect(b.co2eKg).toBeCloseTo(fleetTtw * 0.4, 6);
    // Hamburg cannot grow back beyond what Bremen left free.
    expect(await refused(apply(hamburg.id, [{ kind: 'ownFleetTtw', share: 100 }]))).toEqual([
      409,
      'cfcFreightTakenOver',
    ]);
  });

  it('the consolidated total counts the tour once', async () => {
    const totals = await companyYearTotals(t.ctx, asCompanyId(a.id), YEAR);
    expect(totals?.scope1).toBeCloseTo(fleetTtw, 6);
  });

  it('warns of fuel typed in by hand beside the own fleet’s fuel', async () => {
    expect((await suggestion(hamburg.id, 'ownFleetTtw')).overlappingFuelEntries).toBe(0);
    await json(
      call('POST', '/api/cfc/entries', tk.admin, {
        report: hamburg.id,
        section: 'mobile-combustion',
        activity: await activityIdByKey(t, CFC_ACTIVITY_KEYS.diesel),
        amount: 100,
        unit: 'l',
        dataSource: 'Tankkarten',
      }),
    );
    expect(await suggestion(hamburg.id, 'ownFleetTtw')).toMatchObject({ overlappingFuelEntries: 1 });
    expect(await suggestion(hamburg.id, 'ownFleetWtt')).toMatchObject({ overlappingFuelEntries: 1 });
    expect(await suggestion(bremen.id, 'ownFleetTtw')).toMatchObject({ overlappingFuelEntries: 0 });
  });
});
