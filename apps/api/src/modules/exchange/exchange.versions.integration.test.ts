import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { accessToken, newClient, pactGet, pactPost, pushRows } from '../../../test/exchange.ts';
import { ARTIC, CARRIER_ROWS, SHARED_TOUR } from '../../../test/exchange-data.ts';
import { drainJobs } from '../../../test/tours.ts';
import { exchangeFootprintVersions } from './exchange.schema.ts';
import { sweepVersions } from './exchange.versions.ts';
import { productIdOf } from './pact.footprints.ts';

/**
 * Footprint versions (PACT v2.3 "Product Footprint Lifecycle"), Published events to subscribers,
 * and a subcontractor's ShipmentFootprint used as primary data of an own shipment's leg.
 */
const { t, a, b } = appWithCompanies({
  a: { key: 'Carrier', isPayingCustomer: true },
  b: { key: 'Forwarder', isPayingCustomer: true },
});

type Received = { url: string; body: Record<string, unknown> };
const received: Received[] = [];
let host: Server;
let hostUrl: string;
let adminA: string;
let adminB: string;
let token: string;

/**
 * A partner's host system: token, events (kept), and at `/partner/2/footprints` one iLEAP
 * ShipmentFootprint of shipment S-7 with two TCEs (figures chosen for the worked example below).
 */
const PARTNER_PF = {
  id: '0b9c1f6e-6f43-4f7e-9d1e-4a1f6a2b7c01',
  specVersion: '2.3.0',
  version: 2,
  status: 'Active',
  pcf: {
    referencePeriodStart: '2026-03-01T00:00:00Z',
    referencePeriodEnd: '2026-03-02T00:00:00Z',
    primaryDataShare: 100,
  },
  extensions: [
    {
      specVersion: '2.0.0',
      dataSchema: 'https://api.ileap.sine.dev/shipment-footprint.json',
      data: {
        mass: '2000',
        shipmentId: 'S-7',
        tces: [
          {
            tceId: 'tce-1',
            tocId: 'truck-40t',
            shipmentId: 'S-7',
            mass: '2000',
            distance: { actual: '50' },
            transportActivity: '100',
            co2eWTW: '12.5',
            co2eTTW: '10',
          },
          {
            tceId: 'tce-2',
            prevTceIds: ['tce-1'],
            tocId: 'truck-12t',
            shipmentId: 'S-7',
            mass: '2000',
            distance: { actual: '20' },
            transportActivity: '40',
            co2eWTW: '3.5',
            co2eTTW: '2.8',
          },
        ],
      },
    },
  ],
};

function partnerHost(req: IncomingMessage, res: ServerResponse) {
  let text = '';
  req.on('data', (c: Buffer) => (text += c.toString()));
  req.on('end', () => {
    const path = req.url ?? '';
    if (path.endsWith('/auth/token')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ access_token: 'host-token', token_type: 'Bearer', expires_in: 60 }));
    }
    if (path.endsWith('/events')) {
      received.push({ url: path, body: JSON.parse(text) });
      res.writeHead(200);
      return res.end();
    }
    if (path.startsWith('/partner/2/footprints')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ data: [PARTNER_PF] }));
    }
    res.writeHead(404);
    res.end();
  });
}

