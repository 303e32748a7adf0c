import type { z } from 'zod';
import {
  type Role,
  type UserPreference,
  canChangeRoles,
  computeRoutes,
  grantableRoles,
  isCompanyAdmin,
  moduleOfRole,
  modulesWithSeveralRoles,
  platformSchemas as s,
  type Me,
  type ModuleCode,
  RESET_LINK_HOURS,
  ACTIVATION_LINK_DAYS,
  type Language,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, assertCompanyAccess, hasAnyRole, isPlatformAdmin } from '../../platform/access.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { assertAllowedPassword, hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { hashToken, newToken } from '../../platform/auth/tokens.ts';
import { mailTemplates, toHtml } from '../../platform/mail-templates.ts';
import { recordUserAction } from '../../platform/audit.ts';
import {
  actorSessionConfig,
  revokeImpersonationsBy,
  revokeUserSessions,
} from '../../platform/auth/sessions.ts';
import { authKey, perChannel } from '../../platform/auth/auth-cache.ts';
import type { ListQuery } from '../../platform/lists.ts';
import { list } from '../../platform/lists.ts';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { moduleAccess } from '../tariffs/index.ts';
import { revokeKeysCreatedBy } from '../api-keys/index.ts';
import * as repo from './users.repository.ts';
import { mailTokenLink } from './users.tokens.ts';
import { preferenceOf, rolesOf, toUserDto } from './users.mapper.ts';

const USER_ADMIN_ROLES: Role[] = [
  'ROLE_COMPANY_ADMIN',
  'ROLE_SMP_ADMIN',
  'ROLE_CFT_ADMIN',
  'ROLE_CFC_ADMIN',
  'ROLE_TAX_ADMIN',
  'ROLE_CSRD_ADMIN',
  'ROLE_VSME_ADMIN',
];

/** user_tokens.kind of a pending own e-mail change. */
const EMAIL_TOKEN = 'email';

/** A user holds one role per module: user and read-only of one module side by side say nothing clear. */
function assertOneRolePerModule(roles: readonly Role[]) {
  const [module] = modulesWithSeveralRoles(roles);
  if (module) throw new AppError('oneRolePerModule', { module });
}

const isAdminRole = (roles: readonly string[]) => roles.includes('ROLE_COMPANY_ADMIN');

/**
 * A user the actor may see: own company, or any company for the platform admin. The user's
 * company id passed that check, so it comes back as the `CompanyId` later writes act within.
 */
async function loadUser(db: DbOrTx, actor: Actor, id: string) {
  const user = isPlatformAdmin(actor)
    ? await repo.findUserAnyCompany(db, id)
    : await repo.findUser(db, actor.companyId, id);
  if (!user || user.status === 3) throw new AppError('notFound');
  return { ...user, companyId: assertCompanyAccess(actor, user.companyId) };
}

/**
 * The signed-in user with company, read by every page load: kept in the process and dropped by the
 * notifications of any change to the user, the membership or the company (auth-cache.ts).
 */
const profiles = perChannel<Awaited<ReturnType<typeof repo.findUserWithCompany>>>();

export async function getMe(ctx: AppContext, actor: Actor, module?: ModuleCode): Promise<Me> {
  const read = () => repo.findUserWithCompany(ctx.db, actor.companyId, actor.userId);
  const cache = profiles(ctx.authChannel);
  const { user, company } = notFoundUnless(
    cache
      ? await cache.through(`${actor.companyId}:${actor.userId}`, read, () => [
          authKey.user(actor.userId),
          authKey.company(actor.companyId),
        ])
      : await read(),
  );
  const roles = rolesOf(user.roles);
  // The company's modules come from its running bookings (stored modules without any booking).
  const access = await moduleAccess(ctx, actor.companyId, undefined, actor.company.modules);
  const routeList = computeRoutes({
    roles,
    isBasic: company.isBasic,
    companyModules: access.modules,
    selectedModule: module ?? (company.initialModule as ModuleCode | null),
    partnerVariant: company.partnerVariant,
  });
  return {
    ...toUserDto(user),
    company: {
      id: company.id,
      name: company.name,
      isBasic: company.isBasic,
      unlocked: company.unlocked,
      modules: access.modules,
      moduleBookings: access.bookings,
    },
    routes: routeList.routes,
    module: routeList.module,
    modules: routeList.modules,
    home: routeList.home,
    grantableRoles: grantableRoles(roles),
    impersonator: actor.impersonator,
    // The date ranges are remembered per session (PATCH /api/session-config).
    sessionConfig: await actorSessionConfig(ctx.db, actor),
  };
}

