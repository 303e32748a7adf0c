/**
 * API keys and offboarding (issue 32): the list names who created each key and when it was last
 * used; deleting or demoting a user may revoke the keys that user created (`?revokeApiKeys=true`),
 * which only company admins may ask for.
 */
import { describe, expect, it } from 'vitest';
import type { Role } from '@klimadesk/contract';
import { appWithCompanies, createFixtureUser } from '../../../test/harness.ts';

const { t, a } = appWithCompanies({ a: { key: 'KeyOff', isPayingCustomer: true } });

type Key = {
  id: string;
  createdBy: string;
  createdByName: string | null;
  createdByEmail: string | null;
  createdByDeleted: boolean;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const ADMIN: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'];
let n = 0;

/** A further company admin with two keys of their own. */
async function adminWithKeys() {
  const x = await createFixtureUser(t.ctx, a.id, `keys${++n}@keyoff.test`, ADMIN);
  const token = await t.login(x.email);
  const keys: { id: string; key: string }[] = [];
  for (const name of ['ERP', 'TMS']) {
    const res = await t.call({ method: 'POST', url: '/api/api-keys', token, payload: { name } });
    expect(res.statusCode).toBe(201);
    keys.push({ id: res.json().apiKey.id, key: res.json().key });
  }
  return { x, keys };
}

const list = async () => {
  const token = await t.login(a.users.admin.email);
  const res = await t.call({ method: 'GET', url: '/api/api-keys', token });
  expect(res.statusCode).toBe(200);
  return res.json()['hydra:member'] as Key[];
};
const keyById = async (id: string) => (await list()).find((k) => k.id === id) as Key;

/** A request made with the key on a route keys may use; 401 once the key is revoked. */
const useKey = (key: string) =>
  t.call({
    method: 'POST',
    url: '/api/imports/tours-shipments',
    headers: { 'x-api-key': key },
    payload: {
      rows: [
        {
          tourReference: `OFF-${++n}`,
          shipmentReference: `OS-${n}`,
          departureDate: '2026-03-02',
          glecTransportType: 'road_in_12_20t_diesel',
          weight: 1000,
          distance: 120,
        },
      ],
    },
  });

const patch = (token: string, id: string, body: object, query = '') =>
  t.call({
    method: 'PATCH',
    url: `/api/users/${id}${query}`,
    token,
    headers: { 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(body),
  });

describe('the list of API keys', () => {
  it('names the creator and the last use of each key', async () => {
    const { x, keys } = await adminWithKeys();
    const fresh = await keyById(keys[0].id);
    expect(fresh).toMatchObject({
      createdBy: x.id,
      createdByName: `keys${n} Test`,
      createdByEmail: x.email,
      createdByDeleted: false,
      lastUsedAt: null,
    });
    expect((await useKey(keys[0].key)).statusCode).toBe(201);
    const used = await keyById(keys[0].id);
    expect(used.lastUsedAt).not.toBeNull();
    expect(Date.now() - Date.parse(used.lastUsedAt as string)).toBeLessThan(60_000);
  });
});

describe('offboarding an admin', () => {
  it('revokes the keys of a deleted admin when asked to, and only theirs', async () => {
    const other = await adminWithKeys();
    const { x, keys } = await adminWithKeys();
    const admin = await t.login(a.users.admin.email);
    const res = await t.call({
      method: 'DELETE',
      url: `/api/users/${x.id}?revokeApiKeys=true`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    for (const k of keys) {
      expect((await keyById(k.id)).revokedAt).not.toBeNull();
      const refused = await useKey(k.key);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('apiKeyInvalid');
    }
    expect((await keyById(other.keys[0].id)).revokedAt).toBeNull();
    expect((await useKey(other.keys[0].key)).statusCode).toBe(201);
  });

  it('keeps the keys of a deleted admin without the option, marked as the keys of a deleted account', async () => {
    const { x, keys } = await adminWithKeys();
    const admin = await t.login(a.users.admin.email);
    expect((await t.call({ method: 'DELETE', url: `/api/users/${x.id}`, token: admin })).statusCode).toBe(
      200,
    );
    const kept = await keyById(keys[0].id);
    expect(kept).toMatchObject({ revokedAt: null, createdByDeleted: true, createdByEmail: x.email });
    expect((await useKey(keys[0].key)).statusCode).toBe(201);
  });

  it('revokes the keys of a demoted admin when asked to', async () => {
    const { x, keys } = await adminWithKeys();
    const admin = await t.login(a.users.admin.email);
    const res = await patch(admin, x.id, { roles: ['ROLE_CFT_USER'] }, '?revokeApiKeys=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['ROLE_CFT_USER']);
    for (const k of keys) expect((await keyById(k.id)).revokedAt).not.toBeNull();
    expect((await useKey(keys[1].key)).statusCode).toBe(401);
  });

  it('lets only company admins revoke keys with a user', async () => {
    const { keys } = await adminWithKeys();
    const target = await createFixtureUser(t.ctx, a.id, `cft${++n}@keyoff.test`, ['ROLE_CFT_USER']);
    const cftAdmin = await t.login(a.users.cftAdmin.email);
    const del = await t.call({
      method: 'DELETE',
      url: `/api/users/${target.id}?revokeApiKeys=true`,
      token: cftAdmin,
    });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('noRights');
    const change = await patch(cftAdmin, target.id, { roles: ['ROLE_CFT_READ_ONLY'] }, '?revokeApiKeys=true');
    expect(change.statusCode).toBe(403);
    // Without the option the module admin manages the user as before.
    expect((await patch(cftAdmin, target.id, { roles: ['ROLE_CFT_READ_ONLY'] })).statusCode).toBe(200);
    expect((await keyById(keys[0].id)).revokedAt).toBeNull();
  });

  it('refuses an unknown option value', async () => {
    const target = await createFixtureUser(t.ctx, a.id, `val${++n}@keyoff.test`, ['ROLE_CFT_USER']);
    const admin = await t.login(a.users.admin.email);
    const res = await t.call({
      method: 'DELETE',
      url: `/api/users/${target.id}?revokeApiKeys=maybe`,
      token: admin,
    });
    expect(res.statusCode).toBe(400);
  });
});
