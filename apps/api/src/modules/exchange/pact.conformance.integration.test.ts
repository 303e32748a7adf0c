import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pactSchemas as p } from '@klimadesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, withTestApp } from '../../../test/harness.ts';
import {
  type Credentials,
  accessToken,
  newClient,
  pactGet,
  pactPost,
  pushRows,
  tokenRequest,
} from '../../../test/exchange.ts';
import { CARRIER_ROWS } from '../../../test/exchange-data.ts';
import { conformanceValidator } from '../../../test/pact-conformance.ts';
import { exchangeTokens } from './exchange.schema.ts';

/**
 * The conformance test cases published with the specifications, run against this server:
 * - PACT v2: wbcsd/pact-conformance-service src/test-cases/v2-test-cases.ts (mandatory for V2.3);
 * - PACT v3: src/test-cases/v3-test-cases.ts (mandatory for V3.0), with the expected results of
 *   docs/v3-test-cases-expected-results.md;
 * - iLEAP v1.0.1 Appendix C, test cases 001–008.
 * Cases 13 and 14.B wait for this host to call the tester back at the request's `source`: the
 * outbound side of the exchange, not part of this server (decision 0014). Footprints are checked
 * against the conformance service's own schemas, as it does.
 */
const { t, a } = appWithCompanies({ a: { key: 'Conformance', isPayingCustomer: true } });
const V2 = {
  created: 'org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1',
  published: 'org.wbcsd.pathfinder.ProductFootprint.Published.v1',
};
const V3 = {
  created: 'org.wbcsd.pact.ProductFootprint.RequestCreatedEvent.3',
  published: 'org.wbcsd.pact.ProductFootprint.PublishedEvent.3',
};
const webhook = 'https://webhook.example.com';
const invalid = { authorization: `Bearer very-invalid-access-token-${randomUUID()}` };

type Pf = {
  id: string;
  created: string;
  status: string;
  productIds: string[];
  companyIds: string[];
  productClassifications?: string[];
  pcf: Record<string, string>;
};
let client: Credentials;
let token: string;
let v2All: Pf[];
let v3All: Pf[];

beforeAll(async () => {
  await pushRows(t, a, CARRIER_ROWS);
  client = await newClient(t, a);
  token = await accessToken(t, client);
  v2All = (await pactGet(t, '/pact/2/footprints', token)).json().data;
  v3All = (await pactGet(t, '/pact/3/footprints', token)).json().data;
});

const status = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;
const event = (type: string, data: Record<string, unknown>, id = randomUUID()) => ({
  specversion: '1.0',
  id,
  source: webhook,
  time: new Date().toISOString(),
  type,
  data,
});

/** Shared by both versions: cases 1, 2, 18 and 19 (Action Authenticate and OpenID discovery). */
describe('authentication (v2/v3 test cases 1, 2, 18, 19)', () => {
  it('1: a token for valid credentials; 2: 400 or 401 for invalid ones', async () => {
    const ok = await tokenRequest(t, client);
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.json().access_token).toBe('string');
    expect([400, 401]).toContain(
      await status(tokenRequest(t, { clientId: 'x'.repeat(16), clientSecret: 'y'.repeat(16) })),
    );
  });

  it('18, 19: the token endpoint of the OpenID configuration, valid and invalid credentials', async () => {
    const conf = (await t.call({ method: 'GET', url: '/pact/.well-known/openid-configuration' })).json();
    const path = new URL(conf.token_endpoint).pathname;
    expect(path).toBe('/pact/auth/token');
    expect((await tokenRequest(t, client)).statusCode).toBe(200);
    expect([400, 401]).toContain(
      await status(tokenRequest(t, { clientId: client.clientId, clientSecret: 'wrong' })),
    );
  });
});

