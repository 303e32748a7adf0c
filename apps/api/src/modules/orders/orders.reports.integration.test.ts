import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Order, type OrderDashboard, formatNumber } from '@klimadesk/contract';
import { appWithCompanies } from '../../../test/harness.ts';
import { expectPdfShows } from '../../../test/pdf-shows.ts';

const { t, a, b } = appWithCompanies({ a: 'OrdRepA', b: 'OrdRepB' });
let user: string;
let readonly: string;
let other: string;

const ROAD = 'road_eu_artic_40t_avg_diesel';
const SEA = 'sea_container_asia_north_europe_dry';

const roadLeg = (distance: number) => ({
  transportMode: 'road',
  origin: { country: 'DE', city: 'Kassel' },
  destination: { country: 'DE', city: 'Fulda' },
  glecVehicleType: ROAD,
  distance,
});

function order(over: Record<string, unknown>, legs: object[] = [roadLeg(105)]) {
  return {
    number: 'R-1',
    client: 'Müller Logistik',
    cargoType: 'general',
    freightType: 'unit_cargo',
    grossWeight: 2,
    grossWeightUnit: 't',
    date: '2026-01-15',
    activities: [{ activity: 'main_carriage', legs }],
    ...over,
  };
}

const created = async (token: string, payload: object) => {
  const res = await t.call({ method: 'POST', url: '/api/orders', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
};
const get = async <T>(url: string, token = user, lang = 'en') => {
  const res = await t.call({ method: 'GET', url, token, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

let r1: Order;
let r2: Order;
let r3: Order;
let sea: Order['activities'][number]['legs'][number];

beforeAll(async () => {
  user = await t.login(a.users.user.email);
  readonly = await t.login(a.users.readonly.email);
  other = await t.login(b.users.user.email);
  // Road (GLEC artic 40 t): TTW 73, WTT 22, WTW 95 g/tkm; a given (driven) distance is divided by the
  // road DAF 1.05. R-1: 2 t x 105 km / 1.05 = 200 tkm; R-2: 5 t x 210 / 1.05 = 1,000 tkm.
  r1 = await created(user, order({}));
  r2 = await created(
    user,
    order({ number: 'R-2', client: '=SUM(A1)', grossWeight: 5, date: '2026-03-10', status: 'confirmed' }, [
      roadLeg(210),
    ]),
  );
  // a 10 t container, road 52.5 km (10 x 52.5 / 1.05 = 500 tkm) then sea 1,000 km, one terminal.
  r3 = await created(
    user,
    order(
      {
        number: 'R-3',
        client: 'Hanse Import',
        freightType: 'container',
        quantity: 1,
        containerLoad: 'FCL',
        containerSpec: '20ft',
        grossWeight: 10,
        date: '2026-03-20',
      },
      [
        roadLeg(52.5),
        {
          transportMode: 'sea',
          origin: { locode: 'NLRTM' },
          destination: { locode: 'CNSHA' },
          glecVehicleType: SEA,
          distance: 1000,
        },
      ],
    ),
  );
  sea = r3.activities[0].legs[1];
  // An alternative of R-1 (not a basic tour): 2 t x 1,050 km / 1.05 = 2,000 tkm, left out of the figures.
  await created(user, order({ number: 'R-1b', parentId: r1.id }, [roadLeg(1050)]));
  // Another company's order is never counted.
  await created(other, order({ number: 'B-1', date: '2026-03-11' }, [roadLeg(315)]));
}, 240_000);

describe('order dashboard', () => {
  it('adds the basic tours up by hand, in total and by mode', async () => {
    expect(r1.tkm).toBeCloseTo(200, 9);
    expect(r2.co2Wtw).toBeCloseTo(95, 9);
    expect(r3.hubCo2Wtw).toBeCloseTo(11.4, 9);
    const d = await get<OrderDashboard>('/api/order-dashboard');
    // Road: 200 + 1,000 + 500 = 1,700 tkm; TTW 124.1, WTT 37.4, WTW 161.5 kg.
    const road = d.byMode.find((m) => m.transportMode === 'road')!;
    expect(road.legs).toBe(3);
    expect(road.orders).toBe(3);
    expect(road.tkm).toBeCloseTo(1700, 9);
    expect(road.co2Ttw).toBeCloseTo(124.1, 9);
    expect(road.co2Wtt).toBeCloseTo(37.4, 9);
    expect(road.co2Wtw).toBeCloseTo(161.5, 9);
    expect(road.intensity).toBeCloseTo(95, 9);
    expect(d.byMode.map((m) => m.transportMode)).toEqual(['road', 'sea']);
    expect(d.byMode[1]).toMatchObject({ legs: 1, orders: 1 });
    expect(d.byMode[1].co2Wtw).toBeCloseTo(sea.co2Wtw, 9);
    expect(d.byMode[1].tkm).toBeCloseTo(sea.tkm, 9);
    // Totals: the legs plus the terminal (11.4 kg WTW, no mode of its own).
    expect(d.orders).toBe(3);
    expect(d.co2Ttw).toBeCloseTo(124.1 + sea.co2Ttw, 9);
    expect(d.co2Wtt).toBeCloseTo(37.4 + sea.co2Wtt, 9);
    expect(d.co2Wtw).toBeCloseTo(161.5 + sea.co2Wtw + 11.4, 9);
    expect(d.hubCo2Wtw).toBeCloseTo(11.4, 9);
    expect(d.tkm).toBeCloseTo(1700 + sea.tkm, 9);
    expect(d.intensity).toBeCloseTo(((161.5 + sea.co2Wtw + 11.4) * 1000) / (1700 + sea.tkm), 9);
  });

  it('takes the list filters: date range, status, search', async () => {
    const march = await get<OrderDashboard>(
      '/api/order-dashboard?date[after]=2026-03-01&date[before]=2026-03-31',
    );
    expect(march.orders).toBe(2);
    expect(march.byMode[0].tkm).toBeCloseTo(1500, 9);
    const open = await get<OrderDashboard>('/api/order-dashboard?status=open');
    expect(open.orders).toBe(2);
    expect(open.byMode[0].co2Wtw).toBeCloseTo(19 + 47.5, 9);
    const none = await get<OrderDashboard>('/api/order-dashboard?status=');
    expect(none).toEqual({
      orders: 0,
      co2Ttw: 0,
      co2Wtt: 0,
      co2Wtw: 0,
      hubCo2Wtw: 0,
      tkm: 0,
      intensity: 0,
      byMode: [],
    });
    expect((await get<OrderDashboard>('/api/order-dashboard?search=müller', readonly)).orders).toBe(1);
  });

  it('keeps each company to its own orders', async () => {
    const d = await get<OrderDashboard>('/api/order-dashboard', other);
    // B-1: 2 t x 315 km / 1.05 = 600 tkm, 57 kg WTW.
    expect(d.orders).toBe(1);
    expect(d.tkm).toBeCloseTo(600, 9);
    expect(d.co2Wtw).toBeCloseTo(57, 9);
  });

  it('gives the months from the first to the last, an empty month as zero', async () => {
    const res = await get<{
      'hydra:member': { month: string; orders: number; tkm: number; co2Wtw: number }[];
    }>('/api/order-dashboard-climate-month');
    const months = res['hydra:member'];
    expect(months.map((m) => [m.month, m.orders])).toEqual([
      ['2026-01', 1],
      ['2026-02', 0],
      ['2026-03', 2],
    ]);
    expect(months[0].co2Wtw).toBeCloseTo(19, 9);
    expect(months[1]).toMatchObject({ tkm: 0, co2Wtw: 0, intensity: 0 });
    expect(months[2].tkm).toBeCloseTo(1500 + sea.tkm, 9);
    expect(months[2].co2Wtw).toBeCloseTo(95 + 47.5 + sea.co2Wtw + 11.4, 9);
  });
});

describe('order export', () => {
  const load = async (data: string) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(data, 'base64') as never);
    return wb.worksheets[0];
  };
  const rowsOf = (ws: ExcelJS.Worksheet) =>
    Array.from({ length: ws.rowCount - 1 }, (_, i) => ws.getRow(i + 2));

  it('writes the filtered list in English with rounded figures and formulas neutralised', async () => {
    const file = await get<{ fileName: string; mimeType: string; data: string }>(
      '/api/orders/export',
      readonly,
    );
    expect(file.fileName).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const ws = await load(file.data);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Order number', 'Client', 'Date', 'Status']);
    const col = (name: string) => header.indexOf(name) + 1;
    // The list's default order: newest date first; first alternatives only.
    const rows = rowsOf(ws);
    expect(rows.map((r) => r.getCell(1).value)).toEqual(['R-3', 'R-2', 'R-1']);
    expect(rows[1].getCell(col('Client')).value).toBe("'=SUM(A1)");
    expect(rows[1].getCell(col('Status')).value).toBe('Confirmed');
    expect(rows[1].getCell(col('WTW (kg CO2e)')).value).toBe(95);
    expect(rows[2].getCell(col('tkm')).value).toBe(200);
    expect(rows[0].getCell(col('Transport modes')).value).toBe('Road, Sea');
    expect(rows[0].getCell(col('of which hubs WTW (kg CO2e)')).value).toBe(11.4);
    expect(rows[0].getCell(col('WTW (kg CO2e)')).value).toBe(Math.round(r3.co2Wtw * 100) / 100);
  });

  it('writes German headers, takes the filters and tells an empty export', async () => {
    const file = await get<{ fileName: string; data: string }>(
      '/api/orders/export?basicTourOnly=false&order[number]=asc',
      user,
      'de',
    );
    expect(file.fileName).toMatch(/^auftraege-/);
    const ws = await load(file.data);
    expect(ws.getRow(1).getCell(1).value).toBe('Auftragsnummer');
    expect(rowsOf(ws).map((r) => r.getCell(1).value)).toEqual(['R-1', 'R-1b', 'R-2', 'R-3']);
    expect(ws.getRow(2).getCell(4).value).toBe('Offen');
    const empty = await t.call({
      method: 'GET',
      url: '/api/orders/export?search=nothing-matches',
      token: user,
    });
    expect(empty.json().message).toBe('emptyExport');
    // Another company sees only its own order.
    const theirs = await get<{ data: string }>('/api/orders/export', other);
    expect(rowsOf(await load(theirs.data)).map((r) => r.getCell(1).value)).toEqual(['B-1']);
  });
});

describe('emission certificate', () => {
  const certificate = async (id: string, lang: string, token = user) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/orders/${id}/certificate`,
      token,
      headers: { 'accept-language': lang },
    });
    return res;
  };

  it('is a PDF whose figures equal the order answer (English)', async () => {
    const res = await certificate(r3.id, 'en', readonly);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('emission-certificate-R-3.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const kg = (v: number) => `${formatNumber(v, 'en', 2)} kg CO2e`;
    // Road: 52.5 km given; 500 tkm; TTW 36.5, WTT 11, WTW 47.5 kg; 95 g/tkm.
    const text = expectPdfShows(res.rawPayload, [
      'Emission certificate R-3',
      'Hanse Import',
      'General cargo, Container',
      '1 × 20 ft container',
      '1. Main carriage: Road',
      '2. Main carriage: Sea',
      '52.50 km (actual distance; given)',
      // The typed distance is driven km: tkm are on 52.5 / 1.05 = 50 km (GLEC road DAF).
      'Transport distance (basis of tkm)',
      '50.00 km (SFD: actual distance ÷ DAF 1.05)',
      kg(36.5),
      kg(11),
      kg(47.5),
      '500.00',
      '95.0 g CO2e/tkm',
    ]);
    const o = await get<Order>(`/api/orders/${r3.id}`);
    const [road, ship] = o.activities[0].legs;
    expect(road.co2Wtw).toBeCloseTo(47.5, 9);
    for (const v of [ship.co2Ttw, ship.co2Wtt, ship.co2Wtw, o.co2Ttw, o.co2Wtt, o.co2Wtw, o.hubCo2Wtw])
      expect(text).toContain(kg(v));
    expect(text).toContain(formatNumber(o.tkm, 'en', 2));
    expect(text).toContain(`${formatNumber(o.intensity, 'en', 1)} g CO2e/tkm`);
    expect(text).toContain('1,000.00 km (actual distance; given)');
    expect(text).toContain('NLRTM');
    expect(text).toContain('between leg 1 and 2');
    expect(text).toContain('GLEC Framework v3.1 / ISO 14083');
    expect(text).toContain(`${ship.factorSet.id} ${ship.factorSet.version} (${ship.factorSet.gwp})`);
    expect(text).toMatch(/Factor source: \nEdition: GLEC Framework v3\.\d/);
    // The embedded font prints the vehicle class's arrow as written.
    expect(text).toContain('Asia ↔ North Europe');
    // The overview table repeats each leg's WTW, and the frame names the company and the document.
    expect(text).toContain('Legs at a glance');
    expect(text.split('\n')).toContain(kg(road.co2Wtw).replace(' kg CO2e', ''));
    expect(text).toContain('Document R-3');
    expect(text).toMatch(/Page 1 of \d/);
  });

  it('speaks German with German figures', async () => {
    const res = await certificate(r2.id, 'de');
    expect(res.statusCode).toBe(200);
    expectPdfShows(res.rawPayload, [
      'Emissionszertifikat R-2',
      '1. Hauptlauf: Straße',
      '210,00 km (tatsächliche Entfernung; angegeben)',
      'Transportentfernung (Basis der tkm)',
      '200,00 km (SFD: tatsächliche Entfernung ÷ DAF 1,05)',
      '1.000,00',
      '73,00 kg CO2e',
      '95,00 kg CO2e',
      'Umschlagpunkte',
      'keine',
    ]);
  });

  it('is not found for another company’s order', async () => {
    expect((await certificate(r1.id, 'en', other)).statusCode).toBe(404);
  });
});
