import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiRoutes } from '@klimadesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { shipments, tours } from '../tours/tours.schema.ts';
import { apiKeys } from './api-keys.schema.ts';

const { t, a } = appWithCompanies({ a: { key: 'KeyA', isPayingCustomer: true } });
let admin: string;

beforeAll(async () => {
  admin = await t.login(a.users.admin.email);
});

async function newKey(name = 'ERP') {
  const res = await t.call({ method: 'POST', url: '/api/api-keys', token: admin, payload: { name } });
  expect(res.statusCode).toBe(201);
  return res.json() as { apiKey: { id: string; prefix: string; lastUsedAt: string | null }; key: string };
}

const ROWS = [
  {
    tourReference: 'API-1',
    shipmentReference: 'AS-1',
    departureDate: '2026-03-02',
    glecTransportType: 'road_in_12_20t_diesel',
    weight: 1000,
    distance: 120,
    shipper: 'Bio AG',
  },
  {
    tourReference: 'API-1',
    shipmentReference: 'AS-2',
    departureDate: '2026-03-02',
    glecTransportType: 'road_in_12_20t_diesel',
    weight: 500,
    distance: 120,
  },
  {
    tourReference: 'API-2',
    shipmentReference: '',
    departureDate: '2026-03-02',
    glecTransportType: 'road_in_12_20t_diesel',
    weight: 500,
    distance: 50,
  },
  {
    tourReference: 'API-3',
    shipmentReference: 'AS-3',
    departureDate: '2026-03-02',
    glecTransportType: 'nope',
    weight: 500,
    distance: 50,
  },
];

describe('API keys', () => {
  it('are shown once, stored hashed, listed without the key, and only for company admins', async () => {
    const { apiKey, key } = await newKey();
    expect(key.startsWith('kdk_')).toBe(true);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.keyHash).not.toContain(key.slice(4));
    const list = await t.call({ method: 'GET', url: '/api/api-keys', token: admin });
    expect(list.body).not.toContain(key);
    const user = await t.login(a.users.cftAdmin.email);
    expect((await t.call({ method: 'GET', url: '/api/api-keys', token: user })).statusCode).toBe(403);
  });

  it('pushes tours and shipments as JSON with the file import codes and reads the results', async () => {
    const { apiKey, key } = await newKey('Push');
    const res = await t.call({
      method: 'POST',
      url: '/api/imports/tours-shipments',
      headers: { 'x-api-key': key },
      payload: { rows: ROWS },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ source: 'api', status: 'uploaded', importMapping: null });
    await t.ctx.jobs.drain();
    const task = await t.call({
      method: 'GET',
      url: `/api/mapping-import-tasks/${res.json().id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(task.statusCode).toBe(200);
    expect(task.json()).toMatchObject({ status: 'success', imported: 2, rejected: 2 });
    const codes = await t.call({
      method: 'GET',
      url: `/api/tour-codes?taskId=${res.json().id}`,
      headers: { 'x-api-key': key },
    });
    expect(codes.json()['hydra:member'].map((c: { code: string; row: number }) => [c.row, c.code])).toEqual([
      [4, 'shipmentReferenceMissing'],
      [5, 'invalidGlecTransportType'],
    ]);
    const ts = await t.ctx.db.select().from(tours).where(eq(tours.companyId, a.id));
    expect(ts.map((x) => x.reference)).toEqual(['API-1']);
    expect(ts[0].co2DefaultWtw).toBeGreaterThan(0);
    expect(await t.ctx.db.select().from(shipments).where(eq(shipments.companyId, a.id))).toHaveLength(2);
    const listed = (await t.call({ method: 'GET', url: '/api/api-keys', token: admin })).json()[
      'hydra:member'
    ];
    expect(listed.find((k: { id: string }) => k.id === apiKey.id).lastUsedAt).not.toBeNull();
  });

  it('a key cannot reach accounts or other writes; unknown and revoked keys are refused', async () => {
    const { apiKey, key } = await newKey('Limited');
    const me = await t.call({ method: 'GET', url: '/api/me', headers: { 'x-api-key': key } });
    expect(me.statusCode).toBe(403);
    const write = await t.call({
      method: 'POST',
      url: '/api/tag-groups',
      headers: { 'x-api-key': key },
      payload: { name: 'x', colorCode: '#000000' },
    });
    expect(write.statusCode).toBe(403);
    const bad = await t.call({
      method: 'GET',
      url: '/api/mapping-import-tasks',
      headers: { 'x-api-key': 'kdk_wrong' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('apiKeyInvalid');
    expect(
      (await t.call({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, token: admin })).statusCode,
    ).toBe(200);
    const revoked = await t.call({
      method: 'GET',
      url: '/api/mapping-import-tasks',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('apiKeyInvalid');
  });

  it('validates the push body', async () => {
    const { key } = await newKey('Body');
    const res = await t.call({
      method: 'POST',
      url: '/api/imports/tours-shipments',
      headers: { 'x-api-key': key },
      payload: { rows: [{ unknownField: 1 }] },
    });
    expect(res.statusCode).toBe(400);
  });

  it('reaches only the routes the table marks apiKey: imports and their results (issue 12 F10)', async () => {
    const { key } = await newKey('Scope');
    const allowed = apiRoutes.filter((r) => r.apiKey).map((r) => r.id);
    expect(allowed).toEqual(
      expect.arrayContaining(['pushToursShipments', 'getImportTask', 'tours', 'shipments']),
    );
    expect(allowed).not.toContain('userActionLogs');
    for (const route of apiRoutes) {
      const url = route.path.replace(/:\w+/g, randomUUID());
      const res = await t.call({ method: route.method, url, headers: { 'x-api-key': key } });
      if (route.apiKey) {
        // Past the key check: validation, a missing object or the answer itself.
        expect([route.id, res.statusCode]).toEqual([
          route.id,
          expect.toSatisfy((s: number) => s !== 401 && s !== 403),
        ]);
      } else {
        expect([route.id, res.statusCode, res.json().message]).toEqual([route.id, 403, 'noRights']);
      }
    }
    const logs = await t.call({ method: 'GET', url: '/api/log-useractions', headers: { 'x-api-key': key } });
    expect(logs.body).not.toContain(a.users.admin.email);
  });

  it('the OpenAPI document names the key only on those routes', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; security?: Record<string, unknown>[] }>>;
    };
    const withKey = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => op.security?.some((s) => 'apiKey' in s))
      .map((op) => op.operationId)
      .sort();
    expect(withKey).toEqual(
      apiRoutes
        .filter((r) => r.apiKey)
        .map((r) => r.id)
        .sort(),
    );
  });
});
