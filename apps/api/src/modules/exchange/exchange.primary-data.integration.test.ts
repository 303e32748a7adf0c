import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { accessToken, newClient, pactGet, pactPost, pushRows } from '../../../test/exchange.ts';
import { ARTIC } from '../../../test/exchange-data.ts';
import { drainJobs } from '../../../test/tours.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { productIdOf } from './pact.footprints.ts';

/**
 * A subcontractor's ShipmentFootprint applied to a leg is a logged restatement of the stored figures
 * (decision 0018): shipment, tour, lists, dashboard, statement and the footprints served under /pact
 * all carry the partner's figure; removing it brings the figures from before back. A Published event
 * of the partner re-fetches the footprint, and a newer version is offered, not applied.
 *
 * GLEC class ARTIC (articulated truck up to 40 t): 73 g TTW + 22 g WTT = 95 g WTW per tkm on the
 * transport distance (driven km / 1.05, decision 0010). S-1: 2 t × 70 km / 1.05 = 133.33 tkm, so its
 * default is 133.33 × 0.095 = 12.6667 kg WTW (9.7333 TTW, 2.9333 WTT). The partner's footprint of
 * S-1, version 1: two TCEs of 12.5 + 3.5 = 16 kg WTW and 10 + 2.8 = 12.8 kg TTW, so WTT 3.2 kg.
 */
const { t, a } = appWithCompanies({ a: { key: 'Forwarder', isPayingCustomer: true } });

const place = (from: string, to: string) => ({
  departureCity: from,
  departureCountry: 'DE',
  arrivalCity: to,
  arrivalCountry: 'DE',
});
const S1 = {
  tourReference: 'T-1',
  shipmentReference: 'S-1',
  shipper: 'Alpha',
  weight: 2000,
  distance: 70,
  glecTransportType: ARTIC,
  departureDate: '2026-03-10',
  arrivalDate: '2026-03-10',
  ...place('Hamburg', 'Lübeck'),
};
// S-2: a pre-carriage without fuel data and a main carriage with measured diesel.
const S2 = [
  { tourReference: 'T-2', carriage: 'Vorlauf', distance: 40, departureDate: '2026-03-11' },
  { tourReference: 'T-3', carriage: 'Hauptlauf', distance: 600, fuelUsed: 180, departureDate: '2026-03-12' },
].map((r) => ({
  ...r,
  shipmentReference: 'S-2',
  shipper: 'Beta',
  weight: 2000,
  glecTransportType: ARTIC,
  arrivalDate: r.departureDate,
  ...place('Bremen', 'München'),
}));

const PF_S1 = '0b9c1f6e-6f43-4f7e-9d1e-4a1f6a2b7c11';
const PF_S2 = '0b9c1f6e-6f43-4f7e-9d1e-4a1f6a2b7c22';
const tce = (id: string, shipment: string, tkm: string, wtw: string, ttw: string) => ({
  tceId: id,
  tocId: 'truck-40t',
  shipmentId: shipment,
  mass: '2000',
  distance: { actual: '50' },
  transportActivity: tkm,
  co2eWTW: wtw,
  co2eTTW: ttw,
});
const footprint = (id: string, version: number, shipment: string, tces: ReturnType<typeof tce>[]) => ({
  id,
  specVersion: '2.3.0',
  version,
  status: 'Active',
  pcf: {
    referencePeriodStart: '2026-03-01T00:00:00Z',
    referencePeriodEnd: '2026-03-31T00:00:00Z',
    primaryDataShare: 100,
  },
  extensions: [
    {
      specVersion: '2.0.0',
      dataSchema: 'https://api.ileap.sine.dev/shipment-footprint.json',
      data: { mass: '2000', shipmentId: shipment, tces },
    },
  ],
});

/** What the partner serves now, by PfId (a test publishes version 2 by replacing an entry). */
const served = new Map<string, unknown>([
  [
    PF_S1,
    footprint(PF_S1, 1, 'S-1', [tce('a', 'S-1', '100', '12.5', '10'), tce('b', 'S-1', '40', '3.5', '2.8')]),
  ],
  [PF_S2, footprint(PF_S2, 1, 'S-2', [tce('c', 'S-2', '80', '7.5', '6')])],
]);
const byIdCalls: string[] = [];

function partnerHost(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  req.on('end', () => {
    const path = req.url ?? '';
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/partner/auth/token')
      return json(200, { access_token: 'host-token', token_type: 'Bearer', expires_in: 60 });
    if (path === '/partner/2/footprints') return json(200, { data: [...served.values()] });
    const one = /^\/partner\/2\/footprints\/([^/?]+)$/.exec(path);
    if (one) {
      byIdCalls.push(one[1]!);
      const pf = served.get(decodeURIComponent(one[1]!));
      return pf ? json(200, { data: pf }) : json(404, { code: 'NoSuchFootprint', message: 'none' });
    }
    json(404, { code: 'NotFound', message: 'none' });
  });
}

