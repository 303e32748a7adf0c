import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@klimadesk/contract';
import { appWithCompanies } from '../../../test/harness.ts';
import { taskNotifications } from './tasks.schema.ts';

const { t, a, b } = appWithCompanies({ a: 'TaskA', b: 'TaskB' });
const tokens = {} as Record<'admin' | 'user' | 'readonly' | 'external' | 'cftAdmin' | 'bAdmin', string>;

beforeAll(async () => {
  for (const who of ['admin', 'user', 'readonly', 'external', 'cftAdmin'] as const)
    tokens[who] = await t.login(a.users[who].email);
  tokens.bAdmin = await t.login(b.users.admin.email);
});

const create = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/tasks', token, payload });
const patch = (token: string, id: string, payload: Record<string, unknown>) =>
  t.call({
    method: 'PATCH',
    url: `/api/tasks/${id}`,
    token,
    payload,
    headers: { 'content-type': 'application/merge-patch+json' },
  });
const remove = (token: string, id: string) => t.call({ method: 'DELETE', url: `/api/tasks/${id}`, token });
const list = async (token: string, query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/tasks${query}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<{ 'hydra:member': Task[]; 'hydra:totalItems': number }>();
};
const notificationsOf = (userId: string) =>
  t.ctx.db
    .select()
    .from(taskNotifications)
    .where(eq(taskNotifications.userId, userId))
    .orderBy(taskNotifications.createdAt);

describe('tasks: who may do what', () => {
  it('company admins and module users write; read-only users read; external read-only users see nothing', async () => {
    const byAdmin = await create(tokens.admin, { description: 'Rollen Admin' });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ status: 1, assigner: { id: a.users.admin.id }, assignee: null });
    expect((await create(tokens.user, { description: 'Rollen Nutzer' })).statusCode).toBe(201);
    expect((await create(tokens.cftAdmin, { description: 'Rollen Moduladmin' })).statusCode).toBe(201);

    const refused = await create(tokens.readonly, { description: 'Rollen Nur-Lesen' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('readOnly');
    const id = byAdmin.json().id as string;
    expect((await patch(tokens.readonly, id, { status: 2 })).statusCode).toBe(403);
    expect((await remove(tokens.readonly, id)).statusCode).toBe(403);
    expect((await list(tokens.readonly, '?search=Rollen'))['hydra:totalItems']).toBe(3);

    const external = await t.call({ method: 'GET', url: '/api/tasks', token: tokens.external });
    expect(external.statusCode).toBe(403);
    expect((await create(tokens.external, { description: 'x' })).statusCode).toBe(403);
  });

  it('the assigner is the signed-in user, whatever the body says', async () => {
    const res = await create(tokens.user, { description: 'Zuweiser', assigner: a.users.admin.id });
    // The body is strict: an assigner field is refused rather than silently ignored.
    expect(res.statusCode).toBe(400);
    const ok = await create(tokens.user, { description: 'Zuweiser', assignee: a.users.admin.id });
    expect(ok.json().assigner.id).toBe(a.users.user.id);
  });
});

