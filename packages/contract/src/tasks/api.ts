import { routeKit, defineRoutes } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

/** Every user of a company with a module role reads the company's tasks (read-only users too). */
export const TASK_READ_ROLES: Role[] = [
  'ROLE_COMPANY_ADMIN',
  'ROLE_CFT_READ_ONLY',
  'ROLE_CFC_READ_ONLY',
  'ROLE_TAX_READ_ONLY',
  'ROLE_CSRD_READ_ONLY',
  'ROLE_VSME_READ_ONLY',
];
/** Company admins and module users (module admins include them) create, change and delete tasks. */
export const TASK_WRITE_ROLES: Role[] = [
  'ROLE_COMPANY_ADMIN',
  'ROLE_CFT_USER',
  'ROLE_CFC_USER',
  'ROLE_TAX_USER',
  'ROLE_CSRD_USER',
  'ROLE_VSME_USER',
];

const kit = routeKit('tasks', { module: null, read: TASK_READ_ROLES, write: TASK_WRITE_ROLES });
const tasks = kit.collection('/api/tasks', 'task', { item: s.task });
const people = { assignee: 'user', responsible: 'user' } as const;

export const tasksRoutes = defineRoutes({
  tasks: tasks.list('Tasks of the own company, by deadline (10 per page; archived only when asked for)', {
    query: s.taskListQuery,
    resources: people,
  }),
  createTask: tasks.create('Create a task; the signed-in user is its assigner', {
    body: s.taskBody,
    resources: people,
  }),
  updateTask: tasks.update('Change a task (merge patch)', {
    body: s.taskPatchBody,
    resources: people,
  }),
  deleteTask: tasks.remove('Delete a task; its assignee is told by e-mail'),
  taskAssignees: kit.read('/api/task-assignees', 'Users of the own company a task can name', {
    response: { 200: s.taskUserList },
  }),
});