let host: Server;
let admin: string;
let connectionId: string;
type Json = Record<string, any>; // oxlint-disable-line typescript/no-explicit-any
const ids = { s1: '', s2: '', t1: '', t2: '', t3: '', pf1: '', pf2: '' };

const get = async (url: string): Promise<Json> => {
  const res = await t.call({ method: 'GET', url, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const apply = async (pf: string, tourId: string | null) => {
  const res = await t.call({
    method: 'POST',
    url: `/api/exchange-partner-footprints/${pf}/apply`,
    token: admin,
    payload: { tourId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};
const shipment = (id: string) => get(`/api/shipments/${id}`);
const listed = async (kind: 'shipments' | 'tours', id: string) =>
  ((await get(`/api/${kind}?limit=50`))['hydra:member'] as Json[]).find((r) => r.id === id)!;
const logs = async () =>
  rowsOf<{ detail: Json; entity_id: string }>(
    await t.ctx.db.execute(sql`select detail, entity_id from user_action_logs
      where company_id = ${a.id} and action = 'shipmentLegRestated' order by created_at, id`),
  );
/** The shipper dashboard over the whole of March (answered from the monthly sums, decision 0008). */
const dashboard = async (shipper: string) =>
  get(
    `/api/dashboard-shipment-stats?shipper=${shipper}&departureDate%5Bafter%5D=2026-03-01&departureDate%5Bbefore%5D=2026-03-31`,
  );
const statement = async (shipper: string) =>
  get(`/api/shipper-statements?shipper=${shipper}&from=2026-03-01&to=2026-03-31`);

beforeAll(async () => {
  await pushRows(t, a, [S1, ...S2]);
  host = createServer(partnerHost);
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}/partner`;
  admin = await t.login(a.users.admin.email);
  const created = await t.call({
    method: 'POST',
    url: '/api/exchange-connections',
    token: admin,
    payload: { name: 'Partner X', baseUrl: base, clientId: 'c', clientSecret: 's' },
  });
  connectionId = created.json().id;
  await t.call({
    method: 'POST',
    url: `/api/exchange-connections/${connectionId}/confirm`,
    token: admin,
    payload: { baseUrl: base },
  });
  const fetched = await t.call({
    method: 'POST',
    url: `/api/exchange-connections/${connectionId}/footprints`,
    token: admin,
  });
  expect(fetched.json()).toMatchObject({ stored: 2, matched: 2, issues: [] });
  const rows = (await get('/api/exchange-partner-footprints'))['hydra:member'] as Json[];
  const s1 = rows.find((r) => r.pfId === PF_S1)!;
  const s2 = rows.find((r) => r.pfId === PF_S2)!;
  Object.assign(ids, { s1: s1.shipmentId, s2: s2.shipmentId, pf1: s1.id, pf2: s2.id });
  ids.t1 = s1.legs[0].tourId;
  ids.t2 = s2.legs.find((l: Json) => l.tourReference === 'T-2').tourId;
  ids.t3 = s2.legs.find((l: Json) => l.tourReference === 'T-3').tourId;
});
afterAll(async () => {
  await new Promise((r) => host.close(r));
});

describe('a partner footprint applied to a leg restates the stored figures', () => {
  it('writes the partner figure into leg, shipment, tour, lists, dashboard, statement and /pact', async () => {
    const before = await shipment(ids.s1);
    expect(before.emissions.individual).toBeNull();
    expect(before.emissions.default.wtw).toBeCloseTo((400 / 3) * 0.095, 9);

    const answer = await apply(ids.pf1, ids.t1);
    expect(answer).toMatchObject({ appliedTourId: ids.t1, appliedVersion: 1 });

    const partner = { wtw: 16, ttw: 12.8, wtt: 3.2 };
    const after = await shipment(ids.s1);
    for (const e of [after.emissions.individual, after.legs[0].emissions.individual]) {
      expect(e.wtw).toBeCloseTo(partner.wtw, 9);
      expect(e.ttw).toBeCloseTo(partner.ttw, 9);
      expect(e.wtt).toBeCloseTo(partner.wtt, 9);
    }
    // The default stays beside it, so it can be restored.
    expect(after.emissions.default.wtw).toBeCloseTo(before.emissions.default.wtw, 9);
    expect(after.legs[0]).toMatchObject({
      method: 'primary',
      primaryData: {
        partnerFootprintId: ids.pf1,
        partnerName: 'Partner X',
        footprintId: PF_S1,
        version: 1,
        deprecated: false,
        newer: null,
      },
    });
    expect(after.legs[0].sheet).toMatch(/(Verwendet: Primärdaten|Used: primary data) .*Partner X/);

    expect((await listed('shipments', ids.s1)).emissions.individual.wtw).toBeCloseTo(16, 9);
    // T-1 carries S-1 alone: its individual total is the sum of its links, the partner's 16 kg.
    expect((await listed('tours', ids.t1)).emissions.individual.wtw).toBeCloseTo(16, 9);
    expect((await dashboard('Alpha')).glecCo2Individual).toBeCloseTo(16, 9);
    expect((await statement('Alpha')).co2.wtw).toBeCloseTo(16, 9);

    // The footprint Klimadesk serves of S-1: one TCE with the partner's figures.
    const token = await accessToken(t, await newClient(t, a, { name: 'Shipper Alpha' }));
    const list = await pactGet(t, '/pact/2/footprints?limit=100', token);
    const pf = list.json().data.find((f: Json) => f.productIds[0] === productIdOf('shipment', 'S-1'));
    expect(Number(pf.pcf.pCfExcludingBiogenic)).toBeCloseTo(16, 6);
    expect(Number(pf.extensions[0].data.tces[0].co2eTTW)).toBeCloseTo(12.8, 6);

    const [log] = await logs();
    expect(log!.entity_id).toBe(ids.s1);
    expect(log!.detail).toMatchObject({
      reason: 'primaryData',
      tourReference: 'T-1',
      partner: 'Partner X',
      partnerFootprintId: ids.pf1,
      footprintId: PF_S1,
      version: 1,
      before: { method: 'default' },
      after: { method: 'primary', wtw: 16, ttw: 12.8 },
    });
    expect(log!.detail.before.wtw).toBeCloseTo(before.emissions.default.wtw, 9);
  });

  it('removing it brings the figures from before back everywhere, logged', async () => {
    const answer = await apply(ids.pf1, null);
    expect(answer).toMatchObject({ appliedTourId: null, appliedVersion: null });
    const after = await shipment(ids.s1);
    expect(after.emissions.individual).toBeNull();
    expect(after.legs[0]).toMatchObject({
      method: 'default',
      primaryData: null,
      emissions: { individual: null },
    });
    expect((await listed('tours', ids.t1)).emissions.individual).toBeNull();
    expect((await dashboard('Alpha')).glecCo2Individual).toBeNull();
    expect((await statement('Alpha')).co2.wtw).toBeCloseTo((400 / 3) * 0.095, 9);
    const last = (await logs()).at(-1)!;
    expect(last.detail).toMatchObject({
      reason: 'primaryDataRemoved',
      before: { method: 'primary', wtw: 16 },
      after: { method: 'default' },
    });
    expect(last.detail.after.wtw).toBeCloseTo((400 / 3) * 0.095, 9);
  });
});

describe('what a restatement keeps: unknown parts and the figures from before', () => {
  it('a footprint without TTW leaves TTW and WTT of the leg and its sums unknown, never 0', async () => {
    // A footprint stored before TTW was kept (the column was added later): its TTW is not known.
    await t.ctx.db.execute(
      sql`update exchange_partner_footprints set co2e_ttw_kg = null where id = ${ids.pf2}`,
    );
    const fuel = (await shipment(ids.s2)).legs.find((l: Json) => l.tourReference === 'T-3').emissions;
    expect(fuel.individual.ttw).toBeGreaterThan(0);
    await apply(ids.pf2, ids.t2);
    const s2 = await shipment(ids.s2);
    const leg = s2.legs.find((l: Json) => l.tourReference === 'T-2');
    expect(leg.emissions.individual).toEqual({ ttw: null, wtt: null, wtw: 7.5 });
    // The shipment sums its legs: WTW 7.5 + the measured leg's; TTW and WTT have an unknown part.
    expect(s2.emissions.individual.wtw).toBeCloseTo(7.5 + fuel.individual.wtw, 9);
    expect(s2.emissions.individual.ttw).toBeNull();
    expect(s2.emissions.individual.wtt).toBeNull();
    const tour = await listed('tours', ids.t2);
    expect(tour.emissions.individual).toEqual(expect.objectContaining({ ttw: null, wtt: null, wtw: 7.5 }));
    const [row] = rowsOf<{ ttw: number | null; wtt: number | null }>(
      await t.ctx.db.execute(sql`select co2_individual_ttw as ttw, co2_individual_wtt as wtt
        from tour_shipments where tour_id = ${ids.t2} and shipment_id = ${ids.s2}`),
    );
    expect(row).toEqual({ ttw: null, wtt: null });
    // Not served with a TTW of 0 (iLEAP requires co2eTTW): the shipment waits for complete figures.
    const token = await accessToken(t, await newClient(t, a, { name: 'Shipper without TTW' }));
    const served = (await pactGet(t, '/pact/2/footprints?limit=100', token)).json().data;
    expect(served.map((f: Json) => f.productIds[0])).not.toContain(productIdOf('shipment', 'S-2'));
    await apply(ids.pf2, null);
    const restored = await shipment(ids.s2);
    expect(restored.emissions.individual.ttw).toBeCloseTo(fuel.individual.ttw, 9);
    expect(restored.emissions.individual.wtw).toBeCloseTo(fuel.individual.wtw, 9);
  });

  it('on a leg with measured fuel: the fuel sheet stays, and removal restores leg and tour exactly', async () => {
    const tourBefore = (await listed('tours', ids.t3)).emissions.individual;
    const legBefore = (await shipment(ids.s2)).legs.find((l: Json) => l.tourReference === 'T-3');
    await apply(ids.pf2, ids.t3);
    const leg = (await shipment(ids.s2)).legs.find((l: Json) => l.tourReference === 'T-3');
    expect(leg.emissions.individual.wtw).toBe(7.5);
    // The sheet names the partner data, then keeps the tour's fuel calculation with the leg's share.
    expect(leg.sheet).toContain(PF_S2);
    expect(legBefore.sheet).toMatch(/Individuell|Individual/);
    expect(leg.sheet.endsWith(`\n\n${legBefore.sheet}`)).toBe(true);
    expect((await listed('tours', ids.t3)).emissions.individual.wtw).toBe(7.5);
    expect((await logs()).at(-1)!.detail).toMatchObject({
      before: { method: 'fuel', wtw: legBefore.emissions.individual.wtw },
    });
    await apply(ids.pf2, null);
    expect((await listed('tours', ids.t3)).emissions.individual).toEqual(tourBefore);
    const legAfter = (await shipment(ids.s2)).legs.find((l: Json) => l.tourReference === 'T-3');
    expect(legAfter.emissions).toEqual(legBefore.emissions);
    expect(legAfter.sheet).toBe(legBefore.sheet);
  });
});

describe("a partner's Published event", () => {
  const event = (id: string, pfIds: string[]) => ({
    type: 'org.wbcsd.pathfinder.ProductFootprint.Published.v1',
    specversion: '1.0',
    id,
    source: '//partner.example/2/events',
    time: new Date().toISOString(),
    data: { pfIds },
  });
  let partnerClient: { id: string; clientId: string; clientSecret: string };
  let token: string;

  beforeAll(async () => {
    await apply(ids.pf1, ids.t1);
    partnerClient = await newClient(t, a, { name: 'Partner X sends events' });
    token = await accessToken(t, partnerClient);
  });

  it('from a client no connection names is accepted and fetches nothing', async () => {
    const res = await pactPost(t, '/pact/2/events', token, event('e-1', [PF_S1]));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    await drainJobs(t);
    expect(byIdCalls).toEqual([]);
  });

  it("from the partner's client re-fetches and offers version 2, stored figures unchanged", async () => {
    const bound = await t.call({
      method: 'PATCH',
      url: `/api/exchange-connections/${connectionId}`,
      token: admin,
      payload: { eventsClientId: partnerClient.id },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().eventsClientId).toBe(partnerClient.id);
    // Version 2 of the same PfId: 15 + 5 = 20 kg WTW, 12 + 4 = 16 kg TTW.
    served.set(
      PF_S1,
      footprint(PF_S1, 2, 'S-1', [tce('a', 'S-1', '100', '15', '12'), tce('b', 'S-1', '40', '5', '4')]),
    );
    const res = await pactPost(t, '/pact/2/events', token, event('e-2', [PF_S1]));
    expect(res.statusCode).toBe(200);
    await drainJobs(t);
    expect(byIdCalls).toEqual([PF_S1]);
    const s1 = await shipment(ids.s1);
    expect(s1.emissions.individual.wtw).toBeCloseTo(16, 9);
    expect(s1.legs[0].primaryData).toMatchObject({
      version: 1,
      newer: { partnerFootprintId: ids.pf1, footprintId: PF_S1, version: 2, co2eWtwKg: 20, co2eTtwKg: 16 },
    });
    expect((await listed('shipments', ids.s1)).emissions.individual.wtw).toBeCloseTo(16, 9);
    // The same event again (same source and id) is stored once and fetches nothing more.
    await pactPost(t, '/pact/2/events', token, event('e-2', [PF_S1]));
    await drainJobs(t);
    expect(byIdCalls).toHaveLength(1);
  });

  it('accepting version 2 is the same logged restatement', async () => {
    await apply(ids.pf1, ids.t1);
    const s1 = await shipment(ids.s1);
    expect(s1.emissions.individual).toMatchObject({ wtw: 20, ttw: 16 });
    expect(s1.emissions.individual.wtt).toBeCloseTo(4, 9);
    expect(s1.legs[0].primaryData).toMatchObject({ version: 2, newer: null });
    expect((await dashboard('Alpha')).glecCo2Individual).toBeCloseTo(20, 9);
    expect((await logs()).at(-1)!.detail).toMatchObject({
      reason: 'newerVersion',
      version: 2,
      replaced: { footprintId: PF_S1, version: 1 },
      before: { method: 'primary', wtw: 16 },
      after: { method: 'primary', wtw: 20 },
    });
  });

  it('refuses an unauthenticated event (v2: BadRequest)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/pact/2/events',
      headers: { 'content-type': 'application/cloudevents+json' },
      payload: JSON.stringify(event('e-3', [PF_S1])),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BadRequest');
  });
});

describe('a re-import of the tour', () => {
  it('keeps the applied figure; removing it later restores the re-imported default', async () => {
    // T-1 again with 105 km: the default becomes 2 t × 105 km / 1.05 × 95 g = 19 kg.
    await pushRows(t, a, [{ ...S1, distance: 105 }]);
    const s1 = await shipment(ids.s1);
    expect(s1.emissions.default.wtw).toBeCloseTo(19, 9);
    expect(s1.emissions.individual.wtw).toBeCloseTo(20, 9);
    expect(s1.legs[0]).toMatchObject({ method: 'primary', primaryData: { version: 2 } });
    expect((await listed('tours', ids.t1)).emissions.individual.wtw).toBeCloseTo(20, 9);
    expect((await dashboard('Alpha')).glecCo2Individual).toBeCloseTo(20, 9);
    await apply(ids.pf1, null);
    const restored = await shipment(ids.s1);
    expect(restored.emissions.individual).toBeNull();
    expect(restored.emissions.default.wtw).toBeCloseTo(19, 9);
    expect((await listed('tours', ids.t1)).emissions.individual).toBeNull();
  });
});

describe('a successor footprint (a new PfId naming the one in use in precedingPfIds)', () => {
  it('is offered for the leg, and accepting it moves the leg to it, logged', async () => {
    await apply(ids.pf1, ids.t1);
    const next = '0b9c1f6e-6f43-4f7e-9d1e-4a1f6a2b7c33';
    served.set(next, {
      ...footprint(next, 0, 'S-1', [tce('a', 'S-1', '140', '18', '14')]),
      precedingPfIds: [PF_S1],
    });
    const client = await newClient(t, a, { name: 'Partner X events 2' });
    await t.call({
      method: 'PATCH',
      url: `/api/exchange-connections/${connectionId}`,
      token: admin,
      payload: { eventsClientId: client.id },
    });
    const res = await pactPost(t, '/pact/2/events', await accessToken(t, client), {
      type: 'org.wbcsd.pathfinder.ProductFootprint.Published.v1',
      specversion: '1.0',
      id: 'e-successor',
      source: '//partner.example/2/events',
      data: { pfIds: [next] },
    });
    expect(res.statusCode).toBe(200);
    await drainJobs(t);
    const offered = (await shipment(ids.s1)).legs[0].primaryData;
    expect(offered).toMatchObject({
      footprintId: PF_S1,
      version: 2,
      newer: { footprintId: next, co2eWtwKg: 18 },
    });
    expect((await shipment(ids.s1)).emissions.individual.wtw).toBeCloseTo(20, 9);

    await apply(offered.newer.partnerFootprintId, ids.t1);
    const s1 = await shipment(ids.s1);
    expect(s1.emissions.individual.wtw).toBe(18);
    expect(s1.legs[0].primaryData).toMatchObject({ footprintId: next, newer: null });
    const rows = (await get('/api/exchange-partner-footprints'))['hydra:member'] as Json[];
    expect(rows.find((r) => r.pfId === PF_S1)!.appliedTourId).toBeNull();
    expect((await logs()).at(-1)!.detail).toMatchObject({
      reason: 'newerVersion',
      footprintId: next,
      replaced: { footprintId: PF_S1, version: 2 },
      before: { method: 'primary', wtw: 20 },
      after: { method: 'primary', wtw: 18 },
    });
  });
});
