/**
 * Who reaches which business units and reports (seed 001 §6): the company admin and the CFC admin
 * every one; CFC users and read-only users what their user group's CFC access rights grant (all
 * or one business unit, all or one report, read or write). Read-only users never write.
 */
import type { ErrorKey } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, hasAnyRole, isReadOnlyUser } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './cfc.repository.ts';

export type CfcAccess = {
  /** Every unit and report, read and write. */
  all: boolean;
  readOnly: boolean;
  rules: repo.RightInput[];
};

export function isCfcAdmin(actor: Actor): boolean {
  return hasAnyRole(actor, ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_ADMIN']);
}

export async function accessOf(ctx: Pick<AppContext, 'db'>, actor: Actor): Promise<CfcAccess> {
  const readOnly = isReadOnlyUser(actor.roles);
  if (isCfcAdmin(actor)) return { all: true, readOnly, rules: [] };
  if (!actor.groupId) return { all: false, readOnly, rules: [] };
  const rows = await repo.listRights(ctx.db, actor.companyId, actor.groupId);
  return {
    all: false,
    readOnly,
    rules: rows.map((r) => ({ businessUnitId: r.businessUnitId, reportId: r.reportId, rights: r.rights })),
  };
}

const fits = (rule: repo.RightInput, unitId: string, reportId: string | null) =>
  (rule.businessUnitId === null || rule.businessUnitId === unitId) &&
  (reportId === null || rule.reportId === null || rule.reportId === reportId);

/** Read access to a unit (any of its reports, `reportId` null) or to one report. */
export function canRead(access: CfcAccess, unitId: string, reportId: string | null = null): boolean {
  if (access.all) return true;
  return access.rules.some((r) => fits(r, unitId, reportId) && r.rights.length > 0);
}

/** Write access to one report (entries, documents, methods). */
export function canWrite(access: CfcAccess, unitId: string, reportId: string): boolean {
  if (access.readOnly) return false;
  if (access.all) return true;
  return access.rules.some((r) => fits(r, unitId, reportId) && r.rights.includes('write'));
}

/** Seed 001 §6: write on all reports (of the unit, or of every unit) allows creating and deleting reports. */
export function canManageReports(access: CfcAccess, unitId: string): boolean {
  if (access.readOnly) return false;
  if (access.all) return true;
  return access.rules.some(
    (r) =>
      (r.businessUnitId === null || r.businessUnitId === unitId) &&
      r.reportId === null &&
      r.rights.includes('write'),
  );
}

/** The report if the actor may read it (or write it, with `write`), else the given denial code. */
export async function reportFor(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  id: string,
  need: { write?: ErrorKey; read?: ErrorKey } = {},
): Promise<{ report: repo.ReportWithUnit; access: CfcAccess }> {
  const report = await repo.findReport(ctx.db, actor.companyId, id);
  if (!report) throw new AppError('notFound');
  const access = await accessOf(ctx, actor);
  if (!canRead(access, report.businessUnitId, report.id))
    throw new AppError(need.read ?? 'readBusinessUnitNotAllowed');
  if (need.write && !canWrite(access, report.businessUnitId, report.id)) throw new AppError(need.write);
  return { report, access };
}
