import ExcelJS from 'exceljs';

/**
 * Cells that a spreadsheet program would run as a formula are prefixed with an apostrophe
 * (OWASP CSV injection): =, +, -, @, tab and carriage return at the start.
 */
export function neutraliseFormula(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type SheetColumn<T> = { header: string; key: string; width?: number; value: (row: T) => unknown };

/** A one-sheet workbook as a base64 string (seed 000 §7: exports are base64 data with a file name). */
export async function workbookBase64<T>(
  sheetName: string,
  columns: SheetColumn<T>[],
  rows: Iterable<T>,
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20 }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) {
    ws.addRow(Object.fromEntries(columns.map((c) => [c.key, neutraliseFormula(c.value(row))])));
  }
  const buffer = await wb.xlsx.writeBuffer();
  return Buffer.from(buffer).toString('base64');
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
