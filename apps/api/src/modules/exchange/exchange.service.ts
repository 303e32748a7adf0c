import { randomBytes } from 'node:crypto';
import {
  EXCHANGE_CLIENT_ID_PREFIX,
  type ExchangeClient,
  type ExchangeFetch,
  type exchangeSchemas,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { hashToken, newToken } from '../../platform/auth/tokens.ts';
import { notFoundUnless } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import { moduleAccess } from '../tariffs/index.ts';
import * as repo from './exchange.repository.ts';
import { OAuthError, PactError, type Surface, tokenExpired, tokenRejection } from './pact.errors.ts';

/**
 * Exchange clients (credentials for PACT / iLEAP data recipients) and their access tokens:
 * OAuth 2.0 client credentials (RFC 6749 §4.4), as PACT v2.3 §6.3 "Action Authenticate" and v3.0
 * "Authentication Flow" require. Token lifetime 3600 s and the scopes of the v3 security scheme
 * (spec/v3/openapi.yaml components.securitySchemes.BearerAuth).
 */
export const TOKEN_LIFETIME_SECONDS = 3600;
export const SCOPES = ['footprint:list', 'footprint:read'] as const;
export type Scope = (typeof SCOPES)[number];

type CreateBody = z.output<typeof exchangeSchemas.exchangeClientBody>;

function toDto(r: repo.ExchangeClientListRow): ExchangeClient {
  return {
    id: r.id,
    name: r.name,
    clientId: r.clientId,
    shipper: r.shipper,
    createdAt: r.createdAt.toISOString(),
    createdByName: r.creator ? `${r.creator.firstName} ${r.creator.lastName}`.trim() : null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

export async function listClients(ctx: AppContext, actor: Actor) {
  const rows = await repo.listClients(ctx.db, actor.companyId);
  return list(rows.map(toDto), rows.length);
}

/**
 * A new client: a public id and a secret of 32 random bytes, shown in this answer only and kept
 * as an Argon2id hash (the client id names the row, so each token request verifies one hash).
 */
export async function createClient(ctx: AppContext, actor: Actor, body: CreateBody) {
  const clientId = `${EXCHANGE_CLIENT_ID_PREFIX}${randomBytes(16).toString('base64url')}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const row = await repo.insertClient(ctx.db, {
    companyId: actor.companyId,
    name: body.name,
    clientId,
    secretHash: await hashPassword(clientSecret),
    shipper: body.shipper ?? null,
    createdBy: actor.userId,
  });
  return { id: row.id, clientId, clientSecret };
}

/** What a client fetched (the carrier's view of a shipper's reads), last fetched first. */
export async function listFetches(
  ctx: AppContext,
  actor: Actor,
  id: string,
  q: { page: number; limit: number },
) {
  notFoundUnless(await repo.findClient(ctx.db, actor.companyId, id));
  const { rows, total } = await repo.listFetches(ctx.db, actor.companyId, id, {
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const items: ExchangeFetch[] = rows.map((r) => ({
    pfId: r.pfId,
    kind: r.kind === 'toc' || r.kind === 'hoc' ? r.kind : 'shipment',
    productKey: r.productKey,
    version: r.version,
    status: r.status === 'Deprecated' ? 'Deprecated' : 'Active',
    fetchCount: r.fetchCount,
    firstFetchedAt: r.firstFetchedAt.toISOString(),
    lastFetchedAt: r.lastFetchedAt.toISOString(),
  }));
  return list(items, total);
}

/** Records the footprints a client received. */
export const recordFetches = (
  ctx: AppContext,
  client: PactClient,
  footprints: { id: string; kind: string; key: string; version: number; status: string }[],
) =>
  repo.recordFetches(
    ctx.db,
    client.companyId,
    client.clientRowId,
    footprints.map((f) => ({
      pfId: f.id,
      kind: f.kind,
      productKey: f.key,
      version: f.version,
      status: f.status,
    })),
  );

export async function revokeClient(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  notFoundUnless(await repo.findClient(ctx.db, actor.companyId, id));
  await repo.revokeClient(ctx.db, actor.companyId, id);
}

/** The scopes a token request asks for (RFC 6749 §3.3); all of them when it names none. */
function grantedScopes(requested: string | undefined): Scope[] {
  if (requested === undefined || requested.trim() === '') return [...SCOPES];
  const asked = [...new Set(requested.trim().split(/\s+/))];
  const unknown = asked.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
  return asked as Scope[];
}

/**
 * Issues an access token for valid client credentials. An unknown client costs the same hash
 * verification as a known one, so timing does not tell which client ids exist.
 */
export async function issueToken(
  ctx: AppContext,
  credentials: { clientId: string; clientSecret: string },
  scope: string | undefined,
) {
  const client =
    credentials.clientId.length <= 200 ? await repo.clientByClientId(ctx.db, credentials.clientId) : null;
  const ok = await verifyPassword(client?.secretHash ?? (await dummyHash()), credentials.clientSecret);
  if (!client || !ok || client.companyDeleted)
    throw new OAuthError('invalid_client', 'Authentication failed', 401);
  const scopes = grantedScopes(scope);
  const { token, hash } = newToken();
  await repo.insertToken(ctx.db, {
    companyId: client.companyId,
    exchangeClientId: client.id,
    tokenHash: hash,
    scope: scopes.join(' '),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000),
  });
  return {
    access_token: token,
    token_type: 'Bearer' as const,
    expires_in: TOKEN_LIFETIME_SECONDS,
    scope: scopes.join(' '),
  };
}

/** Who calls the exchange: one company's client, maybe bound to one shipper. */
export type PactClient = {
  companyId: CompanyId;
  companyName: string;
  clientRowId: string;
  /** The shippers whose shipments the client sees; null: every shipment of the company. */
  shippers: string[] | null;
  scopes: string[];
};

/** The bearer token of a request (RFC 6750 §2.1), or null. */
export function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

/**
 * The client of a bearer token, or the surface's rejection (pact.errors tokenRejection). A company
 * without a running freight booking serves nothing (AccessDenied: a valid token without access).
 */
export async function clientOfToken(
  ctx: AppContext,
  header: string | undefined,
  surface: Surface,
): Promise<PactClient> {
  const token = bearerOf(header);
  if (!token)
    throw tokenRejection(surface, header ? 'Malformed authorization header' : 'Missing access token');
  const row = token.length <= 200 ? await repo.tokenByHash(ctx.db, hashToken(token)) : null;
  if (!row || row.companyDeleted) throw tokenRejection(surface);
  if (row.expiresAt.getTime() <= Date.now()) throw tokenExpired();
  const companyId = asCompanyId(row.companyId);
  const access = await moduleAccess(ctx, companyId, undefined, row.modules);
  if (!access.modules.includes('cft'))
    throw new PactError('AccessDenied', 'The data owner has no running freight booking');
  await repo.touchClient(ctx.db, companyId, row.clientRowId);
  return {
    companyId,
    companyName: row.companyName,
    clientRowId: row.clientRowId,
    shippers: row.shipper === null ? null : [row.shipper],
    scopes: row.scope.split(' '),
  };
}

/** A valid token without the scope of the action: AccessDenied (v2/v3 "necessary permissions"). */
export function requireScope(client: PactClient, scope: Scope): void {
  if (!client.scopes.includes(scope))
    throw new PactError('AccessDenied', `The access token lacks the scope ${scope}`);
}

export const sweepTokens = (ctx: AppContext) => repo.sweepTokens(ctx.db);
