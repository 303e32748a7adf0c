import { type Order, pactSchemas as p } from '@klimadesk/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { accessToken, allPages, newClient, pactGet, pushRows } from '../../../test/exchange.ts';
import { ARTIC, CARRIER_ROWS } from '../../../test/exchange-data.ts';
import { ROAD, roadOrder } from '../../../test/orders.ts';
import { conformanceValidator } from '../../../test/pact-conformance.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { exchangeFootprintVersions } from './exchange.schema.ts';
import { versionCompany } from './exchange.versions.ts';
import { productIdOf } from './pact.footprints.ts';

/**
 * Orders of the basic edition served as iLEAP ShipmentFootprints: each order's basic tour with a
 * TCE per leg and hub and the order's own figures, between the shipments and the TOCs/HOCs in the
 * lists, with the filters, the shipper binding and versions of shipments.
 */
const { t, a, b } = appWithCompanies({
  a: { key: 'PactOrdA', isPayingCustomer: true },
  b: { key: 'PactOrdB', isPayingCustomer: true },
});

type Pf = {
  id: string;
  version?: number;
  status: string;
  precedingPfIds?: string[];
  productIds: string[];
  pcf: Record<string, unknown>;
  extensions: { data: Record<string, unknown> }[];
};

const RAIL = 'rail_eu_unknown_avg';
const city = (name: string) => ({ country: 'DE', city: name });

/**
 * A freight order as the basic edition records one: 12 t of unit cargo by truck from Augsburg to
 * München (84 km as driven), then by train to Hamburg (780 km).
 */
const WORKED = roadOrder(city('Augsburg'), city('München'), {
  number: 'AUF-2026-0815',
  client: 'Bio AG',
  grossWeight: 12000,
  date: '2026-03-05',
  activities: [
    {
      activity: 'pre_carriage',
      legs: [
        {
          transportMode: 'road',
          origin: city('Augsburg'),
          destination: city('München'),
          glecVehicleType: ROAD,
          distance: 84,
        },
      ],
    },
    {
      activity: 'main_carriage',
      legs: [
        {
          transportMode: 'rail',
          origin: city('München'),
          destination: city('Hamburg'),
          glecVehicleType: RAIL,
          distance: 780,
        },
      ],
    },
  ],
});

let user: string;
let token: string;
const orders: Record<string, Order> = {};
const shipments: Record<string, string> = {};
const v2 = conformanceValidator('2.3');
const v3 = conformanceValidator('3.0');

