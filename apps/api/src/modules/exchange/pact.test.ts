import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pactSchemas as p } from '@klimadesk/contract';
import { describe, expect, it } from 'vitest';
import type { ExchangeLeg, ExchangeShipment } from '../tours/index.ts';
import { conformanceValidator } from '../../../test/pact-conformance.ts';
import { dec, fromMicro, micro } from './pact.decimal.ts';
import { PactError } from './pact.errors.ts';
import { parseV2Filter } from './pact.filters.ts';
import { derivedId, keyOfProductId, productIdOf, servedShipment, toV2, toV3 } from './pact.footprints.ts';
import { transportDistance } from './pact.ileap.ts';
import { tocsOf } from './pact.operations.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8')) as Record<string, unknown>;

describe('decimal strings (PACT Decimal, iLEAP §6.6.5)', () => {
  it('print millionths without exponent or trailing zeros', () => {
    expect([dec(10), dec(-0.123), dec(1e-7), dec(0.0000005), dec(36.801), dec(2 / 3)]).toEqual([
      '10',
      '-0.123',
      '0',
      '0.000001',
      '36.801',
      '0.666667',
    ]);
    expect(fromMicro(micro(7.6) + micro(2.4) + micro(150.5))).toBe('160.5');
  });
});

describe('the spec examples parse with the contract schemas', () => {
  it('PACT v2: list, error and PF response event', () => {
    expect(p.footprintListV2.safeParse(fixture('pact-v2-list-footprints-response.json')).success).toBe(true);
    expect(p.error.parse(fixture('pact-v2-error-response-access-denied.json'))).toEqual({
      code: 'AccessDenied',
      message: 'Access Denied',
    });
    const event = p.cloudEvent.parse(fixture('pact-v2-pf-response-event.json'));
    expect(p.productFootprintV2.safeParse((event.data.pfs as unknown[])[0]).success).toBe(true);
  });

  it('PACT v3: examples 1–4 and the error', () => {
    for (const i of [1, 2, 3, 4]) {
      const r = p.productFootprintV3.safeParse(fixture(`pact-v3-example-${i}.json`));
      expect(r.success, `example-${i}: ${r.error?.message}`).toBe(true);
    }
    expect(p.error.parse(fixture('pact-v3-error-response-access-denied.json')).code).toBe('AccessDenied');
  });

  it('iLEAP Appendix B: a v2 ProductFootprint whose extension is a ShipmentFootprint', () => {
    const pf = p.productFootprintV2.parse(fixture('ileap-appendix-b-shipment-footprint.json'));
    const sf = p.shipmentFootprint.parse(pf.extensions![0]!.data);
    expect([pf.productCategoryCpc, pf.pcf.declaredUnit, sf.shipmentId]).toEqual([
      '83117',
      'ton kilometer',
      '1237890',
    ]);
    // §6.2.2: 87 kg over 423 km are 36.801 tkm, the example's unitaryProductAmount (its TCE says "36801").
    expect(transportDistance('Road', 36.801, 87, null)).toEqual({ sfd: '423' });
    expect(pf.pcf.unitaryProductAmount).toBe(dec((87 * 423) / 1000));
  });
});

/** A leg as the tours module answers it; figures of a 40 t articulated truck (73 + 22 g/tkm). */
const leg = (over: Partial<ExchangeLeg>): ExchangeLeg => ({
  tourId: '00000000-0000-4000-8000-000000000001',
  tourReference: 'T-1',
  carriage: 'main_carriage',
  departure: { name: null, city: 'Hamburg', zip: null, country: 'DE' },
  arrival: { name: null, city: 'Berlin', zip: null, country: 'de' },
  departureDate: '2026-03-02T00:00:00+00:00',
  arrivalDate: '2026-03-03T00:00:00+00:00',
  glecVehicleType: 'road_eu_artic_40t_avg_diesel',
  temperatureControl: false,
  weightKg: 2000,
  distanceKm: null,
  tourDistanceKm: 42,
  tkm: 80,
  defaultTtw: 5.84,
  defaultWtw: 7.6,
  individualTtw: null,
  individualWtw: null,
  hubWtw: 0,
  factorSet: { id: 'glec-default', version: '2026.11.0', gwp: 'IPCC AR6 GWP100' },
  individualFactorSet: null,
  fuel: null,
  ...over,
});

/**
 * Worked example: 2 t on a pre-carriage (80 tkm, 7.6 kg WTW by default) handed over at a
 * transhipment hub (2 t x 1.2 kg/t = 2.4 kg), then a main carriage with measured diesel (1,200 tkm,
 * 150.5 kg WTW of which 120.2 kg TTW). Footprint: 7.6 + 2.4 + 150.5 = 160.5 kg over 1,280 tkm;
 * primary data 150.5 / 160.5 = 93.77 %; DQR 1 x 0.9377 + 2 x 0.0623 = 1.06.
 */
