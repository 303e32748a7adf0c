import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { accessToken, newClient, pactGet, pactPost, pushRows } from '../../../test/exchange.ts';
import { CARRIER_ROWS } from '../../../test/exchange-data.ts';
import { drainJobs } from '../../../test/tours.ts';
import { AppError } from '../../platform/errors.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { queueAnswer } from './exchange.answers.ts';
import { partnerList, partnerRequest } from './exchange.outbound.ts';
import { exchangeConnections, exchangeEvents } from './exchange.schema.ts';
import { productIdOf } from './pact.footprints.ts';

/**
 * The client side of the exchange against Klimadesk's own `/pact` server: carrier A serves, company
 * B connects to it as a partner (token, TAD into tours, footprints as primary data); a small HTTP
 * host stands for a requester's system that receives the asynchronous answers to its requests.
 */
const { t, a, b } = appWithCompanies({
  a: { key: 'Carrier', isPayingCustomer: true },
  b: { key: 'Forwarder', isPayingCustomer: true },
});

type Received = { url: string; body: Record<string, unknown> };
const received: Received[] = [];
let base: string;
let host: Server;
let hostUrl: string;
let adminB: string;
let adminA: string;

/** A requester's host system: a token endpoint, an events endpoint, and misbehaving routes. */
function requesterHost(req: IncomingMessage, res: ServerResponse) {
  let text = '';
  req.on('data', (c: Buffer) => (text += c.toString()));
  req.on('end', () => {
    const path = req.url ?? '';
    if (path === '/auth/token') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ access_token: 'host-token', token_type: 'Bearer', expires_in: 60 }));
    }
    if (path.endsWith('/events')) {
      expect(req.headers.authorization).toBe('Bearer host-token');
      received.push({ url: path, body: JSON.parse(text) });
      res.writeHead(200);
      return res.end();
    }
    if (path === '/slow') return; // never answers
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ data: ['x'.repeat(5000)] }));
    }
    if (path === '/escape') {
      res.writeHead(200, {
        'content-type': 'application/json',
        link: '<http://example.invalid/x>; rel="next"',
      });
      return res.end(JSON.stringify({ data: [] }));
    }
    res.writeHead(404);
    res.end();
  });
}

