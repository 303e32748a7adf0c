import { z } from 'zod';
import { listOf, paginationQueryOf } from '../http.ts';

/** Days an export file stays downloadable before it is removed. */
export const EXPORT_FILE_DAYS = 7;
export const EXPORT_JOB_PAGE_SIZE = 10;

/**
 * Export job status (seed 000 §4: below 2 means unfinished and is polled): 0 queued,
 * 1 running, 2 finished, 3 failed, 4 expired (file removed).
 */
export const EXPORT_JOB_STATUS = { queued: 0, running: 1, finished: 2, failed: 3, expired: 4 } as const;
export const EXPORT_KINDS = ['tours', 'shipments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const exportJob = z.object({
  id: z.uuid(),
  kind: z.enum(EXPORT_KINDS),
  status: z.number().int().min(0).max(4),
  /** Rounded percent of the rows written. */
  progress: z.number().int().min(0).max(100),
  totalRows: z.number().int(),
  exportStartTime: z.string(),
  exportEndTime: z.string().nullable(),
  exportedBy: z.string().nullable(),
  fileName: z.string(),
  /** Set while the file can be downloaded (finished and not expired). */
  downloadUrl: z.string().nullable(),
  availableUntil: z.string().nullable(),
  /** The filters the export was started with, as sent. */
  filters: z.record(z.string(), z.unknown()),
  message: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;
export const exportJobList = listOf(exportJob);
export const exportJobListQuery = z.strictObject(paginationQueryOf(EXPORT_JOB_PAGE_SIZE));

/** `ids=a,b,c` (comma-separated uuids, at most 50). */
export const exportProgressQuery = z.strictObject({
  ids: z
    .string()
    .max(50 * 37)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).max(50)),
});
export const exportProgress = z.object({
  'hydra:member': z.array(z.object({ id: z.uuid(), status: z.number().int(), progress: z.number().int() })),
  'hydra:totalItems': z.number().int(),
});
