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
    entityId: r.entityId ?? null,
    status: r.status,
    detail: r.detail ?? null,
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
