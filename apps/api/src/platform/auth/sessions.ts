import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { type ModuleCode, type Role, type SessionConfig, isRole, mayImpersonate } from '@klimadesk/contract';
import { type DbOrTx, type Prepared, preparedPerDb, runPrepared, schema } from '../db/index.ts';
import type { Actor } from '../access.ts';
import { type CompanyId, asCompanyId } from '../tenant.ts';
import { hashToken, newToken } from './tokens.ts';
import { type AuthCache, authKey } from './auth-cache.ts';

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

/**
 * The session check of every signed-in request in ONE prepared statement: the session by its
 * token hash with its user, company, group and impersonating admin (whose state, roles and company
 * decide whether an impersonation still holds, issue 32). On PostgreSQL its rows are
 * kept in the process's session cache, which notifications on `kd_auth` empty as soon as any of
 * them changes (auth-cache.ts), so a logout, revocation, role or password change counts from
 * the next request in every process.
 */
const RESOLVE: Prepared = {
  name: 'kd_resolve_session',
  text: `select s.id as session_id, s.created_at, s.last_seen_at, s.expires_at, s.config,
      u.id as user_id, u.email, u.roles, u.status, u.is_verified,
      c.id as company_id, c.is_basic, c.modules, c.is_platform, c.deleted_at as company_deleted,
      m.group_id, s.impersonator_user_id, i.id as impersonator_id, i.email as impersonator_email,
      i.roles as impersonator_roles, i.status as impersonator_status,
      i.company_id as impersonator_company_id
    from sessions s
    join users u on u.id = s.user_id
    join companies c on c.id = u.company_id
    left join user_group_members m on m.company_id = u.company_id and m.user_id = u.id
    left join users i on i.id = s.impersonator_user_id
    where s.token_hash = $1 and s.revoked_at is null`,
};

/** Sliding expiry: written at most every TOUCH_MS, so most requests only read. */
const TOUCH: Prepared = {
  name: 'kd_touch_session',
  text: 'update sessions set last_seen_at = $2, expires_at = $3 where id = $1',
};

export type SessionRow = {
  session_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  config: Partial<SessionConfig> | null;
  user_id: string;
  email: string;
  roles: string[];
  status: number;
  is_verified: boolean;
  company_id: string;
  is_basic: boolean;
  modules: string[];
  is_platform: boolean;
  company_deleted: Date | null;
  group_id: string | null;
  impersonator_user_id: string | null;
  impersonator_id: string | null;
  impersonator_email: string | null;
  impersonator_roles: string[] | null;
  impersonator_status: number | null;
  impersonator_company_id: string | null;
};

/** The actor of a token, or null when the session is unknown, revoked, expired or the user is gone. */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  cache?: AuthCache<SessionRow> | null,
): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const hash = hashToken(token);
  const now = Date.now();
  let row = cache ? await cached(cache, hash, now) : undefined;
  if (!row) {
    const generation = cache?.generation ?? 0;
    [row] = await runPrepared<SessionRow>(db, RESOLVE, [hash]);
    if (!row) return null;
    if (usable(row, now) && now - row.last_seen_at.getTime() > TOUCH_MS) {
      const expires = Math.min(now + IDLE_MS, row.created_at.getTime() + ABSOLUTE_MS);
      await runPrepared(db, TOUCH, [row.session_id, new Date(now), new Date(expires)]);
      row = { ...row, last_seen_at: new Date(now), expires_at: new Date(expires) };
    }
    cache?.store(hash, row, keysOf(row), generation);
  }
  if (!usable(row, now)) return null;
  const actor: Actor = {
    sessionId: row.session_id,
    userId: row.user_id,
    companyId: asCompanyId(row.company_id),
    email: row.email,
    roles: row.roles.filter(isRole) as Role[],
    impersonator:
      row.impersonator_id && row.impersonator_email
        ? { id: row.impersonator_id, email: row.impersonator_email }
        : null,
    company: { isBasic: row.is_basic, modules: row.modules as ModuleCode[], isPlatform: row.is_platform },
    groupId: row.group_id,
  };
  readConfigs.set(actor, { ...EMPTY_CONFIG, ...row.config });
  return actor;
}