export async function listOwnCompany(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery & { search?: string; status?: number },
) {
  const { rows, total } = await repo.listUsers(
    ctx.db,
    { companyId: actor.companyId, search: q.search, status: q.status },
    q,
  );
  return list(rows.map(toUserDto), total);
}

export async function listAll(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery & { search?: string; status?: number; companyId?: string },
) {
  const companyId = q.companyId === undefined ? undefined : assertCompanyAccess(actor, q.companyId);
  const { rows, total } = await repo.listUsers(ctx.db, { companyId, search: q.search, status: q.status }, q);
  return list(rows.map(toUserDto), total);
}

export async function listForGroups(ctx: AppContext, actor: Actor) {
  const { rows, total } = await repo.listUsers(
    ctx.db,
    { companyId: actor.companyId },
    { page: 1, limit: 10_000, pagination: 'false' },
  );
  return list(
    rows.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      groupId: r.groupId,
    })),
    total,
  );
}

export async function getUser(ctx: AppContext, actor: Actor, id: string) {
  return toUserDto(await loadUser(ctx.db, actor, id));
}

export async function createUser(ctx: AppContext, actor: Actor, body: z.output<typeof s.createUserBody>) {
  // Only the platform admin creates users in another company; others get notFound for its id.
  const companyId = assertCompanyAccess(actor, body.companyId ?? actor.companyId);
  notFoundUnless(await repo.liveCompanyName(ctx.db, companyId));
  const allowed = new Set(grantableRoles(actor.roles));
  if (!body.roles.every((r) => allowed.has(r))) throw new AppError('roleNotGrantable');
  assertOneRolePerModule(body.roles);
  if (await repo.findActiveByEmail(ctx.db, body.email)) throw new AppError('EmailExists');
  const invited = body.password === undefined;
  if (!invited) assertAllowedPassword(body.password as string);
  // An invited user has no password anyone knows until they set one with the e-mailed link.
  const passwordHash = await hashPassword(body.password ?? newToken().token);
  const { password: _p, companyId: _c, language, roles, ...fields } = body;
  const lang = language ?? 'de';
  const created = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertUser(tx, {
      ...fields,
      companyId,
      roles,
      passwordHash,
      // A password the admin sets makes the account usable at once (the admin vouches for the
      // address); an invitation counts once its link is followed (access.resetPassword).
      isVerified: !invited,
      preference: { language: lang },
    });
    if (invited) await inviteUser(ctx, tx, actor, { ...row, companyId }, lang);
    return row;
  });
  return toUserDto(notFoundUnless(await repo.findUser(ctx.db, companyId, created.id)));
}

/** Offboarding options of a delete or change (`?revokeApiKeys=true`). */
type Offboarding = z.output<typeof s.offboardingQuery>;

/** API keys are the company admin's (their route's access), so only they revoke them with a user. */
function assertMayRevokeKeys(actor: Actor, options: Offboarding): void {
  if (options.revokeApiKeys && !isCompanyAdmin(actor.roles)) throw new AppError('noRights');
}

