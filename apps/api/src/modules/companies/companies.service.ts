import type { z } from 'zod';
import {
  ACTIVATION_LINK_DAYS,
  type Language,
  type ModuleCode,
  type Role,
  moduleRoles,
  modulesWithSeveralRoles,
  platformSchemas as s,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import {
  type Actor,
  assertCompanyAccess,
  assertCompanyAdmin,
  isPlatformAdmin,
} from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { assertAllowedPassword, hashPassword } from '../../platform/auth/passwords.ts';
import { assertMessageAllowed } from '../../platform/message-limit.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { revokeCompanySessions } from '../../platform/auth/sessions.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import { mailTemplates, toHtml } from '../../platform/mail-templates.ts';
import { recordUserAction } from '../../platform/audit.ts';
import { XLSX_MIME, workbookBase64 } from '../../platform/spreadsheet.ts';
import {
  claimToken,
  findActiveByEmail,
  findToken,
  findUser,
  insertUser,
  mailTokenLink,
  updateUser,
} from '../users/index.ts';
import * as repo from './companies.repository.ts';
import { toCompanyDto } from './companies.mapper.ts';
import { logosOf } from './companies.logo.repository.ts';
import { REGISTERED_EDITION, canUnlock, unlockedEdition } from './companies.edition.ts';

type BillingInput = z.output<typeof s.companyAddressFields>['billingAddress'];

/** Stored billing addresses always carry every field, optional ones as null. */
function billing(b: BillingInput): Record<string, string | null> | null {
  if (!b) return null;
  return { ...b, additionalAddressLine1: b.additionalAddressLine1 ?? null, vatId: b.vatId ?? null };
}

async function dto(db: DbOrTx, row: repo.CompanyRow) {
  const logos = await logosOf(db, [asCompanyId(row.id)]);
  return toCompanyDto(row, await repo.adminsOfCompanies(db, [row.id]), logos.get(row.id) ?? null);
}

const ownerLanguage = (preference: unknown): Language | undefined =>
  (preference as { language?: Language } | null)?.language;

/** The admins of a company that is registered again hear who tried (the visitor gets only the code). */
async function tellAdminsOfRegistration(
  ctx: AppContext,
  existing: repo.CompanyRow,
  body: z.output<typeof s.registrationBody>,
) {
  const admins = await repo.adminsOfCompanies(ctx.db, [existing.id]);
  const language = (existing.communicationLanguage as Language) ?? 'de';
  for (const admin of admins) {
    const t = mailTemplates.companyAlreadyRegistered(language, {
      name: `${body.firstName} ${body.lastName}`,
      company: existing.name,
      email: body.email,
    });
    await ctx.mailer.queue({ to: admin.email, ...t, html: toHtml(t.text), companyId: existing.id });
  }
}

/** Registration (seed 002): an inactive company admin and a basic company, confirmed by e-mail. */
export async function register(
  ctx: AppContext,
  body: z.output<typeof s.registrationBody>,
  lang: Language,
  ip: string,
) {
  // CompanyAlreadyRegistered stays (the seeds name it); the tries per IP and hour bound how many
  // customers one client can probe (issue 12 F8). A known address answers like a new one (issue 32).
  if (!(await ctx.registrationLimiter.take(ip))) throw new AppError('tooManyRequests');
  if (!body.acceptTerms) throw new AppError('termsNotAccepted');
  const existing = await repo.findCompanyByNameAndZip(ctx.db, body.company.name, body.company.zipcode);
  if (existing) {
    // The company is already a customer: its admins hear about it, the visitor gets the code.
    await tellAdminsOfRegistration(ctx, existing, body);
    throw new AppError('CompanyAlreadyRegistered');
  }
  assertAllowedPassword(body.password);
  // Hashed for a known address too, so that both take the same time.
  const passwordHash = await hashPassword(body.password);
  const language = body.language ?? lang;
  const owner = await findActiveByEmail(ctx.db, body.email);
  if (owner) {
    // The visitor hears what a new address hears; the address's owner gets a mail instead, at most
    // as many per hour as reset mails, however many addresses the visitor comes from.
    if (!(await ctx.resetLimiter.take(`registration:${owner.email.toLowerCase()}`))) return;
    const t = mailTemplates.registrationForKnownEmail(ownerLanguage(owner.preference) ?? language, {
      name: owner.firstName,
      loginLink: `${ctx.config.appUrl}/login`,
      resetLink: `${ctx.config.appUrl}/request-reset-password`,
    });
    await ctx.mailer.queue({ to: owner.email, ...t, html: toHtml(t.text), companyId: owner.companyId });
    return;
  }
  await createRegistration(ctx, body, passwordHash, language);
}

/** The new company with its inactive admin, who gets the confirmation link by e-mail. */
async function createRegistration(
  ctx: AppContext,
  body: z.output<typeof s.registrationBody>,
  passwordHash: string,
  language: Language,
) {
  await ctx.db.transaction(async (tx) => {
    const company = await repo.insertCompany(tx, {
      ...body.company,
      communicationLanguage: language,
      modules: ['cft'],
      initialModule: 'cft',
      ...REGISTERED_EDITION,
    });
    const user = await insertUser(tx, {
      companyId: company.id,
      email: body.email,
      passwordHash,
      salutation: body.salutation,
      title: body.title ?? null,
      firstName: body.firstName,
      lastName: body.lastName,
      phone1: body.phone1 ?? null,
      department: body.department ?? null,
      position: body.position ?? null,
      roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
      isVerified: false,
      isCarrier: body.isCarrier,
      marketingConsent: body.marketingConsent,
      termsAcceptedAt: new Date(),
      preference: { language },
    });
    await repo.updateCompany(tx, asCompanyId(company.id), { createdBy: user.id });
    await mailTokenLink(
      ctx,
      tx,
      {
        companyId: company.id,
        userId: user.id,
        kind: 'confirm',
        expiresAt: new Date(Date.now() + ACTIVATION_LINK_DAYS * 86_400_000),
      },
      {
        to: body.email,
        path: '/register/confirm?token=',
        write: (link) =>
          mailTemplates.confirmRegistration(language, {
            name: body.firstName,
            link,
            days: ACTIVATION_LINK_DAYS,
          }),
      },
    );
    await recordUserAction(tx, user, {
      action: 'register',
      entity: 'companies',
      entityId: company.id,
      status: 'success',
    });
  });
}

export async function confirmRegistration(ctx: AppContext, token: string) {
  const row = await findToken(ctx.db, hashToken(token), 'confirm');
  if (!row) throw new AppError('confirmationInvalid');
  // The token row names the company it was issued for.
  const companyId = asCompanyId(row.companyId);
  const user = await findUser(ctx.db, companyId, row.userId);
  if (!user || user.status === 3) throw new AppError('confirmationInvalid');
  if (user.isVerified || row.usedAt) throw new AppError('accountAlreadyVerified');
  if (row.expiresAt.getTime() < Date.now()) throw new AppError('verificationFailed', { reason: 'expired' });
  await ctx.db.transaction(async (tx) => {
    if (!(await claimToken(tx, companyId, row.id))) throw new AppError('accountAlreadyVerified');
    await updateUser(tx, companyId, user.id, { isVerified: true });
    await recordUserAction(tx, user, {
      action: 'confirmRegistration',
      entity: 'users',
      entityId: user.id,
      status: 'success',
    });
  });
}

export async function listCompanies(
  ctx: AppContext,
  q: ListQuery & {
    search?: string;
    isBasic?: 'true' | 'false';
    isPayingCustomer?: 'true' | 'false';
    module?: ModuleCode;
  },
) {
  const flag = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');
  const { rows, total } = await repo.listCompanies(
    ctx.db,
    {
      search: q.search,
      isBasic: flag(q.isBasic),
      isPayingCustomer: flag(q.isPayingCustomer),
      module: q.module,
    },
    q,
  );
  const admins = await repo.adminsOfCompanies(
    ctx.db,
    rows.map((r) => r.id),
  );
  const logos = await logosOf(
    ctx.db,
    rows.map((r) => asCompanyId(r.id)),
  );
  return list(
    rows.map((r) =>
      toCompanyDto(
        r,
        admins.filter((a) => a.companyId === r.id),
        logos.get(r.id) ?? null,
      ),
    ),
    total,
  );
}

export async function createCompany(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof s.createCompanyBody>,
) {
  if (await findActiveByEmail(ctx.db, body.user.email)) throw new AppError('EmailExists');
  if (await repo.findCompanyByNameAndZip(ctx.db, body.company.name, body.company.zipcode)) {
    throw new AppError('CompanyAlreadyRegistered');
  }
  const modules = [...new Set(body.module)] as ModuleCode[];
  const roles: Role[] = body.user.roles ?? [
    'ROLE_COMPANY_ADMIN',
    ...modules.map((m) => moduleRoles(m).find((r) => r.endsWith('_ADMIN')) as Role),
  ];
  const [doubled] = modulesWithSeveralRoles(roles);
  if (doubled) throw new AppError('oneRolePerModule', { module: doubled });
  assertAllowedPassword(body.user.password);
  const passwordHash = await hashPassword(body.user.password);
  const { password: _p, language, roles: _r, ...userFields } = body.user;
  const company = await ctx.db.transaction(async (tx) => {
    const { billingAddress, ...companyFields } = body.company;
    const row = await repo.insertCompany(tx, {
      ...companyFields,
      billingAddress: billing(billingAddress),
      modules,
      initialModule: modules[0],
      createdBy: actor.userId,
    });
    await insertUser(tx, {
      ...userFields,
      companyId: row.id,
      roles,
      passwordHash,
      isVerified: true,
      preference: { language: language ?? 'de' },
    });
    return row;
  });
  return dto(ctx.db, company);
}

/** A company the actor may reach, after `check` (the actor's further rights), or 404. */
export async function reachableCompany(
  ctx: AppContext,
  actor: Actor,
  id: string,
  check?: () => void | Promise<void>,
) {
  const companyId = assertCompanyAccess(actor, id);
  await check?.();
  return { companyId, company: notFoundUnless(await repo.findCompany(ctx.db, companyId)) };
}

export async function getCompany(ctx: AppContext, actor: Actor, id: string) {
  return dto(ctx.db, (await reachableCompany(ctx, actor, id)).company);
}

export async function updateCompany(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: z.output<typeof s.updateCompanyBody>,
) {
  const { companyId } = await reachableCompany(ctx, actor, id, () => assertCompanyAdmin(actor));
  const { modules, isBasic, isPayingCustomer, initialModule, billingAddress, ...fields } = body;
  const commercial = { modules, isBasic, isPayingCustomer, initialModule };
  const touchesCommercial = Object.values(commercial).some((v) => v !== undefined);
  if (touchesCommercial && !isPlatformAdmin(actor)) throw new AppError('noRights');
  const row = await repo.updateCompany(ctx.db, companyId, {
    ...fields,
    ...(billingAddress !== undefined ? { billingAddress: billing(billingAddress) } : {}),
    ...Object.fromEntries(Object.entries(commercial).filter(([, v]) => v !== undefined)),
  });
  return dto(ctx.db, row);
}

/** Soft delete: the company and its users stay for the records but can no longer sign in. */
export async function markCompanyDeleted(tx: DbOrTx, companyId: CompanyId) {
  await repo.markDeleted(tx, companyId);
  await revokeCompanySessions(tx, companyId);
}

export async function deleteCompany(ctx: AppContext, actor: Actor, id: string) {
  const { companyId, company } = await reachableCompany(ctx, actor, id);
  if (company.isPlatform || companyId === actor.companyId) throw new AppError('forbidden');
  await ctx.db.transaction((tx) => markCompanyDeleted(tx, companyId));
}

/** The unlock wizard: a basic company becomes a professional customer (seed 000 §4 "Unlock"). */
export async function unlockCompany(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: z.output<typeof s.unlockBody>,
) {
  const { companyId, company } = await reachableCompany(ctx, actor, id);
  if (!canUnlock(company)) throw new AppError('companyAlreadyUnlocked');
  const { acceptTerms: _a, billingAddress, ...fields } = body;
  const row = await repo.updateCompany(ctx.db, companyId, {
    ...fields,
    billingAddress: body.customBillingAddress ? billing(billingAddress) : null,
    ...unlockedEdition(new Date()),
  });
  return dto(ctx.db, row);
}

export async function exportCompanies(
  ctx: AppContext,
  q: { search?: string; module?: ModuleCode },
  lang: Language,
) {
  const { rows } = await repo.listCompanies(
    ctx.db,
    { search: q.search, module: q.module },
    { page: 1, limit: 100_000, pagination: 'false' },
  );
  if (rows.length === 0) throw new AppError('emptyExport');
  const de = lang === 'de';
  const data = await workbookBase64(
    de ? 'Kunden' : 'Customers',
    [
      {
        header: de ? 'Kundennummer' : 'Customer no.',
        key: 'nr',
        value: (r: repo.CompanyRow) => r.customerNr,
      },
      { header: 'Name', key: 'name', width: 32, value: (r) => r.name },
      { header: de ? 'Straße' : 'Street', key: 'street', value: (r) => r.street },
      { header: de ? 'PLZ' : 'Zip code', key: 'zip', width: 10, value: (r) => r.zipcode },
      { header: de ? 'Ort' : 'City', key: 'city', value: (r) => r.city },
      { header: de ? 'Land' : 'Country', key: 'country', width: 8, value: (r) => r.country },
      { header: de ? 'Basis' : 'Basic', key: 'basic', width: 8, value: (r) => (r.isBasic ? 1 : 0) },
      {
        header: de ? 'Zahlend' : 'Paying',
        key: 'paying',
        width: 8,
        value: (r) => (r.isPayingCustomer ? 1 : 0),
      },
      { header: de ? 'Module' : 'Modules', key: 'modules', value: (r) => r.modules.join(', ') },
      { header: de ? 'Angelegt' : 'Created', key: 'created', value: (r) => r.createdAt },
    ],
    rows,
  );
  const date = new Date().toISOString().slice(0, 10);
  return { fileName: `${de ? 'kunden' : 'customers'}-${date}.xlsx`, mimeType: XLSX_MIME, data };
}

export async function mailCompanyAdmins(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof s.companyAdminMailBody>,
  ip: string,
) {
  const { companyId, company } = await reachableCompany(ctx, actor, body.companyId ?? actor.companyId, () =>
    assertMessageAllowed(ctx, actor, ip),
  );
  const admins = await repo.adminsOfCompanies(ctx.db, [companyId]);
  const language = company.communicationLanguage as Language;
  for (const admin of admins) {
    const t = mailTemplates.companyAdminMessage(language, {
      from: actor.email,
      subject: body.subject,
      message: body.message,
    });
    await ctx.mailer.queue({ to: admin.email, ...t, companyId });
  }
  return admins.length;
}
