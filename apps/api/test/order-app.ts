import { beforeAll, expect } from 'vitest';
import type { OrderLeg } from '@klimadesk/contract';
import { ensureBuiltinLocations } from '../src/modules/locations/builtin-loader.ts';
import { signedIn } from './calls.ts';
import { type TestApp, appWithCompanies } from './harness.ts';

/**
 * The set-up of the order test files: companies `<key>A` and `<key>B`, a basic company with the
 * freight module only, the shipped location tables of `countries` (no raw data folder needed) and
 * the sessions the order tests use.
 */
export function orderTestApp(key: string, countries: string[]) {
  const fixture = appWithCompanies({
    a: `${key}A`,
    b: `${key}B`,
    basic: { key: `${key}Basic`, isBasic: true, modules: ['cft'] },
  });
  beforeAll(() => ensureBuiltinLocations(fixture.t.ctx.db, { countries }), 240_000);
  const tk = signedIn(fixture.t, () => ({
    user: fixture.a.users.user,
    readonly: fixture.a.users.readonly,
    other: fixture.b.users.user,
    basicAdmin: fixture.basic.users.admin,
  }));
  return { ...fixture, tk };
}

type LegFigures = { co2Ttw: number; co2Wtt: number; co2Wtw: number; tkm: number; method: string };

/** What the engine alone (POST /api/legs/emission) gives for a stored leg at `tonnes` of cargo. */
export async function legEmission(
  t: TestApp,
  token: string,
  leg: OrderLeg,
  tonnes: number,
  extra: Record<string, unknown> = {},
): Promise<LegFigures> {
  const res = await t.call({
    method: 'POST',
    url: '/api/legs/emission',
    token,
    payload: {
      transportMode: leg.transportMode,
      glecVehicleType: leg.glecVehicleType,
      weight: tonnes,
      weightUnit: 't',
      distance: leg.distance,
      distanceType: leg.distanceType,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LegFigures>();
}
