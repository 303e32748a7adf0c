import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';
import { drainJobs, importTours, otherCompanyTour } from '../../../test/tours.ts';
import { schema } from '../../platform/db/index.ts';
import { shipments, tours } from '../tours/tours.schema.ts';
import { EXPORT_SWEEP_QUEUE, runExport } from './exports.job.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { exportFileChunks, exportJobs } from './exports.schema.ts';
import { roundFigure } from '../../platform/spreadsheet.ts';
import { glecVehicleTypes } from '@klimadesk/glec';

const { t, a, b } = appWithCompanies({ a: 'ExpA', b: 'ExpB' });
let user: string;
let readonly: string;
let bUser: string;

const TYPE = 'road_in_12_20t_diesel';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function readWorkbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, header: rows[0] as string[], rows: rows.slice(1) };
}

async function start(kind: 'tours' | 'shipments', query = '', token = user, lang = 'en') {
  return t.call({
    method: 'GET',
    url: `/api/${kind}/export${query ? `?${query}` : ''}`,
    token,
    headers: { 'accept-language': lang, 'x-timezone': 'Europe/Berlin' },
  });
}

const jobCount = async (companyId: string) =>
  (await t.ctx.db.select().from(exportJobs).where(eq(exportJobs.companyId, companyId))).length;

beforeAll(async () => {
  await importTours(t, a, [
    {
      reference: 'E-T1',
      departureDate: '2026-03-02 08:00',
      glecVehicleType: TYPE,
      distanceKm: 300,
      dieselLitres: 80,
      shipments: [
        { reference: 'E-S1', weightKg: 4000, shipper: 'Bio AG', description: '=1+2' },
        { reference: 'E-S2', weightKg: 2000, shipper: 'Frisch KG' },
      ],
    },
    // Same departure as E-T1: the keyset must tell them apart by id.
    {
      reference: 'E-T2',
      departureDate: '2026-03-02 08:00',
      glecVehicleType: TYPE,
      distanceKm: 120,
      shipments: [{ reference: 'E-S3', weightKg: 1500, shipper: 'Bio AG' }],
    },
    {
      reference: 'E-T3',
      departureDate: '2026-03-05',
      glecVehicleType: TYPE,
      distanceKm: 50,
      shipments: [{ reference: 'E-S4', weightKg: 700, shipper: 'Frisch KG' }],
    },
    {
      reference: 'E-T4',
      departureDate: '2026-02-20',
      glecVehicleType: TYPE,
      distanceKm: 80,
      shipments: [{ reference: 'E-S5', weightKg: 900, shipper: 'Bio AG' }],
    },
  ]);
  await importTours(t, b, [otherCompanyTour('B-T1', '2026-03-02', 'B-S1', 'Kunde B')]);
  user = await t.login(a.users.user.email);
  readonly = await t.login(a.users.readonly.email);
  bUser = await t.login(b.users.user.email);
});