describe('PACT v2 test cases (V2.3)', () => {
  const validate = conformanceValidator('2.3');
  it('3: GetFootprint; 4: ListFootprints; 5: a pagination link', async () => {
    const first = v2All[0]!;
    const get = await pactGet(t, `/pact/2/footprints/${first.id}`, token);
    expect([get.statusCode, get.json().data.id]).toEqual([200, first.id]);
    expect(validate(get.json().data), JSON.stringify(validate.errors)).toBe(true);
    const list = await pactGet(t, '/pact/2/footprints', token);
    expect([200, 202]).toContain(list.statusCode);
    expect(list.json().data.length).toBe(v2All.length);
    for (const pf of list.json().data) expect(validate(pf), JSON.stringify(validate.errors)).toBe(true);
    const page = await pactGet(t, '/pact/2/footprints?limit=1', token);
    const link = new URL(/<([^>]+)>; rel="next"/.exec(page.headers.link as string)![1]!);
    const next = await pactGet(t, link.pathname + link.search, token);
    expect([next.statusCode, next.json().data.length]).toEqual([200, 1]);
  });

  it('6, 7, 16: an invalid token is refused with 400 or 401 and code BadRequest', async () => {
    for (const res of [
      await t.call({ method: 'GET', url: '/pact/2/footprints', headers: invalid }),
      await t.call({ method: 'GET', url: `/pact/2/footprints/${v2All[0]!.id}`, headers: invalid }),
      await t.call({
        method: 'POST',
        url: '/pact/2/events',
        headers: { ...invalid, 'content-type': 'application/cloudevents+json; charset=UTF-8' },
        payload: JSON.stringify(event(V2.published, { pfIds: [randomUUID()] })),
      }),
    ]) {
      expect([400, 401]).toContain(res.statusCode);
      expect(res.json().code).toBe('BadRequest');
    }
  });

  it('8: a footprint that does not exist: 400 or 404 with NoSuchFootprint', async () => {
    const res = await pactGet(t, '/pact/2/footprints/00000000-0000-0000-0000-000000000000', token);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NoSuchFootprint']);
  });

  it('12, 14.A: footprint requests are accepted (200); 15: a published event; 21: a malformed one is 400', async () => {
    const created = (productIds: string[]) =>
      event(V2.created, { pf: { productIds }, comment: 'Please send PCF data for this year.' });
    expect(await status(pactPost(t, '/pact/2/events', token, created(v2All[0]!.productIds)))).toBe(200);
    expect(await status(pactPost(t, '/pact/2/events', token, created(['urn:pact:null'])))).toBe(200);
    expect(
      await status(
        pactPost(
          t,
          '/pact/2/events',
          token,
          event(V2.published, { pfIds: ['3a6c14a7-4deb-498a-b5ea-16ce2535b576'] }),
        ),
      ),
    ).toBe(200);
    expect(
      await status(
        pactPost(t, '/pact/2/events', token, event(V2.published, { pfIds: ['urn:gtin:4712345060507'] })),
      ),
    ).toBe(400);
  });

  it('20: a $filter on created', async () => {
    const since = v2All[0]!.created;
    const res = await pactGet(
      t,
      `/pact/2/footprints?$filter=${encodeURIComponent(`created ge '${since}'`)}`,
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    for (const pf of res.json().data as Pf[]) expect(pf.created >= since).toBe(true);
  });
});

/** The filter values the v3 test cases take from the first footprint (v3-test-cases.ts getFilterParameters). */
function filterParams(first: Pf) {
  const refEnd = new Date(first.pcf.referencePeriodEnd!);
  const end = new Date(refEnd);
  end.setUTCFullYear(end.getUTCFullYear() + 3);
  const shift = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000).toISOString();
  return {
    productId: first.productIds[0]!,
    companyId: first.companyIds[0]!,
    classification: first.productClassifications?.[0] ?? '',
    validOn: refEnd.toISOString(),
    validAfter: shift(refEnd, -1),
    validBefore: shift(end, 1),
    status: first.status,
  };
}

