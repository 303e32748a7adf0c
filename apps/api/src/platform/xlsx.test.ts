import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellsBomb, lieAboutSizes, manyEntries, sharedStringBomb } from '../../test/xlsx-bomb.ts';
import { appFailure as failure } from '../../test/errors.ts';
import { XLSX_LOAD_LIMITS, XLSX_STREAM_LIMITS, XML_TOKEN_MAX_BYTES, checkXlsx } from './xlsx.ts';

describe('checkXlsx', () => {
  // Writing a bomb deflates hundreds of megabytes: seconds on a busy machine.
  const slow = { timeout: 60_000 };

  it('passes an ordinary workbook with long cells', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Daten');
    ws.addRow(['Tour', 'Bemerkung']);
    for (let i = 0; i < 2000; i++) ws.addRow([`T-${i}`, `<&> ${'ü'.repeat(i === 7 ? 32_000 : 20)}`]);
    await expect(checkXlsx(Buffer.from(await wb.xlsx.writeBuffer()))).resolves.toBeUndefined();
  });

  it(
    'refuses a shared string over the limit in a small archive from the directory, before inflating',
    slow,
    async () => {
      const bomb = await sharedStringBomb(XLSX_STREAM_LIMITS.sharedStringsBytes + 1024 * 1024);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      expect(await failure(checkXlsx(bomb))).toEqual({
        key: 'fileLimitExceeded',
        detail: { limit: 'sharedStringsBytes', max: XLSX_STREAM_LIMITS.sharedStringsBytes },
      });
    },
  );

  it('applies the tighter limits to workbooks loaded whole', slow, async () => {
    const bomb = await sharedStringBomb(XLSX_LOAD_LIMITS.sharedStringsBytes + 1024 * 1024);
    await expect(checkXlsx(bomb)).rejects.toMatchObject({ key: 'fileLimitExceeded' });
    expect((await failure(checkXlsx(bomb, XLSX_LOAD_LIMITS))).detail).toMatchObject({
      limit: 'sharedStringsBytes',
    });
  });

  it('refuses a cell text longer than an Excel cell could hold', async () => {
    const bomb = await sharedStringBomb(XML_TOKEN_MAX_BYTES + 1);
    expect(await failure(checkXlsx(bomb))).toEqual({
      key: 'fileLimitExceeded',
      detail: { limit: 'xmlTokenBytes', max: XML_TOKEN_MAX_BYTES, part: 'xl/sharedStrings.xml' },
    });
  });

  it('stops inflating a part at the size its directory entry declares', slow, async () => {
    const bomb = lieAboutSizes(await sharedStringBomb(8 * 1024 * 1024), 1000);
    expect(await failure(checkXlsx(bomb))).toEqual({ key: 'fileReadError', detail: { reason: 'entry' } });
  });

  it('refuses what is not a ZIP archive', async () => {
    expect(await failure(checkXlsx(Buffer.from('PK but not a zip')))).toEqual({
      key: 'fileReadError',
      detail: { reason: 'zip' },
    });
  });

  it('refuses an archive of more parts than the limit before reading any', async () => {
    const archive = await manyEntries(XLSX_LOAD_LIMITS.entries);
    expect(await failure(checkXlsx(archive, XLSX_LOAD_LIMITS))).toEqual({
      key: 'fileLimitExceeded',
      detail: { limit: 'entries', max: XLSX_LOAD_LIMITS.entries },
    });
    // A workbook of 8 parts with 480 more is within it.
    await expect(
      checkXlsx(await manyEntries(XLSX_LOAD_LIMITS.entries - 20), XLSX_LOAD_LIMITS),
    ).resolves.toBeUndefined();
  });

  it('counts the rows of the worksheets against the row limit', async () => {
    const limits = { ...XLSX_LOAD_LIMITS, rows: 1000 };
    // The title row and 999 rows: the limit; one more is over it.
    await expect(checkXlsx(await cellsBomb(999, 3), limits)).resolves.toBeUndefined();
    expect(await failure(checkXlsx(await cellsBomb(1000, 3), limits))).toEqual({
      key: 'fileLimitExceeded',
      detail: { limit: 'rows', max: 1000 },
    });
    // Rows of one repeated number count as rows too; `<rowBreaks>` and other tags do not.
    expect(await failure(checkXlsx(await cellsBomb(1000, 3, { distinct: false }), limits))).toMatchObject({
      detail: { limit: 'rows' },
    });
  });
});
