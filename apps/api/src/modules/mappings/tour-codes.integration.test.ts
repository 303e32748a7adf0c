import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { tourCodes } from './mappings.schema.ts';

const { t, a, b } = appWithCompanies({ a: 'CodeA', b: 'CodeB' });
let tokenA: string;

beforeAll(async () => {
  const code = (companyId: string, tour: string, c: string, at: string) => ({
    companyId,
    tourReference: tour,
    code: c,
    message: `${c} at ${tour}`,
    createdAt: new Date(at),
  });
  await t.ctx.db.insert(tourCodes).values([
    code(a.id, 'T-1', 'missingDistance', '2026-04-01T08:00:00Z'),
    // 22:30 UTC on 1 April is 2 April in Berlin (CEST, UTC+2).
    code(a.id, 'T-2', 'unknownVehicle', '2026-04-01T22:30:00Z'),
    code(a.id, 'T-3', 'missingDistance', '2026-04-03T08:00:00Z'),
    code(b.id, 'T-9', 'missingDistance', '2026-04-01T08:00:00Z'),
    ...Array.from({ length: 16 }, (_, i) => code(a.id, `T-${10 + i}`, 'zeroWeight', '2026-04-05T08:00:00Z')),
  ]);
  tokenA = await t.login(a.users.readonly.email);
});

const list = async (query: string) => {
  const res = await t.call({
    method: 'GET',
    url: `/api/tour-codes?${query}`,
    token: tokenA,
    headers: { 'x-timezone': 'Europe/Berlin' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { 'hydra:member': { tour: string; code: string }[]; 'hydra:totalItems': number };
};

describe('tour code protocol (GET /api/tour-codes)', () => {
  it('lists the own company 15 per page, newest first', async () => {
    const page = await list('');
    expect(page['hydra:totalItems']).toBe(19);
    expect(page['hydra:member']).toHaveLength(15);
    expect(page['hydra:member'].every((c) => c.code === 'zeroWeight')).toBe(true);
    const rest = (await list('page=2'))['hydra:member'];
    expect(rest.map((c) => c.code)).toEqual([
      'zeroWeight',
      'missingDistance',
      'unknownVehicle',
      'missingDistance',
    ]);
    expect(rest.slice(1).map((c) => c.tour)).toEqual(['T-3', 'T-2', 'T-1']);
  });

  it('filters by code and by a range of days in the user time zone', async () => {
    expect((await list('code=missingDistance'))['hydra:member'].map((c) => c.tour)).toEqual(['T-3', 'T-1']);
    const second = await list('createdAt[after]=2026-04-02&createdAt[before]=2026-04-02');
    expect(second['hydra:member'].map((c) => c.tour)).toEqual(['T-2']);
    const firstThree = await list(
      'createdAt[after]=2026-04-01&createdAt[before]=2026-04-03&code=missingDistance',
    );
    expect(firstThree['hydra:member'].map((c) => c.tour)).toEqual(['T-3', 'T-1']);
  });
});
