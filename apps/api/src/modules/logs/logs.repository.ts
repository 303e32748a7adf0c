import { and, desc, eq, getTableColumns, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, listPage, orderBy, pageWindow, tablePage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';

const l = schema.userActionLogs;
const c = schema.companies;
const o = schema.outboxMails;

export type LogFilter = { action?: string; entity?: string; status?: string; after?: Date; before?: Date };

/**
 * One company's log, or every company's (`companyId` undefined): only the service decides which,
 * after the actor's check (the platform admin reads across companies, seed 002 §1).
 */
export type LogScope = { companyId: CompanyId | undefined };

function whereOf(scope: LogScope, f: LogFilter): SQL | undefined {
  const where: SQL[] = [];
  if (scope.companyId !== undefined) where.push(eq(l.companyId, scope.companyId));
  if (f.action) where.push(eq(l.action, f.action));
  if (f.entity) where.push(eq(l.entity, f.entity));
  if (f.status) where.push(eq(l.status, f.status));
  if (f.after) where.push(gte(l.createdAt, f.after));
  if (f.before) where.push(lt(l.createdAt, f.before));
  return where.length ? and(...where) : undefined;
}

/** A page of the log, newest first, with each entry's company name. */
export async function listActionLogs(db: DbOrTx, scope: LogScope, f: LogFilter, q: ListQuery) {
  return listPage(db, {
    rows: db
      .select({ ...getTableColumns(l), companyName: c.name })
      .from(l)
      .leftJoin(c, eq(c.id, l.companyId))
      .$dynamic(),
    from: l,
    where: whereOf(scope, f),
    orderBy: [...orderBy(q, { createdAt: l.createdAt }, [desc(l.createdAt)]), sql`${l.id}`],
    window: pageWindow(q),
  });
}

export type ActionLogRow = Awaited<ReturnType<typeof listActionLogs>>['rows'][number];

export async function listOutbox(db: DbOrTx, to: string | undefined, q: ListQuery) {
  return tablePage(db, o, {
    where: to ? ilike(o.to, likeTerm(to)) : undefined,
    orderBy: [desc(o.createdAt)],
    window: pageWindow(q),
  });
}