const shipment: ExchangeShipment = {
  id: '6f1c8a52-3b9e-4d7f-9a51-0c2e4b8d9f10',
  reference: 'S 1/2',
  shipper: 'Bio AG',
  weightKg: 2000,
  createdAt: new Date('2026-03-06T10:00:00Z'),
  legs: [
    leg({
      tourReference: 'T-PRE',
      carriage: 'pre_carriage',
      hubWtw: 2.4,
      arrivalDate: '2026-03-04T00:00:00Z',
    }),
    leg({
      tourReference: 'T-MAIN',
      departureDate: '2026-03-05T08:00:00Z',
      arrivalDate: '2026-03-06T17:00:00Z',
      tkm: 1200,
      defaultTtw: 87.6,
      defaultWtw: 114,
      individualTtw: 120.2,
      individualWtw: 150.5,
      individualFactorSet: { id: 'glec-default', version: '2026.11.0', gwp: 'IPCC AR6 GWP100' },
      fuel: [{ fuelType: 'diesel', amount: 180, unit: 'L' }],
    }),
  ],
};
const owner = { companyId: '11111111-2222-4333-8444-555555555555', companyName: 'Spedition Nord GmbH' };

describe('ShipmentFootprint and its PACT mapping (iLEAP §6.1, §6.2, §7.2.1)', () => {
  const f = servedShipment(shipment)!;
  const sf = p.shipmentFootprint.parse(f.extension.data);

  it('orders the TCEs with the hub between the legs (§6.2.1)', () => {
    expect(sf.tces.map((x) => [x.tceId, x.prevTceIds, x.tocId ?? x.hocId])).toEqual([
      ['T-PRE', [], 'road_eu_artic_40t_avg_diesel'],
      ['T-PRE:hub', ['T-PRE'], 'transhipment'],
      ['T-MAIN', ['T-PRE:hub'], 'road_eu_artic_40t_avg_diesel-measured'],
    ]);
    expect(sf.tces.map((x) => [x.co2eWTW, x.co2eTTW, x.transportActivity, x.distance])).toEqual([
      ['7.6', '5.84', '80', { sfd: '40' }],
      ['2.4', '0', '0', { actual: '0' }],
      ['150.5', '120.2', '1200', { sfd: '600' }],
    ]);
  });

  it('derives the product footprint from the TCEs', () => {
    const v2 = p.productFootprintV2.parse(toV2(f, owner));
    expect(v2.productIds).toEqual(['urn:pathfinder:product:customcode:vendor-assigned:shipment:S%201%2F2']);
    expect(v2.pcf).toMatchObject({
      declaredUnit: 'ton kilometer',
      unitaryProductAmount: '1280',
      productMassPerDeclaredUnit: '2000',
      pCfExcludingBiogenic: '160.5',
      fossilGhgEmissions: '160.5',
      packagingEmissionsIncluded: false,
      primaryDataShare: 93.77,
      referencePeriodStart: '2026-03-02T00:00:00.000Z',
      referencePeriodEnd: '2026-03-07T00:00:00.000Z',
      characterizationFactors: 'AR6',
    });
    expect(v2.pcf.dqi?.technologicalDQR).toBe(1.06);
    expect([v2.productCategoryCpc, v2.extensions![0]!.dataSchema]).toEqual([
      '83117',
      'https://api.ileap.sine.dev/shipment-footprint.json',
    ]);
    const v3 = p.productFootprintV3.parse(toV3(f, owner));
    expect(v3.pcf).toMatchObject({
      declaredUnitOfMeasurement: 'ton kilometer',
      declaredUnitAmount: '1280',
      productMassPerDeclaredUnit: '0',
      pcfExcludingBiogenicUptake: '160.5',
      pcfIncludingBiogenicUptake: '160.5',
    });
  });

  it('passes the PACT conformance schemas of v2.3 and v3.0', () => {
    const v2 = conformanceValidator('2.3');
    const v3 = conformanceValidator('3.0');
    expect(v2(toV2(f, owner)), JSON.stringify(v2.errors)).toBe(true);
    expect(v3(toV3(f, owner)), JSON.stringify(v3.errors)).toBe(true);
  });

  it('is not served without transport activity or mass', () => {
    expect(servedShipment({ ...shipment, legs: [] })).toBeNull();
    expect(
      servedShipment({ ...shipment, weightKg: null, legs: [leg({ weightKg: null, tkm: 0 })] }),
    ).toBeNull();
  });
});

