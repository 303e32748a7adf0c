import type { ImportRun } from '@klimadesk/contract/imports/schemas';
import { ApiError } from '../app/api.ts';
import { call } from '../app/client.ts';
import { ERRORS, type ErrorKey } from '@klimadesk/contract/platform/errors';

export type { ImportRun };

/** How often a running import is asked for its progress. */
export const POLL_MS = 700;

export const isFinal = (run: ImportRun) => run.status !== 'queued' && run.status !== 'running';

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Polls an import run (route `importRun`) until it ends, reporting each state; stops on `signal`. */
export async function followImportRun(
  run: ImportRun,
  onRun: (run: ImportRun) => void = () => {},
  signal?: AbortSignal,
): Promise<ImportRun> {
  let current = run;
  onRun(current);
  while (!isFinal(current) && !signal?.aborted) {
    await pause(POLL_MS, signal);
    if (signal?.aborted) break;
    current = await call('importRun', { params: { id: run.id } });
    onRun(current);
  }
  return current;
}

/** A failed run's refusal as the error the synchronous route used to answer (same key and detail). */
export function runError(run: ImportRun): ApiError {
  const key = (run.error?.message ?? 'internalError') as ErrorKey;
  return new ApiError(ERRORS[key]?.status ?? 500, run.error ?? { message: 'internalError' });
}

/**
 * An import started by an upload, followed to its end: the module's result when it is done, else
 * the refusal thrown as an ApiError (for screens that show the answer the way they did before the
 * import ran as a job).
 */
export async function settleImport<T>(
  started: Promise<ImportRun>,
  onRun?: (run: ImportRun) => void,
): Promise<T> {
  const run = await followImportRun(await started, onRun);
  if (run.status === 'done') return run.result as T;
  if (run.status === 'cancelled') throw new ApiError(409, { message: 'notInProgress' });
  throw runError(run);
}
