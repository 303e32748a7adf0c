import { expandRoles } from '@klimadesk/contract/platform/roles';
import type { Me } from '@klimadesk/contract/platform/schemas';
import i18n from 'i18next';
import { ApiError } from '../../app/api.ts';
import { errorText } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';

export type FleetAccess = {
  /** Read-only freight users list and export only. */
  readOnly: boolean;
  /** Basic companies see sample rows; every write needs the professional edition. */
  basic: boolean;
  canWrite: boolean;
  canExport: boolean;
};

export function fleetAccess(me: Pick<Me, 'roles' | 'company'>): FleetAccess {
  const readOnly = !expandRoles(me.roles).has('ROLE_CFT_USER');
  const basic = me.company.isBasic;
  return { readOnly, basic, canWrite: !readOnly && !basic, canExport: !basic };
}

/** Fleet error keys are translated in the fleet namespace; the rest in the common catalogue. */
export function fleetErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const key = `fleet:errors.${err.key}`;
    if (i18n.exists(key)) return i18n.t(key, err.detail ?? {});
  }
  return errorText(err);
}

/** Shows an API error in the snackbar; `log` adds the link to the log for refused writes. */
export function notifyFleetError(err: unknown, opts: { log?: boolean } = {}): void {
  if (err instanceof ApiError && err.sessionInvalid) return;
  const severity = err instanceof ApiError && err.code === 50250 ? 'warning' : 'error';
  notify(fleetErrorText(err), severity, opts);
}
