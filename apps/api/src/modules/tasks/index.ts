import { type RouteId, tasksRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { taskMailJob, taskMailSweep } from './tasks.notifications.ts';
import { taskRoutes } from './tasks.routes.ts';

/**
 * Tasks: to-dos of a company assigned to its users, and the batched e-mails that tell assignees
 * about them. Other modules (CSRD, CFC) attach their links through the API. Other modules import
 * only this file.
 */
export const tasksModule = defineModule({
  name: 'tasks',
  routes: Object.keys(tasksRoutes) as RouteId[],
  mount: taskRoutes,
  jobs: [taskMailJob],
  sweeps: [taskMailSweep],
});

/** The task use cases other modules offer under their own paths (the CSRD task calls). */
export { createTask, deleteTask, findCompanyTask, listTasks, updateTask } from './tasks.service.ts';
