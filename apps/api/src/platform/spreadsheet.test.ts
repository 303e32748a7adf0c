import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, workbookBase64 } from './spreadsheet.ts';

describe('neutraliseFormula', () => {
  it('prefixes formula starters and leaves other values alone', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseFormula('+49 30 1234')).toBe("'+49 30 1234");
    expect(neutraliseFormula('-1')).toBe("'-1");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('Demo GmbH')).toBe('Demo GmbH');
    expect(neutraliseFormula(-1)).toBe(-1);
  });
});

describe('workbookBase64', () => {
  it('writes a readable workbook with neutralised cells', async () => {
    const data = await workbookBase64(
      'Test',
      [{ header: 'Name', key: 'name', value: (r: { name: string }) => r.name }],
      [{ name: '=1+1' }, { name: 'plain' }],
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(data, 'base64') as never);
    const ws = wb.getWorksheet('Test');
    expect(ws?.getCell('A1').value).toBe('Name');
    expect(ws?.getCell('A2').value).toBe("'=1+1");
    expect(ws?.getCell('A3').value).toBe('plain');
  });
});
