import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import { appWithCompanies } from '../../../test/harness.ts';

const { t, a, b, smp } = appWithCompanies({ a: 'LogA', b: 'LogB' }, { platformAdmin: true });
const tokens = {} as Record<'adminA' | 'userA' | 'readonlyA' | 'adminB' | 'smp', string>;

// March 2026, away from the logins of the test itself (which are logged "now").
const MARCH = 'createdAt[after]=2026-03-01&createdAt[before]=2026-03-31';

type Entry = { companyName: string | null; action: string; status: string; createdAt: string };

beforeAll(async () => {
  const at = (iso: string) => new Date(iso);
  const entry = (companyId: string, action: string, status: string, createdAt: Date, email: string) => ({
    companyId,
    userEmail: email,
    action,
    entity: 'users',
    status,
    createdAt,
  });
  await t.ctx.db.insert(schema.userActionLogs).values([
    entry(a.id, 'updateCompany', 'success', at('2026-03-10T10:00:00Z'), a.users.admin.email),
    // 23:30 UTC on the 10th is already the 11th in Berlin (CET, UTC+1).
    entry(a.id, 'createUser', 'failure', at('2026-03-10T23:30:00Z'), a.users.admin.email),
    entry(a.id, 'createTagGroup', 'success', at('2026-03-20T08:00:00Z'), a.users.user.email),
    entry(b.id, 'updateCompany', 'success', at('2026-03-12T09:00:00Z'), b.users.admin.email),
    // 22 more of company A on 2 March: enough for a second page of 20.
    ...Array.from({ length: 22 }, (_, i) =>
      entry(
        a.id,
        'updateVehicle',
        'success',
        at(`2026-03-02T10:${String(i).padStart(2, '0')}:00Z`),
        a.users.user.email,
      ),
    ),
  ]);
  tokens.adminA = await t.login(a.users.admin.email);
  tokens.userA = await t.login(a.users.user.email);
  tokens.readonlyA = await t.login(a.users.readonly.email);
  tokens.adminB = await t.login(b.users.admin.email);
  tokens.smp = await t.login(smp.email);
});

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url, token, headers: { 'x-timezone': 'Europe/Berlin', ...headers } });
const members = (res: { json: () => unknown }) => (res.json() as { 'hydra:member': Entry[] })['hydra:member'];

describe('user action log (GET /api/log-useractions)', () => {
  it('gives a company admin the own company only, 20 per page, newest first', async () => {
    const page1 = await get(`/api/log-useractions?${MARCH}`, tokens.adminA);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()['hydra:totalItems']).toBe(25);
    expect(members(page1)).toHaveLength(20);
    expect(
      members(page1)
        .slice(0, 2)
        .map((e) => e.action),
    ).toEqual(['createTagGroup', 'createUser']);
    expect(new Set(members(page1).map((e) => e.companyName))).toEqual(new Set(['Firma LogA GmbH']));
    const page2 = await get(`/api/log-useractions?${MARCH}&page=2`, tokens.adminA);
    expect(members(page2)).toHaveLength(5);
    expect(members(page2).every((e) => e.action === 'updateVehicle')).toBe(true);
  });

  it('filters by status=1 (completed writes), action, entity and day range in the user time zone', async () => {
    const done = await get(`/api/log-useractions?${MARCH}&status=1&action=updateVehicle`, tokens.adminA);
    expect(done.json()['hydra:totalItems']).toBe(22);
    const failed = await get(`/api/log-useractions?${MARCH}&status=0`, tokens.adminA);
    expect(members(failed).map((e) => e.action)).toEqual(['createUser']);
    const eleventh = await get(
      '/api/log-useractions?createdAt[after]=2026-03-11&createdAt[before]=2026-03-11',
      tokens.adminA,
    );
    expect(members(eleventh).map((e) => e.action)).toEqual(['createUser']);
    const otherEntity = await get(`/api/log-useractions?${MARCH}&entity=tags`, tokens.adminA);
    expect(otherEntity.json()['hydra:totalItems']).toBe(0);
  });

  it('lets the platform admin read every company, or one', async () => {
    const all = await get(`/api/log-useractions?${MARCH}&action=updateCompany`, tokens.smp);
    expect(members(all).map((e) => e.companyName)).toEqual(['Firma LogB GmbH', 'Firma LogA GmbH']);
    const onlyB = await get(`/api/log-useractions?${MARCH}&companyId=${b.id}`, tokens.smp);
    expect(members(onlyB).map((e) => [e.companyName, e.action])).toEqual([
      ['Firma LogB GmbH', 'updateCompany'],
    ]);
  });

  it('keeps companies apart: another company id is not found, its entries never listed', async () => {
    expect((await get(`/api/log-useractions?companyId=${a.id}`, tokens.adminB)).statusCode).toBe(404);
    const own = await get(`/api/log-useractions?${MARCH}`, tokens.adminB);
    expect(members(own).map((e) => e.companyName)).toEqual(['Firma LogB GmbH']);
    // The own id is allowed and changes nothing.
    expect(
      (await get(`/api/log-useractions?${MARCH}&companyId=${b.id}`, tokens.adminB)).json()[
        'hydra:totalItems'
      ],
    ).toBe(1);
  });

  it('refuses module users and read-only users', async () => {
    expect((await get('/api/log-useractions', tokens.userA)).statusCode).toBe(403);
    expect((await get('/api/log-useractions', tokens.readonlyA)).statusCode).toBe(403);
    expect((await get('/api/log-useractions/export', tokens.userA)).statusCode).toBe(403);
  });

  it('is the only path of the list: the old one is gone', async () => {
    expect((await get('/api/user-action-logs', tokens.adminA)).statusCode).toBe(404);
  });
});

describe('user action log export (GET /api/log-useractions/export)', () => {
  async function sheet(data: string) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(data, 'base64') as never);
    return wb.worksheets[0];
  }

  it('writes the filtered entries of the own company as xlsx, in the reader language', async () => {
    const res = await get(`/api/log-useractions/export?${MARCH}&status=0`, tokens.adminA, {
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file.fileName).toMatch(/^action-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const ws = await sheet(file.data);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Time',
      'Company',
      'User',
      'Action',
      'Area',
      'Object id',
      'Status',
      'Signed in by admin',
    ]);
    expect(ws.rowCount).toBe(2);
    const row = ws.getRow(2);
    expect([row.getCell(2).value, row.getCell(3).value, row.getCell(4).value, row.getCell(7).value]).toEqual([
      'Firma LogA GmbH',
      a.users.admin.email,
      'createUser',
      'failed',
    ]);
    // The time is the Berlin wall clock: 23:30 UTC is 00:30 on the 11th.
    expect((row.getCell(1).value as Date).toISOString()).toBe('2026-03-11T00:30:00.000Z');
  });

  it('exports every company for the platform admin and answers emptyExport when nothing matches', async () => {
    const res = await get(`/api/log-useractions/export?${MARCH}&action=updateCompany`, tokens.smp);
    const ws = await sheet(res.json().data);
    expect(ws.getRow(1).getCell(1).value).toBe('Zeitpunkt');
    expect([ws.getRow(2).getCell(2).value, ws.getRow(3).getCell(2).value]).toEqual([
      'Firma LogB GmbH',
      'Firma LogA GmbH',
    ]);
    const empty = await get('/api/log-useractions/export?action=nothing', tokens.adminA);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('emptyExport');
    expect((await get(`/api/log-useractions/export?companyId=${a.id}`, tokens.adminB)).statusCode).toBe(404);
  });
});
