import { z } from 'zod';
import { LANGUAGES, type Language, RESET_LINK_HOURS, isRole, mayImpersonate } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, isPlatformAdmin } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { assertMessageAllowed } from '../../platform/message-limit.ts';
import { defineJob } from '../../platform/modules.ts';
import {
  assertAllowedPassword,
  dummyHash,
  hashPassword,
  verifyPassword,
} from '../../platform/auth/passwords.ts';
import {
  createSession,
  getSession,
  revokeSession,
  revokeUserSessions,
} from '../../platform/auth/sessions.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { recordAction, recordUserAction } from '../../platform/audit.ts';
import { mailTemplates } from '../../platform/mail-templates.ts';
import {
  claimToken,
  expireTokens,
  findActiveByEmail,
  findToken,
  findUser,
  findUserAnyCompany,
  findUsersByEmail,
  mailTokenLink,
  updateUser,
} from '../users/index.ts';
import { findCompany } from '../companies/index.ts';

/**
 * Login (seed 000 §4, §8): the password is checked first, so the account state (inactive,
 * deleted, no roles) is revealed only to someone who knows it.
 */
export async function login(
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
): Promise<string> {
  // The try counts as a failure from here until the password proved right (rate-limit.ts).
  const wait = await ctx.loginThrottle.begin(username, ip);
  if (wait > 0) throw new AppError('tooManyRequests', { retryAfterSeconds: Math.ceil(wait / 1000) });
  const candidates = await findUsersByEmail(ctx.db, username);
  let match: (typeof candidates)[number] | null = null;
  for (const user of candidates) {
    if (await verifyPassword(user.passwordHash, password)) {
      match = user;
      break;
    }
  }
  if (candidates.length === 0) await verifyPassword(await dummyHash(), password);
  if (!match) {
    const known = candidates.find((u) => u.status !== 3);
    if (known)
      await recordUserAction(ctx.db, known, { action: 'login', entity: 'access', status: 'failure' });
    throw new AppError('invalidCredentials');
  }
  await ctx.loginThrottle.succeeded(username, ip);
  if (match.status === 3) throw new AppError('userDeleted');
  if (!match.isVerified) throw new AppError('notVerified');
  if (match.roles.length === 0) throw new AppError('noRoles');
  // The user row names its company; from here on the login acts within it.
  const companyId = asCompanyId(match.companyId);
  const company = await findCompany(ctx.db, companyId);
  if (!company) throw new AppError('userDeleted');
  const { token } = await createSession(ctx.db, match);
  await updateUser(ctx.db, companyId, match.id, { lastLogin: new Date() });
  await recordUserAction(ctx.db, match, { action: 'login', entity: 'access', status: 'success' });
  return token;
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await revokeSession(ctx.db, actor.sessionId);
}

export const RESET_QUEUE = 'access.passwordReset';

/**
 * Always answers the same and in the same time: the request only queues a job, and the lookup and
 * the mail happen after the answer (issue 12 F8), so neither content nor timing tells whether
 * an address has an account.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  lang: { chosen?: Language; header: Language },
): Promise<void> {
  await resetJob.enqueue(ctx.jobs, { email, chosen: lang.chosen ?? null, header: lang.header });
}

/** Looks the address up and mails the reset link, after the request was answered. */
export const resetJob = defineJob({
  queue: RESET_QUEUE,
  payload: z.object({ email: z.string(), chosen: z.enum(LANGUAGES).nullable(), header: z.enum(LANGUAGES) }),
  handler: async (ctx, p) => {
    await sendResetLink(ctx, p.email, { chosen: p.chosen ?? undefined, header: p.header });
    return {};
  },
});

