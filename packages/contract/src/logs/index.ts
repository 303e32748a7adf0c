export * as logSchemas from './schemas.ts';
export { USER_ACTION_LOG_PAGE_SIZE } from './schemas.ts';
export type { UserActionLog } from './schemas.ts';
export { logsRoutes } from './api.ts';