describe('PACT v3 test cases (V3.0)', () => {
  const validate = conformanceValidator('3.0');
  const list = async (q: string) => {
    const res = await pactGet(t, `/pact/3/footprints?${q}`, token);
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return res.json().data as Pf[];
  };

  it('3, 4, 5: GetFootprint, ListFootprints, a pagination link', async () => {
    const first = v3All[0]!;
    const get = await pactGet(t, `/pact/3/footprints/${first.id}`, token);
    expect([get.statusCode, get.json().data.id]).toEqual([200, first.id]);
    expect(p.footprintV3.safeParse(get.json()).success).toBe(true);
    const all = await list('');
    expect(all.length).toBe(v3All.length);
    for (const pf of all) expect(validate(pf), JSON.stringify(validate.errors)).toBe(true);
    const page = await pactGet(t, '/pact/3/footprints?limit=2', token);
    const link = new URL(/<([^>]+)>; rel="next"/.exec(page.headers.link as string)![1]!);
    expect((await pactGet(t, link.pathname + link.search, token)).statusCode).toBe(200);
  });

  it('6, 7, 16: an invalid token: 400 or 401 (the spec: 401), code BadRequest', async () => {
    for (const res of [
      await t.call({ method: 'GET', url: '/pact/3/footprints', headers: invalid }),
      await t.call({ method: 'GET', url: `/pact/3/footprints/${v3All[0]!.id}`, headers: invalid }),
      await t.call({
        method: 'POST',
        url: '/pact/3/events',
        headers: { ...invalid, 'content-type': 'application/cloudevents+json; charset=UTF-8' },
        payload: JSON.stringify(event(V3.published, { pfIds: [randomUUID()] })),
      }),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([401, 'BadRequest']);
    }
  });

  it('8: a footprint that does not exist: 404 NotFound', async () => {
    const res = await pactGet(t, '/pact/3/footprints/00000000-0000-0000-0000-000000000000', token);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NotFound']);
  });

  it('12, 14.A, 15: requests and a published event are accepted; 40: a malformed published event is 400', async () => {
    const comment = 'Please send PCF data for this year.';
    expect(
      await status(
        pactPost(t, '/pact/3/events', token, event(V3.created, { productId: v3All[0]!.productIds, comment })),
      ),
    ).toBe(200);
    expect(
      await status(
        pactPost(t, '/pact/3/events', token, event(V3.created, { productId: ['urn:pact:null'], comment })),
      ),
    ).toBe(200);
    expect(
      await status(
        pactPost(
          t,
          '/pact/3/events',
          token,
          event(V3.published, { pfIds: ['3a6c14a7-4deb-498a-b5ea-16ce2535b576'] }),
        ),
      ),
    ).toBe(200);
    expect(
      await status(
        pactPost(t, '/pact/3/events', token, event(V3.published, { pfIds: ['urn:gtin:4712345060507'] })),
      ),
    ).toBe(400);
  });

  it('20–29: each filter keeps only matching footprints', async () => {
    const f = filterParams(v3All[0]!);
    expect((await list(`productId=${f.productId}`)).every((x) => x.productIds.includes(f.productId))).toBe(
      true,
    );
    expect((await list(`companyId=${f.companyId}`)).every((x) => x.companyIds.includes(f.companyId))).toBe(
      true,
    );
    expect((await list('geography=')).length).toBe(v3All.length);
    expect(
      (await list(`classification=${f.classification}`)).every((x) =>
        x.productClassifications?.includes(f.classification),
      ),
    ).toBe(true);
    const validity = (x: Pf) => {
      const start = new Date(x.pcf.referencePeriodEnd!);
      const end = new Date(start);
      end.setUTCFullYear(end.getUTCFullYear() + 3);
      return { start, end };
    };
    const on = new Date(f.validOn);
    expect(
      (await list(`validOn=${f.validOn}`)).every((x) => validity(x).start <= on && on <= validity(x).end),
    ).toBe(true);
    expect(
      (await list(`validAfter=${f.validAfter}`)).every((x) => validity(x).start > new Date(f.validAfter)),
    ).toBe(true);
    expect(
      (await list(`validBefore=${f.validBefore}`)).every((x) => validity(x).end < new Date(f.validBefore)),
    ).toBe(true);
    expect((await list(`status=${f.status}`)).every((x) => x.status === f.status)).toBe(true);
    const both = await list(`status=${f.status}&productId=${f.productId}`);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((x) => x.status === f.status && x.productIds.includes(f.productId))).toBe(true);
    const or = await list(`companyId=${f.companyId}&companyId=abc&companyId=def`);
    expect(or.length).toBe(v3All.length);
  });

  it('30–39: filters that match nothing answer an empty list', async () => {
    for (const q of [
      'productId=urn:bogus:product:nonexistent123',
      'companyId=urn:bogus:company:nonexistent456',
      'geography=XX',
      'classification=urn:bogus:classification:nonexistent789',
      'validOn=1900-01-01T00:00:00Z',
      'validAfter=2099-12-31T23:59:59Z',
      'validBefore=1900-01-01T00:00:00Z',
      'status=BogusStatusValue',
      'companyId=urn:bogus:company:5FIi8zS3&productId=urn:bogus:product:nonexistent123',
      'companyId=urn:bogus:company:a&companyId=urn:bogus:company:b&companyId=urn:bogus:company:c',
    ])
      expect(await list(q), q).toEqual([]);
  });
});

