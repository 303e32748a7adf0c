import type { z } from 'zod';
import { type Task, type TaskStatus, type TaskUser, taskSchemas } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { recordTaskEvent } from './tasks.notifications.ts';
import * as repo from './tasks.repository.ts';

type Body = z.output<typeof taskSchemas.taskBody>;
type Patch = z.output<typeof taskSchemas.taskPatchBody>;

const userDto = (users: Map<string, repo.CompanyUser>, id: string | null): TaskUser | null =>
  (id && users.get(id)) || null;

function toDto(t: repo.TaskRow, users: Map<string, repo.CompanyUser>): Task {
  return {
    id: t.id,
    description: t.description,
    assignee: userDto(users, t.assigneeId),
    assigner: userDto(users, t.assignerId),
    responsible: userDto(users, t.responsibleId),
    status: t.status as TaskStatus,
    deadline: t.deadline,
    csrdScopeTask: t.csrdScopeTask ?? null,
    cfcScopeTask: t.cfcScopeTask ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

const namedUsers = (rows: repo.TaskRow[]) =>
  rows.flatMap((r) => [r.assigneeId, r.assignerId, r.responsibleId]).filter((id): id is string => !!id);

async function dtos(ctx: AppContext, companyId: CompanyId, rows: repo.TaskRow[]): Promise<Task[]> {
  const users = await repo.usersById(ctx.db, companyId, namedUsers(rows));
  return rows.map((r) => toDto(r, users));
}

/**
 * Assignee and responsible user must be users of the own company: another company's id is not
 * found. The answer names the field, not the id (it says nothing about the other company).
 */
async function assertOwnUsers(
  ctx: AppContext,
  companyId: CompanyId,
  people: { assignee?: string | null; responsible?: string | null },
) {
  const wanted = [people.assignee, people.responsible].filter((id): id is string => !!id);
  const found = new Set((await repo.companyUsers(ctx.db, companyId, wanted)).map((u) => u.id));
  for (const field of ['assignee', 'responsible'] as const) {
    const id = people[field];
    if (id && !found.has(id)) throw new AppError('notFound', { field });
  }
}

export async function listTasks(ctx: AppContext, actor: Actor, q: repo.TaskFilters) {
  const { rows, total } = await repo.listTasks(ctx.db, actor.companyId, q);
  return list(await dtos(ctx, actor.companyId, rows), total);
}

export async function listAssignees(ctx: AppContext, actor: Actor) {
  const users = await repo.assignableUsers(ctx.db, actor.companyId);
  return list(users, users.length);
}

/** A task row of the company, or null (for modules that check their link before changing it). */
export const findCompanyTask = (ctx: Pick<AppContext, 'db'>, companyId: CompanyId, id: string) =>
  repo.findTask(ctx.db, companyId, id);

async function getTask(ctx: AppContext, companyId: CompanyId, id: string): Promise<Task> {
  const row = notFoundUnless(await repo.findTask(ctx.db, companyId, id));
  return (await dtos(ctx, companyId, [row]))[0];
}

export async function createTask(ctx: AppContext, actor: Actor, body: Body): Promise<Task> {
  await assertOwnUsers(ctx, actor.companyId, body);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertTask(tx, {
      companyId: actor.companyId,
      description: body.description,
      assigneeId: body.assignee ?? null,
      responsibleId: body.responsible ?? null,
      assignerId: actor.userId,
      status: body.status,
      deadline: body.deadline ?? null,
      csrdScopeTask: body.csrdScopeTask ?? null,
      cfcScopeTask: body.cfcScopeTask ?? null,
    });
    await recordTaskEvent(ctx, tx, actor, row.assigneeId, {
      taskId: row.id,
      event: 'assigned',
      description: row.description,
    });
    return row.id;
  });
  return getTask(ctx, actor.companyId, id);
}

export async function updateTask(ctx: AppContext, actor: Actor, id: string, patch: Patch): Promise<Task> {
  const before = notFoundUnless(await repo.findTask(ctx.db, actor.companyId, id));
  await assertOwnUsers(ctx, actor.companyId, patch);
  const values: Partial<repo.TaskRow> = {
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.assignee !== undefined ? { assigneeId: patch.assignee } : {}),
    ...(patch.responsible !== undefined ? { responsibleId: patch.responsible } : {}),
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.deadline !== undefined ? { deadline: patch.deadline } : {}),
    ...(patch.csrdScopeTask !== undefined ? { csrdScopeTask: patch.csrdScopeTask } : {}),
    ...(patch.cfcScopeTask !== undefined ? { cfcScopeTask: patch.cfcScopeTask } : {}),
  };
  const after = { ...before, ...values };
  if (after.csrdScopeTask && after.cfcScopeTask)
    throw new AppError('validationFailed', { field: 'cfcScopeTask' });
  const changed = (Object.keys(values) as (keyof repo.TaskRow)[]).some(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  await ctx.db.transaction(async (tx) => {
    await repo.updateTask(tx, actor.companyId, id, values);
    if (!changed) return;
    // A new assignee learns of the task; the unchanged assignee of what changed.
    const event = after.assigneeId !== before.assigneeId ? 'assigned' : 'changed';
    await recordTaskEvent(ctx, tx, actor, after.assigneeId, {
      taskId: id,
      event,
      description: after.description,
    });
  });
  return getTask(ctx, actor.companyId, id);
}

export async function deleteTask(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = notFoundUnless(await repo.findTask(ctx.db, actor.companyId, id));
  await ctx.db.transaction(async (tx) => {
    await repo.deleteTask(tx, actor.companyId, id);
    // The task is gone; the event keeps its description for the e-mail.
    await recordTaskEvent(ctx, tx, actor, row.assigneeId, {
      taskId: null,
      event: 'deleted',
      description: row.description,
    });
  });
}
