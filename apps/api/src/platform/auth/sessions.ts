import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type ModuleCode, type Role, type SessionConfig, isRole } from '@klimadesk/contract';
import { type DbOrTx, schema } from '../db/index.ts';
import type { Actor } from '../access.ts';
import { type CompanyId, asCompanyId } from '../tenant.ts';
import { hashToken, newToken } from './tokens.ts';

const IDLE_MS = 24 * 3600_000;
const ABSOLUTE_MS = 30 * 24 * 3600_000;
const TOUCH_MS = 5 * 60_000;

export const SESSION_COOKIE = 'kd_session';

export async function createSession(
  db: DbOrTx,
  user: { id: string; companyId: string },
  options: { impersonatorUserId?: string; parentSessionId?: string } = {},
): Promise<{ token: string; sessionId: string }> {
  const { token, hash } = newToken();
  const [row] = await db
    .insert(schema.sessions)
    .values({
      userId: user.id,
      companyId: user.companyId,
      tokenHash: hash,
      impersonatorUserId: options.impersonatorUserId ?? null,
      parentSessionId: options.parentSessionId ?? null,
      expiresAt: new Date(Date.now() + IDLE_MS),
    })
    .returning({ id: schema.sessions.id });
  return { token, sessionId: row.id };
}

/** The actor of a token, or null when the session is unknown, revoked, expired or the user is gone. */
export async function resolveSession(db: DbOrTx, token: string): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const s = schema.sessions;
  const u = schema.users;
  const c = schema.companies;
  const [row] = await db
    .select({
      sessionId: s.id,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      impersonatorUserId: s.impersonatorUserId,
      userId: u.id,
      email: u.email,
      roles: u.roles,
      status: u.status,
      isVerified: u.isVerified,
      companyId: c.id,
      isBasic: c.isBasic,
      modules: c.modules,
      isPlatform: c.isPlatform,
      companyDeleted: c.deletedAt,
    })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .innerJoin(c, eq(c.id, u.companyId))
    .where(and(eq(s.tokenHash, hashToken(token)), isNull(s.revokedAt)));
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.status !== 1 || !row.isVerified || row.companyDeleted)
    return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_MS) {
    const expires = Math.min(now + IDLE_MS, row.createdAt.getTime() + ABSOLUTE_MS);
    await db
      .update(s)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(expires) })
      .where(eq(s.id, row.sessionId));
  }
  let impersonator: Actor['impersonator'] = null;
  if (row.impersonatorUserId) {
    const [imp] = await db
      .select({ id: u.id, email: u.email })
      .from(u)
      .where(eq(u.id, row.impersonatorUserId));
    impersonator = imp ?? null;
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    companyId: asCompanyId(row.companyId),
    email: row.email,
    roles: row.roles.filter(isRole) as Role[],
    impersonator,
    company: { isBasic: row.isBasic, modules: row.modules as ModuleCode[], isPlatform: row.isPlatform },
  };
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(schema.sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(schema.sessions.id, sessionId));
}

/**
 * Ends every session of a user, e.g. after a password reset or deletion; `except` keeps the
 * session that changed its own password.
 */
export async function revokeUserSessions(db: DbOrTx, userId: string, except?: string): Promise<void> {
  const s = schema.sessions;
  await db
    .update(s)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(s.userId, userId), isNull(s.revokedAt), except ? ne(s.id, except) : undefined));
}

/** Ends every session of a company's users (company deletion). */
export async function revokeCompanySessions(db: DbOrTx, companyId: CompanyId): Promise<void> {
  const s = schema.sessions;
  await db
    .update(s)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(s.companyId, companyId), isNull(s.revokedAt)));
}

export async function getSession(db: DbOrTx, sessionId: string) {
  const [row] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, sessionId));
  return row ?? null;
}

const EMPTY_CONFIG: SessionConfig = {
  tourStartDate: null,
  tourEndDate: null,
  shipmentStartDate: null,
  shipmentEndDate: null,
};

/** The date ranges remembered on a session row (seed 000 §3 "Session configuration"). */
export async function sessionConfig(db: DbOrTx, sessionId: string): Promise<SessionConfig> {
  const [row] = await db
    .select({ config: schema.sessions.config })
    .from(schema.sessions)
    .where(eq(schema.sessions.id, sessionId));
  return { ...EMPTY_CONFIG, ...row?.config };
}

/** Applies a patch to the session's date ranges: an absent key keeps its value, null clears it. */
export async function updateSessionConfig(
  db: DbOrTx,
  sessionId: string,
  patch: Partial<SessionConfig>,
): Promise<SessionConfig> {
  const next = await sessionConfig(db, sessionId);
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) next[k as keyof SessionConfig] = v;
  await db
    .update(schema.sessions)
    .set({ config: sql`${JSON.stringify(next)}::jsonb` })
    .where(eq(schema.sessions.id, sessionId));
  return next;
}
