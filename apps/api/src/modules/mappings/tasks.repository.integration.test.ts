import { describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import * as tasks from './tasks.repository.ts';
import { mappingImportFiles } from './mappings.schema.ts';
import { eq } from 'drizzle-orm';

/** Every task function that names a task by id also takes the company and keeps to it. */
const f = appWithCompanies({ TaskA: 'TaskA', TaskB: 'TaskB' });

describe('import task repository: company scope', () => {
  it('reads, changes and deletes a task and its file only within its company', async () => {
    const a = asCompanyId(f.TaskA.id);
    const b = asCompanyId(f.TaskB.id);
    const task = await tasks.insertTask(f.t.ctx.db, { companyId: a, fileName: 'touren.csv' });
    await tasks.saveFile(f.t.ctx.db, task.id, a, Buffer.from('Tour;Datum\n'));
    const jobId = await f.t.ctx.jobs.enqueue('import-scope-test', { taskId: task.id }, { companyId: a });

    expect(await tasks.taskById(f.t.ctx.db, b, task.id)).toBeNull();
    expect(await tasks.loadFile(f.t.ctx.db, b, task.id)).toBeNull();
    expect(await tasks.updateTask(f.t.ctx.db, b, task.id, { status: 'cancelled' })).toBe(false);
    await tasks.deleteFile(f.t.ctx.db, b, task.id);
    await f.t.ctx.jobs.cancel(b, jobId);

    expect((await tasks.taskById(f.t.ctx.db, a, task.id))?.status).toBe('uploaded');
    expect((await tasks.loadFile(f.t.ctx.db, a, task.id))?.toString()).toBe('Tour;Datum\n');
    const job = await f.t.ctx.db.query.jobs.findFirst({ where: (j, { eq }) => eq(j.id, jobId) });
    expect(job?.status).toBe('queued');

    expect(await tasks.updateTask(f.t.ctx.db, a, task.id, { status: 'cancelled' })).toBe(true);
    await f.t.ctx.jobs.cancel(a, jobId);
    await tasks.deleteFile(f.t.ctx.db, a, task.id);
    expect((await tasks.taskById(f.t.ctx.db, a, task.id))?.status).toBe('cancelled');
    expect(await tasks.loadFile(f.t.ctx.db, a, task.id)).toBeNull();
    const cancelled = await f.t.ctx.db.query.jobs.findFirst({ where: (j, { eq }) => eq(j.id, jobId) });
    expect(cancelled?.status).toBe('cancelled');
  });

  it('stores an upload in pieces and reads it back byte for byte', async () => {
    const a = asCompanyId(f.TaskA.id);
    const task = await tasks.insertTask(f.t.ctx.db, { companyId: a, fileName: 'gross.csv' });
    // Two and a half pieces of varied bytes: a misplaced or missing piece changes the result.
    const data = Buffer.alloc(Math.floor(tasks.FILE_PIECE_BYTES * 2.5), 0);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 12)) & 0xff;
    await tasks.saveFile(f.t.ctx.db, task.id, a, data);
    const pieces = await f.t.ctx.db
      .select({ part: mappingImportFiles.part })
      .from(mappingImportFiles)
      .where(eq(mappingImportFiles.taskId, task.id));
    expect(pieces.map((p) => p.part).sort()).toEqual([0, 1, 2]);
    expect((await tasks.loadFile(f.t.ctx.db, a, task.id))?.equals(data)).toBe(true);
    await tasks.deleteFile(f.t.ctx.db, a, task.id);
    expect(await tasks.loadFile(f.t.ctx.db, a, task.id)).toBeNull();
  });

  it('reads staged rows only within the company', async () => {
    const a = asCompanyId(f.TaskA.id);
    const b = asCompanyId(f.TaskB.id);
    const task = await tasks.insertTask(f.t.ctx.db, { companyId: a, fileName: 'staged.csv' });
    await tasks.stageRows(f.t.ctx.db, f.t.ctx.dbKind, [
      { taskId: task.id, companyId: a, rowNumber: 2, tourReference: 'T-1', data: '{"n":1}' },
      { taskId: task.id, companyId: a, rowNumber: 3, tourReference: 'T-2', data: '{"n":2}' },
    ]);
    expect(await tasks.nextStagedTours(f.t.ctx.db, b, task.id, null, 10)).toEqual([]);
    expect(await tasks.nextStagedTours(f.t.ctx.db, a, task.id, null, 1)).toEqual([
      { tourReference: 'T-1', data: '{"n":1}' },
    ]);
    await tasks.clearStaging(f.t.ctx.db, b, task.id);
    expect(await tasks.nextStagedTours(f.t.ctx.db, a, task.id, 'T-1', 10)).toHaveLength(1);
  });
});
