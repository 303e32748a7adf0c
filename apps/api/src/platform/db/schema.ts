import { type BuildExtraConfigColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  type PgTableExtraConfigValue,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  bytea,
  companyRowKey,
  createdAt,
  idColumn as id,
  tenantReference,
  ts,
  updatedAt,
} from './columns.ts';

export const modules = pgTable('modules', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const companies = pgTable(
  'companies',
  {
    // The company row is the tenant itself, so its own id is the company id.
    id: id(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    street: text('street').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    city: text('city').notNull().default(''),
    additionalAddress: text('additional_address'),
    country: text('country'),
    phone1: text('phone1'),
    telefax: text('telefax'),
    email: text('email'),
    customBillingAddress: boolean('custom_billing_address').notNull().default(false),
    billingAddress: jsonb('billing_address').$type<Record<string, string | null> | null>(),
    communicationLanguage: text('communication_language').notNull().default('de'),
    /** Factor regions beyond Europe (and global sea/air) the company chose to see, e.g. `India`. */
    factorRegions: jsonb('factor_regions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    externalLink: jsonb('external_link').$type<{ name: string; url: string } | null>(),
    vatid: text('vatid'),
    modules: jsonb('modules')
      .$type<string[]>()
      .notNull()
      .default(sql`'["cft"]'::jsonb`),
    isBasic: boolean('is_basic').notNull().default(true),
    isPayingCustomer: boolean('is_paying_customer').notNull().default(false),
    unlocked: boolean('unlocked').notNull().default(false),
    unlockedAt: ts('unlocked_at'),
    customerNr: integer('customer_nr').notNull().generatedAlwaysAsIdentity({ startWith: 10001 }),
    initialModule: text('initial_module'),
    taxType: text('tax_type'),
    taxDemoEnd: ts('tax_demo_end'),
    isPlatform: boolean('is_platform').notNull().default(false),
    /** The special partner variant (seed 000 §2): a hidden flag that adds the order import log. */
    partnerVariant: boolean('partner_variant').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    // One live company per normalised name and zip code: a second registration is refused.
    uniqueIndex('companies_name_zip_uq')
      .on(t.nameKey, t.zipcode)
      .where(sql`deleted_at is null`),
  ],
);

/** The company a tenant row belongs to. */
export const companyIdColumn = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id);

/** The key columns of a tenant table, for the few that keep no (company_id, id) key of their own. */
export const tenantKey = () => ({ id: id(), companyId: companyIdColumn() });
/**
 * The key columns of a tenant table whose company_id has no foreign key to companies: the row
 * reaches its company through a tenant reference to its parent (user, group), or is a log.
 */
const looseTenantKey = () => ({ id: id(), companyId: uuid('company_id').notNull() });

/** Makes the table builder for one kind of tenant key (id first, then company_id). */
const keyedTable =
  <K extends ReturnType<typeof looseTenantKey>>(key: () => K) =>
  <N extends string, C extends Record<string, PgColumnBuilderBase>>(
    name: N,
    columns: C,
    extra: (t: BuildExtraConfigColumns<N, K & C, 'pg'>) => PgTableExtraConfigValue[] = () => [],
  ) =>
    pgTable(name, { ...key(), ...columns }, (t) => [companyRowKey(name, t), ...extra(t)]);

/**
 * A tenant table: it opens with its id and its company and keeps the (company_id, id) key
 * (`companyRowKey`), so every module's tenant table has the same key columns.
 */
export const tenantTable = keyedTable(tenantKey);
/** A tenant table as `tenantTable`, but without the foreign key from company_id to companies. */
const looseTenantTable = keyedTable(looseTenantKey);

export const users = tenantTable(
  'users',
  {
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    salutation: text('salutation'),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone1: text('phone1'),
    telefax: text('telefax'),
    department: text('department'),
    position: text('position'),
    licenceNr: text('licence_nr'),
    street: text('street'),
    zipcode: text('zipcode'),
    city: text('city'),
    country: text('country'),
    roles: jsonb('roles')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: smallint('status').notNull().default(1),
    isVerified: boolean('is_verified').notNull().default(false),
    introShown: boolean('intro_shown').notNull().default(false),
    releaseNotesShown: text('release_notes_shown'),
    lastLogin: ts('last_login'),
    preference: jsonb('preference')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    sessionConfig: jsonb('session_config')
      .$type<Record<string, string | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isCarrier: boolean('is_carrier').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    termsAcceptedAt: ts('terms_accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mail addresses are the login name: unique among accounts that are not deleted.
    uniqueIndex('users_email_uq')
      .on(t.email)
      .where(sql`status <> 3`),
    index('users_company_idx').on(t.companyId),
  ],
);

export const sessions = looseTenantTable(
  'sessions',
  {
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    impersonatorUserId: uuid('impersonator_user_id'),
    parentSessionId: uuid('parent_session_id'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    // Remembered tour and shipment date ranges of this session (seed 000 §3 "Session configuration").
    config: jsonb('config').$type<Partial<Record<string, string | null>>>(),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // Sessions of an admin acting as someone else end with the admin's rights (issue 32).
    index('sessions_impersonator_idx').on(t.impersonatorUserId),
    tenantReference('sessions_user_fk', [t.companyId, t.userId], users),
  ],
);

/** Single-use tokens sent by e-mail: registration confirmation and password reset. */
export const userTokens = looseTenantTable(
  'user_tokens',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address an `email` token confirms; the user's e-mail changes only when it is used. */
    newEmail: text('new_email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_uq').on(t.tokenHash),
    tenantReference('user_tokens_user_fk', [t.companyId, t.userId], users),
  ],
);

export const userGroups = tenantTable(
  'user_groups',
  {
    name: text('name').notNull(),
    activeModules: jsonb('active_modules')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rights: jsonb('rights')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_groups_name_uq').on(t.companyId, t.name)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    companyId: uuid('company_id').notNull(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  // A user belongs to at most one group (seed 000 §3).
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('ugm_group_idx').on(t.groupId),
    tenantReference('ugm_group_fk', [t.companyId, t.groupId], userGroups).onDelete('cascade'),
    tenantReference('ugm_user_fk', [t.companyId, t.userId], users),
  ],
);

export const accessRights = looseTenantTable(
  'access_rights',
  {
    groupId: uuid('group_id').notNull(),
    businessUnit: text('business_unit'),
    report: text('report'),
    accessRights: jsonb('access_rights').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_rights_group_idx').on(t.companyId, t.groupId),
    tenantReference('access_rights_group_fk', [t.companyId, t.groupId], userGroups).onDelete('cascade'),
  ],
);

export const userActionLogs = looseTenantTable(
  'user_action_logs',
  {
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    impersonatorId: uuid('impersonator_id'),
    impersonatorEmail: text('impersonator_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    status: text('status').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('user_action_logs_company_idx').on(t.companyId, t.createdAt)],
);

/** Every e-mail the platform sends; with no SMTP server configured it stays here. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: id(),
    companyId: uuid('company_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** The job queue: claimed with FOR UPDATE SKIP LOCKED, so several workers can share it. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    companyId: uuid('company_id'),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('queued'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    lockedAt: ts('locked_at'),
    lockedBy: text('locked_by'),
    progress: integer('progress').notNull().default(0),
    processed: bigint('processed', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }),
    result: jsonb('result').$type<Record<string, unknown>>(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_ready_idx')
      .on(t.queue, t.runAt)
      .where(sql`status = 'queued'`),
    index('jobs_company_idx').on(t.companyId),
  ],
);

/**
 * Runs of the import kit (`platform/import-kit.ts`): one per uploaded file of a module's import,
 * with its progress and then its result or its row issues. The file waits in `import_run_files`
 * (in pieces, as the mapping import keeps its files) until the run ends.
 */
export const importRuns = tenantTable(
  'import_runs',
  {
    kind: text('kind').notNull(),
    fileName: text('file_name'),
    status: text('status').notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    /** What the module checked in the request and its job needs (report, section, owner, …). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    uploadedBy: uuid('uploaded_by'),
    jobId: uuid('job_id'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: jsonb('error').$type<{ code: number; message: string; detail?: Record<string, unknown> }>(),
    issues:
      jsonb('issues').$type<{ row: number; column: string | null; code: string; value: string | null }[]>(),
    issueCount: integer('issue_count').notNull().default(0),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('import_runs_company_idx').on(t.companyId, t.uploadedAt.desc())],
);

export const importRunFiles = pgTable(
  'import_run_files',
  {
    runId: uuid('run_id').notNull(),
    companyId: companyIdColumn(),
    part: integer('part').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.runId, t.part] }),
    tenantReference('import_run_files_run_fk', [t.companyId, t.runId], importRuns).onDelete('cascade'),
  ],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Counters of the limits that hold across API processes on PostgreSQL (login back-off,
 * registration, reset, messages, per-IP requests; platform/auth/limit-store.ts). Times are epoch
 * milliseconds of the app's clock; rows past `expires_at` are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    lastAt: bigint('last_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
