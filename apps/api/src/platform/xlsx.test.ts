import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { lieAboutSizes, sharedStringBomb } from '../../test/xlsx-bomb.ts';
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
    'refuses a 300 MB shared string in a small archive from the directory, before inflating',
    slow,
    async () => {
      const bomb = await sharedStringBomb(300 * 1024 * 1024);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      expect(await failure(checkXlsx(bomb))).toEqual({
        key: 'fileLimitExceeded',
        detail: { limit: 'sharedStringsBytes', max: XLSX_STREAM_LIMITS.sharedStringsBytes },
      });
    },
  );

  it('applies the tighter limits to workbooks loaded whole', slow, async () => {
    const bomb = await sharedStringBomb(20 * 1024 * 1024);
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
    const bomb = lieAboutSizes(await sharedStringBomb(200 * 1024 * 1024), 1000);
    expect(await failure(checkXlsx(bomb))).toEqual({ key: 'fileReadError', detail: { reason: 'entry' } });
  });

  it('refuses what is not a ZIP archive', async () => {
    expect(await failure(checkXlsx(Buffer.from('PK but not a zip')))).toEqual({
      key: 'fileReadError',
      detail: { reason: 'zip' },
    });
  });
});
