export * as taskSchemas from './schemas.ts';
export {
  EMAIL_NOTIFICATION_DELAY_MS,
  TASK_EVENTS,
  TASK_PAGE_SIZE,
  TASK_STATUSES,
  TASK_STATUS_ARCHIVED,
  TASK_STATUS_LABELS,
} from './schemas.ts';
export type { Task, TaskBody, TaskEvent, TaskPatchBody, TaskStatus, TaskUser } from './schemas.ts';
export { TASK_READ_ROLES, TASK_WRITE_ROLES, tasksRoutes } from './api.ts';
