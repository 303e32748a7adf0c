import { expandRoles } from '@klimadesk/contract/platform/roles';
import type { Me } from '@klimadesk/contract/platform/schemas';

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