async function connect(token: string, body: Record<string, unknown>) {
  const res = await t.call({ method: 'POST', url: '/api/exchange-connections', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; baseUrl: string };
}

async function confirm(token: string, id: string, baseUrl: string) {
  return t.call({
    method: 'POST',
    url: `/api/exchange-connections/${id}/confirm`,
    token,
    payload: { baseUrl },
  });
}

beforeAll(async () => {
  await pushRows(t, a, CARRIER_ROWS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/pact`;
  host = createServer(requesterHost);
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  adminA = await t.login(a.users.admin.email);
  adminB = await t.login(b.users.admin.email);
});
afterAll(async () => {
  await new Promise((r) => host.close(r));
});

describe('partner connections', () => {
  let id: string;
  let secret: string;

  it('keep the secret encrypted and call nothing before an admin confirmed the URL', async () => {
    const creds = await newClient(t, a, { name: 'Forwarder B' });
    secret = creds.clientSecret;
    const c = await connect(adminB, {
      name: 'Carrier A',
      baseUrl: `${base}/`,
      clientId: creds.clientId,
      clientSecret: secret,
    });
    id = c.id;
    expect(c).toMatchObject({ status: 'unconfirmed', baseUrl: base });
    const [row] = await t.ctx.db.select().from(exchangeConnections).where(eq(exchangeConnections.id, id));
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(row!.secretEncrypted).not.toContain(secret);
    const list = await t.call({ method: 'GET', url: '/api/exchange-connections', token: adminB });
    expect(list.body).not.toContain(secret);

    const early = await t.call({
      method: 'POST',
      url: `/api/exchange-connections/${id}/test`,
      token: adminB,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('partnerUrlNotConfirmed');
    const wrong = await confirm(adminB, id, 'http://127.0.0.1:1/pact');
    expect(wrong.json().message).toBe('partnerUrlMismatch');
    const ok = await confirm(adminB, id, base);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(String) });
    // Another company cannot see or use it.
    const other = await t.call({
      method: 'POST',
      url: `/api/exchange-connections/${id}/test`,
      token: adminA,
    });
    expect(other.statusCode).toBe(404);
  });

  it('test: token and the first footprint page of the partner', async () => {
    const res = await t.call({ method: 'POST', url: `/api/exchange-connections/${id}/test`, token: adminB });
    expect(res.json()).toEqual({ ok: true, expiresIn: 3600, footprints: 1, error: null });
  });

  it('fetches TAD and imports it through the pipeline as tours with figures', async () => {
    const res = await t.call({ method: 'POST', url: `/api/exchange-connections/${id}/tad`, token: adminB });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    // One TAD per ride: S-1 and S-2 on T-100, S-3 on T-200 and T-300.
    expect(r).toMatchObject({ fetched: 4, imported: 4, issues: [] });
    await drainJobs(t);
    const task = await t.call({
      method: 'GET',
      url: `/api/mapping-import-tasks/${r.importTaskId}`,
      token: adminB,
    });
    expect(task.json()).toMatchObject({ status: 'success', rejected: 0 });
    const shipments = (await t.call({ method: 'GET', url: '/api/shipments?limit=50', token: adminB })).json();
    const refs = shipments['hydra:member'].map((s: { reference: string }) => s.reference).sort();
    expect(refs).toEqual(['S-1', 'S-2', 'S-3']);
    const tours = (await t.call({ method: 'GET', url: '/api/tours?limit=50', token: adminB })).json();
    expect(tours['hydra:totalItems']).toBe(4);
    for (const s of shipments['hydra:member']) expect(s.co2Wtw ?? s.co2DefaultWtw ?? 1).toBeGreaterThan(0);
  });

  it("fetches the partner's ShipmentFootprints and keeps their figures as primary data of the own shipments", async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/exchange-connections/${id}/footprints`,
      token: adminB,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fetched: expect.any(Number), stored: 3, matched: 3, issues: [] });
    const served = await pactGet(
      t,
      '/pact/2/footprints?limit=100',
      await accessToken(t, await newClient(t, a)),
    );
    const s1 = served
      .json()
      .data.find((f: { productIds: string[] }) => f.productIds[0] === productIdOf('shipment', 'S-1'));
    const list = (
      await t.call({ method: 'GET', url: '/api/exchange-partner-footprints', token: adminB })
    ).json();
    const mine = list['hydra:member'].find((f: { pfId: string }) => f.pfId === s1.id);
    expect(mine).toMatchObject({ shipmentReference: 'S-1', connectionName: 'Carrier A', status: 'Active' });
    expect(mine.shipmentId).not.toBeNull();
    expect(mine.co2eWtwKg).toBeCloseTo(Number(s1.pcf.pCfExcludingBiogenic), 6);
    expect(mine.tkm).toBeCloseTo(Number(s1.pcf.unitaryProductAmount), 6);
  });
});

