import { eq } from 'drizzle-orm';
import { pactSchemas } from '@klimadesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, withTestApp } from '../../../test/harness.ts';
import {
  accessToken,
  allPages,
  basic,
  newClient,
  pactGet,
  pactPost,
  pushRows,
  tokenRequest,
} from '../../../test/exchange.ts';
import { CARRIER_ROWS, OTHER_ROWS } from '../../../test/exchange-data.ts';
import { exchangeClients, exchangeEvents, exchangeTokens } from './exchange.schema.ts';

/**
 * The exchange end to end: clients and tokens, the footprints and TAD of pushed tours, their
 * figures against the product's own shipment figures, scopes of shipper-bound and foreign clients,
 * and every error answer the specifications define.
 */
const { t, a, b } = appWithCompanies({
  a: { key: 'CarrierA', isPayingCustomer: true },
  b: { key: 'CarrierB', isPayingCustomer: true },
});

let admin: string;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await t.login(a.users.admin.email);
  await pushRows(t, a, CARRIER_ROWS);
  await pushRows(t, b, OTHER_ROWS);
  const list = await t.call({ method: 'GET', url: '/api/shipments?limit=50', token: admin });
  for (const s of list.json()['hydra:member']) ids[s.reference] = s.id;
  token = await accessToken(t, await newClient(t, a));
});

