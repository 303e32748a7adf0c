import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '@klimadesk/contract';
import { glecVehicleTypes } from '@klimadesk/glec';
import { appWithCompanies } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf.ts';
import { engineResults, importTours, otherCompanyTour } from '../../../test/tours.ts';
import { shipments, tourShipments, tours } from '../tours/tours.schema.ts';
import { roundFigure } from '../../platform/spreadsheet.ts';

const { t, a, b } = appWithCompanies({ a: 'StmA', b: 'StmB' });
let user: string;

const TRUCK = 'road_in_tractor_30_60t_diesel';
const SMALL = 'road_in_12_20t_diesel';
const RAIL = 'rail_eu_diesel_avg';
const PERIOD = 'shipper=Bio%20AG&from=2026-03-01&to=2026-03-31';

beforeAll(async () => {
  await importTours(t, a, [
    {
      reference: 'ST-1',
      departureDate: '2026-03-02',
      glecVehicleType: TRUCK,
      distanceKm: 400,
      dieselLitres: 120,
      shipments: [
        { reference: 'SS-1', weightKg: 8000, shipper: 'Bio AG' },
        { reference: 'SS-2', weightKg: 4000, shipper: 'Frisch KG' },
      ],
    },
    {
      reference: 'ST-2',
      departureDate: '2026-03-04',
      glecVehicleType: RAIL,
      distanceKm: 500,
      shipments: [
        { reference: 'SS-3', weightKg: 10000, shipper: 'Bio AG' },
        { reference: 'SS-4', weightKg: 2000, shipper: 'Bio AG' },
      ],
    },
    // SS-4 comes to the train on a truck: one shipment, two modes, and a hub between them.
    {
      reference: 'ST-3',
      departureDate: '2026-03-03',
      glecVehicleType: SMALL,
      distanceKm: 60,
      shipments: [{ reference: 'SS-4', weightKg: 2000, shipper: 'Bio AG', carriage: 'pre_carriage' }],
    },
    {
      reference: 'ST-4',
      departureDate: '2026-04-10',
      glecVehicleType: SMALL,
      distanceKm: 90,
      shipments: [{ reference: 'SS-5', weightKg: 1000, shipper: 'Bio AG' }],
    },
  ]);
  await importTours(t, b, [otherCompanyTour('SB-1', '2026-03-02', 'SB-S1')]);
  user = await t.login(a.users.readonly.email);
});

const fuelOf = (l: { leg: { co2IndividualWtw: number | null } }) => l.leg.co2IndividualWtw !== null;

/** The legs of Bio AG's March shipments as stored, summed here without the statement's SQL. */
async function expected() {
  const modeOf = new Map(glecVehicleTypes().map((v) => [v.id, v.mode as string]));
  const legs = await t.ctx.db
    .select({ leg: tourShipments, shipment: shipments, tour: tours })
    .from(tourShipments)
    .innerJoin(shipments, eq(shipments.id, tourShipments.shipmentId))
    .innerJoin(tours, eq(tours.id, tourShipments.tourId))
    .where(and(eq(shipments.companyId, a.id), eq(shipments.shipper, 'Bio AG')));
  const march = legs.filter(
    (l) => l.shipment.departureDate && l.shipment.departureDate < new Date('2026-04-01T00:00:00+02:00'),
  );
  const sum = { ttw: 0, wtt: 0, wtw: 0, fuelWtw: 0, hub: 0 };
  const byMode = new Map<string, { wtw: number; shipments: Set<string> }>();
  for (const { leg, tour, shipment } of march) {
    const fuel = fuelOf({ leg });
    const wtw = (fuel ? leg.co2IndividualWtw : leg.co2DefaultWtw) ?? 0;
    sum.ttw += (fuel ? leg.co2IndividualTtw : leg.co2DefaultTtw) ?? 0;
    sum.wtt += (fuel ? leg.co2IndividualWtt : leg.co2DefaultWtt) ?? 0;
    sum.wtw += wtw;
    if (fuel) sum.fuelWtw += wtw;
    sum.hub += leg.hubCo2Wtw ?? 0;
    const mode = modeOf.get(tour.glecVehicleType ?? '') ?? 'road';
    const m = byMode.get(mode) ?? { wtw: 0, shipments: new Set<string>() };
    m.wtw += wtw;
    m.shipments.add(shipment.reference);
    byMode.set(mode, m);
  }
  const factorSets = new Set(
    march.map((l) => {
      const fs = (fuelOf(l) ? l.tour.individualResult : l.tour.defaultResult)?.factorSet;
      return `${fs?.id}@${fs?.version}@${fs?.gwp}`;
    }),
  );
  return { sum, byMode, legs: march, factorSets };
}

