import { eq } from 'drizzle-orm';
import { schema } from '../../platform/db/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_IMPORT_MESSAGES, type OrderImportMessage, type OrderImportTask } from '@klimadesk/contract';
import { appWithCompanies } from '../../../test/harness.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { recordUsage } from '../invoicing/index.ts';
import { ensureBuiltinLocations } from '../locations/builtin-loader.ts';
import { orderImportTasks, orders } from './orders.schema.ts';
import { ROAD, SEA, carriage, roadOrder } from '../../../test/orders.ts';

const { t, a, b, basic } = appWithCompanies({
  a: { key: 'ImpA', isPayingCustomer: true },
  b: { key: 'ImpB', isPayingCustomer: true },
  basic: { key: 'ImpBasic', isBasic: true, modules: ['cft'] },
});
let keyA: string;
let keyB: string;
let keyBasic: string;
let readonly: string;
let user: string;

async function newKey(email: string, name: string) {
  const admin = await t.login(email);
  const res = await t.call({ method: 'POST', url: '/api/api-keys', token: admin, payload: { name } });
  expect(res.statusCode).toBe(201);
  return (res.json() as { key: string }).key;
}

beforeAll(async () => {
  // German places only: Kassel and Fulda resolve, "Nirgendwo" does not.
  await ensureBuiltinLocations(t.ctx.db, { countries: ['DE'] });
  keyA = await newKey(a.users.admin.email, 'ERP Nord');
  keyB = await newKey(b.users.admin.email, 'ERP Süd');
  keyBasic = await newKey(basic.users.admin.email, 'Partner');
  readonly = await t.login(a.users.readonly.email);
  user = await t.login(a.users.user.email);
}, 240_000);

const roadLeg = (over: Record<string, unknown> = {}) => ({
  transportMode: 'road',
  origin: { country: 'DE', city: 'Kassel' },
  destination: { country: 'DE', city: 'Fulda' },
  glecVehicleType: ROAD,
  distance: 100,
  ...over,
});

/** The shared one-leg road order (Kassel to Fulda, 100 km) as an ERP pushes it: with its own id. */
const order = (number: string, over: Record<string, unknown> = {}) => ({
  externalId: `ext-${number}`,
  ...roadOrder(
    { country: 'DE', city: 'Kassel' },
    { country: 'DE', city: 'Fulda' },
    { number, status: 'open', ...over },
    100,
  ),
});

