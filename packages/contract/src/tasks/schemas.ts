import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { EMAIL_NOTIFICATION_DELAYS } from '../constants.ts';
import { listOf, orderQuery, paginationQueryOf } from '../http.ts';
import type { Language } from '../constants.ts';
import { texts } from '../messages.ts';

/** Tasks of seed 002 §3 Task: a to-do of a company assigned to one of its users. */
export const TASK_PAGE_SIZE = 10;

/**
 * Task statuses. 5 is archived: the list leaves it out unless asked for it (seed 002 §7
 * "status (unless 5)").
 */
export const TASK_STATUSES = [1, 2, 3, 4, 5] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_ARCHIVED: TaskStatus = 5;
export const TASK_STATUS_LABELS: Record<TaskStatus, Record<Language, string>> = {
  1: texts('tasks.status.open'),
  2: texts('tasks.status.inProgress'),
  3: texts('tasks.status.inReview'),
  4: texts('tasks.status.done'),
  5: texts('tasks.status.archived'),
};

/** The waiting time of a user's task e-mails (seed 002 §9) in milliseconds. */
export const EMAIL_NOTIFICATION_DELAY_MS: Record<(typeof EMAIL_NOTIFICATION_DELAYS)[number], number> = {
  immediately: 0,
  '1m': 60_000,
  '5m': 5 * 60_000,
  '30m': 30 * 60_000,
  '1h': 3600_000,
  '1d': 24 * 3600_000,
};

/** The events a task e-mail reports. */
export const TASK_EVENTS = ['assigned', 'changed', 'deleted'] as const;
export type TaskEvent = (typeof TASK_EVENTS)[number];

const status = z.union(
  TASK_STATUSES.map((s) => z.literal(s)) as [z.ZodLiteral<TaskStatus>, ...z.ZodLiteral<TaskStatus>[]],
);
const link = z.string().trim().min(1).max(100);

/** Links the CSRD and CFC modules attach (seed 002 §3 Task); at most one of them. */
export const csrdScopeTask = z.strictObject({ scope: link, report: link });
export const cfcScopeTask = z.strictObject({ section: link, report: link });

const fields = {
  description: z.string().trim().min(1).max(2000),
  assignee: z.uuid().nullable(),
  responsible: z.uuid().nullable(),
  status,
  deadline: calendarDay.nullable(),
  csrdScopeTask: csrdScopeTask.nullable(),
  cfcScopeTask: cfcScopeTask.nullable(),
};

const oneLink = (b: { csrdScopeTask?: unknown; cfcScopeTask?: unknown }) =>
  !(b.csrdScopeTask && b.cfcScopeTask);
const oneLinkError = {
  message: 'A task links to a CSRD scope or a CFC section, not both',
  path: ['cfcScopeTask'],
};

export const taskBody = z
  .strictObject({
    description: fields.description,
    assignee: fields.assignee.optional(),
    responsible: fields.responsible.optional(),
    status: status.default(1),
    deadline: fields.deadline.optional(),
    csrdScopeTask: fields.csrdScopeTask.optional(),
    cfcScopeTask: fields.cfcScopeTask.optional(),
  })
  .refine(oneLink, oneLinkError);
export type TaskBody = z.input<typeof taskBody>;

export const taskPatchBody = z
  .strictObject({
    description: fields.description.optional(),
    assignee: fields.assignee.optional(),
    responsible: fields.responsible.optional(),
    status: status.optional(),
    deadline: fields.deadline.optional(),
    csrdScopeTask: fields.csrdScopeTask.optional(),
    cfcScopeTask: fields.cfcScopeTask.optional(),
  })
  .refine(oneLink, oneLinkError);
export type TaskPatchBody = z.input<typeof taskPatchBody>;

/** A user of the own company as a task names them. */
export const taskUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type TaskUser = z.infer<typeof taskUser>;

export const task = z.object({
  id: z.uuid(),
  description: z.string(),
  assignee: taskUser.nullable(),
  assigner: taskUser.nullable(),
  responsible: taskUser.nullable(),
  status,
  deadline: z.string().nullable(),
  csrdScopeTask: csrdScopeTask.nullable(),
  cfcScopeTask: cfcScopeTask.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof task>;
export const taskList = listOf(task);
export const taskUserList = listOf(taskUser);

const statusQuery = z.coerce
  .number()
  .int()
  .refine((n): n is TaskStatus => (TASK_STATUSES as readonly number[]).includes(n));

export const taskListQuery = z.strictObject({
  ...paginationQueryOf(TASK_PAGE_SIZE),
  /** One status; without it every status but archived. */
  status: statusQuery.optional(),
  assignee: z.uuid().optional(),
  responsible: z.uuid().optional(),
  'deadline[after]': calendarDay.optional(),
  'deadline[before]': calendarDay.optional(),
  search: z.string().trim().max(100).optional(),
  ...orderQuery(['deadline', 'status', 'createdAt']),
});
