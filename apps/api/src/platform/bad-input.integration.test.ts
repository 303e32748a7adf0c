import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyFixture,
  type TestApp,
  createCompanyFixture,
  createTestApp,
} from '../../test/harness.ts';

let t: TestApp;
let a: CompanyFixture;
let token: string;

/** Row counts of every table: bad input must leave all of them as they were. */
async function counts(): Promise<Record<string, number>> {
  const res = await t.ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('user_action_logs', 'sessions', '__drizzle_migrations') order by table_name`,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of (res as unknown as { rows: { table_name: string }[] }).rows) {
    const c = await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`);
    out[table_name] = (c as unknown as { rows: { n: number }[] }).rows[0].n;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompanyFixture(t.ctx, 'A');
  token = await t.login(a.users.admin.email);
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

const cases: [
  string,
  () => Promise<{ statusCode: number; json: () => { code: number; message: string } }>,
  number,
  string,
][] = [
  [
    'malformed JSON',
    () => t.call({ method: 'POST', url: '/api/users', token, headers: json, payload: '{"firstName": "x",' }),
    400,
    'invalidJson',
  ],
  [
    'a JSON array where an object belongs',
    () => t.call({ method: 'POST', url: '/api/users', token, headers: json, payload: '[1,2]' }),
    400,
    'validationFailed',
  ],
  [
    'wrong types',
    () =>
      t.call({
        method: 'POST',
        url: '/api/users',
        token,
        payload: { firstName: 1, lastName: true, email: 'x@y.de', password: 'secret1', roles: [] },
      }),
    400,
    'validationFailed',
  ],
  [
    'an unknown role',
    () =>
      t.call({
        method: 'POST',
        url: '/api/users',
        token,
        payload: { firstName: 'a', lastName: 'b', email: 'x@y.de', password: 'secret1', roles: ['ROLE_GOD'] },
      }),
    400,
    'validationFailed',
  ],
  [
    'unknown fields',
    () =>
      t.call({
        method: 'POST',
        url: '/api/users',
        token,
        payload: {
          firstName: 'a',
          lastName: 'b',
          email: 'x@y.de',
          password: 'secret1',
          roles: [],
          isAdmin: true,
        },
      }),
    400,
    'validationFailed',
  ],
  [
    'a body over 1 MB',
    () =>
      t.call({
        method: 'POST',
        url: '/api/send-support-message',
        token,
        headers: json,
        payload: JSON.stringify({ subject: 'x', message: 'y'.repeat(1_100_000) }),
      }),
    413,
    'payloadTooLarge',
  ],
  [
    'an unsupported content type',
    () =>
      t.call({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
    415,
    'unsupportedMediaType',
  ],
  [
    'SQL in an id parameter',
    () => t.call({ method: 'GET', url: `/api/users/${encodeURIComponent("1' OR '1'='1")}`, token }),
    400,
    'validationFailed',
  ],
  [
    'SQL in an e-mail',
    () =>
      t.call({ method: 'POST', url: '/api/login', payload: { username: "admin@a.test' --", password: 'x' } }),
    400,
    'validationFailed',
  ],
  [
    'script in an e-mail',
    () =>
      t.call({
        method: 'POST',
        url: '/api/request-reset-password',
        payload: { email: '<script>alert(1)</script>@x.de' },
      }),
    400,
    'validationFailed',
  ],
  [
    'SQL in an order direction',
    () => t.call({ method: 'GET', url: '/api/users/own-company?order[email]=asc;drop table users', token }),
    400,
    'validationFailed',
  ],
  [
    'an unknown order field',
    () => t.call({ method: 'GET', url: '/api/users/own-company?order[password_hash]=asc', token }),
    400,
    'validationFailed',
  ],
  [
    'a negative page',
    () => t.call({ method: 'GET', url: '/api/users/own-company?page=-1', token }),
    400,
    'validationFailed',
  ],
  [
    'an unknown API path',
    () => t.call({ method: 'GET', url: '/api/does-not-exist', token }),
    404,
    'routeNotFound',
  ],
];

describe('bad input gets a 4xx with a code and changes nothing', () => {
  it.each(cases)('%s', async (_name, send, status, message) => {
    const before = await counts();
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(res.json().code).toBeGreaterThanOrEqual(50000);
    expect(await counts()).toEqual(before);
  });

  it('stores SQL and script fragments in free text verbatim, as data', async () => {
    const name = "Robert'); DROP TABLE users;-- <script>alert(1)</script>";
    const res = await t.call({
      method: 'PATCH',
      url: `/api/users/${a.users.user.id}`,
      token,
      payload: { firstName: name },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().firstName).toBe(name);
    const search = await t.call({
      method: 'GET',
      url: `/api/users/own-company?search=${encodeURIComponent("%' OR 1=1 --")}`,
      token,
    });
    expect(search.json()['hydra:totalItems']).toBe(0);
    const all = await t.call({ method: 'GET', url: '/api/users/own-company', token });
    expect(all.json()['hydra:totalItems']).toBe(5);
  });
});
