import i18n from 'i18next';
import { ApiError } from '../app/api.ts';
import { notify } from './notify.ts';

/** The translated text of an API error; unknown keys fall back to the general message. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    const key = `errors:${err.key}`;
    if (i18n.exists(key)) return i18n.t(key, err.detail ?? {});
    return i18n.t(err.status >= 500 || err.status === 0 ? 'errors:internalError' : 'errors:unknown');
  }
  return i18n.t('errors:unknown');
}

/** Shows an API error in the snackbar; writes by signed-in users are logged, hence the Log link. */
export function notifyError(err: unknown, opts: { log?: boolean } = {}): void {
  if (err instanceof ApiError && err.sessionInvalid) return;
  const severity = err instanceof ApiError && err.code === 50250 ? 'warning' : 'error';
  notify(errorText(err), severity, opts);
}
