import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { ImportRows, type StagedText } from './mappings.staging.ts';
import { mappingImportRows } from './mappings.schema.ts';
import * as tasks from './tasks.repository.ts';

const f = appWithCompanies({ Kept: 'Kept' });

/** Rows of three tours, interleaved as a file may hold them. */
const ROWS: [number, string, string][] = [
  [2, 'T-2', '{"r":2}'],
  [3, 'T-1', '{"r":3}'],
  [4, 'T-3', '{"r":4}'],
  [5, 'T-2', '{"r":5}'],
  [6, 'T-1', '{"r":6}'],
];

async function run(keptChars: number) {
  const companyId = asCompanyId(f.Kept.id);
  const task = await tasks.insertTask(f.t.ctx.db, { companyId, fileName: 'kept.csv' });
  const rows = new ImportRows(
    f.t.ctx.db,
    f.t.ctx.dbKind,
    { companyId, taskId: task.id },
    { keptChars, stagePerCopy: 2 },
  );
  for (const [n, tour, data] of ROWS) {
    rows.add(n, tour, data);
    await rows.flush();
  }
  await rows.drain();
  const staged = await f.t.ctx.db
    .select()
    .from(mappingImportRows)
    .where(eq(mappingImportRows.taskId, task.id));
  const batches: StagedText[][] = [];
  for await (const batch of rows.tours(f.t.ctx.db, 2)) batches.push(batch);
  return { batches, staged: staged.length, isStaged: rows.isStaged };
}

/** Two tours per batch, ordered by tour and row, each tour whole. */
const BATCHES = [
  [
    { tourReference: 'T-1', data: '{"r":3}' },
    { tourReference: 'T-1', data: '{"r":6}' },
    { tourReference: 'T-2', data: '{"r":2}' },
    { tourReference: 'T-2', data: '{"r":5}' },
  ],
  [{ tourReference: 'T-3', data: '{"r":4}' }],
];

describe('the rows of an import between reading and writing', () => {
  it('stay in memory within the budget: nothing is staged, the batches come by tour', async () => {
    const r = await run(1_000);
    expect(r).toMatchObject({ isStaged: false, staged: 0 });
    expect(r.batches).toEqual(BATCHES);
  });

  it('go to the staging table beyond it, the earlier rows with them, and come back the same', async () => {
    // The third row passes 14 characters: the two kept ones are staged with it, the rest follow.
    const r = await run(14);
    expect(r).toMatchObject({ isStaged: true, staged: ROWS.length });
    expect(r.batches).toEqual(BATCHES);
  });
});
