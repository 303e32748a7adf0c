import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  type Cell,
  type Column,
  dateOf,
  loadWorkbook,
  neutraliseFormula,
  numberOf,
  readRows,
  roundFigure,
  rowCells,
  streamWorkbook,
  workbookBase64,
  xlsxRows,
} from './spreadsheet.ts';

type Trip = { ref: string; day: Date | null; km: number | null; type: string; cooled: boolean };

const TYPES = new Map([['road_van', { de: 'Transporter', en: 'Van' }]]);
const COLUMNS: Column<Trip>[] = [
  { key: 'ref', header: { de: 'Tour', en: 'Trip' }, required: true },
  { key: 'day', header: { de: 'Datum', en: 'Date' }, type: 'date' },
  { key: 'km', header: { de: 'Distanz (km)', en: 'Distance (km)' }, type: 'number', digits: 1 },
  { key: 'type', header: { de: 'Fahrzeugtyp', en: 'Vehicle type' }, names: TYPES },
  { key: 'cooled', header: { de: 'Gekühlt', en: 'Cooled' }, type: 'boolean' },
];

async function sheetOf(base64: string | Buffer, name?: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((typeof base64 === 'string' ? Buffer.from(base64, 'base64') : base64) as never);
  const ws = name ? wb.getWorksheet(name) : wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return { wb, ws };
}

async function xlsxOf(rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function collect(sheet: Awaited<ReturnType<typeof readRows>>) {
  const out = [];
  for await (const r of sheet.rows) out.push(r);
  return out;
}

describe('neutraliseFormula', () => {
  it('prefixes formula starters and leaves other values alone', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseFormula('+49 30 1234')).toBe("'+49 30 1234");
    expect(neutraliseFormula('-1')).toBe("'-1");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('\tx')).toBe("'\tx");
    expect(neutraliseFormula('Demo GmbH')).toBe('Demo GmbH');
    expect(neutraliseFormula(-1)).toBe(-1);
  });
});