async function createOrder(payload: object, as = user): Promise<Order> {
  const res = await t.call({ method: 'POST', url: '/api/orders', token: as, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}
const getOrder = async (id: string) =>
  (await t.call({ method: 'GET', url: `/api/orders/${id}`, token: user })).json<Order>();

beforeAll(async () => {
  await pushRows(t, a, CARRIER_ROWS);
  user = await t.login(a.users.user.email);
  const list = await t.call({ method: 'GET', url: '/api/shipments?limit=50', token: user });
  for (const s of list.json()['hydra:member']) shipments[s.reference] = s.id;
  orders.worked = await createOrder(WORKED);
  orders.nord = await createOrder(
    roadOrder(city('Kassel'), city('Fulda'), { number: 'N-1', client: 'Nord GmbH' }, 100),
  );
  orders.base = await createOrder(
    roadOrder(city('Hamburg'), city('Berlin'), { number: 'ALT-1', client: 'Bio AG' }, 290),
  );
  orders.alternative = await createOrder(
    roadOrder(city('Hamburg'), city('Berlin'), {
      number: 'ALT-1',
      client: 'Bio AG',
      parentId: orders.base.id,
      activities: [
        {
          activity: 'main_carriage',
          legs: [
            {
              transportMode: 'rail',
              origin: city('Hamburg'),
              destination: city('Berlin'),
              glecVehicleType: RAIL,
              distance: 290,
            },
          ],
        },
      ],
    }),
  );
  orders.cancelled = await createOrder(
    roadOrder(city('Kassel'), city('Fulda'), { number: 'X-1', client: 'Bio AG', status: 'cancelled' }, 100),
  );
  await createOrder(
    roadOrder(city('Kassel'), city('Fulda'), { number: 'B-1' }, 100),
    await t.login(b.users.user.email),
  );
  token = await accessToken(t, await newClient(t, a));
}, 120_000);

const kindOf = (pf: Pf) => pf.productIds[0]!.split(':')[5];
const keyOf = (pf: Pf) => decodeURIComponent(pf.productIds[0]!.split(':').slice(6).join(':'));
const dataOf = (pf: Pf) => p.shipmentFootprint.parse(pf.extensions[0]!.data);
const list = async (url: string, as = token) => {
  const res = await pactGet(t, url, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Pf[];
};
/** The served order numbers, shipment references and TOC/HOC ids in list order. */
const names = (pfs: Pf[]) => pfs.map((x) => `${kindOf(x)} ${keyOf(x)}`);
const byId = (entries: [string, string][]) =>
  entries.sort(([x], [y]) => (x < y ? -1 : 1)).map(([, name]) => name);

/** The worked example's TCEs by hand (see the figures in the first test below). */
const tce = (over: Record<string, unknown>) => ({ shipmentId: 'AUF-2026-0815', mass: '12000', ...over });
const at = (name: string) => ({ city: name, country: 'DE' });
const WORKED_TCES = [
  tce({
    tceId: 'pre_carriage-1',
    prevTceIds: [],
    tocId: ROAD,
    distance: { sfd: '80' },
    origin: at('Augsburg'),
    destination: at('München'),
    transportActivity: '960',
    co2eWTW: '91.2',
    co2eTTW: '70.08',
  }),
  tce({
    tceId: 'pre_carriage-1:hub',
    prevTceIds: ['pre_carriage-1'],
    hocId: 'transhipment',
    distance: { actual: '0' },
    origin: at('München'),
    destination: at('München'),
    transportActivity: '0',
    co2eWTW: '14.4',
    co2eTTW: '0',
  }),
  tce({
    tceId: 'main_carriage-1',
    prevTceIds: ['pre_carriage-1:hub'],
    tocId: RAIL,
    distance: { sfd: '780' },
    origin: at('München'),
    destination: at('Hamburg'),
    transportActivity: '9360',
    co2eWTW: '172.224',
    co2eTTW: '83.94048',
  }),
];

describe('worked example: an order of a road and a rail leg (iLEAP §6.1, §6.2, §7.2.1)', () => {
  it('the order answers the hand-computed figures (GET /api/orders/:id)', async () => {
    const order = await getOrder(orders.worked!.id);
    const [road, rail] = order.activities.flatMap((x) => x.legs);
    // Road: 84 km driven / DAF 1.05 = 80 km; 12 t x 80 km = 960 tkm; x 95 g WTW = 91.2 kg, x 73 g TTW = 70.08 kg.
    // Rail: no DAF, 12 t x 780 km = 9,360 tkm; x 18.4 g WTW = 172.224 kg, x 8.968 g TTW = 83.94048 kg.
    // Hub road -> rail (unit cargo): transhipment, 12 t x 1.2 kg = 14.4 kg WTW.
    expect([road!.transportDistance, road!.tkm, road!.co2Wtw, road!.co2Ttw]).toEqual([
      80,
      960,
      expect.closeTo(91.2, 9),
      expect.closeTo(70.08, 9),
    ]);
    expect([rail!.transportDistance, rail!.tkm, rail!.co2Wtw, rail!.co2Ttw]).toEqual([
      780,
      9360,
      expect.closeTo(172.224, 9),
      expect.closeTo(83.94048, 9),
    ]);
    expect(order.hubs.map((h) => [h.hubType, h.co2Wtw])).toEqual([['transhipment', expect.closeTo(14.4, 9)]]);
    // 91.2 + 14.4 + 172.224 = 277.824 kg CO2e over 960 + 9,360 = 10,320 tkm.
    expect([order.co2Wtw, order.tkm]).toEqual([expect.closeTo(277.824, 9), 10320]);
  });

  it('its footprint has one TCE per leg and hub with those figures, and their sum as PCF', async () => {
    const order = await getOrder(orders.worked!.id);
    const legs = order.activities.flatMap((x) => x.legs);
    for (const version of [2, 3] as const) {
      const res = await pactGet(t, `/pact/${version}/footprints/${order.id}`, token);
      expect(res.statusCode, res.body).toBe(200);
      const pf = res.json().data as Pf;
      expect(version === 2 ? v2(pf) : v3(pf), JSON.stringify((version === 2 ? v2 : v3).errors)).toBe(true);
      expect(pf.productIds).toEqual([productIdOf('order', 'AUF-2026-0815')]);
      expect(pf.pcf).toMatchObject(
        version === 2
          ? {
              declaredUnit: 'ton kilometer',
              unitaryProductAmount: '10320',
              productMassPerDeclaredUnit: '12000',
              pCfExcludingBiogenic: '277.824',
              referencePeriodStart: '2026-03-05T00:00:00.000Z',
              referencePeriodEnd: '2026-03-06T00:00:00.000Z',
              primaryDataShare: 0,
            }
          : { declaredUnitAmount: '10320', pcfExcludingBiogenicUptake: '277.824' },
      );
      const data = dataOf(pf);
      expect([data.shipmentId, data.mass]).toEqual(['AUF-2026-0815', '12000']);
      expect(data.tces).toEqual(WORKED_TCES);
      // The TCEs are the order's own figures, and their sum its total.
      data.tces
        .filter((x) => x.tocId)
        .forEach((x, i) =>
          expect([x.co2eWTW, x.co2eTTW, x.transportActivity].map(Number)).toEqual([
            expect.closeTo(legs[i]!.co2Wtw, 6),
            expect.closeTo(legs[i]!.co2Ttw, 6),
            expect.closeTo(legs[i]!.tkm, 6),
          ]),
        );
      const pcf = pf.pcf[version === 2 ? 'pCfExcludingBiogenic' : 'pcfExcludingBiogenicUptake'];
      expect(Number(pcf)).toBeCloseTo(order.co2Wtw, 6);
    }
  });

  it('adds its legs and hub to the TOCs and HOCs its TCEs name', async () => {
    const all = await list('/pact/2/footprints');
    const named = new Set(
      all.filter((x) => kindOf(x) === 'order').flatMap((x) => dataOf(x).tces.map((c) => c.tocId ?? c.hocId)),
    );
    for (const id of named) expect(all.some((x) => keyOf(x) === id)).toBe(true);
    const toc = (id: string) => p.toc.parse(all.find((x) => keyOf(x) === id)!.extensions[0]!.data);
    // GLEC rail, traction unknown (Europe): 18.4 g WTW, 38 % x 23.6 g = 8.968 g TTW per tkm.
    expect([toc(RAIL).co2eIntensityWTW, toc(RAIL).co2eIntensityTTW, toc(RAIL).mode]).toEqual([
      '0.0184',
      '0.008968',
      'Rail',
    ]);
    // Tours and orders of the road class share one TOC: 95 g WTW per tkm on both.
    expect(toc(ARTIC).co2eIntensityWTW).toBe('0.095');
    const hoc = p.hoc.parse(all.find((x) => keyOf(x) === 'transhipment')!.extensions[0]!.data);
    expect([hoc.co2eIntensityWTW, hoc.hubType]).toEqual(['1.2', 'Transshipment']);
    for (const pf of all) expect(v2(pf), JSON.stringify(v2.errors)).toBe(true);
  });
});

describe('lists (PACT ListFootprints)', () => {
  it('serve the shipments, then each order’s basic tour (no alternatives, nothing cancelled), then TOCs and HOCs', async () => {
    const all = await list('/pact/3/footprints');
    expect(names(all)).toEqual([
      ...byId(['S-1', 'S-2', 'S-3'].map((s) => [shipments[s]!, `shipment ${s}`])),
      ...byId(
        (['worked', 'nord', 'base'] as const).map((k) => [orders[k]!.id, `order ${orders[k]!.number}`]),
      ),
      `toc ${RAIL}`,
      `toc ${ARTIC}`,
      `toc ${ARTIC}-measured`,
      'hoc transhipment',
    ]);
    expect(all.map((x) => x.id)).not.toContain(orders.alternative!.id);
    expect(all.map((x) => x.id)).not.toContain(orders.cancelled!.id);
  });

  it('page across shipments, orders and operations by Link headers, each link answering the same twice', async () => {
    const all = (await list('/pact/3/footprints')).map((x) => x.id);
    for (const limit of [1, 2, 3, 4]) {
      const { items, links } = await allPages(t, `/pact/3/footprints?limit=${limit}`, token);
      expect(items.map((x) => x.id)).toEqual(all);
      expect(links).toHaveLength(Math.ceil(all.length / limit) - 1);
    }
    // The page after the three shipments starts at the first order.
    const { links } = await allPages(t, '/pact/2/footprints?limit=3', token);
    const next = new URL(/<([^>]+)>/.exec(links[0]!)![1]!);
    const first = await list(next.pathname + next.search);
    expect(kindOf(first[0]!)).toBe('order');
    expect(await list(next.pathname + next.search)).toEqual(first);
  });

  it('refuses a malformed cursor', async () => {
    const bad = Buffer.from(JSON.stringify({ r: '-'.repeat(36) })).toString('base64url');
    const res = await pactGet(t, `/pact/3/footprints?cursor=${bad}`, token);
    expect([res.statusCode, res.json().code]).toEqual([400, 'BadRequest']);
  });

  it('apply the v3 filters and the v2 $filter to orders as to shipments', async () => {
    const q = async (query: string) => names(await list(`/pact/3/footprints?${query}`));
    const worked = productIdOf('order', 'AUF-2026-0815');
    const s1 = productIdOf('shipment', 'S-1');
    expect(await q(`productId=${worked.toUpperCase()}`)).toEqual(['order AUF-2026-0815']);
    expect(await q(`productId=${worked}&productId=${s1}`)).toEqual(['shipment S-1', 'order AUF-2026-0815']);
    // An order number is not a shipment reference: the kinds keep their own product ids.
    expect(await q(`productId=${productIdOf('shipment', 'AUF-2026-0815')}`)).toEqual([]);
    expect(await q(`productId=${worked}&status=Deprecated`)).toEqual([]);
    expect(await q(`productId=${worked}&companyId=urn:uuid:${b.id}`)).toEqual([]);
    expect(await q(`productId=${worked}&geography=DE`)).toEqual([]);
    expect(await q(`productId=${worked}&classification=urn:cpc:83117`)).toEqual(['order AUF-2026-0815']);
    // Orders of 2026-03-02 and 2026-03-05 (a day each) are valid from the day after for 3 years.
    const orderNames = async (query: string) => (await q(query)).filter((x) => x.startsWith('order '));
    expect(await orderNames('validOn=2026-03-04T00:00:00Z')).toEqual(
      byId((['nord', 'base'] as const).map((k) => [orders[k]!.id, `order ${orders[k]!.number}`])),
    );
    expect(await orderNames('validAfter=2026-03-05T00:00:00Z')).toEqual(['order AUF-2026-0815']);
    expect(await orderNames('validBefore=2029-03-05T00:00:00Z')).toEqual(
      byId((['nord', 'base'] as const).map((k) => [orders[k]!.id, `order ${orders[k]!.number}`])),
    );
    const v2q = async (filter: string) =>
      names(await list(`/pact/2/footprints?$filter=${encodeURIComponent(filter)}`));
    expect(await v2q(`productIds/any(id: id eq '${worked}')`)).toEqual(['order AUF-2026-0815']);
    // The rail TOC and the measured road TOC (S-3's main carriage) start that day as well.
    expect(await v2q("pcf/referencePeriodStart eq '2026-03-05T00:00:00Z'")).toEqual([
      'order AUF-2026-0815',
      `toc ${RAIL}`,
      `toc ${ARTIC}-measured`,
    ]);
  });
});

describe('who sees which orders', () => {
  it('a client bound to a shipper sees the orders whose client is that shipper, and their categories', async () => {
    const bio = await accessToken(t, await newClient(t, a, { name: 'Bio AG', shipper: 'Bio AG' }));
    expect(names(await list('/pact/2/footprints', bio))).toEqual([
      ...byId(['S-1', 'S-3'].map((s) => [shipments[s]!, `shipment ${s}`])),
      ...byId((['worked', 'base'] as const).map((k) => [orders[k]!.id, `order ${orders[k]!.number}`])),
      `toc ${RAIL}`,
      `toc ${ARTIC}`,
      `toc ${ARTIC}-measured`,
      'hoc transhipment',
    ]);
    expect((await pactGet(t, `/pact/3/footprints/${orders.nord!.id}`, bio)).statusCode).toBe(404);
    const nord = await accessToken(t, await newClient(t, a, { name: 'Nord', shipper: 'Nord GmbH' }));
    expect(names(await list('/pact/3/footprints', nord))).toEqual([
      'shipment S-2',
      'order N-1',
      `toc ${ARTIC}`,
    ]);
    expect((await pactGet(t, `/pact/2/footprints/${orders.worked!.id}`, nord)).statusCode).toBe(404);
  });

  it('another company’s client sees its own order only', async () => {
    const other = await accessToken(t, await newClient(t, b));
    expect(names(await list('/pact/2/footprints', other))).toEqual(['order B-1', `toc ${ROAD}`]);
    for (const v of [2, 3])
      expect((await pactGet(t, `/pact/${v}/footprints/${orders.worked!.id}`, other)).statusCode).toBe(404);
  });

  it('transport activity data stay the tours’ rides: orders have a date, not the times a TAD requires', async () => {
    const tad = p.tadList.parse((await pactGet(t, '/pact/2/ileap/tad', token)).json()).data;
    expect(tad.flatMap((x) => x.consignmentIds).sort()).toEqual(['S-1', 'S-2', 'S-3', 'S-3']);
  });
});

describe('versions of order footprints (PACT v2.3 "Product Footprint Lifecycle")', () => {
  const patch = async (url: string, payload: object) => {
    const res = await t.call({ method: 'PATCH', url, token: user, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const get = async (version: 2 | 3, id: string) => {
    const res = await pactGet(t, `/pact/${version}/footprints/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Pf;
  };
  /** The listed footprints of an order number (v2 `$filter` on its product id). */
  const ofNumber = (number: string) =>
    list(
      `/pact/2/footprints?$filter=${encodeURIComponent(`productIds/any(i: i eq '${productIdOf('order', number)}')`)}`,
    );

  it('a changed order gets a new PfId; the old one is deprecated as published', async () => {
    const first = await get(2, orders.worked!.id);
    expect([first.version, first.status]).toEqual([0, 'Active']);
    await patch(`/api/orders/${orders.worked!.id}`, { grossWeight: 15000 });
    const [next, ...more] = await ofNumber('AUF-2026-0815');
    expect(more).toEqual([]);
    expect(next!.id).not.toBe(first.id);
    expect([next!.version, next!.status, next!.precedingPfIds]).toEqual([0, 'Active', [first.id]]);
    // 15 t: every tkm and kg CO2e x 1.25 (hub 15 t x 1.2 kg = 18 kg): 347.28 kg over 12,900 tkm.
    expect([next!.pcf.pCfExcludingBiogenic, next!.pcf.unitaryProductAmount]).toEqual(['347.28', '12900']);
    const old = await get(2, first.id);
    expect([old.version, old.status, old.pcf.pCfExcludingBiogenic]).toEqual([1, 'Deprecated', '277.824']);
    expect((await get(3, first.id)).status).toBe('Deprecated');
  });

  it('promoting an alternative continues the order: the new basic tour’s PfId follows the old one', async () => {
    const before = await get(3, orders.base!.id);
    const res = await t.call({
      method: 'POST',
      url: `/api/orders/${orders.alternative!.id}/promote`,
      token: user,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The alternative's id was never published: the order's footprint has a new PfId.
    expect((await pactGet(t, `/pact/3/footprints/${orders.alternative!.id}`, token)).statusCode).toBe(404);
    const [after, ...more] = await ofNumber('ALT-1');
    expect(more).toEqual([]);
    expect([after!.status, after!.version, after!.precedingPfIds]).toEqual(['Active', 0, [before.id]]);
    expect(dataOf(after!).tces.map((x) => x.tocId)).toEqual([RAIL]);
    expect((await get(3, before.id)).status).toBe('Deprecated');
    expect((await get(2, after!.id)).id).toBe(after!.id);
  });

  it('a cancelled order is withdrawn (deprecated without successor); the sweep versions orders too', async () => {
    const live = await get(2, orders.nord!.id);
    await patch(`/api/orders/${orders.nord!.id}/status`, { status: 'cancelled' });
    // No request: the sweep's company pass writes the versions.
    await versionCompany(t.ctx, asCompanyId(a.id));
    const v = exchangeFootprintVersions;
    const rows = await t.ctx.db
      .select({ pfId: v.pfId, version: v.version, status: v.status, kind: v.kind })
      .from(v)
      .where(and(eq(v.companyId, a.id), eq(v.subject, orders.nord!.id)));
    expect(rows.sort((x, y) => x.version - y.version)).toEqual([
      { pfId: live.id, version: 0, status: 'Active', kind: 'order' },
      { pfId: live.id, version: 1, status: 'Deprecated', kind: 'order' },
    ]);
    const old = await get(2, live.id);
    expect([old.status, old.version]).toEqual(['Deprecated', 1]);
    expect(names(await list('/pact/2/footprints'))).not.toContain('order N-1');
  });
});
