import { randomUUID } from 'node:crypto';
import type { ExchangeConnection, connectionSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './exchange.connections.repository.ts';
import * as clients from './exchange.repository.ts';
import { decryptSecret, encryptSecret } from './exchange.crypto.ts';
import { type Limits, type Partner, type Token, partnerList, partnerToken } from './exchange.outbound.ts';

/**
 * Partner connections of a company: credentials at a partner's PACT / iLEAP host system. A base
 * URL is called only after a company admin confirmed exactly that URL (a changed URL needs a new
 * confirmation), so no address typed into a free field is called unchecked.
 */
type CreateBody = z.output<typeof connectionSchemas.exchangeConnectionBody>;
type PatchBody = z.output<typeof connectionSchemas.exchangeConnectionPatch>;

function toDto(r: repo.ConnectionListRow): ExchangeConnection {
  return {
    id: r.id,
    name: r.name,
    baseUrl: r.baseUrl,
    clientId: r.clientId,
    pactVersion: r.pactVersion === 3 ? 3 : 2,
    status: isConfirmed(r) ? 'confirmed' : 'unconfirmed',
    createdAt: r.createdAt.toISOString(),
    createdByName: r.creator,
    confirmedAt: isConfirmed(r) ? (r.confirmedAt?.toISOString() ?? null) : null,
    confirmedByName: isConfirmed(r) ? r.confirmer : null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    lastError: r.lastError,
    publishUpdates: r.publishUpdates,
    eventsClientId: r.eventsClientId,
  };
}

const isConfirmed = (r: repo.ConnectionRow) => r.confirmedUrl !== null && r.confirmedUrl === r.baseUrl;

export async function listConnections(ctx: AppContext, actor: Actor) {
  const rows = await repo.listConnections(ctx.db, actor.companyId);
  return list(rows.map(toDto), rows.length);
}

async function getConnection(ctx: AppContext, companyId: CompanyId, id: string): Promise<ExchangeConnection> {
  const row = (await repo.listConnections(ctx.db, companyId)).find((r) => r.id === id);
  return toDto(notFoundUnless(row));
}

/** An events client must be one of the company's own exchange clients (else notFound, as any foreign id). */
async function checkEventsClient(ctx: AppContext, companyId: CompanyId, id: string | null | undefined) {
  if (id) notFoundUnless(await clients.findClient(ctx.db, companyId, id));
}

export async function createConnection(ctx: AppContext, actor: Actor, body: CreateBody) {
  await checkEventsClient(ctx, actor.companyId, body.eventsClientId);
  // The row id is the secret's associated data (exchange.crypto), so it is chosen before the insert.
  const id = randomUUID();
  await repo.insertConnection(ctx.db, {
    id,
    companyId: actor.companyId,
    name: body.name,
    baseUrl: body.baseUrl,
    clientId: body.clientId,
    secretEncrypted: encryptSecret(ctx.config.exchangeSecretKey, id, body.clientSecret),
    pactVersion: body.pactVersion,
    publishUpdates: body.publishUpdates,
    eventsClientId: body.eventsClientId,
    createdBy: actor.userId,
  });
  return getConnection(ctx, actor.companyId, id);
}

/** Settings that change no address: the partner's events client, whether it hears of updates. */
export async function updateConnectionSettings(ctx: AppContext, actor: Actor, id: string, body: PatchBody) {
  notFoundUnless(await repo.findConnection(ctx.db, actor.companyId, id));
  await checkEventsClient(ctx, actor.companyId, body.eventsClientId);
  await repo.updateConnection(ctx.db, actor.companyId, id, {
    ...(body.publishUpdates !== undefined ? { publishUpdates: body.publishUpdates } : {}),
    ...(body.eventsClientId !== undefined ? { eventsClientId: body.eventsClientId } : {}),
  });
  return getConnection(ctx, actor.companyId, id);
}

/** The admin repeats the URL; only that exact URL becomes callable. */
export async function confirmConnection(ctx: AppContext, actor: Actor, id: string, baseUrl: string) {
  const row = notFoundUnless(await repo.findConnection(ctx.db, actor.companyId, id));
  if (row.baseUrl !== baseUrl) throw new AppError('partnerUrlMismatch');
  await repo.updateConnection(ctx.db, actor.companyId, id, {
    confirmedUrl: row.baseUrl,
    confirmedBy: actor.userId,
    confirmedAt: new Date(),
  });
  return getConnection(ctx, actor.companyId, id);
}

export async function removeConnection(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  notFoundUnless(await repo.findConnection(ctx.db, actor.companyId, id));
  await repo.removeConnection(ctx.db, actor.companyId, id);
}

/** The partner of a confirmed connection, with its secret decrypted; refused while unconfirmed. */
export function partnerOf(ctx: AppContext, row: repo.ConnectionRow): Partner {
  if (!isConfirmed(row)) throw new AppError('partnerUrlNotConfirmed');
  return {
    baseUrl: row.confirmedUrl!,
    clientId: row.clientId,
    clientSecret: decryptSecret(ctx.config.exchangeSecretKey, row.id, row.secretEncrypted),
    version: row.pactVersion === 3 ? 3 : 2,
  };
}

/**
 * Runs `work` against a connection's partner and records the outcome on the connection: last use,
 * or the catalogue key of the failure (shown on the connections screen).
 */
export async function withPartner<T>(
  ctx: AppContext,
  companyId: CompanyId,
  id: string,
  work: (partner: Partner, row: repo.ConnectionRow) => Promise<T>,
): Promise<T> {
  const row = notFoundUnless(await repo.findConnection(ctx.db, companyId, id));
  const partner = partnerOf(ctx, row);
  try {
    const result = await work(partner, row);
    await repo.updateConnection(ctx.db, companyId, id, { lastUsedAt: new Date(), lastError: null });
    return result;
  } catch (err) {
    if (err instanceof AppError)
      await repo.updateConnection(ctx.db, companyId, id, { lastUsedAt: new Date(), lastError: err.key });
    throw err;
  }
}

/** Token, then the first footprint page with one footprint: the credentials and the list action work. */
export async function testConnection(ctx: AppContext, actor: Actor, id: string, limits?: Limits) {
  try {
    return await withPartner(ctx, actor.companyId, id, async (p) => {
      const token: Token = await partnerToken(p, limits);
      const items = await partnerList(p, token, `/${p.version}/footprints?limit=1`, { maxItems: 1, limits });
      return { ok: true, expiresIn: token.expiresIn, footprints: items.length, error: null };
    });
  } catch (err) {
    // An unconfirmed URL is refused as such; a partner's failure is the test's answer.
    if (err instanceof AppError && err.key.startsWith('partner') && err.key !== 'partnerUrlNotConfirmed')
      return { ok: false, expiresIn: null, footprints: null, error: err.key };
    throw err;
  }
}