async function sendResetLink(
  ctx: AppContext,
  email: string,
  lang: { chosen?: Language; header: Language },
): Promise<void> {
  if (!(await ctx.resetLimiter.take(email))) return;
  const user = await findActiveByEmail(ctx.db, email);
  if (!user) return;
  // The language picked on the form wins; else the user's saved one; else the request's.
  const saved = (user.preference as { language?: Language }).language;
  const language = lang.chosen ?? saved ?? lang.header;
  await ctx.db.transaction((tx) =>
    mailTokenLink(
      ctx,
      tx,
      {
        companyId: user.companyId,
        userId: user.id,
        kind: 'reset',
        expiresAt: new Date(Date.now() + RESET_LINK_HOURS * 3600_000),
      },
      {
        to: user.email,
        path: '/reset-password/',
        write: (link) =>
          mailTemplates.resetPassword(language, { name: user.firstName, link, hours: RESET_LINK_HOURS }),
      },
    ),
  );
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const row = await findToken(ctx.db, hashToken(token), 'reset');
  if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw new AppError('resetTokenInvalid');
  // The token row names the company it was issued for.
  const companyId = asCompanyId(row.companyId);
  const user = await findUser(ctx.db, companyId, row.userId);
  if (!user || user.status === 3) throw new AppError('resetTokenInvalid');
  assertAllowedPassword(password);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // Claim the token in the same statement that checks it: a second use finds nothing to update.
    if (!(await claimToken(tx, companyId, row.id))) throw new AppError('resetTokenInvalid');
    // The other reset links of the account end with this one (issue 12 F6).
    await expireTokens(tx, companyId, user.id, 'reset');
    // Following the e-mailed link proves the address, so it also confirms an unverified account.
    await updateUser(tx, companyId, user.id, { passwordHash, isVerified: true });
    await revokeUserSessions(tx, user.id);
    await recordUserAction(tx, user, {
      action: 'resetPassword',
      entity: 'access',
      entityId: user.id,
      status: 'success',
    });
  });
}

export async function sendSupportMessage(
  ctx: AppContext,
  actor: Actor,
  subject: string,
  message: string,
  ip: string,
): Promise<void> {
  await assertMessageAllowed(ctx, actor, ip);
  const company = await findCompany(ctx.db, actor.companyId);
  const t = mailTemplates.supportMessage({
    from: actor.email,
    company: company?.name ?? '',
    subject,
    message,
  });
  await ctx.mailer.queue({ to: ctx.config.supportEmail, ...t, companyId: actor.companyId });
}

/**
 * Platform admins may act as anyone, company admins as users of their own company; either only as
 * a user whose every role they could grant, so acting as someone adds no rights (issue 32).
 */
export async function impersonate(ctx: AppContext, actor: Actor, username: string): Promise<string> {
  if (actor.impersonator) throw new AppError('alreadyImpersonating');
  const target = await findActiveByEmail(ctx.db, username);
  if (!target || (!isPlatformAdmin(actor) && target.companyId !== actor.companyId))
    throw new AppError('notFound');
  if (target.id === actor.userId)
    throw new AppError('validationFailed', { issues: [{ path: 'username', message: 'self' }] });
  if (target.roles.includes('ROLE_SMP_ADMIN') && !isPlatformAdmin(actor)) throw new AppError('noRights');
  const sameCompany = target.companyId === actor.companyId;
  if (!mayImpersonate(actor.roles, target.roles.filter(isRole), sameCompany)) {
    throw new AppError('impersonationNotAllowed');
  }
  if (!target.isVerified) throw new AppError('notVerified');
  const { token } = await createSession(ctx.db, target, {
    impersonatorUserId: actor.userId,
    parentSessionId: actor.sessionId,
  });
  await recordAction(ctx.db, {
    companyId: target.companyId,
    actor: {
      ...actor,
      userId: target.id,
      email: target.email,
      impersonator: { id: actor.userId, email: actor.email },
    },
    action: 'impersonate',
    entity: 'access',
    entityId: target.id,
    status: 'success',
  });
  return token;
}

/** Ends the impersonation session and opens a fresh one for the original user. */
export async function stopImpersonating(ctx: AppContext, actor: Actor): Promise<string> {
  if (!actor.impersonator) throw new AppError('notImpersonating');
  const current = await getSession(ctx.db, actor.sessionId);
  await revokeSession(ctx.db, actor.sessionId);
  if (current?.parentSessionId) await revokeSession(ctx.db, current.parentSessionId);
  const original = await findUserAnyCompany(ctx.db, actor.impersonator.id);
  if (!original || original.status === 3) throw new AppError('sessionInvalid');
  const { token } = await createSession(ctx.db, original);
  return token;
}