describe('export job lifecycle', () => {
  it('starts, runs, reports progress and downloads a real xlsx with English headers', async () => {
    const res = await start('tours');
    expect(res.statusCode).toBe(202);
    const job = res.json();
    expect(job).toMatchObject({ kind: 'tours', status: 0, progress: 0, totalRows: 4, downloadUrl: null });
    expect(job.exportedBy).toBe('user ExpA');

    // Not written yet: the download is refused until the job finished.
    const early = await t.call({ method: 'GET', url: `/api/export-jobs/${job.id}/download`, token: user });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('exportNotReady');

    await drainJobs(t);
    const progress = await t.call({
      method: 'GET',
      url: `/api/export-jobs/progress?ids=${job.id}`,
      token: user,
    });
    expect(progress.json()['hydra:member']).toEqual([{ id: job.id, status: 2, progress: 100 }]);

    const listed = (await t.call({ method: 'GET', url: '/api/export-jobs', token: user })).json();
    const item = listed['hydra:member'][0];
    expect(item.id).toBe(job.id);
    expect(item.downloadUrl).toBe(`/api/export-jobs/${job.id}/download`);
    expect(item.exportEndTime).not.toBeNull();
    const days = (Date.parse(item.availableUntil) - Date.parse(item.exportEndTime)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);

    const file = await t.call({ method: 'GET', url: item.downloadUrl, token: user });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX);
    expect(file.headers['content-disposition']).toContain(`filename="${item.fileName}"`);
    const sheet = await readWorkbook(file.rawPayload);
    expect(sheet.name).toBe('Tours');
    expect(sheet.header).toContain('CO2e default WTW (kg)');
    expect(sheet.header).toContain('Tonne-kilometres (tkm)');
    const refCol = sheet.header.indexOf('Tour');
    const wtwCol = sheet.header.indexOf('CO2e individual WTW (kg)');
    const stored = await t.ctx.db.select().from(tours).where(eq(tours.companyId, a.id));
    // Newest departure first; every stored tour exactly once with its stored figure.
    expect(sheet.rows.map((r) => r[refCol])).toEqual(
      [...stored]
        .sort(
          (x, y) =>
            (y.departureDate?.getTime() ?? 0) - (x.departureDate?.getTime() ?? 0) || (x.id < y.id ? 1 : -1),
        )
        .map((x) => x.reference),
    );
    const t1 = stored.find((x) => x.reference === 'E-T1');
    const row1 = sheet.rows.find((r) => r[refCol] === 'E-T1') ?? [];
    expect(t1?.co2IndividualWtw).toBeGreaterThan(0);
    // Figures are written as the cell shows them: rounded to two decimals at the edge.
    expect(row1[wtwCol]).toBe(roundFigure(t1?.co2IndividualWtw as number, 2));
    // The vehicle type by its English name, the departure as a spreadsheet date.
    const type = row1[sheet.header.indexOf('GLEC vehicle type')];
    expect(type).toBe(glecVehicleTypes().find((v) => v.id === TYPE)?.label.en);
    expect(row1[sheet.header.indexOf('Departure')]).toBeInstanceOf(Date);
  });

  it('writes German headers, applies the filters and neutralises formula text', async () => {
    const res = await start('shipments', 'shipper=Bio%20AG&departureDate[after]=2026-03-01', user, 'de');
    expect(res.statusCode).toBe(202);
    expect(res.json().totalRows).toBe(2);
    expect(res.json().filters).toEqual({ shipper: ['Bio AG'], 'departureDate[after]': '2026-03-01' });
    await drainJobs(t);
    const file = await t.call({
      method: 'GET',
      url: `/api/export-jobs/${res.json().id}/download`,
      token: user,
    });
    const sheet = await readWorkbook(file.rawPayload);
    expect(sheet.name).toBe('Sendungen');
    expect(sheet.header.slice(0, 3)).toEqual(['Sendung', 'Auftragsnummer', 'Versender']);
    const ref = sheet.header.indexOf('Sendung');
    expect(sheet.rows.map((r) => r[ref]).sort()).toEqual(['E-S1', 'E-S3']);
    const s1 = sheet.rows.find((r) => r[ref] === 'E-S1') ?? [];
    expect(s1[sheet.header.indexOf('Beschreibung')]).toBe("'=1+2");
    expect(s1[sheet.header.indexOf('Touren')]).toBe('E-T1');
    // Transport activity of the shipment as its list shows it: the stored link tkm, 4 t over the
    // transport distance (SFD: 300 km driven / road DAF 1.05, ISO 14083) = 1,142.857 tkm.
    expect(s1[sheet.header.indexOf('Tonnenkilometer (tkm)')]).toBeCloseTo((4 * 300) / 1.05, 2);
    const [stored] = await t.ctx.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.companyId, a.id), eq(shipments.reference, 'E-S1')));
    expect(s1[sheet.header.indexOf('CO2e Standard WTW (kg)')]).toBe(
      roundFigure(stored.co2DefaultWtw as number, 2),
    );
  });

  it('pages by keyset without losing or repeating rows, undated rows last', async () => {
    const [t4] = await t.ctx.db
      .select()
      .from(tours)
      .where(and(eq(tours.companyId, a.id), eq(tours.reference, 'E-T4')));
    // Two undated tours need a second keyset phase; ties on the date are broken by id.
    await t.ctx.db.update(tours).set({ departureDate: null }).where(eq(tours.companyId, a.id));
    await t.ctx.db
      .update(tours)
      .set({ departureDate: new Date('2026-03-02T07:00:00Z') })
      .where(and(eq(tours.companyId, a.id), inArray(tours.reference, ['E-T1', 'E-T2'])));
    try {
      for (const pageRows of [1, 2, 3]) {
        const id = (await start('tours')).json().id as string;
        const out = await runExport(t.ctx, asCompanyId(a.id), id, { pageRows });
        expect(out.rows).toBe(4);
        const file = await t.call({ method: 'GET', url: `/api/export-jobs/${id}/download`, token: user });
        const refs = (await readWorkbook(file.rawPayload)).rows.map((r) => r[0]);
        expect(refs).toHaveLength(4);
        expect(new Set(refs.slice(0, 2))).toEqual(new Set(['E-T1', 'E-T2']));
        expect(new Set(refs.slice(2))).toEqual(new Set(['E-T3', 'E-T4']));
      }
    } finally {
      for (const [ref, date] of [
        ['E-T1', '2026-03-02T08:00:00Z'],
        ['E-T2', '2026-03-02T08:00:00Z'],
        ['E-T3', '2026-03-05T00:00:00Z'],
      ] as const) {
        await t.ctx.db
          .update(tours)
          .set({ departureDate: new Date(date) })
          .where(and(eq(tours.companyId, a.id), eq(tours.reference, ref)));
      }
      await t.ctx.db.update(tours).set({ departureDate: t4.departureDate }).where(eq(tours.id, t4.id));
    }
    await drainJobs(t);
  });

  it('a second start of the same unfinished export answers the first job', async () => {
    const before = await jobCount(a.id);
    const first = await start('shipments', 'search=E-S1');
    const second = await start('shipments', 'search=E-S1');
    expect(second.json().id).toBe(first.json().id);
    expect(await jobCount(a.id)).toBe(before + 1);
    // Other filters are another export.
    const other = await start('shipments', 'search=E-S2');
    expect(other.json().id).not.toBe(first.json().id);
    await drainJobs(t);
    // Finished, the same start begins a new job.
    const again = await start('shipments', 'search=E-S1');
    expect(again.json().id).not.toBe(first.json().id);
    await drainJobs(t);
  });

  it('reading is enough: a read-only user may export', async () => {
    const res = await start('tours', '', readonly);
    expect(res.statusCode).toBe(202);
    await drainJobs(t);
  });

  it('marks a job failed with its message when writing breaks', async () => {
    const res = await start('tours');
    const id = res.json().id as string;
    // A time zone PostgreSQL does not know makes the row query fail inside the job.
    await t.ctx.db.update(exportJobs).set({ timeZone: 'Nowhere/Atlantis' }).where(eq(exportJobs.id, id));
    await t.ctx.db
      .update(exportJobs)
      .set({ filters: { 'departureDate[after]': '2026-01-01' } })
      .where(eq(exportJobs.id, id));
    await drainJobs(t);
    const job = (await t.call({ method: 'GET', url: `/api/export-jobs/${id}`, token: user })).json();
    expect(job.status).toBe(3);
    expect(job.message).toBeTruthy();
    expect(job.downloadUrl).toBeNull();
    const chunks = await t.ctx.db.select().from(exportFileChunks).where(eq(exportFileChunks.exportJobId, id));
    expect(chunks).toHaveLength(0);
  });
});

