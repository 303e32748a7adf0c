import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';

const l = schema.userActionLogs;
const o = schema.outboxMails;

export type LogFilter = { action?: string; entity?: string; status?: string; after?: Date; before?: Date };

export async function listActionLogs(db: DbOrTx, companyId: CompanyId, f: LogFilter, q: ListQuery) {
  const where: SQL[] = [eq(l.companyId, companyId)];
  if (f.action) where.push(eq(l.action, f.action));
  if (f.entity) where.push(eq(l.entity, f.entity));
  if (f.status) where.push(eq(l.status, f.status));
  if (f.after) where.push(gte(l.createdAt, f.after));
  if (f.before) where.push(lt(l.createdAt, f.before));
  const cond = and(...where);
  const { offset, limit } = pageWindow(q);
  const rows = await db
    .select()
    .from(l)
    .where(cond)
    .orderBy(...orderBy(q, { createdAt: l.createdAt }, [desc(l.createdAt)]), sql`${l.id}`)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(l).where(cond);
  return { rows, total };
}

export async function listOutbox(db: DbOrTx, to: string | undefined, q: ListQuery) {
  const cond = to ? ilike(o.to, likeTerm(to)) : undefined;
  const { offset, limit } = pageWindow(q);
  const rows = await db.select().from(o).where(cond).orderBy(desc(o.createdAt)).limit(limit).offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(o).where(cond);
  return { rows, total };
}
