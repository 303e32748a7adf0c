import type { DbOrTx } from './db/index.ts';
import { schema } from './db/index.ts';
import type { Actor } from './access.ts';

export type ActionRecord = {
  companyId: string;
  actor: Actor | null;
  /** For actions before a session exists (login, registration). */
  user?: { id: string; email: string } | null;
  action: string;
  entity: string;
  entityId?: string | null;
  status: 'success' | 'failure';
  detail?: Record<string, unknown>;
};

/** Longest object id the log keeps (ids are uuids or short keys; a longer one is someone's probe). */
const ENTITY_ID_MAX = 200;

/**
 * Text as the log can store it: a refused request is logged too, with the path id it named, and
 * PostgreSQL stores neither NUL nor a lone surrogate (issue 32), so both become U+FFFD.
 */
export function storableText(text: string, max = Number.POSITIVE_INFINITY): string {
  // Cut first: a cut through a surrogate pair leaves a lone surrogate, which toWellFormed replaces.
  return text.slice(0, max).replaceAll('\0', '\uFFFD').toWellFormed();
}

/** A detail with every string and key made storable (details are small: written by the server). */
const storableDetail = (detail: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(
    JSON.stringify(detail, (_key, v: unknown) => {
      if (typeof v === 'string') return storableText(v);
      if (v && typeof v === 'object' && !Array.isArray(v))
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [storableText(k), x]));
      return v;
    }),
  );

/** The user action log: who did what to which object, under whose identity when impersonating. */
export async function recordAction(db: DbOrTx, r: ActionRecord): Promise<void> {
  await db.insert(schema.userActionLogs).values({
    companyId: r.companyId,
    userId: r.actor?.userId ?? r.user?.id ?? null,
    userEmail: r.actor?.email ?? r.user?.email ?? null,
    impersonatorId: r.actor?.impersonator?.id ?? null,
    impersonatorEmail: r.actor?.impersonator?.email ?? null,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId == null ? null : storableText(r.entityId, ENTITY_ID_MAX),
    status: r.status,
    detail: r.detail ? storableDetail(r.detail) : null,
  });
}

/**
 * An action of a user who has no session (yet): logins, registration, links followed from a mail.
 * The user's own row names the company.
 */
export function recordUserAction(
  db: DbOrTx,
  user: { companyId: string; id: string; email: string },
  r: Omit<ActionRecord, 'companyId' | 'actor' | 'user'>,
): Promise<void> {
  return recordAction(db, {
    companyId: user.companyId,
    actor: null,
    user: { id: user.id, email: user.email },
    ...r,
  });
}
