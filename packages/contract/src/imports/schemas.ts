import { z } from 'zod';

/** The import kit's runs (issue 38): one per uploaded file of the fleet, CFC, CSRD and factor imports. */
export const IMPORT_KINDS = [
  'vehicles',
  'trailers',
  'cfcEntries',
  'csrdReport',
  'csrdAnalysis',
  'csrdIndicators',
  'emissionFactors',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** `queued` and `running` are polled; the other three are final. */
export const IMPORT_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

/** Issues a run keeps and answers (the count says how many there were). */
export const IMPORT_ISSUES_MAX = 1000;

/**
 * One problem of one row: the file row (1 = titles), the column (its key or title; null for the
 * whole row or file), the module's code and at most 200 characters of the cell.
 */
export const importIssue = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  code: z.string(),
  value: z.string().nullable(),
});
export type ImportIssue = z.infer<typeof importIssue>;

export const importRun = z.object({
  id: z.uuid(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string().nullable(),
  status: z.enum(IMPORT_RUN_STATUSES),
  /** Rounded percent of the rows checked and written. */
  progress: z.number().int().min(0).max(100),
  uploadedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The module's answer of a finished import (the body the synchronous route answered before issue 38). */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why a failed import wrote nothing: the error body the synchronous route answered before. */
  error: z
    .object({
      code: z.number().int(),
      message: z.string(),
      detail: z.record(z.string(), z.unknown()).optional(),
    })
    .nullable(),
  /** The rows' problems of a failed import (at most IMPORT_ISSUES_MAX), in file order. */
  issues: z.array(importIssue),
  issueCount: z.number().int(),
});
export type ImportRun = z.infer<typeof importRun>;

export const importIssuesQuery = z.strictObject({ format: z.enum(['xlsx', 'csv']).optional() });
