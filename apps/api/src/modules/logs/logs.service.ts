import type { Language, UserActionLog, logSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import {
  type Actor,
  assertCompanyAccess,
  assertCompanyAdmin,
  isPlatformAdmin,
} from '../../platform/access.ts';
import { zonedDayStart } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import { type Column, XLSX_MIME, workbookBase64 } from '../../platform/spreadsheet.ts';
import * as repo from './logs.repository.ts';
import { texts } from '@klimadesk/contract/messages';

type Filter = z.output<typeof logSchemas.userActionLogExportQuery>;
type ListQueryOf = z.output<typeof logSchemas.userActionLogQuery>;

/** The rows of an export: every entry the filters match, up to this many (a year of a busy company). */
const EXPORT_MAX_ROWS = 50_000;

/**
 * Whose log the actor reads: a company admin their own company, the platform admin every company
 * or the one asked for. A company admin naming another company gets `notFound`.
 */
function scopeOf(actor: Actor, companyId: string | undefined): repo.LogScope {
  assertCompanyAdmin(actor);
  if (companyId !== undefined) return { companyId: assertCompanyAccess(actor, companyId) };
  return { companyId: isPlatformAdmin(actor) ? undefined : actor.companyId };
}

function filterOf(q: Filter, timeZone: string): repo.LogFilter {
  const after = q['createdAt[after]'];
  const before = q['createdAt[before]'];
  return {
    action: q.action || undefined,
    entity: q.entity || undefined,
    status: q.status === undefined ? undefined : q.status === '1' ? 'success' : 'failure',
    after: after ? zonedDayStart(after, timeZone) : undefined,
    // "before" names the last day included: the range ends at the start of the next day.
    before: before ? zonedDayStart(before, timeZone, 1) : undefined,
  };
}

function toDto(row: repo.ActionLogRow): UserActionLog {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    userId: row.userId,
    userEmail: row.userEmail,
    impersonatorEmail: row.impersonatorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    status: row.status as 'success' | 'failure',
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUserActions(ctx: AppContext, actor: Actor, q: ListQueryOf, timeZone: string) {
  const scope = scopeOf(actor, q.companyId);
  const { rows, total } = await repo.listActionLogs(ctx.db, scope, filterOf(q, timeZone), q);
  return list(rows.map(toDto), total);
}

const STATUS = {
  success: texts('logs.success'),
  failure: texts('logs.failure'),
};

const COLUMNS: Column<UserActionLog>[] = [
  {
    key: 'createdAt',
    header: texts('logs.time'),
    type: 'date',
    value: (r) => new Date(r.createdAt),
  },
  { key: 'company', header: texts('logs.company'), width: 28, value: (r) => r.companyName },
  { key: 'user', header: texts('logs.user'), width: 30, value: (r) => r.userEmail },
  { key: 'action', header: texts('logs.action'), width: 28 },
  { key: 'entity', header: texts('logs.area') },
  { key: 'entityId', header: texts('logs.objectId'), width: 38 },
  { key: 'status', header: 'Status', names: new Map(Object.entries(STATUS)) },
  {
    key: 'impersonator',
    header: texts('logs.signedInByAdmin'),
    width: 30,
    value: (r) => r.impersonatorEmail,
  },
];

/** The filtered log as one sheet (seed 002 §7 `/log-useractions/export`); nothing to export is `emptyExport`. */
export async function exportUserActions(
  ctx: AppContext,
  actor: Actor,
  q: Filter,
  lang: Language,
  timeZone: string,
) {
  const scope = scopeOf(actor, q.companyId);
  const { rows } = await repo.listActionLogs(ctx.db, scope, filterOf(q, timeZone), {
    page: 1,
    limit: EXPORT_MAX_ROWS,
  });
  if (rows.length === 0) throw new AppError('emptyExport');
  const de = lang === 'de';
  const data = await workbookBase64(de ? 'Protokoll' : 'Action log', COLUMNS, rows.map(toDto), {
    lang,
    timeZone,
  });
  const date = new Date().toISOString().slice(0, 10);
  return { fileName: `${de ? 'protokoll' : 'action-log'}-${date}.xlsx`, mimeType: XLSX_MIME, data };
}