describe('asynchronous answers to footprint requests (PACT Action Events)', () => {
  let token: string;
  let connectionId: string;
  const event = (id: string, productIds: string[]) => ({
    type: 'org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1',
    specversion: '1.0',
    id,
    source: `${hostUrl}/2/events`,
    time: new Date().toISOString(),
    data: { pf: { productIds }, comment: 'please' },
  });
  const statusOf = async (eventId: string) =>
    (await t.ctx.db.select().from(exchangeEvents).where(eq(exchangeEvents.eventId, eventId)))[0]!.status;

  beforeAll(async () => {
    token = await accessToken(t, await newClient(t, a, { name: 'Requester' }));
  });

  it('a request from a host without a confirmed connection is not answered anywhere', async () => {
    const res = await pactPost(t, '/pact/2/events', token, event('ev-0', [productIdOf('shipment', 'S-1')]));
    expect(res.statusCode).toBe(200);
    await drainJobs(t);
    expect(received).toEqual([]);
    expect(await statusOf('ev-0')).toBe('undeliverable');
  });

  it('RequestFulfilled with the footprint goes to the requester, once its URL is confirmed', async () => {
    connectionId = (
      await connect(adminA, { name: 'Requester host', baseUrl: hostUrl, clientId: 'a', clientSecret: 's' })
    ).id;
    await confirm(adminA, connectionId, hostUrl);
    await pactPost(t, '/pact/2/events', token, event('ev-1', [productIdOf('shipment', 'S-1')]));
    await drainJobs(t);
    expect(received).toHaveLength(1);
    const { url, body } = received[0]!;
    expect(url).toBe('/2/events');
    expect(body).toMatchObject({
      type: 'org.wbcsd.pathfinder.ProductFootprintRequest.Fulfilled.v1',
      specversion: '1.0',
      data: { requestEventId: 'ev-1' },
    });
    const pfs = (body.data as { pfs: { productIds: string[] }[] }).pfs;
    expect(pfs.map((p) => p.productIds[0])).toEqual([productIdOf('shipment', 'S-1')]);
    expect(await statusOf('ev-1')).toBe('fulfilled');
  });

  it('RequestRejected for product ids this host never issues', async () => {
    received.length = 0;
    await pactPost(t, '/pact/2/events', token, event('ev-2', ['urn:pact:null']));
    await drainJobs(t);
    expect(received[0]!.body).toMatchObject({
      type: 'org.wbcsd.pathfinder.ProductFootprintRequest.Rejected.v1',
      data: { requestEventId: 'ev-2', error: { code: 'NoSuchFootprint' } },
    });
  });

  it('a shipment not there yet is answered later, when it exists', async () => {
    received.length = 0;
    await pactPost(t, '/pact/2/events', token, event('ev-3', [productIdOf('shipment', 'S-9')]));
    await drainJobs(t);
    expect(received).toEqual([]);
    expect(await statusOf('ev-3')).toBe('pending');
    await pushRows(t, a, [{ ...CARRIER_ROWS[0]!, tourReference: 'T-900', shipmentReference: 'S-9' }]);
    // The hourly re-check, run now.
    const [row] = await t.ctx.db.select().from(exchangeEvents).where(eq(exchangeEvents.eventId, 'ev-3'));
    await queueAnswer(t.ctx, asCompanyId(a.id), row!.id);
    await drainJobs(t);
    expect(received[0]!.body).toMatchObject({ data: { requestEventId: 'ev-3' } });
    expect(await statusOf('ev-3')).toBe('fulfilled');
  });
});

describe('outbound limits', () => {
  const errorKey = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      return err instanceof AppError ? err.key : String(err);
    }
    return 'no error';
  };
  const get = { method: 'GET' as const, headers: {} };

  it('refuses URLs outside the confirmed base, also in a Link header', async () => {
    expect(await errorKey(partnerRequest(`${hostUrl}/pact`, `${hostUrl}/other`, get))).toBe(
      'partnerUrlNotAllowed',
    );
    expect(await errorKey(partnerRequest(`${hostUrl}/pact`, 'http://example.invalid/pact/x', get))).toBe(
      'partnerUrlNotAllowed',
    );
    const partner = { baseUrl: hostUrl, clientId: 'a', clientSecret: 's', version: 2 as const };
    expect(await errorKey(partnerList(partner, { accessToken: 'x', expiresIn: null }, '/escape'))).toBe(
      'partnerUrlNotAllowed',
    );
  });

  it('stops at the time limit and at the size limit', async () => {
    expect(
      await errorKey(partnerRequest(hostUrl, `${hostUrl}/slow`, get, { timeoutMs: 200, maxBytes: 1000 })),
    ).toBe('partnerTimeout');
    expect(
      await errorKey(partnerRequest(hostUrl, `${hostUrl}/big`, get, { timeoutMs: 5000, maxBytes: 1000 })),
    ).toBe('partnerResponseTooLarge');
  });
});
