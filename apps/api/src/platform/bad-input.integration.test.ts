import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiRoute, type Role, accessAnswer, apiRoutes } from '@klimadesk/contract';
import { type TestApp, appWithCompanies } from '../../test/harness.ts';
import { testDatabaseUrl, withDatabase } from '../../test/databases.ts';
import { multipart } from '../../test/multipart.ts';
import { schema } from './db/index.ts';

const { t, a, smp } = appWithCompanies({ a: 'A' }, { platformAdmin: true });
let token: string;
let smpToken: string;

/**
 * Row counts of every table: bad input must leave all of them as they were. The rate-limit
 * counters (PostgreSQL) count requests, bad ones included, by design.
 */
async function counts(): Promise<Record<string, number>> {
  const res = await t.ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('user_action_logs', 'sessions', 'rate_limits', '__drizzle_migrations') order by table_name`,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of (res as unknown as { rows: { table_name: string }[] }).rows) {
    const c = await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`);
    out[table_name] = (c as unknown as { rows: { n: number }[] }).rows[0].n;
  }
  return out;
}

beforeAll(async () => {
  token = await t.login(a.users.admin.email);
  smpToken = await t.login(smp.email);
});

const json = { 'content-type': 'application/json' };

type Case = [
  string,
  () => Promise<{ statusCode: number; json: () => { code: number; message: string } }>,
  number,
  string,
];

/** A GET of an admin that must be refused (by default as invalid input). */
const getting = (name: string, url: string, status = 400, message = 'validationFailed'): Case => [
  name,
  () => t.call({ method: 'GET', url, token }),
  status,
  message,
];

const cases: Case[] = [
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
  getting('SQL in an id parameter', `/api/users/${encodeURIComponent("1' OR '1'='1")}`),
  ['SQL in an e-mail', () => t.loginAttempt("admin@a.test' --", 'x'), 400, 'validationFailed'],
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
  getting('SQL in an order direction', '/api/users/own-company?order[email]=asc;drop table users'),
  getting('an unknown order field', '/api/users/own-company?order[password_hash]=asc'),
  getting('a negative page', '/api/users/own-company?page=-1'),
  getting('an unknown API path', '/api/does-not-exist', 404, 'routeNotFound'),
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

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A value of the schema's shape that holds `bad` in its first string field; undefined: none. */
function withBadText(schema: JsonSchema, bad: string): unknown {
  const types = [schema.type ?? []].flat();
  if (types.includes('string')) return bad;
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const v = withBadText(option, bad);
    if (v !== undefined) return v;
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const v = withBadText(property, bad);
    if (v !== undefined) return { [key]: v };
  }
  if (typeof schema.additionalProperties === 'object') {
    const v = withBadText(schema.additionalProperties, bad);
    if (v !== undefined) return { key: v };
  }
  for (const item of [...(schema.prefixItems ?? []), ...(schema.items ? [schema.items] : [])]) {
    const v = withBadText(item, bad);
    if (v !== undefined) return [v];
  }
  return undefined;
}

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The path with a valid id for every parameter, or `value` (already URL-encoded) for all of them. */
const pathOf = (route: ApiRoute, value: string = randomUUID()) => route.path.replace(/:\w+/g, value);

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

/** Every way the probe put NUL or a lone surrogate into a request, per route of the table. */
function unsafeTextRequests(
  route: ApiRoute,
): [string, () => Promise<{ statusCode: number; body: string }>][] {
  const out: [string, () => Promise<{ statusCode: number; body: string }>][] = [];
  const call = (options: Parameters<TestApp['call']>[0]) => () => t.call({ token, ...options });
  if (route.params) {
    // An encoded lone surrogate is no valid UTF-8: the router cannot decode it.
    out.push(['NUL in the path', call({ method: route.method, url: pathOf(route, 'a%00b') })]);
    out.push(['lone surrogate in the path', call({ method: route.method, url: pathOf(route, '%ED%A0%80') })]);
  }
  const query = route.query ? withBadText(jsonSchema(route.query), 'x') : undefined;
  if (query && typeof query === 'object') {
    const [key] = Object.keys(query);
    out.push([
      `NUL in the query (${key})`,
      call({ method: route.method, url: `${pathOf(route)}?${encodeURIComponent(key)}=a%00b` }),
    ]);
  }
  if (route.multipart) {
    const file = { contentType: 'text/csv', data: Buffer.from('a;b\n1;2\n') };
    for (const [name, fileName] of [
      ['NUL in the file name', `a${NUL}b.csv`],
      ['NUL in a form field', 'ok.csv'],
    ]) {
      const form = multipart({
        mappingId: fileName === 'ok.csv' ? `a${NUL}b` : randomUUID(),
        file: { ...file, fileName },
      });
      out.push([
        name,
        call({ method: route.method, url: pathOf(route), headers: form.headers, payload: form.body }),
      ]);
    }
  } else if (route.body) {
    for (const [name, bad] of [
      ['NUL', `a${NUL}b`],
      ['lone surrogate', `a${LONE_SURROGATE}b`],
    ]) {
      const payload = withBadText(jsonSchema(route.body), bad);
      if (payload === undefined) continue;
      out.push([
        `${name} in the body`,
        call({ method: route.method, url: pathOf(route), payload: payload as object }),
      ]);
    }
  }
  return out;
}