describe('tasks: tenant rule', () => {
  it('refuses an assignee or responsible user of another company', async () => {
    const foreignAssignee = await create(tokens.admin, { description: 'Fremd', assignee: b.users.user.id });
    expect(foreignAssignee.statusCode).toBe(404);
    expect(foreignAssignee.json()).toMatchObject({
      code: 50310,
      message: 'notFound',
      detail: { field: 'assignee' },
    });
    const foreignResponsible = await create(tokens.admin, {
      description: 'Fremd',
      responsible: b.users.admin.id,
    });
    expect(foreignResponsible.statusCode).toBe(404);
    expect((await list(tokens.admin, '?search=Fremd'))['hydra:totalItems']).toBe(0);

    const own = (await create(tokens.admin, { description: 'Eigen', assignee: a.users.user.id })).json();
    expect((await patch(tokens.admin, own.id, { assignee: b.users.user.id })).statusCode).toBe(404);
    expect((await patch(tokens.admin, own.id, { responsible: b.users.user.id })).statusCode).toBe(404);
    const after = (await list(tokens.admin, '?search=Eigen'))['hydra:member'][0];
    expect(after.assignee?.id).toBe(a.users.user.id);
    expect(after.responsible).toBeNull();
  });

  it('shows, changes and deletes no task of another company', async () => {
    const theirs = (await create(tokens.bAdmin, { description: 'Geheim B' })).json();
    expect((await list(tokens.admin, '?search=Geheim'))['hydra:totalItems']).toBe(0);
    expect((await patch(tokens.admin, theirs.id, { description: 'Übernommen' })).statusCode).toBe(404);
    expect((await remove(tokens.admin, theirs.id)).statusCode).toBe(404);
    const still = (await list(tokens.bAdmin, '?search=Geheim'))['hydra:member'];
    expect(still.map((x) => x.description)).toEqual(['Geheim B']);
  });

  it('offers only the own company’s users as assignees', async () => {
    const res = await t.call({ method: 'GET', url: '/api/task-assignees', token: tokens.user });
    expect(res.statusCode).toBe(200);
    const ids = res.json()['hydra:member'].map((u: { id: string }) => u.id);
    expect(ids).toHaveLength(5);
    expect(ids).toContain(a.users.readonly.id);
    expect(ids).not.toContain(b.users.admin.id);
  });
});

describe('tasks: list', () => {
  // Company B's admin keeps a list of its own for these tests (A's has the other tests' tasks).
  beforeAll(async () => {
    const rows: Record<string, unknown>[] = [
      { description: 'L März', deadline: '2026-03-10' },
      { description: 'L Januar', deadline: '2026-01-05', assignee: b.users.user.id },
      { description: 'L ohne Termin' },
      { description: 'L Februar', deadline: '2026-02-01', responsible: b.users.readonly.id, status: 3 },
      { description: 'L archiviert', deadline: '2025-12-01', status: 5 },
    ];
    for (let i = 1; i <= 8; i++) rows.push({ description: `L Serie ${i}`, deadline: `2026-04-${10 + i}` });
    for (const r of rows) expect((await create(tokens.bAdmin, r)).statusCode).toBe(201);
  });

  it('orders by deadline (none last), 10 per page, without archived tasks', async () => {
    const page1 = await list(tokens.bAdmin, '?search=L%20');
    // 13 tasks, one archived: 12.
    expect(page1['hydra:totalItems']).toBe(12);
    expect(page1['hydra:member']).toHaveLength(10);
    expect(page1['hydra:member'].slice(0, 4).map((x) => x.description)).toEqual([
      'L Januar',
      'L Februar',
      'L März',
      'L Serie 1',
    ]);
    const page2 = await list(tokens.bAdmin, '?search=L%20&page=2');
    expect(page2['hydra:member'].map((x) => x.description)).toEqual(['L Serie 8', 'L ohne Termin']);
  });

  it('filters by status (archived only when asked), assignee, responsible, deadline range and search', async () => {
    const archived = await list(tokens.bAdmin, '?status=5');
    expect(archived['hydra:member'].map((x) => x.description)).toEqual(['L archiviert']);
    expect((await list(tokens.bAdmin, '?status=3'))['hydra:member'].map((x) => x.description)).toEqual([
      'L Februar',
    ]);
    const assigned = await list(tokens.bAdmin, `?assignee=${b.users.user.id}`);
    expect(assigned['hydra:member'].map((x) => x.description)).toEqual(['L Januar']);
    expect(assigned['hydra:member'][0].assignee).toMatchObject({
      firstName: 'user',
      email: b.users.user.email,
    });
    const responsible = await list(tokens.bAdmin, `?responsible=${b.users.readonly.id}`);
    expect(responsible['hydra:member'].map((x) => x.description)).toEqual(['L Februar']);
    const range = await list(tokens.bAdmin, '?deadline[after]=2026-02-01&deadline[before]=2026-04-11');
    expect(range['hydra:member'].map((x) => x.description)).toEqual(['L Februar', 'L März', 'L Serie 1']);
    expect((await list(tokens.bAdmin, '?search=serie%203'))['hydra:totalItems']).toBe(1);
    expect(
      (await t.call({ method: 'GET', url: '/api/tasks?status=6', token: tokens.bAdmin })).statusCode,
    ).toBe(400);
  });
});

