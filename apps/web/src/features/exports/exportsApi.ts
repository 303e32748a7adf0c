import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXPORT_JOB_STATUS, type ExportKind } from '@klimadesk/contract/exports/schemas';
import { call, queryKeyOf, queryOptions, type Answer } from '../../app/client.ts';
import { filterQuery, type EmissionFilterValues } from '../../components/emissionFilters.ts';

export type { ExportKind };
export type ExportJob = Answer<'exportJobs'>['hydra:member'][number];
export type JobProgress = Answer<'exportJobProgress'>['hydra:member'][number];

/** The key every page of the export jobs list starts with. */
export const EXPORT_JOBS_KEY = queryKeyOf('exportJobs');

const EXPORT_ROUTES = { tours: 'exportTours', shipments: 'exportShipments' } as const;
/** How often unfinished jobs are asked for their progress. */
export const EXPORT_POLL_MS = 1000;

export const isUnfinished = (status: number) => status < EXPORT_JOB_STATUS.finished;

/** Starts an export job for the filters of a list (202); an empty result is refused with emptyExport. */
export function startExport(kind: ExportKind, filters: EmissionFilterValues): Promise<ExportJob> {
  return call(EXPORT_ROUTES[kind], { query: filterQuery(filters) });
}

export function useExportJobs(params: Record<string, string | number>) {
  return useQuery({
    ...queryOptions('exportJobs', { query: params }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Polls the progress of the unfinished jobs (seed 000 §4: status below 2). When one of them is
 * done the list is reloaded for its details (rows, end time, download); the poll ends by itself
 * once no unfinished job is left.
 */
export function useExportProgress(jobs: ExportJob[], pollMs = EXPORT_POLL_MS): Map<string, JobProgress> {
  const qc = useQueryClient();
  const ids = jobs.filter((j) => isUnfinished(j.status)).map((j) => j.id);
  const progress = useQuery({
    ...queryOptions('exportJobProgress', { query: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
    refetchInterval: pollMs,
    select: (d) => d['hydra:member'],
  });
  const done = (progress.data ?? []).filter((p) => !isUnfinished(p.status)).map((p) => p.id);
  const doneKey = done.join(',');
  useEffect(() => {
    if (doneKey) void qc.invalidateQueries({ queryKey: EXPORT_JOBS_KEY, exact: false });
  }, [doneKey, qc]);
  return new Map((progress.data ?? []).map((p) => [p.id, p]));
}