describe('shipper statement data', () => {
  it('reports the individual result where one exists, the default otherwise, summed per mode', async () => {
    const res = await t.call({ method: 'GET', url: `/api/shipper-statements?${PERIOD}`, token: user });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    const exp = await expected();

    expect(s.shipments).toBe(3);
    expect(s.weightKg).toBe(8000 + 10000 + 2000);
    // Transport activity straight from the inputs: weight in tonnes times the transport distance
    // (road: driven km / 1.05, the GLEC road DAF; rail: no DAF).
    const tkm = (8 * 400 + 2 * 60) / 1.05 + 10 * 500 + 2 * 500;
    expect(s.tkm).toBeCloseTo(tkm, 6);
    // Headline WTW includes the hubs (ISO 14083 / GLEC v3.1 §5.1); TTW and WTT are the legs'.
    expect(s.co2.wtw).toBeCloseTo(exp.sum.wtw + exp.sum.hub, 9);
    expect(s.co2.ttw).toBeCloseTo(exp.sum.ttw, 9);
    expect(s.co2.wtt).toBeCloseTo(exp.sum.wtt, 9);
    expect(s.co2.ttw + s.co2.wtt + s.hubWtw).toBeCloseTo(s.co2.wtw, 9);
    expect(s.hubWtw).toBeCloseTo(exp.sum.hub, 9);
    expect(s.hubWtw).toBeGreaterThan(0);
    expect(s.intensity).toBeCloseTo(((exp.sum.wtw + exp.sum.hub) * 1000) / tkm, 6);

    expect(s.byMode.map((m: { mode: string }) => m.mode)).toEqual(['road', 'rail']);
    const road = s.byMode[0];
    const rail = s.byMode[1];
    expect(road.shipments).toBe(2);
    expect(rail.shipments).toBe(2);
    expect(road.tkm).toBeCloseTo((8 * 400 + 2 * 60) / 1.05, 6);
    expect(rail.tkm).toBeCloseTo(10 * 500 + 2 * 500, 6);
    expect(road.co2.wtw).toBeCloseTo(exp.byMode.get('road')?.wtw ?? Number.NaN, 9);
    expect(rail.co2.wtw).toBeCloseTo(exp.byMode.get('rail')?.wtw ?? Number.NaN, 9);

    // Only SS-1 rides on a tour with fuel data.
    expect(exp.sum.fuelWtw).toBeGreaterThan(0);
    expect(s.primaryDataShare).toBeCloseTo((exp.sum.fuelWtw / (exp.sum.wtw + exp.sum.hub)) * 100, 9);
    expect(s.methods).toEqual(['default', 'fuel']);
    expect(
      s.factorSets
        .map((f: { id: string; version: string; gwp: string }) => `${f.id}@${f.version}@${f.gwp}`)
        .sort(),
    ).toEqual([...exp.factorSets].sort());
    expect(s.company.name).toBe('Firma StmA GmbH');
    expect(s.standard).toContain('GLEC Framework v3.1');
  });

  it('uses the fuel-based figure of the engine for a fuel-based tour', async () => {
    const s = (await t.call({ method: 'GET', url: `/api/shipper-statements?${PERIOD}`, token: user })).json();
    const exp = await expected();
    // SS-1 carries two thirds of ST-1's tkm; its reported figure is its share of the engine's
    // fuel-based tour result, not of the default one.
    const st1 = { reference: 'ST-1', departureDate: '2026-03-02', glecVehicleType: TRUCK, distanceKm: 400 };
    const { def, ind } = engineResults({ ...st1, weightKg: 12000, dieselLitres: 120 });
    const fuelWtw = ind?.co2Wtw as number;
    const ss1 = exp.legs.find((l) => l.shipment.reference === 'SS-1');
    // Allocation hands out whole grams, so the leg matches to the gram.
    expect(ss1?.leg.co2IndividualWtw).toBeCloseTo((fuelWtw * 8) / 12, 2);
    expect(exp.sum.fuelWtw).toBeCloseTo((fuelWtw * 8) / 12, 2);
    expect(fuelWtw).not.toBeCloseTo(def.co2Wtw, 3);
    expect(s.primaryDataShare).toBeGreaterThan(0);
    expect(s.primaryDataShare).toBeLessThan(100);
  });

  it('keeps to the company: the same shipper name elsewhere is not counted', async () => {
    const other = await t.login(b.users.readonly.email);
    const s = (
      await t.call({ method: 'GET', url: `/api/shipper-statements?${PERIOD}`, token: other })
    ).json();
    expect(s.shipments).toBe(1);
    expect(s.tkm).toBeCloseTo((0.1 * 10) / 1.05, 9);
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/shipper-statements?shipper=Bio%20AG&from=2026-03-31&to=2026-03-01',
      token: user,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('invalidDateRange');
  });

  it('is not for external read-only users', async () => {
    const external = await t.login(a.users.external.email);
    const res = await t.call({ method: 'GET', url: `/api/shipper-statements?${PERIOD}`, token: external });
    expect(res.statusCode).toBe(403);
  });
});