describe('tasks: change and delete', () => {
  it('patches the given fields only and keeps one link (CSRD scope or CFC section)', async () => {
    const task = (
      await create(tokens.user, {
        description: 'Bericht',
        deadline: '2026-06-30',
        csrdScopeTask: { scope: 'E1', report: 'r-2026' },
      })
    ).json();
    const res = await patch(tokens.user, task.id, { status: 2, responsible: a.users.admin.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Bericht',
      status: 2,
      deadline: '2026-06-30',
      responsible: { id: a.users.admin.id },
      csrdScopeTask: { scope: 'E1', report: 'r-2026' },
      cfcScopeTask: null,
    });
    expect(
      (await patch(tokens.user, task.id, { cfcScopeTask: { section: 'S1', report: 'r' } })).statusCode,
    ).toBe(400);
    const moved = await patch(tokens.user, task.id, {
      csrdScopeTask: null,
      cfcScopeTask: { section: 'S1', report: 'r' },
      deadline: null,
    });
    expect(moved.json()).toMatchObject({
      csrdScopeTask: null,
      cfcScopeTask: { section: 'S1' },
      deadline: null,
    });
    expect(
      (
        await create(tokens.user, {
          description: 'Beide',
          csrdScopeTask: { scope: 'a', report: 'b' },
          cfcScopeTask: { section: 'a', report: 'b' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('deletes a task', async () => {
    const task = (await create(tokens.user, { description: 'Weg damit' })).json();
    const res = await remove(tokens.user, task.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(20000);
    expect((await list(tokens.user, '?search=Weg%20damit'))['hydra:totalItems']).toBe(0);
    expect((await remove(tokens.user, task.id)).statusCode).toBe(404);
  });
});

describe('tasks: notification rows', () => {
  it('records assign, change and delete for the assignee, never for the one who acted', async () => {
    const assignee = a.users.readonly.id;
    const task = (await create(tokens.admin, { description: 'Melden', assignee })).json();
    await patch(tokens.admin, task.id, { status: 2 });
    // Sending the same values again changes nothing, so there is nothing to tell.
    await patch(tokens.admin, task.id, { status: 2 });
    await remove(tokens.admin, task.id);
    const rows = await notificationsOf(assignee);
    expect(rows.map((r) => [r.event, r.description, r.companyId, r.sentAt])).toEqual([
      ['assigned', 'Melden', a.id, null],
      ['changed', 'Melden', a.id, null],
      ['deleted', 'Melden', a.id, null],
    ]);
    // The task is gone: the events keep its description, their link to it is cleared.
    expect(rows.map((r) => r.taskId)).toEqual([null, null, null]);

    const own = (await create(tokens.admin, { description: 'Selbst', assignee: a.users.admin.id })).json();
    await patch(tokens.admin, own.id, { status: 4 });
    const toAdmin = await notificationsOf(a.users.admin.id);
    expect(toAdmin.filter((r) => r.description === 'Selbst')).toEqual([]);
  });

  it('tells a new assignee of the assignment; the user who changes their own task is not told', async () => {
    const task = (
      await create(tokens.admin, { description: 'Weitergabe', assignee: a.users.cftAdmin.id })
    ).json();
    await patch(tokens.admin, task.id, { assignee: a.users.external.id });
    const ext = await notificationsOf(a.users.external.id);
    expect(ext.map((r) => [r.event, r.taskId])).toEqual([['assigned', task.id]]);
    await patch(tokens.cftAdmin, task.id, { assignee: a.users.cftAdmin.id, description: 'Zurück' });
    const cft = await t.ctx.db
      .select()
      .from(taskNotifications)
      .where(
        and(eq(taskNotifications.userId, a.users.cftAdmin.id), eq(taskNotifications.description, 'Zurück')),
      );
    expect(cft).toEqual([]);
  });
});
