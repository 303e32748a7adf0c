import { describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import * as tasks from './tasks.repository.ts';

/** Every task function that names a task by id also takes the company and keeps to it. */
const f = appWithCompanies('TaskA', 'TaskB');

describe('import task repository: company scope', () => {
  it('reads, changes and deletes a task and its file only within its company', async () => {
    const task = await tasks.insertTask(f.t.ctx.db, { companyId: f.TaskA.id, fileName: 'touren.csv' });
    await tasks.saveFile(f.t.ctx.db, task.id, f.TaskA.id, Buffer.from('Tour;Datum\n'));
    const jobId = await f.t.ctx.jobs.enqueue(
      'import-scope-test',
      { taskId: task.id },
      { companyId: f.TaskA.id },
    );

    expect(await tasks.taskById(f.t.ctx.db, f.TaskB.id, task.id)).toBeNull();
    expect(await tasks.loadFile(f.t.ctx.db, f.t.ctx.dbKind, f.TaskB.id, task.id)).toBeNull();
    expect(await tasks.updateTask(f.t.ctx.db, f.TaskB.id, task.id, { status: 'cancelled' })).toBe(false);
    await tasks.deleteFile(f.t.ctx.db, f.TaskB.id, task.id);
    await f.t.ctx.jobs.cancel(f.TaskB.id, jobId);

    expect((await tasks.taskById(f.t.ctx.db, f.TaskA.id, task.id))?.status).toBe('uploaded');
    expect((await tasks.loadFile(f.t.ctx.db, f.t.ctx.dbKind, f.TaskA.id, task.id))?.toString()).toBe(
      'Tour;Datum\n',
    );
    const job = await f.t.ctx.db.query.jobs.findFirst({ where: (j, { eq }) => eq(j.id, jobId) });
    expect(job?.status).toBe('queued');

    expect(await tasks.updateTask(f.t.ctx.db, f.TaskA.id, task.id, { status: 'cancelled' })).toBe(true);
    await f.t.ctx.jobs.cancel(f.TaskA.id, jobId);
    await tasks.deleteFile(f.t.ctx.db, f.TaskA.id, task.id);
    expect((await tasks.taskById(f.t.ctx.db, f.TaskA.id, task.id))?.status).toBe('cancelled');
    expect(await tasks.loadFile(f.t.ctx.db, f.t.ctx.dbKind, f.TaskA.id, task.id)).toBeNull();
    const cancelled = await f.t.ctx.db.query.jobs.findFirst({ where: (j, { eq }) => eq(j.id, jobId) });
    expect(cancelled?.status).toBe('cancelled');
  });
});
