import { describe, expect, it } from 'vitest';
import { cellsBomb } from '../../test/xlsx-bomb.ts';
import { appFailure as failure } from '../../test/errors.ts';
import { type Cell, READER_THREADS, TENANT_READS, readXlsx } from './xlsx-pool.ts';

/** Every row a stream read yields. */
async function allRows(data: Buffer, tenant?: string): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  for await (const event of readXlsx(data, { mode: 'stream', tenant }))
    if (event.type === 'rows') rows.push(...event.rows);
  return rows;
}

describe('spreadsheet reader threads', () => {
  // The first read starts a thread, which loads exceljs: a second or more on a busy machine.
  const slow = { timeout: 60_000 };

  it('streams the rows of a sheet in order over several batches', slow, async () => {
    const file = await cellsBomb(1_200, 2, { titles: ['A', 'B'] });
    const rows = await allRows(file);
    expect(rows).toHaveLength(1_201);
    expect(rows[0]).toEqual(['A', 'B']);
    // Row r holds r % 10 in every cell.
    expect(rows.every((r, i) => i === 0 || (r[0] === (i + 1) % 10 && r[1] === (i + 1) % 10))).toBe(true);
  });

  it(
    `lets a company have ${TENANT_READS} reads at a time and refuses another with importsBusy`,
    slow,
    async () => {
      const file = await cellsBomb(1_200, 2);
      const held = Array.from({ length: TENANT_READS }, () =>
        readXlsx(file, { mode: 'stream', tenant: 'c1' }),
      );
      for (const read of held) expect((await read.next()).value).toMatchObject({ type: 'rows' });
      expect(await failure(readXlsx(file, { mode: 'stream', tenant: 'c1' }).next())).toEqual({
        key: 'importsBusy',
        detail: { max: TENANT_READS },
      });
      // The share is the company's: another company's read waits only for a free thread.
      const other = allRows(await cellsBomb(10, 1), 'c2');
      await held[0].return(undefined);
      expect(await other).toHaveLength(11);
      await held[1].return(undefined);
      expect(await allRows(file, 'c1')).toHaveLength(1_201);
    },
  );

  it('frees a thread whose reader stopped early', slow, async () => {
    const file = await cellsBomb(3_000, 2);
    // More abandoned reads than threads: each must have freed its thread for the next.
    for (let i = 0; i < READER_THREADS + 2; i++) {
      const read = readXlsx(file, { mode: 'stream' });
      expect((await read.next()).value).toMatchObject({ type: 'rows' });
      await read.return(undefined);
    }
    expect(await allRows(file)).toHaveLength(3_001);
  });

  it('reads every sheet of a small workbook with the hidden sheet’s A1 apart', slow, async () => {
    const file = await cellsBomb(3, 2, { sheet: 'Fahrzeuge', hidden: { name: 'config', text: '{"v":1}' } });
    const events = [];
    for await (const event of readXlsx(file, { mode: 'load', hiddenSheet: 'config' })) events.push(event);
    expect(events).toEqual([
      { type: 'sheet', name: 'Fahrzeuge', visible: true },
      { type: 'rows', rows: expect.any(Array), bytes: file.length },
      { type: 'done', hidden: '{"v":1}' },
    ]);
  });
});