describe('writing', () => {
  const trip: Trip = {
    ref: '=cmd|calc',
    day: new Date('2026-07-15T06:30:00Z'),
    km: 412.46,
    type: 'road_van',
    cooled: true,
  };

  it('writes real dates in the reader time zone, figures rounded, codes named, formulas neutralised', async () => {
    const data = await workbookBase64({ de: 'Touren', en: 'Trips' }, COLUMNS, [trip], {
      lang: 'de',
      timeZone: 'Europe/Berlin',
    });
    const { ws } = await sheetOf(data, 'Touren');
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Tour',
      'Datum',
      'Distanz (km)',
      'Fahrzeugtyp',
      'Gekühlt',
    ]);
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe("'=cmd|calc");
    // 06:30 UTC is 08:30 in Berlin in summer; the cell is a date, shown in the German order.
    expect(row.getCell(2).value).toBeInstanceOf(Date);
    expect((row.getCell(2).value as Date).toISOString()).toBe('2026-07-15T08:30:00.000Z');
    expect(row.getCell(2).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(row.getCell(3).value).toBe(412.5);
    expect(typeof row.getCell(3).value).toBe('number');
    expect(row.getCell(3).numFmt).toBe('#,##0.0');
    expect(row.getCell(4).value).toBe('Transporter');
    expect(row.getCell(5).value).toBe('ja');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('writes a calendar day as that day in every time zone, shown without a time', async () => {
    type Row = { on: string };
    const columns: Column<Row>[] = [{ key: 'on', header: { de: 'Datum', en: 'Date' }, type: 'day' }];
    // Far east of UTC: an instant column would move midnight to the day before or show a time.
    expect(rowCells(columns, { on: '2026-03-02' }, { lang: 'de', timeZone: 'Pacific/Kiritimati' })).toEqual([
      new Date('2026-03-02T00:00:00.000Z'),
    ]);
    const data = await workbookBase64({ de: 'Tage', en: 'Days' }, columns, [{ on: '2026-03-02' }], {
      lang: 'en',
      timeZone: 'America/Los_Angeles',
    });
    const { ws } = await sheetOf(data, 'Days');
    expect((ws.getRow(2).getCell(1).value as Date).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(ws.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
  });

  it('keeps unknown codes, empties missing and infinite figures', () => {
    const cells = rowCells(
      COLUMNS,
      { ...trip, type: 'unknown_type', km: Number.NaN, day: null },
      { lang: 'en' },
    );
    expect(cells).toEqual(["'=cmd|calc", null, null, 'unknown_type', 'yes']);
  });

  // Reading starts a reader thread, which loads exceljs: seconds on a busy machine.
  it('adds a very hidden sheet and reads it back', { timeout: 30_000 }, async () => {
    const data = await workbookBase64('Trips', COLUMNS, [], {
      lang: 'en',
      hidden: { name: 'config', text: '{"v":2}' },
    });
    const { wb } = await sheetOf(data);
    expect(wb.getWorksheet('config')?.state).toBe('veryHidden');
    const loaded = await loadWorkbook(Buffer.from(data, 'base64'), 'config');
    expect(loaded.hidden).toBe('{"v":2}');
    expect(loaded.rows).toEqual([['Trip', 'Date', 'Distance (km)', 'Vehicle type', 'Cooled']]);
  });

  it('streams the same cells as the in-memory writer', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = streamWorkbook(out, { de: 'Touren', en: 'Trips' }, COLUMNS, { lang: 'en', timeZone: 'UTC' });
    book.add(trip);
    await book.end();
    const { ws } = await sheetOf(Buffer.concat(chunks), 'Trips');
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual([
      "'=cmd|calc",
      new Date('2026-07-15T06:30:00Z'),
      412.5,
      'Van',
      'yes',
    ]);
  });

  it('rounds half away from zero', () => {
    expect(roundFigure(1.005, 2)).toBe(1.01);
    expect(roundFigure(-2.5, 0)).toBe(-3);
  });
});

describe('readRows', () => {
  it(
    'reads typed values from an xlsx file by either language, skipping empty rows',
    { timeout: 30_000 },
    async () => {
      const file = await xlsxOf([
        ['Trip', 'Datum', ' distanz  (KM) ', 'Gekühlt'],
        ['T1', new Date('2026-03-02T00:00:00Z'), 12.5, 'ja'],
        [],
        ['T2', '03.03.2026 14:30', '1.234,5', ''],
      ]);
      const sheet = await readRows(xlsxRows(file), COLUMNS as Column<never>[], { decimalSeparator: ',' });
      expect(sheet.issues).toEqual([]);
      expect(sheet.titles).toEqual(['Trip', 'Datum', ' distanz  (KM) ', 'Gekühlt']);
      const rows = await collect(sheet);
      expect(rows).toEqual([
        {
          row: 2,
          values: { ref: 'T1', day: new Date('2026-03-02T00:00:00Z'), km: 12.5, cooled: true },
          issues: [],
        },
        {
          row: 4,
          values: { ref: 'T2', day: new Date('2026-03-03T14:30:00Z'), km: 1234.5, cooled: false },
          issues: [],
        },
      ]);
      // A column row 1 does not hold has no key at all: an update leaves that field alone.
      expect('type' in rows[0].values).toBe(false);
    },
  );

  it('reports a missing required column on row 1 and reads no rows', async () => {
    const sheet = await readRows([['Datum'], ['01.03.2026']], COLUMNS as Column<never>[]);
    expect(sheet.issues).toEqual([{ row: 1, column: 'Tour', key: 'ref', code: 'missingColumn' }]);
    expect(await collect(sheet)).toEqual([]);
  });

  it('reports an empty file', async () => {
    const sheet = await readRows([], COLUMNS as Column<never>[]);
    expect(sheet.issues).toEqual([{ row: 1, column: null, key: null, code: 'emptyFile' }]);
  });

  it('reports cells of the wrong type with row, column title and cell', async () => {
    const sheet = await readRows(
      [
        ['Tour', 'Date', 'Distance (km)', 'Cooled'],
        ['T1', '31.02.2026', 'zwölf', 'vielleicht'],
      ],
      COLUMNS as Column<never>[],
    );
    const [row] = await collect(sheet);
    expect(row.values).toEqual({ ref: 'T1', day: null, km: null, cooled: null });
    expect(row.issues).toEqual([
      { row: 2, column: 'Date', key: 'day', code: 'invalidDate', cell: '31.02.2026' },
      { row: 2, column: 'Distance (km)', key: 'km', code: 'invalidNumber', cell: 'zwölf' },
      { row: 2, column: 'Cooled', key: 'cooled', code: 'invalidBoolean', cell: 'vielleicht' },
    ]);
  });

  it('refuses a fraction in an integer column and matches a column by its alias', async () => {
    const year: Column<never> = {
      key: 'year',
      header: { de: 'Baujahr', en: 'Year' },
      type: 'integer',
      aliases: ['year'],
    };
    const sheet = await readRows([['YEAR *'], ['2019'], ['2019,5']], [year]);
    const rows = await collect(sheet);
    expect(rows.map((r) => [r.values.year, r.issues.map((i) => i.code)])).toEqual([
      [2019, []],
      [null, ['invalidNumber']],
    ]);
  });
});

describe('cell conversion', () => {
  it('reads numbers with a given or guessed decimal separator', () => {
    expect(numberOf('1.234,5', ',')).toBe(1234.5);
    expect(numberOf('1,234.5', '.')).toBe(1234.5);
    expect(numberOf('86,5')).toBe(86.5);
    expect(numberOf(12, ',')).toBe(12);
    expect(numberOf('', ',')).toBeNull();
    expect(Number.isNaN(numberOf('zwölf', ','))).toBe(true);
  });

  it('reads dates in the given order and refuses impossible days', () => {
    expect(dateOf('02.03.2026', 'DD.MM.YYYY')?.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(dateOf('03/02/2026 14:30', 'MM/DD/YYYY')?.toISOString()).toBe('2026-03-02T14:30:00.000Z');
    expect(dateOf('2026-03-02', 'YYYY-MM-DD')?.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(Number.isNaN(dateOf('31.02.2026', 'DD.MM.YYYY')?.getTime())).toBe(true);
    expect(dateOf('', 'DD.MM.YYYY')).toBeNull();
  });
});
