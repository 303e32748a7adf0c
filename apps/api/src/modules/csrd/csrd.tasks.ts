/**
 * The CSRD task calls (seed 001 §7 CSRD API: GET and POST /tasks, PATCH and DELETE /tasks/{id}):
 * the tasks of a report, or of one of its topics, through the tasks module. A task created here is
 * linked to a topic of one of the company's reports; only linked tasks can be changed or deleted here.
 */
import type { csrdSchemas as s } from '@klimadesk/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { createTask, deleteTask, findCompanyTask, listTasks, updateTask } from '../tasks/index.ts';
import { csrdCompany, reportOf } from './csrd.service.ts';

type Out<T extends z.ZodType> = z.output<T>;

export async function listCsrdTasks(ctx: AppContext, actor: Actor, q: Out<typeof s.csrdTaskQuery>) {
  const companyId = csrdCompany(actor);
  await reportOf(ctx.db, companyId, q.report);
  const { report, scope, ...rest } = q;
  return listTasks(ctx, actor, { ...rest, csrdReport: report, csrdScope: scope });
}

export async function createCsrdTask(ctx: AppContext, actor: Actor, body: Out<typeof s.csrdTaskBody>) {
  const companyId = csrdCompany(actor, true);
  // The link is a string on the wire (the tasks module's); only a report id can name a report.
  if (!z.uuid().safeParse(body.csrdScopeTask.report).success)
    throw new AppError('notFound', { field: 'report' });
  // The report must be the company's; the topic is any ESRS standard (the schema checks it), so a
  // task can prepare a topic before it is selected.
  await reportOf(ctx.db, companyId, body.csrdScopeTask.report);
  return createTask(ctx, actor, body);
}

/** A task of the company that is linked to a CSRD topic; others are not found here. */
async function linkedTask(ctx: AppContext, actor: Actor, id: string) {
  const row = notFoundUnless(await findCompanyTask(ctx, csrdCompany(actor, true), id));
  if (!row.csrdScopeTask) throw new AppError('notFound');
  return row;
}

export async function updateCsrdTask(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: Out<typeof s.csrdTaskPatch>,
) {
  await linkedTask(ctx, actor, id);
  return updateTask(ctx, actor, id, body);
}

export async function deleteCsrdTask(ctx: AppContext, actor: Actor, id: string) {
  await linkedTask(ctx, actor, id);
  await deleteTask(ctx, actor, id);
}
