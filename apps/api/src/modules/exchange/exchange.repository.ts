import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { companyRow, findCompanyRow, insertRow } from '../../platform/db/rows.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { exchangeClients, exchangeEvents, exchangeTokens } from './exchange.schema.ts';

export type ExchangeClientRow = typeof exchangeClients.$inferSelect;
export type ExchangeClientListRow = ExchangeClientRow & {
  creator: { firstName: string; lastName: string } | null;
};

export async function listClients(db: DbOrTx, companyId: CompanyId): Promise<ExchangeClientListRow[]> {
  const u = schema.users;
  const rows = await db
    .select({ client: exchangeClients, creator: { firstName: u.firstName, lastName: u.lastName } })
    .from(exchangeClients)
    .leftJoin(u, and(eq(u.companyId, exchangeClients.companyId), eq(u.id, exchangeClients.createdBy)))
    .where(eq(exchangeClients.companyId, companyId))
    .orderBy(desc(exchangeClients.createdAt));
  return rows.map((r) => ({ ...r.client, creator: r.creator }));
}

export const insertClient = (db: DbOrTx, values: typeof exchangeClients.$inferInsert) =>
  insertRow(db, exchangeClients, values);

export const findClient = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, exchangeClients, companyId, id);

/** Revokes a client and ends its tokens at once (one transaction). */
export async function revokeClient(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(exchangeClients)
      .set({ revokedAt: new Date() })
      .where(companyRow(exchangeClients, companyId, id, isNull(exchangeClients.revokedAt)));
    await tx
      .delete(exchangeTokens)
      .where(and(eq(exchangeTokens.companyId, companyId), eq(exchangeTokens.exchangeClientId, id)));
  });
}

/** A live client by its public id, with its company (clients of deleted companies do not work). */
export async function clientByClientId(db: DbOrTx, clientId: string) {
  const c = schema.companies;
  const [row] = await db
    .select({
      id: exchangeClients.id,
      companyId: exchangeClients.companyId,
      secretHash: exchangeClients.secretHash,
      companyDeleted: c.deletedAt,
    })
    .from(exchangeClients)
    .innerJoin(c, eq(c.id, exchangeClients.companyId))
    .where(and(eq(exchangeClients.clientId, clientId), isNull(exchangeClients.revokedAt)));
  return row ?? null;
}

export const insertToken = (db: DbOrTx, values: typeof exchangeTokens.$inferInsert) =>
  insertRow(db, exchangeTokens, values);

/** A token with its client and company; null for an unknown token or a revoked client. */
export async function tokenByHash(db: DbOrTx, tokenHash: string) {
  const c = schema.companies;
  const [row] = await db
    .select({
      expiresAt: exchangeTokens.expiresAt,
      scope: exchangeTokens.scope,
      clientRowId: exchangeClients.id,
      shipper: exchangeClients.shipper,
      companyId: c.id,
      companyName: c.name,
      companyDeleted: c.deletedAt,
      modules: c.modules,
    })
    .from(exchangeTokens)
    .innerJoin(
      exchangeClients,
      and(
        eq(exchangeClients.companyId, exchangeTokens.companyId),
        eq(exchangeClients.id, exchangeTokens.exchangeClientId),
      ),
    )
    .innerJoin(c, eq(c.id, exchangeTokens.companyId))
    .where(and(eq(exchangeTokens.tokenHash, tokenHash), isNull(exchangeClients.revokedAt)));
  return row ?? null;
}

/** Last use, written at most once a minute per client so a paging client does not write on every page. */
export async function touchClient(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db
    .update(exchangeClients)
    .set({ lastUsedAt: new Date() })
    .where(
      companyRow(
        exchangeClients,
        companyId,
        id,
        or(
          isNull(exchangeClients.lastUsedAt),
          lt(exchangeClients.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
}

/** Expired tokens are kept a day, so that they answer `TokenExpired` rather than an unknown token. */
export async function sweepTokens(db: DbOrTx): Promise<void> {
  await db.delete(exchangeTokens).where(lt(exchangeTokens.expiresAt, sql`now() - interval '1 day'`));
}

/** Stores an event once per company, source and id (CloudEvents: source + id identify an event). */
export async function insertEvent(db: DbOrTx, values: typeof exchangeEvents.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(exchangeEvents)
    .values(values)
    .onConflictDoNothing({
      target: [exchangeEvents.companyId, exchangeEvents.source, exchangeEvents.eventId],
    })
    .returning({ id: exchangeEvents.id });
  return rows.length > 0;
}
