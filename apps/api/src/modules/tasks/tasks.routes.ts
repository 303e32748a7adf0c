import type { FastifyInstance } from 'fastify';
import { tasksRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as tasks from './tasks.service.ts';

export function taskRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.tasks, ({ actor, query }) => tasks.listTasks(ctx, actor, query));
  mount(app, r.taskAssignees, ({ actor }) => tasks.listAssignees(ctx, actor));
  mount(app, r.createTask, ({ actor, body }) => tasks.createTask(ctx, actor, body));
  mount(app, r.updateTask, ({ actor, params, body }) => tasks.updateTask(ctx, actor, params.id, body));
  mount(app, r.deleteTask, async ({ actor, params }) => {
    await tasks.deleteTask(ctx, actor, params.id);
    return ok('deleted');
  });
}
