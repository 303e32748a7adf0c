import { pactSchemas as p } from '@klimadesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { accessToken, allPages, newClient, pactGet, pushRows } from '../../../test/exchange.ts';
import { CARRIER_ROWS, OTHER_ROWS } from '../../../test/exchange-data.ts';
import { conformanceValidator } from '../../../test/pact-conformance.ts';
import { CPC_URN, productIdOf } from './pact.footprints.ts';

/**
 * What the exchange serves: footprints whose figures are the product's own shipment figures, the
 * TOCs and HOCs behind them, pagination, the v3 filters, and what a shipper-bound or another
 * company's client sees.
 */
const { t, a, b } = appWithCompanies({
  a: { key: 'FpCarrierA', isPayingCustomer: true },
  b: { key: 'FpCarrierB', isPayingCustomer: true },
});

type Pf = {
  id: string;
  productIds: string[];
  pcf: Record<string, unknown>;
  extensions: { data: Record<string, unknown> }[];
};
type Leg = {
  tourReference: string;
  emissions: {
    default: { wtw: number; ttw: number };
    individual: { wtw: number; ttw: number } | null;
    hubWtw: number;
    tkm: number;
  };
};

let token: string;
let admin: string;
const ids: Record<string, string> = {};
const v2 = conformanceValidator('2.3');
const v3 = conformanceValidator('3.0');

beforeAll(async () => {
  await pushRows(t, a, CARRIER_ROWS);
  await pushRows(t, b, OTHER_ROWS);
  admin = await t.login(a.users.admin.email);
  const list = await t.call({ method: 'GET', url: '/api/shipments?limit=50', token: admin });
  for (const s of list.json()['hydra:member']) ids[s.reference] = s.id;
  token = await accessToken(t, await newClient(t, a));
});

const kindOf = (pf: Pf) => pf.productIds[0]!.split(':')[5];
const keyOf = (pf: Pf) => decodeURIComponent(pf.productIds[0]!.split(':').slice(6).join(':'));
const near = (text: unknown, value: number) => expect(Math.abs(Number(text) - value)).toBeLessThan(3e-6);

describe('a shipment footprint states the product’s shipment figures (iLEAP §7.2.1)', () => {
  for (const ref of ['S-1', 'S-3']) {
    it(`${ref}: each TCE is a leg of GET /api/shipments/:id, the PCF their sum with the hubs`, async () => {
      const product = (
        await t.call({ method: 'GET', url: `/api/shipments/${ids[ref]}`, token: admin })
      ).json();
      const legs = product.legs as Leg[];
      // Per leg the fuel-based figure where it exists, else the default (the shipper statement's rule).
      const figure = (l: Leg) => l.emissions.individual ?? l.emissions.default;
      const total = legs.reduce((s, l) => s + figure(l).wtw, 0) + product.emissions.hubWtw;
      for (const version of [2, 3] as const) {
        const res = await pactGet(t, `/pact/${version}/footprints/${ids[ref]}`, token);
        expect(res.statusCode, res.body).toBe(200);
        const pf = res.json().data as Pf;
        expect(version === 2 ? v2(pf) : v3(pf), JSON.stringify((version === 2 ? v2 : v3).errors)).toBe(true);
        near(version === 2 ? pf.pcf.pCfExcludingBiogenic : pf.pcf.pcfExcludingBiogenicUptake, total);
        near(version === 2 ? pf.pcf.unitaryProductAmount : pf.pcf.declaredUnitAmount, product.emissions.tkm);
        const tces = p.shipmentFootprint.parse(pf.extensions[0]!.data).tces.filter((x) => x.tocId);
        expect(tces.map((x) => x.tceId)).toEqual(legs.map((l) => l.tourReference));
        tces.forEach((x, i) => {
          near(x.co2eWTW, figure(legs[i]!).wtw);
          near(x.co2eTTW, figure(legs[i]!).ttw);
          near(x.transportActivity, legs[i]!.emissions.tkm);
        });
      }
      if (ref === 'S-1') near(total, product.emissions.default.wtw + product.emissions.hubWtw);
    });
  }
});

