import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from './errors.ts';
import { notify, type Severity } from './notify.ts';

/** The snackbar after a write: a text, or a text with its own severity and duration. */
export type SuccessNotice = string | { message: string; severity?: Severity; duration?: number };

export type ApiMutationOptions<V, R> = {
  mutate: (vars: V) => Promise<R>;
  /** Query keys (or their prefixes, e.g. `['vehicles']`) to refetch after the call, also after a refusal. */
  invalidate?: readonly (readonly unknown[])[];
  /** Shown in the snackbar after a success; writes are in the user action log, hence the Log link. */
  success?: SuccessNotice | ((result: R, vars: V) => SuccessNotice | null);
  /** Whether the success notice links to the log; off for calls the log does not record. */
  log?: boolean;
  onSuccess?: (result: R, vars: V) => void;
  /** Turns a refusal into the text shown; may mark form fields on the way (`applyServerError`). */
  errorOf?: (err: unknown, vars: V) => string;
};

/**
 * One API write with its busy state and its refusal as translated text (error catalogue key),
 * the list refetch and the success notice. `run` never rejects: the error stays in `error`
 * for the dialog to show until it is closed or the next run.
 */
export function useApiMutation<V = void, R = unknown>(opts: ApiMutationOptions<V, R>) {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation<R, unknown, V>({
    mutationFn: opts.mutate,
    onSuccess: async (result, vars) => {
      const notice = typeof opts.success === 'function' ? opts.success(result, vars) : opts.success;
      if (notice) {
        const {
          message,
          severity = 'success',
          duration,
        } = typeof notice === 'string' ? { message: notice } : notice;
        notify(message, severity, { log: opts.log ?? true, duration });
      }
      opts.onSuccess?.(result, vars);
    },
    // A refusal may come from a row changed elsewhere (a restore blocked by an active plate), so
    // the list is fetched again either way.
    onSettled: () => {
      for (const queryKey of opts.invalidate ?? []) void qc.invalidateQueries({ queryKey });
    },
  });
  const run = async (vars: V): Promise<R | undefined> => {
    setError(null);
    try {
      return await mutation.mutateAsync(vars);
    } catch (err) {
      setError(opts.errorOf ? opts.errorOf(err, vars) : errorText(err));
      return undefined;
    }
  };
  return {
    run,
    /**
     * Rejects on failure, for callers that show the error themselves (the confirm dialog). Keeps
     * its identity across renders (react-query's `mutateAsync`), so memoized columns can call it.
     */
    runOrThrow: mutation.mutateAsync,
    busy: mutation.isPending,
    error,
    clearError: () => setError(null),
  };
}

export type ApiMutation<V = void, R = unknown> = ReturnType<typeof useApiMutation<V, R>>;
