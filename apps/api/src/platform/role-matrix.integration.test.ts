import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRoute, type Role, accessAnswer, apiRoutes } from '@klimadesk/contract';
import {
  PASSWORD,
  type TestApp,
  createCompanyFixture,
  createPlatformAdmin,
  createTestApp,
} from '../../test/harness.ts';
import { hashPassword } from './auth/passwords.ts';
import { companies } from './db/schema.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { EXPECTED_ACCESS, ROLE_KINDS, type RoleKind } from './role-matrix.expected.ts';
import { bookTariff } from '../../test/calls.ts';

/**
 * Every route of the table against every kind of user: allowed (any answer but 401/403) or 403,
 * exactly as the route's access says. The expected matrix is written out in role-matrix.expected.ts,
 * so widening a route's access (or the role hierarchy) fails here until the matrix is changed too.
 * Requests carry input that fails validation where the route has any, so an allowed call stops at
 * 400 and changes nothing; the access check runs before validation.
 */

const ROLES: Record<Exclude<RoleKind, 'platform'>, Role[]> = {
  companyAdmin: ['ROLE_COMPANY_ADMIN'],
  cftAdmin: ['ROLE_CFT_ADMIN'],
  cfcAdmin: ['ROLE_CFC_ADMIN'],
  taxAdmin: ['ROLE_TAX_ADMIN'],
  csrdAdmin: ['ROLE_CSRD_ADMIN'],
  vsmeAdmin: ['ROLE_VSME_ADMIN'],
  user: ['ROLE_CFT_USER', 'ROLE_CFC_USER', 'ROLE_TAX_USER', 'ROLE_CSRD_USER', 'ROLE_VSME_USER'],
  readOnly: [
    'ROLE_CFT_READ_ONLY',
    'ROLE_CFC_READ_ONLY',
    'ROLE_TAX_READ_ONLY',
    'ROLE_CSRD_READ_ONLY',
    'ROLE_VSME_READ_ONLY',
  ],
  external: ['ROLE_CFT_READ_ONLY_EXTERNAL'],
  basicAdmin: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
};

let t: TestApp;
const emails = {} as Record<RoleKind, string>;
const tokens = {} as Record<RoleKind, string>;

beforeAll(async () => {
  t = await createTestApp();
  const full = await createCompanyFixture(t.ctx, 'Matrix');
  const basic = await createCompanyFixture(t.ctx, 'MatrixBasic', { isBasic: true });
  // A paying professional company: trial limits (no exports in a trial) are edition rules, not access.
  await t.ctx.db.update(companies).set({ isPayingCustomer: true }).where(eq(companies.id, full.id));
  const passwordHash = await hashPassword(PASSWORD);
  for (const [kind, roles] of Object.entries(ROLES) as [Exclude<RoleKind, 'platform'>, Role[]][]) {
    const email = `${kind}@role-matrix.test`.toLowerCase();
    await insertUser(t.ctx.db, {
      companyId: kind === 'basicAdmin' ? basic.id : full.id,
      email,
      passwordHash,
      firstName: kind,
      lastName: 'Matrix',
      roles,
      isVerified: true,
    });
    emails[kind] = email;
  }
  emails.platform = (await createPlatformAdmin(t.ctx)).email;
  for (const kind of ROLE_KINDS) tokens[kind] = await t.login(emails[kind]);
});
afterAll(() => t.close());

