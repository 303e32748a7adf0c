import { date, index, jsonb, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { tenantTable, users } from '../../platform/db/schema.ts';
import { createdAt, tenantReference, ts, updatedAt } from '../../platform/db/columns.ts';

/** Tasks assigned to users of one company (seed 002 §3 Task). */
export const tasks = tenantTable(
  'tasks',
  {
    description: text('description').notNull(),
    // Users of the task's own company (tasks.service checks it), so the keys carry the company.
    assigneeId: uuid('assignee_id'),
    assignerId: uuid('assigner_id'),
    responsibleId: uuid('responsible_id'),
    status: smallint('status').notNull().default(1),
    deadline: date('deadline'),
    /** Link to a CSRD scope of a report ({ scope, report }); the CSRD module attaches it. */
    csrdScopeTask: jsonb('csrd_scope_task').$type<{ scope: string; report: string } | null>(),
    /** Link to a CFC section of a report ({ section, report }); the CFC module attaches it. */
    cfcScopeTask: jsonb('cfc_scope_task').$type<{ section: string; report: string } | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_company_deadline_idx').on(t.companyId, t.deadline),
    index('tasks_assignee_idx').on(t.assigneeId),
    tenantReference('tasks_assignee_fk', [t.companyId, t.assigneeId], users),
    tenantReference('tasks_assigner_fk', [t.companyId, t.assignerId], users),
    tenantReference('tasks_responsible_fk', [t.companyId, t.responsibleId], users),
  ],
);

/**
 * Task events waiting to be mailed to a user; sent in one batch per user when the user's chosen
 * interval (immediately … 1 day) has passed since the oldest waiting event.
 */
export const taskNotifications = tenantTable(
  'task_notifications',
  {
    userId: uuid('user_id').notNull(),
    // Stays single-column: ON DELETE SET NULL over (company_id, task_id) would clear the company
    // too (docs/scaling.md, known exception of schema-sharding.integration.test.ts).
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** assigned | changed | deleted */
    event: text('event').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('task_notifications_due_idx').on(t.userId, t.sentAt, t.createdAt),
    tenantReference('task_notifications_user_fk', [t.companyId, t.userId], users),
  ],
);