describe('ids', () => {
  it('product ids round-trip; TOC and HOC ids are stable UUIDs in the v4 layout', () => {
    expect(keyOfProductId(productIdOf('shipment', 'S 1/2'))).toEqual({ kind: 'shipment', key: 'S 1/2' });
    expect(keyOfProductId('URN:PATHFINDER:product:customcode:vendor-assigned:toc:x')).toEqual({
      kind: 'toc',
      key: 'x',
    });
    expect(keyOfProductId('urn:gtin:4712345060507')).toBeNull();
    const id = derivedId(owner.companyId, 'toc', 'road_eu_artic_40t_avg_diesel');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedId(owner.companyId, 'toc', 'road_eu_artic_40t_avg_diesel')).toBe(id);
  });
});

describe('TOCs (iLEAP §6.3)', () => {
  it('state the intensity of their legs and energy carriers that sum to 1', () => {
    const base = { temperatureControl: false, first: null, last: null, created: new Date(), used: true };
    const [def, measured] = tocsOf(
      [
        {
          ...base,
          glecVehicleType: 'road_eu_artic_40t_avg_diesel',
          method: 'default',
          tkm: 1000,
          ttw: 73,
          wtw: 95,
        },
        {
          ...base,
          glecVehicleType: 'road_eu_artic_40t_avg_diesel',
          method: 'measured',
          tkm: 3000,
          ttw: 210,
          wtw: 270,
        },
      ],
      [
        {
          glecVehicleType: 'road_eu_artic_40t_avg_diesel',
          temperatureControl: false,
          fuelType: 'diesel',
          tkm: 2000,
        },
        {
          glecVehicleType: 'road_eu_artic_40t_avg_diesel',
          temperatureControl: false,
          fuelType: 'hvo100',
          tkm: 1000,
        },
      ],
    );
    const a = p.toc.parse(def!.data);
    expect([a.co2eIntensityWTW, a.co2eIntensityTTW, a.loadFactor, a.emptyDistanceFactor]).toEqual([
      '0.095',
      '0.073',
      '0.6',
      '0.17',
    ]);
    // Diesel: 3.22 kg CO2e/kg TTW, 4.19 WTW (GLEC v3.2 Module 1).
    expect(a.energyCarriers).toEqual([
      {
        energyCarrier: 'Diesel',
        relativeShare: '1',
        feedstocks: [{ feedstock: 'Fossil' }],
        energyConsumptionUnit: 'kg',
        emissionFactorWTW: '4.19',
        emissionFactorTTW: '3.22',
      },
    ]);
    const b = p.toc.parse(measured!.data);
    expect([b.tocId, b.co2eIntensityWTW]).toEqual(['road_eu_artic_40t_avg_diesel-measured', '0.09']);
    expect(b.energyCarriers.map((c) => [c.energyCarrier, c.relativeShare])).toEqual([
      ['Diesel', '0.666667'],
      ['HVO', '0.333333'],
    ]);
  });
});

describe('v2 $filter (PACT v2 Action ListFootprints, Filter)', () => {
  const pf = p.productFootprintV2.parse(
    (fixture('pact-v2-list-footprints-response.json').data as unknown[])[0],
  );
  it('evaluates the spec examples', () => {
    expect(parseV2Filter("productCategoryCpc eq '6398'")(pf)).toBe(true);
    expect(parseV2Filter("productCategoryCpc eq '3342'")(pf)).toBe(false);
    expect(parseV2Filter("pcf/geographyCountry eq 'DE'")(pf)).toBe(false);
    expect(
      parseV2Filter(
        "(pcf/referencePeriodStart ge '2021-01-01T00:00:00.000Z') and (pcf/referencePeriodEnd lt '2022-01-02T00:00:00.000Z')",
      )(pf),
    ).toBe(true);
    expect(parseV2Filter("productIds/any(productId:(productId eq 'urn:gtin:5695872369587'))")(pf)).toBe(true);
    expect(parseV2Filter("companyIds/any(c:c eq 'urn:x')")(pf)).toBe(false);
    expect(parseV2Filter("created ge '2022-03-01T09:32:20Z'")(pf)).toBe(true);
  });

  it('refuses what the spec does not allow (NotImplemented) and what does not parse (BadRequest)', () => {
    const code = (f: string) => {
      try {
        parseV2Filter(f);
        return 'ok';
      } catch (e) {
        return (e as PactError).code;
      }
    };
    expect(code("created ge '2022-01-01T00:00:00Z' or created lt '2020-01-01T00:00:00Z'")).toBe(
      'NotImplemented',
    );
    expect(code("companyName eq 'x'")).toBe('NotImplemented');
    expect(code("created ne '2022-01-01T00:00:00Z'")).toBe('NotImplemented');
    expect(code("created ge '2022")).toBe('BadRequest');
    expect(code('created ge')).toBe('BadRequest');
    expect(code("created ge 'yesterday'")).toBe('BadRequest');
  });
});