describe('export rules', () => {
  it('an empty result gives emptyExport and creates no job', async () => {
    const before = await jobCount(a.id);
    const res = await start('shipments', 'search=nothing-like-this');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('emptyExport');
    expect(await jobCount(a.id)).toBe(before);
  });

  it('the trial edition has no export', async () => {
    await t.ctx.db
      .update(schema.companies)
      .set({ isPayingCustomer: false })
      .where(eq(schema.companies.id, a.id));
    try {
      const before = await jobCount(a.id);
      const res = await start('tours');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('exportNotInTrial');
      expect(await jobCount(a.id)).toBe(before);
    } finally {
      await t.ctx.db
        .update(schema.companies)
        .set({ isPayingCustomer: true })
        .where(eq(schema.companies.id, a.id));
    }
  });

  it('basic companies need the upgrade', async () => {
    const basic = await createCompanyFixture(t.ctx, 'ExpBasic', { isBasic: true });
    const res = await start('tours', '', await t.login(basic.users.user.email));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('upgradeRequired');
  });

  it('refuses a date range that ends before it starts', async () => {
    const res = await start('tours', 'departureDate[after]=2026-03-05&departureDate[before]=2026-03-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('invalidDateRange');
  });
});

describe('tenancy', () => {
  it("another company's job is not found and is absent from progress", async () => {
    const own = (await start('tours')).json().id as string;
    const foreign = (await start('tours', '', bUser)).json().id as string;
    await drainJobs(t);
    for (const url of [`/api/export-jobs/${foreign}`, `/api/export-jobs/${foreign}/download`]) {
      const res = await t.call({ method: 'GET', url, token: user });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Kunde B');
    }
    const progress = await t.call({
      method: 'GET',
      url: `/api/export-jobs/progress?ids=${own},${foreign}`,
      token: user,
    });
    expect(progress.json()['hydra:member'].map((p: { id: string }) => p.id)).toEqual([own]);
    const listed = (await t.call({ method: 'GET', url: '/api/export-jobs?limit=100', token: user })).json();
    expect(listed['hydra:member'].map((j: { id: string }) => j.id)).not.toContain(foreign);
    // B's own view of its job works.
    const mine = await t.call({ method: 'GET', url: `/api/export-jobs/${foreign}/download`, token: bUser });
    expect(mine.statusCode).toBe(200);
  });
});

describe('expiry', () => {
  it('the sweep removes files past their 7 days and marks the jobs expired', async () => {
    const id = (await start('shipments')).json().id as string;
    const fresh = (await start('tours')).json().id as string;
    // Only due jobs: the fixture's drain would also bring the future sweep forward.
    await t.ctx.jobs.drain();
    const chunks = () => t.ctx.db.select().from(exportFileChunks).where(eq(exportFileChunks.exportJobId, id));
    expect((await chunks()).length).toBeGreaterThan(0);
    const [row] = await t.ctx.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    // Finishing queued a sweep for the moment this file's time is over.
    const sweeps = await t.ctx.db
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.queue, EXPORT_SWEEP_QUEUE), eq(schema.jobs.status, 'queued')));
    expect(sweeps.some((s) => s.runAt.getTime() > (row.availableUntil?.getTime() ?? Infinity))).toBe(true);

    // Move time: the file's time is over and the sweep is due.
    await t.ctx.db
      .update(exportJobs)
      .set({ availableUntil: new Date(Date.now() - 60_000) })
      .where(eq(exportJobs.id, id));
    const before = await t.call({ method: 'GET', url: `/api/export-jobs/${id}`, token: user });
    expect(before.json().downloadUrl).toBeNull();
    await t.ctx.db
      .update(schema.jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(schema.jobs.queue, EXPORT_SWEEP_QUEUE));
    await t.ctx.jobs.drain();

    expect(await chunks()).toHaveLength(0);
    const job = (await t.call({ method: 'GET', url: `/api/export-jobs/${id}`, token: user })).json();
    expect(job.status).toBe(4);
    expect(job.downloadUrl).toBeNull();
    const res = await t.call({ method: 'GET', url: `/api/export-jobs/${id}/download`, token: user });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('exportExpired');
    // A file still in its time is kept.
    const kept = await t.call({ method: 'GET', url: `/api/export-jobs/${fresh}/download`, token: user });
    expect(kept.statusCode).toBe(200);
  });
});
