import type { FastifyInstance } from 'fastify';
import { platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import { list } from '../../platform/lists.ts';
import { zonedDayStart } from '../../platform/dates.ts';
import * as repo from './logs.repository.ts';

export function logsRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.userActionLogs, async ({ actor, query, timeZone }) => {
    const after = query['createdAt[after]'];
    const before = query['createdAt[before]'];
    const { rows, total } = await repo.listActionLogs(
      ctx.db,
      actor.companyId,
      {
        action: query.action,
        entity: query.entity,
        status: query.status,
        after: after ? zonedDayStart(after, timeZone) : undefined,
        // "before" names the last day included: the range ends at the start of the next day.
        before: before ? zonedDayStart(before, timeZone, 1) : undefined,
      },
      query,
    );
    return list(
      rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        userEmail: row.userEmail,
        impersonatorEmail: row.impersonatorEmail,
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        status: row.status as 'success' | 'failure',
        createdAt: row.createdAt.toISOString(),
      })),
      total,
    );
  });
  mount(app, r.outbox, async ({ query }) => {
    const { rows, total } = await repo.listOutbox(ctx.db, query.to, query);
    return list(
      rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      })),
      total,
    );
  });
}
