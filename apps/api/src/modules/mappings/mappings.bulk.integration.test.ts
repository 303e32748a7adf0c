import { sql } from 'drizzle-orm';
import { BULK_MAX_ROWS } from '@klimadesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/index.ts';
import { appWithCompanies } from '../../../test/harness.ts';

const { t, a, b } = appWithCompanies({
  a: { key: 'BulkA', isPayingCustomer: true },
  b: { key: 'BulkB', isPayingCustomer: true },
});
let keyA: string;
let keyB: string;

async function newKey(token: string) {
  const res = await t.call({ method: 'POST', url: '/api/api-keys', token, payload: { name: 'ERP' } });
  expect(res.statusCode).toBe(201);
  return res.json<{ key: string }>().key;
}

beforeAll(async () => {
  keyA = await newKey(await t.login(a.users.admin.email));
  keyB = await newKey(await t.login(b.users.admin.email));
});

/** n shipment rows, five to a tour: 1 t over 120 km each. */
const shipmentRows = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    tourReference: `${prefix}-T${Math.floor(i / 5)}`,
    shipmentReference: `${prefix}-S${i}`,
    departureDate: '2026-03-02',
    glecTransportType: 'road_in_12_20t_diesel',
    weight: 1000,
    distance: 120,
  }));

const push = (key: string, body: unknown) =>
  t.call({
    method: 'POST',
    url: '/api/imports/bulk',
    headers: { 'x-api-key': key },
    payload: body as object,
  });
const job = (key: string, id: string) =>
  t.call({ method: 'GET', url: `/api/imports/bulk/${id}`, headers: { 'x-api-key': key } });

async function figures(companyId: string) {
  const [r] = rowsOf<{ n: number; co2: string; tasks: number }>(
    await t.ctx.db.execute(sql`select
      (select count(*)::int from shipments where company_id = ${companyId}) n,
      (select coalesce(sum(co2_default_wtw), 0)::text from tours where company_id = ${companyId}) co2,
      (select count(*)::int from mapping_import_tasks where company_id = ${companyId}) tasks`),
  );
  return r;
}

describe('bulk push (POST /api/imports/bulk)', () => {
  it('takes 10,000 shipments in one call, answers 202 with the job and reports per-row issues', async () => {
    const rows: Record<string, unknown>[] = shipmentRows('B', BULK_MAX_ROWS);
    rows[3] = { ...rows[3], glecTransportType: 'nope' };
    rows[7] = { ...rows[7], weight: 'heavy' };
    const res = await push(keyA, { category: 'shipment', requestId: 'erp-1', rows });
    expect(res.statusCode).toBe(202);
    const accepted = res.json();
    expect(accepted).toMatchObject({ state: 'processing', done: false, requestId: 'erp-1', repeated: false });
    expect(accepted.issues).toEqual([]);
    await t.ctx.jobs.drain();
    const done = await job(keyA, accepted.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      done: true,
      status: 'success',
      state: 'warning',
      progress: 100,
      totalRows: BULK_MAX_ROWS,
      imported: BULK_MAX_ROWS - 2,
      rejected: 2,
      issuesTruncated: false,
    });
    // Rows count from 1 with the header of a file; a pushed row i is row i + 2.
    expect(done.json().issues.map((i: { row: number; code: string }) => [i.row, i.code])).toEqual([
      [5, 'invalidGlecTransportType'],
      [9, 'invalidNumber'],
    ]);
    expect((await figures(a.id)).n).toBe(BULK_MAX_ROWS - 2);
  }, 120_000);

  it('is idempotent: a repeated requestId queues nothing, the same rows again change nothing', async () => {
    const rows = shipmentRows('I', 50);
    const first = await push(keyA, { requestId: 'erp-2', rows });
    expect(first.statusCode).toBe(202);
    await t.ctx.jobs.drain();
    const before = await figures(a.id);

    const again = await push(keyA, { requestId: 'erp-2', rows });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: first.json().id, repeated: true, done: true, imported: 50 });
    expect(await t.ctx.jobs.drain()).toBe(0);
    expect(await figures(a.id)).toEqual(before);

    // Without the requestId (or with another one) the rows are matched by the caller's references.
    const same = await push(keyA, { rows });
    await t.ctx.jobs.drain();
    expect((await job(keyA, same.json().id)).json()).toMatchObject({ imported: 0, updated: 50, rejected: 0 });
    const after = await figures(a.id);
    expect({ n: after.n, co2: after.co2 }).toEqual({ n: before.n, co2: before.co2 });
  });

  it('keeps each company to its own jobs and request ids', async () => {
    const own = await push(keyA, { requestId: 'shared-id', rows: shipmentRows('C', 5) });
    expect((await job(keyB, own.json().id)).statusCode).toBe(404);
    // The same requestId of another company is another call.
    const other = await push(keyB, { requestId: 'shared-id', rows: shipmentRows('C', 5) });
    expect(other.json()).toMatchObject({ repeated: false });
    expect(other.json().id).not.toBe(own.json().id);
    await t.ctx.jobs.drain();
  });

  it('refuses more than 10,000 rows and an empty push', async () => {
    const tooMany = await push(keyA, { rows: shipmentRows('X', BULK_MAX_ROWS + 1) });
    expect(tooMany.statusCode).toBe(400);
    expect((await push(keyA, { rows: [] })).statusCode).toBe(400);
  });
});