const push = (key: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/orders/import', headers: { authorization: `Bearer ${key}` }, payload });

const get = (key: string, url: string) => t.call({ method: 'GET', url, headers: { 'x-api-key': key } });

async function pushAndRun(key: string, payload: object): Promise<OrderImportTask> {
  const res = await push(key, payload);
  expect(res.statusCode).toBe(202);
  await t.ctx.jobs.drain();
  return (await get(key, `/api/import-tasks/${res.json().id}`)).json();
}

async function logOf(key: string, id: string, query = ''): Promise<OrderImportMessage[]> {
  const res = await get(key, `/api/import-tasks/${id}/log?limit=100${query}`);
  expect(res.statusCode).toBe(200);
  return res.json()['hydra:member'];
}

/** A message as [order, code, activity/leg, field, value]. */
const brief = (m: OrderImportMessage) => [
  m.orderIndex,
  m.code,
  m.legIndex === null ? null : `${m.activity}/${m.legIndex}`,
  m.field,
  m.value,
];

describe('order import (seed 000 §8)', () => {
  it('checks a mixed batch: exactly the coded messages, only the valid orders saved', async () => {
    const batch = [
      order('IMP-1'),
      order('IMP-2', {
        activities: [
          { activity: 'main_carriage', legs: [roadLeg({ origin: { country: 'Germany', city: 'Kassel' } })] },
        ],
      }),
      order('IMP-3', {
        activities: [{ activity: 'main_carriage', legs: [roadLeg({ glecVehicleType: 'truck_xyz' })] }],
      }),
      order('IMP-4', {
        activities: [
          carriage('main_carriage', 'sea', { locode: 'NLRTM' }, { locode: 'CNSHA' }, { distance: 19_000 }),
        ],
      }),
      order('IMP-5', { activities: [] }),
      order('IMP-6', { grossWeightUnit: 'lbs' }),
      order('IMP-7', { status: 'shipped' }),
      // Saved with notes: no status (open), a number the company has, a place the service does not know.
      order('IMP-1', {
        externalId: 'ext-IMP-8',
        status: undefined,
        activities: [
          {
            activity: 'main_carriage',
            legs: [roadLeg({ destination: { country: 'DE', city: 'Nirgendwo' } })],
          },
        ],
      }),
    ];
    const task = await pushAndRun(keyA, { uploadId: 'batch-2026-03-02', orders: batch });
    expect(task).toMatchObject({
      uploadId: 'batch-2026-03-02',
      status: 'partial',
      source: 'apiKey',
      pushedBy: 'ERP Nord',
      received: 8,
      saved: 2,
      failed: 6,
      messages: { critical: 0, error: 6, warning: 2, info: 3 },
    });
    expect(task.processedAt).not.toBeNull();
    const log = await logOf(keyA, task.id);
    expect(log.map(brief)).toEqual([
      [1, 'OrderImportOrderSaved', null, null, null],
      [2, 'OrderImportInvalidOrigin', 'main_carriage/1', 'origin.country', 'Germany'],
      [3, 'OrderImportInvalidVehicleType', 'main_carriage/1', 'glecVehicleType', 'truck_xyz'],
      [4, 'OrderImportUnitCargoNotForMode', 'main_carriage/1', 'glecVehicleType', SEA],
      [5, 'OrderImportLegsMissing', null, 'activities', null],
      [6, 'OrderImportInvalidWeightUnit', null, 'grossWeightUnit', 'lbs'],
      [7, 'OrderImportInvalidStatus', null, 'status', 'shipped'],
      [8, 'OrderImportStatusDefaulted', null, 'status', null],
      [8, 'OrderImportDuplicateNumber', null, 'number', 'IMP-1'],
      [8, 'OrderImportPlaceNotFoundDistanceGiven', 'main_carriage/1', 'destination', null],
      [8, 'OrderImportOrderSaved', null, null, null],
    ]);
    // Every message has its catalogue level; saved orders' messages name the order.
    for (const m of log) expect(m.level).toBe(ORDER_IMPORT_MESSAGES[m.code]);
    expect(log[2]).toMatchObject({ orderNumber: 'IMP-3', externalId: 'ext-IMP-3', orderId: null });
    const saved = await t.ctx.db.select().from(orders).where(eq(orders.companyId, a.id));
    expect(saved.map((o) => [o.number, o.status])).toEqual([
      ['IMP-1', 'open'],
      ['IMP-1', 'open'],
    ]);
    expect(log.filter((m) => m.orderIndex === 8).every((m) => saved.some((o) => o.id === m.orderId))).toBe(
      true,
    );
    // A given distance is the driven one; tkm are on the shortest feasible distance (driven / DAF
    // 1.05, GLEC v3.1): 2 t × 100 km / 1.05 = 190.476 tkm, as for the same order created directly.
    const first = saved.find((o) => o.id === log[0].orderId)!;
    expect(first.tkm).toBeCloseTo(190.476, 3);
    const { externalId: _, ...plain } = order('DIRECT');
    const direct = await t.call({ method: 'POST', url: '/api/orders', token: user, payload: plain });
    expect(direct.statusCode).toBe(201);
    expect([first.tkm, first.co2Wtw]).toEqual([direct.json().tkm, direct.json().co2Wtw]);
    // The orders as sent are dropped once the job is done.
    const [row] = await t.ctx.db.select().from(orderImportTasks).where(eq(orderImportTasks.id, task.id));
    expect(row.payload).toBeNull();
  });

  it('names distance and place failures by leg, and refuses a whole push for its critical problems', async () => {
    const task = await pushAndRun(keyA, {
      orders: [
        order('D-1', {
          activities: [
            { activity: 'pre_carriage', legs: [roadLeg()] },
            {
              activity: 'main_carriage',
              legs: [
                roadLeg({
                  transportMode: 'inland_waterway',
                  glecVehicleType: 'iww_motor_50_80m',
                  distance: undefined,
                }),
              ],
            },
          ],
        }),
        order('D-2', {
          activities: [
            {
              activity: 'on_carriage',
              legs: [roadLeg({ origin: { country: 'DE', city: 'Nirgendwo' }, distance: undefined })],
            },
          ],
        }),
        order('D-3', {
          grossWeight: -5,
          quantity: 1.5,
          date: '2026-02-31',
          activities: [{ activity: 'sideways', legs: [roadLeg()] }],
        }),
      ],
    });
    expect(task).toMatchObject({ status: 'failed', saved: 0, failed: 3 });
    const log = await logOf(keyA, task.id);
    // Inland waterways have no router: without a distance the leg cannot be computed.
    expect(log.map(brief)).toEqual([
      [1, 'OrderImportDistanceCalculationFailed', 'main_carriage/1', 'distance', null],
      [2, 'OrderImportOriginNotFound', 'on_carriage/1', 'origin', null],
      [3, 'OrderImportInvalidWeight', null, 'grossWeight', '-5'],
      [3, 'OrderImportInvalidQuantity', null, 'quantity', '1.5'],
      [3, 'OrderImportInvalidDate', null, 'date', '2026-02-31'],
      [3, 'OrderImportInvalidActivity', null, 'activity', 'sideways'],
    ]);

    // The same upload id again, a malformed one, another company, another company's user, no orders.
    await pushAndRun(keyA, { uploadId: 'once', orders: [order('U-1')] });
    const cases: [object, string, string | null][] = [
      [{ uploadId: 'once', orders: [order('U-2')] }, 'OrderImportUploadIdUsed', 'once'],
      [{ uploadId: 'no spaces', orders: [order('U-3')] }, 'OrderImportInvalidUploadId', 'no spaces'],
      [{ companyId: b.id, orders: [order('U-4')] }, 'OrderImportInvalidCompanyId', b.id],
      [{ userId: b.users.user.id, orders: [order('U-5')] }, 'OrderImportInvalidUserId', b.users.user.id],
      [{ orders: [] }, 'OrderImportOrdersMissing', null],
    ];
    for (const [payload, code, value] of cases) {
      const res = await push(keyA, payload);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ status: 'failed', saved: 0, messages: { critical: 1 } });
      await t.ctx.jobs.drain();
      expect((await logOf(keyA, res.json().id)).map((m) => [m.code, m.level, m.value])).toEqual([
        [code, 'critical', value],
      ]);
    }
    const numbers = (await t.ctx.db.select().from(orders).where(eq(orders.companyId, a.id))).map(
      (o) => o.number,
    );
    expect(numbers.filter((n) => n.startsWith('U-'))).toEqual(['U-1']);
    // Its own company's id and user are fine.
    const own = await pushAndRun(keyA, { companyId: a.id, userId: a.users.user.id, orders: [order('U-6')] });
    expect(own).toMatchObject({ status: 'success', saved: 1 });
  });

  it('caps the batch, keeps tenants apart and refuses read-only users', async () => {
    const big = await push(keyA, { orders: Array.from({ length: 501 }, (_, i) => order(`B-${i}`)) });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('validationFailed');

    const mine = await pushAndRun(keyB, { orders: [order('B-ONLY')] });
    expect(mine).toMatchObject({ status: 'success', pushedBy: 'ERP Süd' });
    expect((await get(keyA, `/api/import-tasks/${mine.id}`)).statusCode).toBe(404);
    expect((await get(keyA, `/api/import-tasks/${mine.id}/log`)).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/import-tasks/${mine.id}`, token: user })).statusCode,
    ).toBe(404);
    const listA = (await get(keyA, '/api/import-tasks?limit=100')).json()[
      'hydra:member'
    ] as OrderImportTask[];
    expect(listA.map((x) => x.id)).not.toContain(mine.id);
    expect(listA.every((x) => x.pushedBy === 'ERP Nord')).toBe(true);
    const bOrders = await t.ctx.db.select().from(orders).where(eq(orders.companyId, b.id));
    expect(bOrders.map((o) => o.number)).toEqual(['B-ONLY']);

    const refused = await t.call({
      method: 'POST',
      url: '/api/orders/import',
      token: readonly,
      payload: { orders: [order('RO-1')] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('readOnly');
    expect((await t.call({ method: 'GET', url: '/api/import-tasks', token: readonly })).statusCode).toBe(200);

    // A signed-in freight user pushes as well; the task names the user.
    const res = await t.call({
      method: 'POST',
      url: '/api/orders/import',
      token: user,
      payload: { orders: [order('S-1')] },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ source: 'session', pushedBy: a.users.user.email, status: 'queued' });
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/orders/import',
          headers: { 'x-api-key': 'kdk_nope' },
          payload: { orders: [] },
        })
      ).json().message,
    ).toBe('apiKeyInvalid');
  });

  it('pages tasks by 30 (newest first) and the log by 15, with a level filter', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 31; i += 1) ids.push((await push(keyB, { orders: [] })).json().id);
    const first = (await get(keyB, '/api/import-tasks')).json();
    expect(first['hydra:member']).toHaveLength(30);
    expect(first['hydra:totalItems']).toBe(32);
    expect(first['hydra:member'][0].id).toBe(ids[30]);
    const second = (await get(keyB, '/api/import-tasks?page=2')).json();
    expect(second['hydra:member'].map((x: OrderImportTask) => x.id)).toHaveLength(2);
    expect((await get(keyB, '/api/import-tasks?status=success')).json()['hydra:totalItems']).toBe(1);

    // 16 orders, each refused for its weight unit: 16 errors, 15 on the first page.
    const task = await pushAndRun(keyB, {
      orders: Array.from({ length: 16 }, (_, i) => order(`L-${i + 1}`, { grossWeightUnit: 'lb' })),
    });
    const page1 = (await get(keyB, `/api/import-tasks/${task.id}/log`)).json();
    expect(page1['hydra:member']).toHaveLength(15);
    expect(page1['hydra:totalItems']).toBe(16);
    const page2 = (await get(keyB, `/api/import-tasks/${task.id}/log?page=2`)).json();
    expect(page2['hydra:member'].map((m: OrderImportMessage) => m.orderIndex)).toEqual([16]);
    expect(
      (await get(keyB, `/api/import-tasks/${task.id}/log?level=warning,info`)).json()['hydra:totalItems'],
    ).toBe(0);
    expect((await get(keyB, `/api/import-tasks/${task.id}/log?level=error`)).json()['hydra:totalItems']).toBe(
      16,
    );
    expect((await get(keyB, `/api/import-tasks/${task.id}/log?level=bad`)).statusCode).toBe(400);
  });

  it('takes the kind of a pushed distance and names an unknown kind (ISO 14083 §3.2.1)', async () => {
    const leg = (distanceType: string) => ({
      activities: [{ activity: 'main_carriage', legs: [roadLeg({ distanceType })] }],
    });
    const task = await pushAndRun(keyA, {
      orders: [order('DT-1', leg('shortestFeasible')), order('DT-2', leg('driven'))],
    });
    expect(task).toMatchObject({ saved: 1, failed: 1 });
    const log = await logOf(keyA, task.id, '&level=error');
    expect(log.map(brief)).toEqual([
      [2, 'OrderImportInvalidDistanceType', 'main_carriage/1', 'distanceType', 'driven'],
    ]);
    // A shortest feasible distance is the transport distance as it is: 2 t x 100 km = 200 tkm,
    // 200 tkm x 95 g CO2e/tkm = 19 kg (not 100 km / 1.05 as for a driven distance).
    const [saved] = await t.ctx.db.select().from(orders).where(eq(orders.number, 'DT-1'));
    expect(saved.tkm).toBeCloseTo(200, 9);
    expect(saved.co2Wtw - saved.hubCo2Wtw).toBeCloseTo(19, 9);
  });

  it('shows the import log screen to the partner variant only (seed 000 §2)', async () => {
    const admin = await t.login(basic.users.admin.email);
    const routes = async () =>
      ((await t.call({ method: 'GET', url: '/api/users/me', token: admin })).json() as { routes: string[] })
        .routes;
    expect(await routes()).not.toContain('/basic/import-log');
    await t.ctx.db
      .update(schema.companies)
      .set({ partnerVariant: true })
      .where(eq(schema.companies.id, basic.id));
    expect(await routes()).toEqual(expect.arrayContaining(['/basic/orders', '/basic/import-log']));
  });

  it('stops at the basic edition quota with a message per refused order', async () => {
    await recordUsage(t.ctx.db, asCompanyId(basic.id), 'order', 49, 0);
    const task = await pushAndRun(keyBasic, { orders: [order('Q-1'), order('Q-2'), order('Q-3')] });
    expect(task).toMatchObject({ status: 'partial', saved: 1, failed: 2, pushedBy: 'Partner' });
    const errors = await logOf(keyBasic, task.id, '&level=error');
    expect(errors.map((m) => [m.orderIndex, m.code, m.params])).toEqual([
      [2, 'OrderImportQuotaReached', { limit: 50 }],
      [3, 'OrderImportQuotaReached', { limit: 50 }],
    ]);
  });

  it('goes on after the last counted order when a job runs again (its worker died)', async () => {
    const res = await push(keyB, { orders: [order('R-1'), order('R-2')] });
    const id = res.json().id as string;
    // As if a worker had counted R-1 and died: the job is run again and starts at R-2.
    await t.ctx.db
      .update(orderImportTasks)
      .set({ status: 'processing', saved: 1 })
      .where(eq(orderImportTasks.id, id));
    await t.ctx.jobs.drain();
    expect((await get(keyB, `/api/import-tasks/${id}`)).json()).toMatchObject({
      status: 'success',
      saved: 2,
      failed: 0,
    });
    expect((await logOf(keyB, id)).map((m) => [m.orderIndex, m.code])).toEqual([
      [2, 'OrderImportOrderSaved'],
    ]);
  });
});