export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: z.output<typeof s.updateUserBody>,
  options: Offboarding = {},
) {
  const target = await loadUser(ctx.db, actor, id);
  assertMayRevokeKeys(actor, options);
  const self = target.id === actor.userId;
  if (!self && !hasAnyRole(actor, USER_ADMIN_ROLES)) throw new AppError('noRights');
  const { password, currentPassword, roles, email, ...fields } = body;
  const changes: Partial<typeof schema.users.$inferInsert> = { ...fields };
  const emailChange = email !== undefined && email !== target.email ? email : null;

  if (!self) {
    // Another user's account is the caller's to manage only when they could grant each of its roles;
    // credentials (password, e-mail) are the company admin's or the platform admin's alone (issue 12 F1).
    const allowed = new Set(grantableRoles(actor.roles));
    const foreign = rolesOf(target.roles).filter((r) => !allowed.has(r));
    const covers = foreign.length === 0;
    const credentials = password !== undefined || emailChange !== null;
    if (credentials && !(isCompanyAdmin(actor.roles) && covers)) throw new AppError('noRights');
    // Holders of a company-wide role the caller cannot grant (company or platform admin) are off limits.
    if (foreign.some((r) => moduleOfRole(r) === null)) throw new AppError('noRights');
    if (!covers && !isCompanyAdmin(actor.roles) && changesProfile(target, fields)) {
      throw new AppError('noRights');
    }
  } else if (password !== undefined || emailChange !== null) {
    // Own credentials need the current password: a stolen session alone cannot take over the account.
    if (!(currentPassword && (await verifyPassword(target.passwordHash, currentPassword)))) {
      throw new AppError('invalidCredentials', { field: 'currentPassword' });
    }
  }
  if (emailChange) {
    const other = await repo.findActiveByEmail(ctx.db, emailChange);
    if (other && other.id !== target.id) throw new AppError('EmailExists');
    // An admin vouches for the address they set; an own new address counts once its link is followed.
    if (!self) changes.email = emailChange;
  }
  if (password !== undefined) {
    assertAllowedPassword(password);
    changes.passwordHash = await hashPassword(password);
  }
  // A role taken away ends the sessions in which the user acts as someone else (issue 32).
  let rolesRemoved = false;
  if (roles) {
    assertOneRolePerModule(roles);
    const before = rolesOf(target.roles);
    const changed = before.length !== roles.length || before.some((r) => !roles.includes(r));
    if (changed) {
      if (!canChangeRoles(actor.roles, before, roles)) throw new AppError('roleNotGrantable');
      if (isAdminRole(before) && !isAdminRole(roles)) {
        const users = await repo.activeUsersOfCompany(ctx.db, target.companyId);
        const otherAdmins = users.filter((u) => u.id !== target.id && isAdminRole(u.roles));
        if (otherAdmins.length === 0 && users.length > 1) throw new AppError('OnlyAdminCannotChangeRole');
      }
      changes.roles = roles;
      rolesRemoved = before.some((r) => !roles.includes(r));
    }
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, target.companyId, target.id, changes);
    // A new password ends the other sessions; the one that changed its own password stays.
    if (password !== undefined) await revokeUserSessions(tx, target.id, self ? actor.sessionId : undefined);
    else if (rolesRemoved) await revokeImpersonationsBy(tx, target.id);
    if (options.revokeApiKeys) await revokeKeysCreatedBy(tx, target.companyId, target.id);
    if (self && emailChange) await requestEmailChange(ctx, tx, target, emailChange);
  });
  return toUserDto(notFoundUnless(await repo.findUser(ctx.db, target.companyId, target.id)));
}

/** Whether a patch changes any profile field (the web dialog sends unchanged fields along). */
function changesProfile(target: repo.UserRow, fields: Record<string, unknown>): boolean {
  const current = target as unknown as Record<string, unknown>;
  return Object.entries(fields).some(([k, v]) => v !== undefined && (current[k] ?? null) !== (v ?? null));
}

/** Mails the link with which an invited user sets their password (a reset token of longer life). */
async function inviteUser(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  user: { id: string; companyId: string; email: string; firstName: string },
  language: Language,
) {
  const companyName = notFoundUnless(await repo.liveCompanyName(tx, asCompanyId(user.companyId)));
  const inviter = await repo.findUser(tx, actor.companyId, actor.userId);
  const by = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : companyName;
  await mailTokenLink(
    ctx,
    tx,
    {
      companyId: user.companyId,
      userId: user.id,
      kind: 'reset',
      expiresAt: new Date(Date.now() + ACTIVATION_LINK_DAYS * 86_400_000),
    },
    {
      to: user.email,
      path: '/reset-password/',
      write: (link) =>
        mailTemplates.invitation(language, {
          name: user.firstName,
          by,
          company: companyName,
          link,
          days: ACTIVATION_LINK_DAYS,
        }),
    },
  );
}

/** Mails a confirmation link to the new address and tells the old one (issue 12 F5). */
async function requestEmailChange(ctx: AppContext, tx: DbOrTx, user: repo.UserRow, newEmail: string) {
  const language = preferenceOf(user.preference).language;
  await mailTokenLink(
    ctx,
    tx,
    {
      companyId: user.companyId,
      userId: user.id,
      kind: EMAIL_TOKEN,
      newEmail,
      expiresAt: new Date(Date.now() + RESET_LINK_HOURS * 3600_000),
    },
    {
      to: newEmail,
      path: '/confirm-email?token=',
      write: (link) =>
        mailTemplates.confirmEmailChange(language, { name: user.firstName, link, hours: RESET_LINK_HOURS }),
    },
  );
  const notice = mailTemplates.emailChangeRequested(language, { name: user.firstName, newEmail });
  await ctx.mailer.queue(
    { to: user.email, ...notice, html: toHtml(notice.text), companyId: user.companyId },
    tx,
  );
}

