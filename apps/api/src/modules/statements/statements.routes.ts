import type { FastifyInstance } from 'fastify';
import { statementsRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import * as statements from './statements.service.ts';

export function statementRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.shipperStatement, ({ actor, query, timeZone }) =>
    statements.shipperStatement(ctx, actor, query, timeZone),
  );
  mount(app, r.shipperStatementFile, ({ actor, query, lang, timeZone, reply }) =>
    statements.shipperStatementFile(ctx, actor, query, lang, timeZone, reply),
  );
}
