import type { FastifyInstance } from 'fastify';
import { logsRoutes as l, platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import { list } from '../../platform/lists.ts';
import * as repo from './logs.repository.ts';
import * as logs from './logs.service.ts';

export function logsRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, l.userActionLogs, ({ actor, query, timeZone }) =>
    logs.listUserActions(ctx, actor, query, timeZone),
  );
  mount(app, l.exportUserActionLogs, ({ actor, query, lang, timeZone }) =>
    logs.exportUserActions(ctx, actor, query, lang, timeZone),
  );
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