describe('HTTP instead of HTTPS (v2/v3 test cases 9, 10, 11, 17)', () => {
  it('is refused where the product is served over HTTPS: no token, no data', async () => {
    await withTestApp({ env: { APP_URL: 'https://klimadesk.example' } }, async (app) => {
      const auth = await tokenRequest(app, { clientId: 'kdx_any', clientSecret: 'any' });
      expect(auth.statusCode).not.toBe(200);
      expect(auth.json().access_token).toBeUndefined();
      for (const v of [2, 3]) {
        for (const url of [`/pact/${v}/footprints`, `/pact/${v}/footprints/${randomUUID()}`]) {
          const res = await app.call({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          expect([res.statusCode, res.json().data]).toEqual([400, undefined]);
        }
        const ev = await app.call({ method: 'POST', url: `/pact/${v}/events`, payload: {} });
        expect(ev.statusCode).toBe(400);
      }
    });
  });
});

describe('iLEAP test cases (v1.0.1 Appendix C)', () => {
  it('001–003: ShipmentFootprints, and the TOCs and HOCs they name, as ProductFootprints', async () => {
    const ext = (pf: Pf & { extensions?: { data: Record<string, unknown> }[] }) => pf.extensions![0]!.data;
    const shipments = v2All.filter((x) => x.productIds[0]!.includes(':shipment:'));
    expect(shipments.length).toBeGreaterThan(0);
    const named = new Set<string>();
    for (const pf of shipments) {
      const sf = p.shipmentFootprint.parse(ext(pf));
      expect(pf).toMatchObject({
        productCategoryCpc: '83117',
        pcf: { declaredUnit: 'ton kilometer', packagingEmissionsIncluded: false },
      });
      for (const x of sf.tces) named.add(x.tocId ? `toc:${x.tocId}` : `hoc:${x.hocId}`);
    }
    for (const id of named) {
      const pf = v2All.find((x) => x.productIds[0]!.endsWith(`:${id}`));
      expect(pf, id).toBeDefined();
      if (id.startsWith('toc:')) expect(p.toc.parse(ext(pf!)).tocId).toBe(id.slice(4));
      else {
        expect(p.hoc.parse(ext(pf!)).hocId).toBe(id.slice(4));
        expect(pf!.pcf).toMatchObject({ declaredUnit: 'kilogram', unitaryProductAmount: '1000' });
      }
    }
  });

  it('004: all TAD; 005: filtered by mode; 006: limit 1 with a pagination link', async () => {
    const all = await pactGet(t, '/pact/2/ileap/tad', token);
    expect(all.statusCode).toBe(200);
    const data = p.tadList.parse(all.json()).data;
    const byMode = await Promise.all(
      ['Road', 'Rail', 'Air', 'Sea', 'InlandWaterway'].map(
        async (m) => (await pactGet(t, `/pact/2/ileap/tad?mode=${m}`, token)).json().data.length,
      ),
    );
    expect(byMode).toEqual([data.length, 0, 0, 0, 0]);
    const one = await pactGet(t, '/pact/2/ileap/tad?limit=1', token);
    expect([one.statusCode, one.json().data.length]).toEqual([200, 1]);
    const link = new URL(/<([^>]+)>; rel="next"/.exec(one.headers.link as string)![1]!);
    const next = await pactGet(t, link.pathname + link.search, token);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.length).toBeGreaterThanOrEqual(1);
  });

  it('007: an invalid token is 403 AccessDenied; 008: an expired token is 401 TokenExpired', async () => {
    const res = await t.call({ method: 'GET', url: '/pact/2/ileap/tad', headers: invalid });
    expect([res.statusCode, res.json().code]).toEqual([403, 'AccessDenied']);
    const c = await newClient(t, a);
    const expired = await accessToken(t, c);
    await t.ctx.db
      .update(exchangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exchangeTokens.exchangeClientId, c.id));
    const late = await pactGet(t, '/pact/2/ileap/tad', expired);
    expect([late.statusCode, late.json().code]).toEqual([401, 'TokenExpired']);
  });
});