describe('NUL and lone surrogates get 400 invalidCharacters on every route (issue 12 F3)', () => {
  const routes = apiRoutes.filter((r) => unsafeTextRequests(r).length > 0);

  it('covers the routes with text input', () => {
    expect(routes.length).toBeGreaterThanOrEqual(80);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const before = await counts();
    for (const [name, send] of unsafeTextRequests(route)) {
      const res = await send();
      expect([name, res.statusCode, JSON.parse(res.body).message]).toEqual([name, 400, 'invalidCharacters']);
    }
    expect(await counts()).toEqual(before);
  });

  it('names where the character was', async () => {
    const res = await t.call({
      method: 'PATCH',
      url: `/api/users/${a.users.user.id}`,
      token,
      payload: { firstName: `Max${NUL}` },
    });
    expect(res.json()).toEqual({
      code: 50400,
      message: 'invalidCharacters',
      detail: { path: 'body/firstName' },
    });
    const search = await t.call({ method: 'GET', url: '/api/users/own-company?search=%00', token });
    expect(search.json().detail).toEqual({ path: 'querystring/search' });
  });

  it('keeps well-formed text outside the Basic Multilingual Plane', async () => {
    const res = await t.call({
      method: 'PATCH',
      url: `/api/users/${a.users.user.id}`,
      token,
      payload: { lastName: 'Grün 🚚' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lastName).toBe('Grün 🚚');
  });
});

const adminToken = () => token;

type DateField = { value: unknown; path: string };

/** A value of the schema's shape holding `bad` in its first calendar day (`format: date`), with its path. */
function withBadDate(
  schema: JsonSchema & { format?: string },
  bad: string,
  path = '',
): DateField | undefined {
  if ([schema.type ?? []].flat().includes('string'))
    return schema.format === 'date' ? { value: bad, path } : undefined;
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const v = withBadDate(option, bad, path);
    if (v) return v;
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const v = withBadDate(property, bad, `${path}/${key}`);
    if (v) return { value: { [key]: v.value }, path: v.path };
  }
  for (const item of [...(schema.prefixItems ?? []), ...(schema.items ? [schema.items] : [])]) {
    const v = withBadDate(item, bad, `${path}/0`);
    if (v) return { value: [v.value], path: v.path };
  }
  return undefined;
}

/** Days that do not exist: February 30, April 31, February 29 of a common year, and year 0. */
const IMPOSSIBLE_DAYS = ['2026-02-30', '2026-04-31', '2026-02-29', '0000-01-01'];

/** Every request of a route that carries an impossible day in a query filter or a body date. */
function impossibleDayRequests(route: ApiRoute): [string, () => Promise<LightMyRequestResponse>, string][] {
  const out: [string, () => Promise<LightMyRequestResponse>, string][] = [];
  // The company admin with every module's admin role, or the platform admin for the provider's routes.
  const adminRoles: Role[] = [
    'ROLE_COMPANY_ADMIN',
    'ROLE_CFT_ADMIN',
    'ROLE_CFC_ADMIN',
    'ROLE_TAX_ADMIN',
    'ROLE_CSRD_ADMIN',
  ];
  const token = accessAnswer(adminRoles, route.access, route.write) === 'allowed' ? adminToken() : smpToken;
  for (const bad of IMPOSSIBLE_DAYS) {
    const query = route.query ? withBadDate(jsonSchema(route.query), bad) : undefined;
    if (query) {
      const [key] = Object.keys(query.value as object);
      const url = `${pathOf(route)}?${encodeURIComponent(key)}=${bad}`;
      out.push([
        `${key}=${bad}`,
        () => t.call({ method: route.method, url, token }),
        `querystring${query.path}`,
      ]);
    }
    const body = route.body && !route.multipart ? withBadDate(jsonSchema(route.body), bad) : undefined;
    if (body) {
      const payload = body.value as object;
      out.push([
        `body${body.path}=${bad}`,
        () => t.call({ method: route.method, url: pathOf(route), token, payload }),
        `body${body.path}`,
      ]);
    }
  }
  return out;
}

describe('impossible calendar days get 400 validationFailed on every route (issue 32)', () => {
  const routes = apiRoutes.filter((r) => impossibleDayRequests(r).length > 0);

  it('covers the routes with dates: orders, tasks, tariff bookings, invoices, activities, lists, dashboards, exports', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    for (const id of ['createOrder', 'orders', 'createTask', 'tasks', 'createTariffBooking', 'createInvoice'])
      expect(routes.map((r) => r.id)).toContain(id);
    for (const id of ['createActivity', 'tours', 'shipments', 'tourStats', 'exportTours', 'orderDashboard'])
      expect(routes.map((r) => r.id)).toContain(id);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const before = await counts();
    for (const [name, send, path] of impossibleDayRequests(route)) {
      const res = await send();
      const issues = (res.json().detail?.issues ?? []) as { path: string }[];
      expect([name, res.statusCode, res.json().message]).toEqual([name, 400, 'validationFailed']);
      // The day itself is named, not only some other field the probe left out.
      expect([name, issues.map((i) => i.path)]).toEqual([name, expect.arrayContaining([path])]);
    }
    expect(await counts()).toEqual(before);
  });

  it('a task due on 2026-02-30 and order filters from year 0 never reach the database', async () => {
    const task = await t.call({
      method: 'POST',
      url: '/api/tasks',
      token,
      payload: { description: 'Bericht', deadline: '2026-02-30' },
    });
    expect([task.statusCode, task.json().message]).toEqual([400, 'validationFailed']);
    for (const url of ['/api/orders?date[after]=0000-01-01', '/api/tours?departureDate[before]=0000-01-01']) {
      const res = await t.call({ method: 'GET', url, token });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    const ok = await t.call({
      method: 'POST',
      url: '/api/tasks',
      token,
      payload: { description: 'B', deadline: '2028-02-29' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('deeply nested JSON (issue 32)', () => {
  const nested = (levels: number) => `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`;

  it('8,000 levels answer 400 before the session is checked, and the server stays up', async () => {
    for (const url of ['/api/login', '/api/users']) {
      const res = await t.call({ method: 'POST', url, headers: json, payload: nested(8_000) });
      expect([url, res.statusCode, res.json().message]).toEqual([url, 400, 'validationFailed']);
      expect(res.json().detail.issues[0].message).toMatch(/nested deeper than 64 levels/);
    }
    expect((await t.call({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(200);
  });

  it('nesting within the limit is read as usual', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/users',
      token,
      headers: json,
      payload: nested(20),
    });
    expect([res.statusCode, res.json().message]).toEqual([400, 'validationFailed']);
    expect(res.json().detail.issues[0].message).not.toMatch(/nested deeper/);
  });
});

describe('the user action log stores what a refused request named (issue 32)', () => {
  it('a NUL in a path id is logged as U+FFFD', async () => {
    const res = await t.call({
      method: 'PATCH',
      url: '/api/users/nul%00id',
      token,
      payload: { firstName: 'x' },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, 'invalidCharacters']);
    const rows = await t.ctx.db
      .select()
      .from(schema.userActionLogs)
      .where(eq(schema.userActionLogs.entityId, 'nul\uFFFDid'));
    expect(rows).toEqual([
      expect.objectContaining({ action: 'updateUser', status: 'failure', userEmail: a.users.admin.email }),
    ]);
  });
});

/** A raw HTTP/1.1 exchange, for requests the HTTP parser refuses before Fastify sees them. */
async function rawRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
  const [head, body] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body };
}

describe('transport errors keep the { code, message } shape (issue 12 F11)', () => {
  it('a URL over 16 KB answers 431 headersTooLarge', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await rawRequest(
      port,
      `GET /api/users/own-company?search=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ code: 50400, message: 'headersTooLarge' });
  });

  it('a path parameter over the router limit answers 414 uriTooLong', async () => {
    const res = await t.call({ method: 'GET', url: `/api/users/${'a'.repeat(500)}`, token });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 50400, message: 'uriTooLong' });
  });

  it.skipIf(!testDatabaseUrl)(
    'a database backend terminated under a request answers 503 databaseUnavailable with Retry-After',
    async () => {
      const { default: pg } = await import('pg');
      const [{ name }] = (
        (await t.ctx.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const other = new pg.Client({ connectionString: withDatabase(testDatabaseUrl as string, name) });
      await other.connect();
      try {
        // The request's session lookup waits on the lock; its backend is then terminated.
        await other.query('begin');
        await other.query('lock table sessions in access exclusive mode');
        // With the caches of the session checks on (TEST_AUTH_CACHE=1) the check must read again.
        t.ctx.sessionCache?.clear();
        const pending = t.call({ method: 'GET', url: '/api/users/me', token });
        let pid: number | undefined;
        while (pid === undefined) {
          const r = await other.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          );
          pid = r.rows[0]?.pid;
        }
        await other.query('select pg_terminate_backend($1)', [pid]);
        await other.query('rollback');
        const res = await pending;
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ code: 50500, message: 'databaseUnavailable' });
      } finally {
        await other.end();
      }
      // The pool replaces the broken connection: the next request is answered.
      expect((await t.call({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(200);
    },
  );
});
