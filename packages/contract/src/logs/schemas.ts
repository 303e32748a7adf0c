import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { listOf, orderQuery, paginationQueryOf } from '../http.ts';

/** The user action log's page size (seed 002 §2). */
export const USER_ACTION_LOG_PAGE_SIZE = 20;

/** One entry of the user action log: a write of a signed-in user, with the impersonating admin. */
export const userActionLog = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string().nullable(),
  userId: z.uuid().nullable(),
  userEmail: z.string().nullable(),
  impersonatorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  status: z.enum(['success', 'failure']),
  createdAt: z.string(),
});
export type UserActionLog = z.infer<typeof userActionLog>;
export const userActionLogList = listOf(userActionLog);

/** Filters of the list and its export: `status=1` are the completed writes, `0` the failed ones (seed 002 §3). */
export const userActionLogFilter = {
  action: z.string().trim().max(100).optional(),
  entity: z.string().trim().max(100).optional(),
  status: z.enum(['1', '0']).optional(),
  'createdAt[after]': calendarDay.optional(),
  'createdAt[before]': calendarDay.optional(),
  /** The platform admin reads every company, or the one named here; a company admin only their own. */
  companyId: z.uuid().optional(),
};

export const userActionLogQuery = z.strictObject({
  ...paginationQueryOf(USER_ACTION_LOG_PAGE_SIZE),
  ...userActionLogFilter,
  ...orderQuery(['createdAt']),
});
export const userActionLogExportQuery = z.strictObject(userActionLogFilter);