describe('lists (PACT ListFootprints, iLEAP test cases 001–003)', () => {
  it('serve the shipments, then the TOCs and HOCs their TCEs name', async () => {
    const list = (await pactGet(t, '/pact/2/footprints', token)).json().data as Pf[];
    expect(list.map((x) => `${kindOf(x)} ${keyOf(x)}`)).toEqual([
      ...['S-1', 'S-2', 'S-3']
        .map((s) => `shipment ${s}`)
        .sort((x, y) => (ids[x.slice(9)]! < ids[y.slice(9)]! ? -1 : 1)),
      'toc road_eu_artic_40t_avg_diesel',
      'toc road_eu_artic_40t_avg_diesel-measured',
      'hoc transhipment',
    ]);
    const named = list
      .filter((x) => kindOf(x) === 'shipment')
      .flatMap((x) => p.shipmentFootprint.parse(x.extensions[0]!.data).tces.map((c) => c.tocId ?? c.hocId));
    for (const id of new Set(named)) expect(list.some((x) => keyOf(x) === id)).toBe(true);
    const toc = p.toc.parse(
      list.find((x) => keyOf(x) === 'road_eu_artic_40t_avg_diesel')!.extensions[0]!.data,
    );
    // GLEC default 95 g WTW, 73 g TTW per tkm: the TOC is the intensity of its legs (§6.3).
    expect([toc.co2eIntensityWTW, toc.co2eIntensityTTW, toc.transportActivityUnit]).toEqual([
      '0.095',
      '0.073',
      'tkm',
    ]);
    const hoc = list.find((x) => keyOf(x) === 'transhipment')!;
    expect(p.hoc.parse(hoc.extensions[0]!.data).co2eIntensityWTW).toBe('1.2');
    expect(hoc.pcf).toMatchObject({
      declaredUnit: 'kilogram',
      unitaryProductAmount: '1000',
      pCfExcludingBiogenic: '1.2',
    });
    for (const pf of list) expect(v2(pf), JSON.stringify(v2.errors)).toBe(true);
  });

  it('paginate by absolute Link headers on the request host; a link answers the same twice', async () => {
    const all = (await pactGet(t, '/pact/3/footprints', token)).json().data as Pf[];
    const { items, links } = await allPages(t, '/pact/3/footprints?limit=2&status=Active', token);
    expect(items.map((x) => x.id)).toEqual(all.map((x) => x.id));
    expect(links).toHaveLength(Math.ceil(all.length / 2) - 1);
    for (const l of links)
      expect(l).toMatch(
        /^<http:\/\/localhost:80\/pact\/3\/footprints\?limit=2&status=Active&cursor=[\w-]+>; rel="next"$/,
      );
    const again = new URL(/<([^>]+)>/.exec(links[0]!)![1]!);
    const first = await pactGet(t, again.pathname + again.search, token);
    const second = await pactGet(t, again.pathname + again.search, token);
    expect(second.json()).toEqual(first.json());
  });

  it('apply the v3 filters: values of one criterion ORed, criteria ANDed, text without letter case', async () => {
    const q = async (query: string) =>
      ((await pactGet(t, `/pact/3/footprints?${query}`, token)).json().data as Pf[]).map((x) => keyOf(x));
    const s1 = productIdOf('shipment', 'S-1');
    const s2 = productIdOf('shipment', 'S-2');
    expect(await q(`productId=${s1}`)).toEqual(['S-1']);
    expect((await q(`productId=${s1.toUpperCase()}&productId=${s2}`)).sort()).toEqual(['S-1', 'S-2']);
    expect(await q(`productId=${s1}&status=Deprecated`)).toEqual([]);
    const all = await q('');
    expect(await q(`companyId=urn:uuid:${a.id}&companyId=urn:uuid:x`)).toEqual(all);
    expect(await q(`companyId=urn:uuid:${b.id}`)).toEqual([]);
    expect(await q(`classification=${CPC_URN}`)).toEqual(all);
    expect(await q('classification=urn:cpc:0151')).toEqual([]);
    expect(await q('geography=DE')).toEqual([]);
    expect(await q('geography=')).toEqual(all);
    // Reference periods end 2026-03-04 to 2026-03-07: valid from then for 3 years (v3 "Validity Period").
    expect(await q('validOn=2026-03-04T12:00:00Z')).toEqual(
      ['S-1', 'S-2'].filter((x) => all.includes(x)).sort((x, y) => all.indexOf(x) - all.indexOf(y)),
    );
    expect(await q('validOn=2029-03-05T00:00:00Z')).toEqual(all.filter((x) => x !== 'S-1' && x !== 'S-2'));
    expect(await q('validAfter=2099-12-31T23:59:59Z')).toEqual([]);
    expect(await q('validBefore=1900-01-01T00:00:00Z')).toEqual([]);
  });
});

