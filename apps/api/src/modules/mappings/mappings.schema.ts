import { sql } from 'drizzle-orm';
import {
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
import { companyIdColumn, tenantTable } from '../../platform/db/schema.ts';
import { bytea, createdAt, tenantReference, ts, updatedAt } from '../../platform/db/columns.ts';

export type MappingDetail = { value: string; mappingField: string; unit?: 't' | 'kg' | 'km' | 'm' };
export type StoredFormatOptions = { delimiter: string; decimalSeparator: string; dateFormat: string };

export const mappings = tenantTable(
  'mappings',
  {
    templateName: text('template_name').notNull(),
    status: smallint('status').notNull().default(1),
    category: text('category').notNull(),
    format: text('format').notNull(),
    formatOptions: jsonb('format_options').$type<StoredFormatOptions>().notNull(),
    details: jsonb('details').$type<MappingDetail[]>().notNull(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('mappings_company_idx').on(t.companyId, t.status)],
);

/** A committed point of an import's read (mappings.import.resume.ts). */
export type ReadCheckpoint = {
  /** Last file row covered. */
  row: number;
  read: number;
  rejected: number;
  /** Staged rows up to `row`; a different count in the table means the staging was lost. */
  staged: number;
  /** The whole file was read: a retry goes straight to the write. */
  complete: boolean;
};

export type TaskCounts = { imported: number; updated: number; rejected: number };

export const mappingImportTasks = tenantTable(
  'mapping_import_tasks',
  {
    mappingId: uuid('mapping_id'),
    source: text('source').notNull().default('file'),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('uploaded'),
    importedBy: uuid('imported_by'),
    apiKeyId: uuid('api_key_id'),
    jobId: uuid('job_id'),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    /** First start of the import job: the import time limit counts from here. */
    startedAt: ts('started_at'),
    processedAt: ts('processed_at'),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    message: text('message'),
    /**
     * Where a retry resumes the read (decision 0016): the last file row whose staged rows and tour
     * codes are committed, with the counts up to it. Null until the rows are staged.
     */
    readCheckpoint: jsonb('read_checkpoint').$type<ReadCheckpoint>(),
  },
  (t) => [
    index('mapping_import_tasks_company_idx').on(t.companyId, t.uploadedAt.desc()),
    tenantReference('mapping_import_tasks_mapping_fk', [t.companyId, t.mappingId], mappings),
  ],
);

/**
 * The uploaded file of a task until it is processed, in pieces of `FILE_PIECE_BYTES`: each piece is
 * written and read by a statement of its own, so a large upload never holds the event loop (on
 * PGlite, which runs on the API's thread) for one long statement. Kept apart so task lists stay small.
 */
export const mappingImportFiles = pgTable(
  'mapping_import_files',
  {
    taskId: uuid('task_id').notNull(),
    companyId: companyIdColumn(),
    part: integer('part').notNull().default(0),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.part] }),
    uniqueIndex('mapping_import_files_company_uq').on(t.companyId, t.taskId, t.part),
    tenantReference('mapping_import_files_task_fk', [t.companyId, t.taskId], mappingImportTasks).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Parsed rows of a running task, written with COPY in committed batches while the file is read,
 * and read back tour by tour for the calculation. The table is UNLOGGED (migration 0005): a task's
 * rows are worthless after a crash, because the retry clears them and reads the file again.
 * `data` is the row as JSON text (no jsonb: the server never looks inside).
 */
export const mappingImportRows = pgTable(
  'mapping_import_rows',
  {
    taskId: uuid('task_id').notNull(),
    // No foreign key to companies: the task already belongs to the company, and a check per
    // staged row costs.
    companyId: uuid('company_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    tourReference: text('tour_reference').notNull(),
    data: text('data').notNull(),
  },
  (t) => [
    index('mapping_import_rows_task_idx').on(t.taskId, t.tourReference, t.rowNumber),
    tenantReference('mapping_import_rows_task_fk', [t.companyId, t.taskId], mappingImportTasks).onDelete(
      'cascade',
    ),
  ],
);

/** Tour code protocol: per-row problems of imports and calculations (seed 002). */
export const tourCodes = tenantTable(
  'tour_codes',
  {
    taskId: uuid('task_id'),
    tourReference: text('tour_reference'),
    rowNumber: integer('row_number'),
    column: text('column_title'),
    code: text('code').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tour_codes_company_idx').on(t.companyId, t.createdAt.desc()),
    index('tour_codes_task_idx').on(t.taskId, t.rowNumber),
    index('tour_codes_tour_idx')
      .on(t.companyId, t.tourReference)
      .where(sql`tour_reference is not null`),
    tenantReference('tour_codes_task_fk', [t.companyId, t.taskId], mappingImportTasks).onDelete('cascade'),
  ],
);