describe('shipper statement documents', () => {
  it('streams a German PDF with the shipper and the German-formatted total', async () => {
    const s = (await t.call({ method: 'GET', url: `/api/shipper-statements?${PERIOD}`, token: user })).json();
    const res = await t.call({
      method: 'GET',
      url: `/api/shipper-statements/file?${PERIOD}&format=pdf&lang=de`,
      token: user,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('statement-Bio-AG-2026-03-01-2026-03-31.pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Bio AG');
    expect(text).toContain('Firma StmA GmbH');
    expect(text).toContain(formatNumber(s.co2.wtw, 'de', 2));
    expect(text).toContain('davon Umschlag WTW (kg CO2e)');
    expect(text).toContain(formatNumber(s.hubWtw, 'de', 2));
    // The method note says what the engine does: own figures for defaults, tkm allocation for fuel.
    const flowing = text.replace(/\s+/g, ' ');
    expect(flowing).toContain('ohne Verteilung');
    expect(flowing).toContain('Restgrößenverfahren');
    expect(text).toContain('Schiene');
  });

  it('takes the request language when none is asked and writes an xlsx with the same totals', async () => {
    const s = (await t.call({ method: 'GET', url: `/api/shipper-statements?${PERIOD}`, token: user })).json();
    const res = await t.call({
      method: 'GET',
      url: `/api/shipper-statements/file?${PERIOD}&format=xlsx`,
      token: user,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const value = (label: string) => rows.find((r) => r[0] === label)?.[1];
    expect(value('Shipper')).toBe('Bio AG');
    // The workbook holds the figures as shown: rounded to two decimals at the edge.
    expect(value('GHG emissions WTW incl. hubs (kg CO2e)')).toBe(roundFigure(s.co2.wtw, 2));
    expect(value('of which hub operations WTW (kg CO2e)')).toBe(roundFigure(s.hubWtw, 2));
    expect(value('Transport activity (tkm)')).toBe(roundFigure(s.tkm, 2));
    expect(value('Shipments')).toBe(3);
    expect(rows.find((r) => r[0] === 'Rail')?.[1]).toBe(2);
  });
});