describe('who sees what', () => {
  it('a client bound to a shipper sees only that shipper’s shipments and their categories', async () => {
    const bound = await accessToken(t, await newClient(t, a, { name: 'Bio AG', shipper: 'Bio AG' }));
    const list = (await pactGet(t, '/pact/2/footprints', bound)).json().data as Pf[];
    expect(
      list
        .filter((x) => kindOf(x) === 'shipment')
        .map(keyOf)
        .sort(),
    ).toEqual(['S-1', 'S-3']);
    expect(list.filter((x) => kindOf(x) !== 'shipment').map(keyOf)).toEqual([
      'road_eu_artic_40t_avg_diesel',
      'road_eu_artic_40t_avg_diesel-measured',
      'transhipment',
    ]);
    expect((await pactGet(t, `/pact/3/footprints/${ids['S-2']}`, bound)).statusCode).toBe(404);
    const tad = (await pactGet(t, '/pact/2/ileap/tad', bound)).json().data as { consignmentIds: string[] }[];
    expect(tad.flatMap((x) => x.consignmentIds).sort()).toEqual(['S-1', 'S-3', 'S-3']);
    const nord = await accessToken(t, await newClient(t, a, { name: 'Nord', shipper: 'Nord GmbH' }));
    const nordList = (await pactGet(t, '/pact/3/footprints', nord)).json().data as Pf[];
    expect(nordList.map(keyOf)).toEqual(['S-2', 'road_eu_artic_40t_avg_diesel']);
  });

  it('another company’s client sees nothing of this company', async () => {
    const other = await accessToken(t, await newClient(t, b));
    const list = (await pactGet(t, '/pact/2/footprints', other)).json().data as Pf[];
    expect(list.map(keyOf)).toEqual(['SB-1', 'road_eu_artic_40t_avg_diesel']);
    expect(list.every((x) => !Object.values(ids).includes(x.id))).toBe(true);
    for (const v of [2, 3])
      expect((await pactGet(t, `/pact/${v}/footprints/${ids['S-1']}`, other)).statusCode).toBe(404);
    const tad = (await pactGet(t, '/pact/2/ileap/tad', other)).json().data as { consignmentIds: string[] }[];
    expect(tad.flatMap((x) => x.consignmentIds)).toEqual(['SB-1']);
    const ours = (await pactGet(t, '/pact/2/footprints', token)).json().data as Pf[];
    expect(ours.map(keyOf)).not.toContain('SB-1');
  });
});

describe('transport activity data (iLEAP §7.1)', () => {
  it('one TAD per ride with the tour’s places, times and distance', async () => {
    const data = p.tadList.parse((await pactGet(t, '/pact/2/ileap/tad', token)).json()).data;
    expect(data).toHaveLength(4);
    const s1 = data.find((x) => x.consignmentIds[0] === 'S-1')!;
    expect(s1).toMatchObject({
      distance: { actual: '290' },
      mass: '8000',
      origin: { city: 'Hamburg', country: 'DE' },
      destination: { city: 'Berlin', country: 'DE' },
      departureAt: '2026-03-02T00:00:00.000Z',
      arrivalAt: '2026-03-03T00:00:00.000Z',
      mode: 'Road',
      temperatureControl: 'ambient',
    });
    const measured = data.find((x) => x.destination.city === 'München')!;
    expect(measured.energyCarriers?.[0]?.energyCarrier).toBe('Diesel');
  });

  it('filters by mode and other fields, refuses filters it lacks, paginates with limit', async () => {
    const count = async (q: string) => (await pactGet(t, `/pact/2/ileap/tad?${q}`, token)).json().data.length;
    expect([await count('mode=Road'), await count('mode=road'), await count('mode=Rail')]).toEqual([4, 4, 0]);
    expect([await count('consignmentIds=s-3'), await count('temperatureControl=refrigerated')]).toEqual([
      2, 0,
    ]);
    const refused = await pactGet(t, '/pact/2/ileap/tad?feedstock=Fossil', token);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'NotImplemented']);
    const { items, links } = await allPages(t, '/pact/2/ileap/tad?limit=1&mode=Road', token);
    expect([items.length, links.length]).toEqual([4, 3]);
    expect(new Set(items.map((x) => x.activityId)).size).toBe(4);
  });
});
