import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyIdColumn, tenantTable, users } from '../../platform/db/schema.ts';
import { bytea, createdAt, tenantReference, ts } from '../../platform/db/columns.ts';

/**
 * An export of tours or shipments (seed 000 §3 "Export job"). Status numbers are the contract's
 * EXPORT_JOB_STATUS: 0 queued, 1 running, 2 finished, 3 failed, 4 expired (file removed).
 */
export const exportJobs = tenantTable(
  'export_jobs',
  {
    kind: text('kind').$type<'tours' | 'shipments'>().notNull(),
    status: smallint('status').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    totalRows: integer('total_rows').notNull(),
    writtenRows: integer('written_rows').notNull().default(0),
    /** The filters as sent; the job applies them again, so rows imported meanwhile may appear. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    /** The shippers the exporting user may see (null: all), applied again by the job. */
    shipperScope: jsonb('shipper_scope').$type<string[] | null>(),
    language: text('language').$type<'de' | 'en'>().notNull(),
    timeZone: text('time_zone').notNull(),
    exportedBy: uuid('exported_by'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }),
    jobId: uuid('job_id'),
    message: text('message'),
    exportStartTime: ts('export_start_time').notNull().defaultNow(),
    exportEndTime: ts('export_end_time'),
    availableUntil: ts('available_until'),
    createdAt: createdAt(),
  },
  (t) => [
    index('export_jobs_company_start_idx').on(t.companyId, t.exportStartTime.desc()),
    index('export_jobs_available_idx').on(t.status, t.availableUntil),
    tenantReference('export_jobs_exported_by_fk', [t.companyId, t.exportedBy], users),
  ],
);

/**
 * The file of a finished export in chunks of about 1 MiB (docs/decisions/0007-export-files.md):
 * written while the workbook streams out, read back one chunk at a time for the download.
 */
export const exportFileChunks = pgTable(
  'export_file_chunks',
  {
    exportJobId: uuid('export_job_id').notNull(),
    companyId: companyIdColumn(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.exportJobId, t.seq] }),
    uniqueIndex('export_file_chunks_company_uq').on(t.companyId, t.exportJobId, t.seq),
    tenantReference('export_file_chunks_job_fk', [t.companyId, t.exportJobId], exportJobs).onDelete(
      'cascade',
    ),
  ],
);
