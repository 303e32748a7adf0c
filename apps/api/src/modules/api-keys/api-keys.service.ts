import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type ApiKey, type ModuleCode, USER_STATUS } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import * as repo from './api-keys.repository.ts';

// Keys are 32 random bytes: a plain SHA-256 is enough (no dictionary to guess from).
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function toDto(r: repo.ApiKeyRow & Partial<Pick<repo.ApiKeyListRow, 'creator'>>): ApiKey {
  const creator = r.creator ?? null;
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    createdByName: creator ? `${creator.firstName} ${creator.lastName}`.trim() : null,
    createdByEmail: creator?.email ?? null,
    createdByDeleted: creator?.status === USER_STATUS.deleted,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

export async function listKeys(ctx: AppContext, actor: Actor) {
  const rows = await repo.listKeys(ctx.db, actor.companyId);
  return list(rows.map(toDto), rows.length);
}

export async function createKey(ctx: AppContext, actor: Actor, name: string) {
  const creator = await repo.creatorOf(ctx.db, actor.companyId, actor.userId);
  const secret = randomBytes(32).toString('base64url');
  const key = `${API_KEY_PREFIX}${secret}`;
  const row = await repo.insertKey(ctx.db, {
    companyId: actor.companyId,
    name,
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    keyHash: hashKey(key),
    createdBy: actor.userId,
  });
  return { apiKey: toDto({ ...row, creator }), key };
}

export async function revokeKey(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  notFoundUnless(await repo.findKey(ctx.db, actor.companyId, id));
  await repo.revokeKey(ctx.db, actor.companyId, id);
}

/** The key of a request: `X-Api-Key`, or a bearer token that starts with the key prefix. */
export function presentedKey(headers: FastifyRequest['headers']): string | null {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = headers.authorization;
  if (auth?.startsWith(`Bearer ${API_KEY_PREFIX}`)) return auth.slice(7).trim();
  return null;
}

/**
 * The actor of an API key: its company with the freight user role, on the routes the table marks
 * `apiKey` only (push imports, read their state and the resulting tours, shipments and stats).
 * Answers undefined when the request carries no key (the session decides then).
 */
export async function apiKeyActor(db: DbOrTx, req: FastifyRequest): Promise<Actor | null | undefined> {
  const key = presentedKey(req.headers);
  if (!key) return undefined;
  const row = key.length <= 200 ? await repo.keyByHash(db, hashKey(key)) : null;
  if (!row || row.companyDeleted) throw new AppError('apiKeyInvalid');
  // Only the routes the table marks `apiKey` (imports and their results): a key never reads
  // accounts, the user action log or settings, whatever its role would allow.
  if (!req.routeOptions.config?.apiRoute?.apiKey) throw new AppError('noRights');
  // The key's own row names its company: from here on the request acts within it.
  const companyId = asCompanyId(row.companyId);
  await repo.touchKey(db, companyId, row.id);
  return {
    sessionId: `api-key:${row.id}`,
    userId: row.createdBy,
    companyId,
    email: `api-key:${row.prefix}`,
    roles: ['ROLE_CFT_USER'],
    impersonator: null,
    company: { isBasic: row.isBasic, modules: row.modules as ModuleCode[], isPlatform: row.isPlatform },
  };
}