async function connection(admin: string, baseUrl: string, extra: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/exchange-connections',
    token: admin,
    payload: { name: 'Partner X', baseUrl, clientId: 'c', clientSecret: 's', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const ok = await t.call({
    method: 'POST',
    url: `/api/exchange-connections/${id}/confirm`,
    token: admin,
    payload: { baseUrl },
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return ok.json() as { id: string; publishUpdates: boolean };
}

type Pf = Record<string, unknown> & { id: string; productIds: string[]; pcf: Record<string, string> };
const footprintOf = async (v: 2 | 3, ref: string): Promise<Pf> => {
  const res = await pactGet(t, `/pact/${v}/footprints?limit=100`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.find((f: Pf) => f.productIds[0] === productIdOf('shipment', ref));
};
const publishedIds = () =>
  received
    .filter((r) => r.body.type === 'org.wbcsd.pathfinder.ProductFootprint.Published.v1')
    .flatMap((r) => (r.body.data as { pfIds: string[] }).pfIds);

beforeAll(async () => {
  host = createServer(partnerHost);
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  adminA = await t.login(a.users.admin.email);
  adminB = await t.login(b.users.admin.email);
  await pushRows(t, a, CARRIER_ROWS);
  token = await accessToken(t, await newClient(t, a));
});
afterAll(async () => {
  await new Promise((r) => host.close(r));
});

describe('footprint versions and Published events', () => {
  let first: Pf;

  it('publishes the first versions to an opted-in partner: the shipment id as PfId, version 0', async () => {
    const sub = await connection(adminA, `${hostUrl}/sub`, { publishUpdates: true });
    expect(sub.publishUpdates).toBe(true);
    first = await footprintOf(2, 'S-1');
    expect(first).toMatchObject({ version: 0, status: 'Active' });
    expect(first).not.toHaveProperty('updated');
    expect(first).not.toHaveProperty('precedingPfIds');
    await drainJobs(t);
    expect(received.every((r) => r.url === '/sub/2/events')).toBe(true);
    expect(publishedIds()).toContain(first.id);
    // Asked again unchanged: the same PfId, nothing new published.
    received.length = 0;
    expect((await footprintOf(3, 'S-1')).id).toBe(first.id);
    await drainJobs(t);
    expect(received).toEqual([]);
  });

  it('a changed shipment gets a new PfId; the old one stays readable as Deprecated', async () => {
    // A requester asked for S-1 earlier: it hears of the re-publication too.
    const requester = await newClient(t, a, { name: 'Requester' });
    await connection(adminA, `${hostUrl}/req`);
    const ask = await pactPost(t, '/pact/2/events', await accessToken(t, requester), {
      type: 'org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1',
      specversion: '1.0',
      id: 'ask-1',
      source: `${hostUrl}/req/2/events`,
      time: new Date().toISOString(),
      data: { pf: { productIds: [productIdOf('shipment', 'S-1')] } },
    });
    expect(ask.statusCode).toBe(200);
    await drainJobs(t);
    received.length = 0;

    await pushRows(t, a, [{ ...SHARED_TOUR[0]!, weight: 9000 }, SHARED_TOUR[1]!]);
    const next = await footprintOf(2, 'S-1');
    expect(next.id).not.toBe(first.id);
    expect(next).toMatchObject({ version: 0, status: 'Active', precedingPfIds: [first.id] });
    expect(next.pcf.pCfExcludingBiogenic).not.toBe(first.pcf.pCfExcludingBiogenic);

    const old = (await pactGet(t, `/pact/2/footprints/${first.id}`, token)).json().data;
    expect(old).toMatchObject({ id: first.id, version: 1, status: 'Deprecated' });
    expect(Date.parse(old.updated)).toBeGreaterThan(Date.parse(old.created));
    // The deprecated version is the footprint as it was published.
    expect(old.pcf).toEqual(first.pcf);
    const v3 = (await pactGet(t, `/pact/3/footprints/${next.id}`, token)).json().data;
    expect(v3).toMatchObject({ status: 'Active', precedingPfIds: [first.id] });
    expect(v3).not.toHaveProperty('version');
    expect((await pactGet(t, `/pact/3/footprints/${first.id}`, token)).json().data.status).toBe('Deprecated');

    await drainJobs(t);
    const sub = received.filter((r) => r.url === '/sub/2/events');
    const req = received.filter((r) => r.url === '/req/2/events');
    expect(sub[0]!.body).toMatchObject({ specversion: '1.0', source: expect.stringContaining('/pact') });
    expect(sub.flatMap((r) => (r.body.data as { pfIds: string[] }).pfIds)).toEqual(
      expect.arrayContaining([next.id, first.id]),
    );
    // S-2 changed as well (its share of T-100), but the requester asked for S-1 only.
    expect(req.flatMap((r) => (r.body.data as { pfIds: string[] }).pfIds).sort()).toEqual(
      [next.id, first.id].sort(),
    );
  });

  it('versions are immutable rows; the sweep publishes a change nobody asked for yet', async () => {
    const before = await t.ctx.db
      .select()
      .from(exchangeFootprintVersions)
      .where(eq(exchangeFootprintVersions.companyId, a.id));
    received.length = 0;
    await pushRows(t, a, [{ ...SHARED_TOUR[0]!, weight: 9500 }, SHARED_TOUR[1]!]);
    await sweepVersions(t.ctx);
    await drainJobs(t);
    expect(publishedIds().length).toBeGreaterThanOrEqual(2);
    const after = await t.ctx.db
      .select()
      .from(exchangeFootprintVersions)
      .where(eq(exchangeFootprintVersions.companyId, a.id));
    // Every earlier row is still there, unchanged.
    for (const row of before) expect(after.find((r) => r.id === row.id)).toEqual(row);
    const chain = after.filter((r) => r.subject === first.id).sort((x, y) => +x.created - +y.created);
    expect(chain.filter((r) => r.status === 'Active' && r.version === 0)).toHaveLength(3);
    // The TOC/HOC ids stay derived (no stored versions).
    expect(
      await t.ctx.db
        .select()
        .from(exchangeFootprintVersions)
        .where(and(eq(exchangeFootprintVersions.companyId, a.id), eq(exchangeFootprintVersions.kind, 'toc'))),
    ).toEqual([]);
  });
});

describe("a subcontractor's footprint as primary data of the own shipment", () => {
  let pfRowId: string;
  let shipmentId: string;
  let tourId: string;

  beforeAll(async () => {
    // The forwarder's own shipment S-7: 2 t over 70 km on T-70, GLEC default figure.
    await pushRows(t, b, [
      {
        tourReference: 'T-70',
        shipmentReference: 'S-7',
        weight: 2000,
        distance: 70,
        glecTransportType: ARTIC,
        departureDate: '2026-03-01',
        departureCity: 'Hamburg',
        departureCountry: 'DE',
        arrivalCity: 'Lübeck',
        arrivalCountry: 'DE',
      },
    ]);
  });

  it('is fetched and listed with the legs it can replace', async () => {
    const c = await connection(adminB, `${hostUrl}/partner`);
    const res = await t.call({
      method: 'POST',
      url: `/api/exchange-connections/${c.id}/footprints`,
      token: adminB,
    });
    expect(res.json()).toMatchObject({ stored: 1, matched: 1, issues: [] });
    const list = (
      await t.call({ method: 'GET', url: '/api/exchange-partner-footprints', token: adminB })
    ).json();
    const row = list['hydra:member'][0];
    expect(row).toMatchObject({ pfId: PARTNER_PF.id, pfVersion: 2, appliedTourId: null, co2eWtwKg: 16 });
    expect(row.legs).toEqual([{ tourId: expect.any(String), tourReference: 'T-70' }]);
    pfRowId = row.id;
    shipmentId = row.shipmentId;
    tourId = row.legs[0].tourId;
  });

  it('replaces the default figure of the chosen leg; the sheet names the source', async () => {
    const before = (
      await t.call({ method: 'GET', url: `/api/shipments/${shipmentId}`, token: adminB })
    ).json();
    expect(before.legs[0].method).toBe('default');
    expect(before.legs[0].emissions.individual).toBeNull();

    const wrongLeg = await t.call({
      method: 'POST',
      url: `/api/exchange-partner-footprints/${pfRowId}/apply`,
      token: adminB,
      payload: { tourId: shipmentId },
    });
    expect(wrongLeg.statusCode).toBe(422);
    expect(wrongLeg.json().message).toBe('partnerFootprintNotUsable');
    const other = await t.call({
      method: 'POST',
      url: `/api/exchange-partner-footprints/${pfRowId}/apply`,
      token: adminA,
      payload: { tourId },
    });
    expect(other.statusCode).toBe(404);

    const applied = await t.call({
      method: 'POST',
      url: `/api/exchange-partner-footprints/${pfRowId}/apply`,
      token: adminB,
      payload: { tourId },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().appliedTourId).toBe(tourId);

    const en = (
      await t.call({
        method: 'GET',
        url: `/api/shipments/${shipmentId}`,
        token: adminB,
        headers: { 'accept-language': 'en' },
      })
    ).json();
    const leg = en.legs[0];
    expect(leg.method).toBe('primary');
    // Worked example: WTW 12.5 + 3.5 = 16 kg, TTW 10 + 2.8 = 12.8 kg, WTT 16 − 12.8 = 3.2 kg; the own
    // leg's activity 2 t × 70 km / 1.05 (GLEC road distance adjustment factor, decision 0010)
    // = 133.33 tkm, so 16,000 g / 133.33 tkm = 120 g CO2e/tkm.
    expect(leg.emissions.individual.wtw).toBeCloseTo(16, 9);
    expect(leg.emissions.individual.ttw).toBeCloseTo(12.8, 9);
    expect(leg.emissions.individual.wtt).toBeCloseTo(3.2, 9);
    expect(leg.emissions.tkm).toBeCloseTo(400 / 3, 6);
    expect(leg.emissions.intensityIndividual).toBeCloseTo(120, 6);
    // The default stays beside it for comparison.
    expect(leg.emissions.default.wtw).toBeCloseTo(before.legs[0].emissions.default.wtw, 9);
    expect(leg.trace[0]).toMatchObject({
      step: 'primaryData',
      inputs: { footprintId: PARTNER_PF.id, footprintVersion: 2 },
    });
    expect(leg.sheet).toMatch(
      /^(Used: primary data from partner Partner X, footprint 0b9c1f6e-6f43-4f7e-9d1e-4a1f6a2b7c01, version 2|Verwendet: Primärdaten von Partner Partner X, Footprint 0b9c1f6e-6f43-4f7e-9d1e-4a1f6a2b7c01, Version 2)/,
    );

    const stop = await t.call({
      method: 'POST',
      url: `/api/exchange-partner-footprints/${pfRowId}/apply`,
      token: adminB,
      payload: { tourId: null },
    });
    expect(stop.json().appliedTourId).toBeNull();
    const after = (
      await t.call({ method: 'GET', url: `/api/shipments/${shipmentId}`, token: adminB })
    ).json();
    expect(after.legs[0]).toMatchObject({ method: 'default', emissions: { individual: null } });
    expect(after.legs[0].sheet).not.toContain('Primärdaten');
  });
});