const usable = (row: SessionRow, now: number) =>
  row.expires_at.getTime() > now &&
  row.status === 1 &&
  row.is_verified &&
  !row.company_deleted &&
  impersonationHolds(row);

/**
 * An impersonation lasts only while its admin could still start it: the admin exists, is active
 * and still holds the roles that allowed it (issue 32). A password change or deletion of the admin
 * also revokes the session (`revokeUserSessions`); this check covers every other way a row changes.
 */
function impersonationHolds(row: SessionRow): boolean {
  if (!row.impersonator_user_id) return true;
  if (row.impersonator_id !== row.impersonator_user_id || row.impersonator_status !== 1) return false;
  const own = (roles: string[] | null) => (roles ?? []).filter(isRole);
  return mayImpersonate(
    own(row.impersonator_roles),
    own(row.roles),
    row.impersonator_company_id === row.company_id,
  );
}

/**
 * A cached session row that is still good to use: not due for its sliding expiry or its touch (both
 * read the database again). A hit waits one turn of the event loop first, so that notifications
 * which arrived together with this request are applied before it is served.
 */
async function cached(cache: AuthCache<SessionRow>, hash: string, now: number) {
  const hit = cache.get(hash);
  if (!hit || hit.expires_at.getTime() <= now || now - hit.last_seen_at.getTime() > TOUCH_MS)
    return undefined;
  await new Promise<void>((resolve) => setImmediate(resolve));
  return cache.get(hash);
}

/** A session check is read from its session, user, impersonating admin and company. */
const keysOf = (row: SessionRow) => [
  authKey.session(row.session_id),
  authKey.user(row.user_id),
  authKey.company(row.company_id),
  ...(row.impersonator_id ? [authKey.user(row.impersonator_id)] : []),
];

const NOTIFY: Prepared = { name: 'kd_auth_notify', text: 'select pg_notify($1, $2)' };

/** Sends a notification on the caches' channel (its barrier, see `AuthChannel.sync`). */
export async function notifyAuthChannel(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await runPrepared(db, NOTIFY, [channel, payload]);
}

/** The date ranges read with the session of this request (no second query for /users/me). */
const readConfigs = new WeakMap<Actor, SessionConfig>();

/** The session's date ranges: as read by this request's session check, else from the database. */
export async function actorSessionConfig(db: DbOrTx, actor: Actor): Promise<SessionConfig> {
  return readConfigs.get(actor) ?? sessionConfig(db, actor.sessionId);
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(schema.sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(schema.sessions.id, sessionId));
}

/**
 * Ends every session of a user, e.g. after a password reset or deletion, and every session in which
 * the user acts as someone else (issue 32); `except` keeps the session that changed its own password.
 */
export async function revokeUserSessions(db: DbOrTx, userId: string, except?: string): Promise<void> {
  const s = schema.sessions;
  await db
    .update(s)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        or(eq(s.userId, userId), eq(s.impersonatorUserId, userId)),
        isNull(s.revokedAt),
        except ? ne(s.id, except) : undefined,
      ),
    );
}

/** Ends the sessions in which a user acts as someone else, e.g. when an admin loses a role. */
export async function revokeImpersonationsBy(db: DbOrTx, userId: string): Promise<void> {
  const s = schema.sessions;
  await db
    .update(s)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(s.impersonatorUserId, userId), isNull(s.revokedAt)));
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

// Read by every /users/me call: prepared once per database handle.
const configQuery = preparedPerDb((db) =>
  db
    .select({ config: schema.sessions.config })
    .from(schema.sessions)
    .where(eq(schema.sessions.id, sql.placeholder('id')))
    .prepare('kd_session_config'),
);

/** The date ranges remembered on a session row (seed 000 §3 "Session configuration"). */
export async function sessionConfig(db: DbOrTx, sessionId: string): Promise<SessionConfig> {
  const [row] = await configQuery(db).execute({ id: sessionId });
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