describe('exchange clients', () => {
  it('show the secret once, keep an Argon2id hash, and are kept by company admins only', async () => {
    const c = await newClient(t, a, { name: 'ERP Bio AG', shipper: 'Bio AG' });
    expect(c.clientId).toMatch(/^kdx_/);
    const [row] = await t.ctx.db.select().from(exchangeClients).where(eq(exchangeClients.id, c.id));
    expect(row!.secretHash).toMatch(/^\$argon2id\$/);
    expect(row!.companyId).toBe(a.id);
    const list = await t.call({ method: 'GET', url: '/api/exchange-clients', token: admin });
    expect(list.body).not.toContain(c.clientSecret);
    const listed = list.json()['hydra:member'].find((x: { id: string }) => x.id === c.id);
    expect(listed).toMatchObject({
      name: 'ERP Bio AG',
      shipper: 'Bio AG',
      lastUsedAt: null,
      revokedAt: null,
    });
    await accessToken(t, c);
    await pactGet(t, '/pact/3/footprints?limit=1', await accessToken(t, c));
    const after = (await t.call({ method: 'GET', url: '/api/exchange-clients', token: admin })).json();
    expect(after['hydra:member'].find((x: { id: string }) => x.id === c.id).lastUsedAt).not.toBeNull();
    const cftAdmin = await t.login(a.users.cftAdmin.email);
    expect((await t.call({ method: 'GET', url: '/api/exchange-clients', token: cftAdmin })).statusCode).toBe(
      403,
    );
  });

  it('revoked: no new token, and its tokens end at once', async () => {
    const c = await newClient(t, a, { name: 'Old' });
    const old = await accessToken(t, c);
    const res = await t.call({ method: 'DELETE', url: `/api/exchange-clients/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect((await tokenRequest(t, c)).statusCode).toBe(401);
    expect((await pactGet(t, '/pact/3/footprints', old)).statusCode).toBe(401);
    expect(
      await t.ctx.db.select().from(exchangeTokens).where(eq(exchangeTokens.exchangeClientId, c.id)),
    ).toEqual([]);
  });
});

describe('token endpoint (RFC 6749 §4.4, PACT Action Authenticate)', () => {
  it('issues a bearer token for client credentials over HTTP Basic', async () => {
    const c = await newClient(t, a);
    const res = await tokenRequest(t, c);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = pactSchemas.tokenResponse.parse(res.json());
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'footprint:list footprint:read',
    });
  });

  it('answers the RFC 6749 §5.2 errors', async () => {
    const c = await newClient(t, a);
    const wrong = await tokenRequest(t, { clientId: c.clientId, clientSecret: 'nope' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'invalid_client']);
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    const noGrant = await tokenRequest(t, c, 'scope=footprint:list');
    expect([noGrant.statusCode, noGrant.json().error]).toEqual([400, 'invalid_request']);
    const grant = await tokenRequest(t, c, 'grant_type=password');
    expect([grant.statusCode, grant.json().error]).toEqual([400, 'unsupported_grant_type']);
    const scope = await tokenRequest(t, c, 'grant_type=client_credentials&scope=admin');
    expect([scope.statusCode, scope.json().error]).toEqual([400, 'invalid_scope']);
    const json = await t.call({
      method: 'POST',
      url: '/pact/auth/token',
      headers: { authorization: basic(c.clientId, c.clientSecret) },
      payload: { grant_type: 'client_credentials' },
    });
    expect([json.statusCode, json.json().error]).toEqual([400, 'invalid_request']);
  });

  it('accepts client_secret_post and a narrower scope; a list needs footprint:list', async () => {
    const c = await newClient(t, a);
    const res = await t.call({
      method: 'POST',
      url: '/pact/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&scope=footprint:read&client_id=${c.clientId}&client_secret=${c.clientSecret}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await pactGet(t, '/pact/3/footprints', res.json().access_token);
    expect([list.statusCode, list.json().code]).toEqual([403, 'AccessDenied']);
  });

  it('names its token endpoint in the OpenID configuration', async () => {
    const res = await t.call({ method: 'GET', url: '/pact/.well-known/openid-configuration' });
    expect(res.json().token_endpoint).toBe('http://localhost:80/pact/auth/token');
  });
});

describe('error answers of the specifications', () => {
  const invalid = { authorization: 'Bearer very-invalid-access-token' };
  it('an invalid or missing token: v2 BadRequest 400, v3 401, iLEAP TAD AccessDenied 403', async () => {
    const cases: [string, 'GET' | 'POST', number, string][] = [
      ['/pact/2/footprints', 'GET', 400, 'BadRequest'],
      [`/pact/2/footprints/${ids['S-1']}`, 'GET', 400, 'BadRequest'],
      ['/pact/2/events', 'POST', 400, 'BadRequest'],
      ['/pact/3/footprints', 'GET', 401, 'BadRequest'],
      [`/pact/3/footprints/${ids['S-1']}`, 'GET', 401, 'BadRequest'],
      ['/pact/3/events', 'POST', 401, 'BadRequest'],
      ['/pact/2/ileap/tad', 'GET', 403, 'AccessDenied'],
    ];
    for (const [url, method, status, code] of cases) {
      for (const headers of [invalid, {}]) {
        const res = await t.call({ method, url, headers });
        expect([url, res.statusCode, res.json().code], JSON.stringify(headers)).toEqual([url, status, code]);
        expect(typeof res.json().message).toBe('string');
      }
    }
    const v3 = await t.call({ method: 'GET', url: '/pact/3/footprints', headers: invalid });
    expect(v3.headers['www-authenticate']).toContain('Bearer');
  });

  it('an expired token: TokenExpired 401 everywhere (iLEAP test case 008)', async () => {
    const c = await newClient(t, a);
    const expired = await accessToken(t, c);
    await t.ctx.db
      .update(exchangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exchangeTokens.exchangeClientId, c.id));
    for (const url of ['/pact/2/footprints', '/pact/3/footprints', '/pact/2/ileap/tad']) {
      const res = await pactGet(t, url, expired);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 401, 'TokenExpired']);
    }
  });

  it('an unknown footprint: 404 NoSuchFootprint (v2), NotFound (v3)', async () => {
    for (const [v, code] of [
      [2, 'NoSuchFootprint'],
      [3, 'NotFound'],
    ] as const) {
      for (const id of ['00000000-0000-0000-0000-000000000000', 'non-existent-id']) {
        const res = await pactGet(t, `/pact/${v}/footprints/${id}`, token);
        expect([res.statusCode, res.json().code]).toEqual([404, code]);
      }
    }
  });

  it('an unsupported version or action: 400 NotImplemented', async () => {
    for (const url of [
      '/pact/4/footprints',
      '/pact/1/footprints',
      '/pact/3/ileap/tad',
      '/pact/2/footprints/x/y',
    ]) {
      const res = await pactGet(t, url, token);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'NotImplemented']);
    }
  });

  it('a bad filter or parameter: 400 BadRequest; a v2 filter beyond the spec: NotImplemented', async () => {
    const bad = [
      '/pact/3/footprints?validOn=yesterday',
      '/pact/3/footprints?limit=0',
      '/pact/3/footprints?limit=ten',
      '/pact/3/footprints?$filter=created%20ge%20%272026-01-01T00:00:00Z%27',
      '/pact/3/footprints?cursor=garbage',
      '/pact/2/footprints?$filter=created%20ge',
      '/pact/2/footprints?unknown=1',
    ];
    for (const url of bad) {
      const res = await pactGet(t, url, token);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'BadRequest']);
    }
    const or = await pactGet(
      t,
      `/pact/2/footprints?$filter=${encodeURIComponent("productCategoryCpc eq '83117' or created lt '2020-01-01T00:00:00Z'")}`,
      token,
    );
    expect([or.statusCode, or.json().code]).toEqual([400, 'NotImplemented']);
    const fine = await pactGet(
      t,
      `/pact/2/footprints?$filter=${encodeURIComponent("productCategoryCpc eq '83117'")}`,
      token,
    );
    expect(fine.statusCode).toBe(200);
  });
});

const event = (type: string, data: Record<string, unknown>, id = `ev-${Math.random()}`) => ({
  type,
  specversion: '1.0',
  id,
  source: '//partner.example/3/events',
  time: '2026-03-01T00:00:00Z',
  data,
});

describe('Action Events (CloudEvents)', () => {
  it('accepts requests and notifications with 200 and an empty body, once per source and id', async () => {
    const accepted = [
      [
        '/pact/2/events',
        event(
          'org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1',
          { pf: { productIds: ['urn:gtin:1'] }, comment: 'x' },
          'r-2',
        ),
      ],
      [
        '/pact/3/events',
        event('org.wbcsd.pact.ProductFootprint.RequestCreatedEvent.3', { productId: ['urn:gtin:1'] }, 'r-3'),
      ],
      [
        '/pact/3/events',
        event('org.wbcsd.pact.ProductFootprint.RequestCreatedEvent.3', { productId: ['urn:gtin:1'] }, 'r-3'),
      ],
      [
        '/pact/2/events',
        event('org.wbcsd.pathfinder.ProductFootprint.Published.v1', { pfIds: [ids['S-1']] }),
      ],
      [
        '/pact/3/events',
        event('org.wbcsd.pact.ProductFootprint.RequestRejectedEvent.3', {
          requestEventId: 'x',
          error: { code: 'NotFound', message: 'no' },
        }),
      ],
    ] as const;
    for (const [url, body] of accepted) {
      const res = await pactPost(t, url, token, body);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, '']);
    }
    const stored = await t.ctx.db.select().from(exchangeEvents).where(eq(exchangeEvents.companyId, a.id));
    expect(
      stored
        .map((e) => [e.eventId, e.status])
        .filter(([id]) => id!.startsWith('r-'))
        .sort(),
    ).toEqual([
      ['r-2', 'pending'],
      ['r-3', 'pending'],
    ]);
  });

  it('refuses malformed events with BadRequest', async () => {
    const refused = [
      [
        '/pact/3/events',
        event('org.wbcsd.pact.ProductFootprint.PublishedEvent.3', { pfIds: ['urn:gtin:4712345060507'] }),
      ],
      ['/pact/2/events', event('org.wbcsd.pathfinder.ProductFootprint.Published.v1', { pfIds: [] })],
      ['/pact/2/events', event('org.wbcsd.pact.ProductFootprint.PublishedEvent.3', { pfIds: [ids['S-1']] })],
      ['/pact/3/events', event('org.example.Unknown', {})],
      [
        '/pact/3/events',
        {
          ...event('org.wbcsd.pact.ProductFootprint.PublishedEvent.3', { pfIds: [ids['S-1']] }),
          specversion: '0.3',
        },
      ],
      [
        '/pact/2/events',
        event('org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1', { comment: 'no pf' }),
      ],
      [
        '/pact/3/events',
        event('org.wbcsd.pact.ProductFootprint.RequestFulfilledEvent.3', { requestEventId: 'x', pfs: [] }),
      ],
    ] as const;
    for (const [url, body] of refused) {
      const res = await pactPost(t, url, token, body);
      expect([url, res.statusCode, res.json().code], JSON.stringify(body)).toEqual([url, 400, 'BadRequest']);
    }
    const { time: _time, ...noTime } = event('org.wbcsd.pact.ProductFootprint.PublishedEvent.3', {
      pfIds: [ids['S-1']],
    });
    expect((await pactPost(t, '/pact/3/events', token, noTime)).statusCode).toBe(400);
    const broken = await t.call({
      method: 'POST',
      url: '/pact/3/events',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/cloudevents+json' },
      payload: '{"type": ',
    });
    expect([broken.statusCode, broken.json().code]).toEqual([400, 'BadRequest']);
  });
});

describe('transport', () => {
  it('rate-limits the token endpoint per address (429 with an OAuth error body)', async () => {
    await withTestApp({ limits: { perIpPerMinute: 2 } }, async (app) => {
      const c = { clientId: 'kdx_unknown', clientSecret: 'x' };
      expect((await tokenRequest(app, c)).statusCode).toBe(401);
      expect((await tokenRequest(app, c)).statusCode).toBe(401);
      const limited = await tokenRequest(app, c);
      expect([limited.statusCode, limited.json().error]).toEqual([429, 'temporarily_unavailable']);
    });
  });

  it('serves only over HTTPS where the product is served over HTTPS', async () => {
    await withTestApp({ env: { APP_URL: 'https://klimadesk.example', TRUST_PROXY: 'true' } }, async (app) => {
      const c = { clientId: 'kdx_unknown', clientSecret: 'x' };
      const plain = await tokenRequest(app, c);
      expect([plain.statusCode, plain.json().error]).toEqual([400, 'invalid_request']);
      const list = await app.call({ method: 'GET', url: '/pact/3/footprints' });
      expect([list.statusCode, list.json().code, list.json().data]).toEqual([400, 'BadRequest', undefined]);
      const tls = await app.call({
        method: 'POST',
        url: '/pact/auth/token',
        headers: {
          authorization: basic(c.clientId, c.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-proto': 'https',
        },
        payload: 'grant_type=client_credentials',
      });
      expect(tls.statusCode).toBe(401);
    });
  });
});

void allPages;
void pactSchemas;
void b;