/** A request to the route whose input fails validation wherever the route takes input. */
function probe(route: ApiRoute) {
  const url = route.path.replace(/:([A-Za-z0-9_]+)/g, 'not-an-id');
  const method = route.method;
  if (route.multipart) {
    return { method, url, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' };
  }
  return route.body ? { method, url, payload: [] } : { method, url };
}

const upgradeRefusals = new Set<string>();

/** Which role kinds the server lets through, as a sorted list. */
async function allowedKinds(route: ApiRoute): Promise<RoleKind[]> {
  const out: RoleKind[] = [];
  for (const kind of ROLE_KINDS) {
    let res = await t.call({ ...probe(route), token: tokens[kind] });
    if (res.statusCode === 401 && route.access !== 'public') {
      // An earlier call ended this session (logout): sign in again and ask once more.
      tokens[kind] = await t.login(emails[kind]);
      res = await t.call({ ...probe(route), token: tokens[kind] });
      if (res.statusCode === 401) throw new Error(`${route.id}: ${kind} is refused a session (${res.body})`);
    }
    // The edition rule (a basic company may not export) is not the route's access: it answers
    // 403 upgradeRequired after the access check let the call through.
    const edition = res.statusCode === 403 && res.json().message === 'upgradeRequired';
    if (edition) upgradeRefusals.add(`${route.id} ${kind}`);
    if (res.statusCode !== 403 || edition) out.push(kind);
  }
  return out;
}

describe('role matrix: every route × every kind of user', () => {
  it('lists every route of the table', () => {
    expect(Object.keys(EXPECTED_ACCESS).sort()).toEqual(apiRoutes.map((r) => r.id).sort());
  });

  it('the written matrix is what the route table says', () => {
    for (const route of apiRoutes) {
      const roles = (kind: RoleKind): Role[] => (kind === 'platform' ? ['ROLE_SMP_ADMIN'] : ROLES[kind]);
      const derived = ROLE_KINDS.filter(
        (k) => accessAnswer(roles(k), route.access, route.write) === 'allowed',
      );
      expect([route.id, derived.join(' ')]).toEqual([route.id, EXPECTED_ACCESS[route.id]]);
    }
  });

  it.each(apiRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    expect([route.id, (await allowedKinds(route)).join(' ')]).toEqual([route.id, EXPECTED_ACCESS[route.id]]);
  });

  it('refuses the basic edition only the professional features, after the access check', () => {
    expect([...upgradeRefusals].sort()).toEqual(
      ['exportShipments', 'exportTours', 'exportTrailers', 'exportVehicles'].map((id) => `${id} basicAdmin`),
    );
  });
});

describe('role matrix: a company without a running booking of a module', () => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const email = 'every-role@matrix-unbooked.test';
  let token: string;
  let platformToken: string;

  beforeAll(async () => {
    // Freight booked and running; the carbon footprint booked until yesterday; taxonomy, CSRD and VSME never.
    const c = await createCompanyFixture(t.ctx, 'MatrixUnbooked');
    await bookTariff(
      t,
      c.id,
      { module: 'cft', type: 'default', isFreeOfCharge: true },
      { beginDate: '2020-01-01' },
    );
    await bookTariff(
      t,
      c.id,
      { module: 'cfc', type: 'individual' },
      { beginDate: '2020-01-01', endDate: yesterday },
    );
    await insertUser(t.ctx.db, {
      companyId: c.id,
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Every',
      lastName: 'Role',
      roles: [
        'ROLE_COMPANY_ADMIN',
        'ROLE_CFT_ADMIN',
        'ROLE_CFC_ADMIN',
        'ROLE_TAX_ADMIN',
        'ROLE_CSRD_ADMIN',
        'ROLE_VSME_ADMIN',
      ],
      isVerified: true,
    });
    token = await t.login(email);
    // The platform admin's own company with an ended booking: the provider still reaches every module.
    const smp = await t.ctx.db.select().from(companies).where(eq(companies.isPlatform, true));
    await bookTariff(
      t,
      smp[0].id,
      { module: 'csrd', type: 'individual' },
      { beginDate: '2020-01-01', endDate: yesterday },
    );
    platformToken = await t.login(emails.platform);
  });

  const moduleRoutes = apiRoutes.filter((r) => r.module);

  it('covers the routes of every module', () => {
    for (const m of ['cft', 'cfc', 'tax', 'csrd', 'vsme'] as const)
      expect(moduleRoutes.filter((r) => r.module === m).length, m).toBeGreaterThan(10);
  });

  it.each(apiRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    // The probe's input is invalid: a refusal for the booking comes before the input is read.
    let res = await t.call({ ...probe(route), token });
    if (res.statusCode === 401) {
      // An earlier call ended this session (logout): sign in again.
      token = await t.login(email);
      res = await t.call({ ...probe(route), token });
    }
    const refused = res.statusCode === 403 && res.json().message === 'moduleNotBooked';
    const unbooked = route.module !== undefined && route.module !== 'cft';
    expect([route.id, refused]).toEqual([route.id, unbooked]);
    if (unbooked) expect(res.json().detail).toEqual({ module: route.module });
    if (route.module && EXPECTED_ACCESS[route.id].includes('platform')) {
      let asProvider = await t.call({ ...probe(route), token: platformToken });
      if (asProvider.statusCode === 401) {
        platformToken = await t.login(emails.platform);
        asProvider = await t.call({ ...probe(route), token: platformToken });
      }
      expect([route.id, asProvider.json().message]).not.toEqual([route.id, 'moduleNotBooked']);
    }
  });
});