/** Following the link sent to the new address makes it the login name. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  const row = await repo.findToken(ctx.db, hashToken(token), EMAIL_TOKEN);
  if (!row?.newEmail || row.usedAt || row.expiresAt.getTime() < Date.now()) {
    throw new AppError('emailChangeInvalid');
  }
  // The token row names the company it was issued for.
  const companyId = asCompanyId(row.companyId);
  const user = await repo.findUser(ctx.db, companyId, row.userId);
  if (!user || user.status === 3) throw new AppError('emailChangeInvalid');
  const other = await repo.findActiveByEmail(ctx.db, row.newEmail);
  if (other && other.id !== user.id) throw new AppError('EmailExists');
  const newEmail = row.newEmail;
  await ctx.db.transaction(async (tx) => {
    // Claiming the token and every other open e-mail link of the account in one statement.
    if (!(await repo.claimToken(tx, companyId, row.id))) throw new AppError('emailChangeInvalid');
    await repo.expireTokens(tx, companyId, user.id, EMAIL_TOKEN);
    await repo.updateUser(tx, companyId, user.id, { email: newEmail });
    await recordUserAction(
      tx,
      { ...user, email: newEmail },
      {
        action: 'confirmEmailChange',
        entity: 'users',
        entityId: user.id,
        status: 'success',
      },
    );
  });
}

export async function deleteUser(ctx: AppContext, actor: Actor, id: string, options: Offboarding = {}) {
  const target = await loadUser(ctx.db, actor, id);
  assertMayRevokeKeys(actor, options);
  const users = await repo.activeUsersOfCompany(ctx.db, target.companyId);
  if (users.length === 1) throw new AppError('OnlyAdminOfCompany');
  if (isAdminRole(target.roles) && !users.some((u) => u.id !== target.id && isAdminRole(u.roles))) {
    throw new AppError('LastAdminOfCompanyButUsersExist');
  }
  if (!isCompanyAdmin(actor.roles)) {
    // A module admin may delete only users whose every role is one they could grant.
    const allowed = new Set(grantableRoles(actor.roles));
    if (!rolesOf(target.roles).every((r) => allowed.has(r))) throw new AppError('roleNotGrantable');
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, target.companyId, target.id, { status: 3 });
    await repo.removeFromGroups(tx, target.companyId, target.id);
    await revokeUserSessions(tx, target.id);
    if (options.revokeApiKeys) await revokeKeysCreatedBy(tx, target.companyId, target.id);
  });
}

/**
 * The sole user of a company deletes the account and, in the same transaction, the company through
 * `endCompany` (seed 000 §6): the companies module owns that route and passes its soft delete in.
 */
export async function deleteSoleUser(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  endCompany: (tx: DbOrTx, companyId: CompanyId) => Promise<void>,
) {
  const target = await loadUser(ctx.db, actor, userId);
  if (target.id !== actor.userId && !isPlatformAdmin(actor)) throw new AppError('noRights');
  const users = await repo.activeUsersOfCompany(ctx.db, target.companyId);
  if (users.length !== 1) throw new AppError('notSoleUser');
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, target.companyId, target.id, { status: 3 });
    await revokeUserSessions(tx, target.id);
    await endCompany(tx, target.companyId);
  });
}

/** Own-account settings: only the user themself. */
async function loadSelf(ctx: AppContext, actor: Actor, id: string) {
  const user = await repo.findUser(ctx.db, actor.companyId, id);
  if (!user || user.status === 3) throw new AppError('notFound');
  if (user.id !== actor.userId) throw new AppError('noRights');
  return user;
}

export async function setLanguage(ctx: AppContext, actor: Actor, id: string, language: 'de' | 'en') {
  const user = await loadSelf(ctx, actor, id);
  await repo.updateUser(ctx.db, actor.companyId, id, {
    preference: { ...preferenceOf(user.preference), language },
  });
}

export async function setIntroShown(ctx: AppContext, actor: Actor, id: string, shown: boolean) {
  await loadSelf(ctx, actor, id);
  await repo.updateUser(ctx.db, actor.companyId, id, { introShown: shown });
}

export async function setReleaseNotesShown(ctx: AppContext, actor: Actor, id: string, version: string) {
  await loadSelf(ctx, actor, id);
  await repo.updateUser(ctx.db, actor.companyId, id, { releaseNotesShown: version });
}

export async function savePreferences(
  ctx: AppContext,
  actor: Actor,
  patch: Partial<UserPreference>,
  id = actor.userId,
): Promise<UserPreference> {
  const user = await loadSelf(ctx, actor, id);
  const next = { ...preferenceOf(user.preference), ...patch };
  await repo.updateUser(ctx.db, actor.companyId, actor.userId, { preference: next });
  return next;
}
