import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { companyRow, findCompanyRow, insertRow } from '../../platform/db/rows.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { exchangeClients, exchangeEvents, exchangeFetches, exchangeTokens } from './exchange.schema.ts';

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
export async function insertEvent(
  db: DbOrTx,
  values: typeof exchangeEvents.$inferInsert,
): Promise<string | null> {
  const rows = await db
    .insert(exchangeEvents)
    .values(values)
    .onConflictDoNothing({
      target: [exchangeEvents.companyId, exchangeEvents.source, exchangeEvents.eventId],
    })
    .returning({ id: exchangeEvents.id });
  return rows[0]?.id ?? null;
}

export const findEvent = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, exchangeEvents, companyId, id);

/** Marks a pending request answered (or undeliverable); false when another run answered it first. */
export async function answerEvent(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  status: string,
): Promise<boolean> {
  const rows = await db
    .update(exchangeEvents)
    .set({ status, answeredAt: new Date() })
    .where(companyRow(exchangeEvents, companyId, id, eq(exchangeEvents.status, 'pending')))
    .returning({ id: exchangeEvents.id });
  return rows.length > 0;
}

/** The client that sent an event, with its company's name (the scope its answer is read in). */
export async function clientWithCompany(db: DbOrTx, companyId: CompanyId, id: string) {
  const c = schema.companies;
  const [row] = await db
    .select({ shipper: exchangeClients.shipper, companyName: c.name, revokedAt: exchangeClients.revokedAt })
    .from(exchangeClients)
    .innerJoin(c, eq(c.id, exchangeClients.companyId))
    .where(companyRow(exchangeClients, companyId, id));
  return row ?? null;
}

/** RequestCreated events of the company (newest first, at most 1000): who asked for which products. */
export async function requestEvents(db: DbOrTx, companyId: CompanyId) {
  const e = exchangeEvents;
  return db
    .select({ source: e.source, data: e.data })
    .from(e)
    .where(
      and(
        eq(e.companyId, companyId),
        inArray(e.type, [
          'org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1',
          'org.wbcsd.pact.ProductFootprint.RequestCreatedEvent.3',
        ]),
        inArray(e.status, ['pending', 'fulfilled']),
      ),
    )
    .orderBy(desc(e.receivedAt))
    .limit(1000);
}

export type FetchedFootprint = {
  pfId: string;
  kind: string;
  productKey: string;
  version: number;
  status: string;
};

/** Counts what a client fetched, one row per PfId (a page of up to 1000 in one statement). */
export async function recordFetches(
  db: DbOrTx,
  companyId: CompanyId,
  clientId: string,
  items: FetchedFootprint[],
): Promise<void> {
  const seen = new Map(items.map((i) => [i.pfId, i]));
  if (seen.size === 0) return;
  const f = exchangeFetches;
  await db
    .insert(f)
    .values([...seen.values()].map((i) => ({ ...i, companyId, exchangeClientId: clientId })))
    .onConflictDoUpdate({
      target: [f.companyId, f.exchangeClientId, f.pfId],
      set: {
        version: sql`excluded.version`,
        status: sql`excluded.status`,
        fetchCount: sql`${f.fetchCount} + 1`,
        lastFetchedAt: sql`now()`,
      },
    });
}

export async function listFetches(
  db: DbOrTx,
  companyId: CompanyId,
  clientId: string,
  page: { offset: number; limit: number },
) {
  const f = exchangeFetches;
  const where = and(eq(f.companyId, companyId), eq(f.exchangeClientId, clientId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(f)
      .where(where)
      .orderBy(desc(f.lastFetchedAt), f.productKey, f.pfId)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(f).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
