/**
 * The spreadsheet kit: one `Column<T>` describes a column for reading and writing. `readRows` turns
 * rows of cells into typed values with row issues; the writers turn rows into cells the same way
 * for every export (real dates in the reader's time zone, codes by their names, figures rounded
 * only here, formula text neutralised).
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Language, parseDecimal } from '@klimadesk/contract';
import { wallClock } from './dates.ts';
import { type Cell, readXlsx } from './xlsx-pool.ts';

export type { Cell };

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A text in each language, or one text for both. */
export type Label = string | Readonly<Record<Language, string>>;
export const labelOf = (label: Label, lang: Language): string =>
  typeof label === 'string' ? label : label[lang];

/** `date`: an instant, shown at the reader's wall-clock time; `day`: a calendar day (`YYYY-MM-DD`), no time. */
export type CellType = 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'day';

export type Column<T> = {
  key: string;
  /** The title in row 1; reading accepts the title of either language. */
  header: Label;
  /** `text` unless given. */
  type?: CellType;
  width?: number;
  /** Decimals a figure is written with (and shown with): rounded when written, never before. */
  digits?: number;
  /** Names of codes (GLEC type ids, …) written instead of the code; a code without a name stays. */
  names?: ReadonlyMap<string, Label>;
  /** Reading: row 1 must hold this column. */
  required?: boolean;
  /** Reading: further titles accepted for this column (e.g. its key). */
  aliases?: readonly string[];
  /** Writing: the column's value of a row (dates as `Date`, figures unrounded). */
  value?: (row: T) => unknown;
};

/**
 * Cells that a spreadsheet program would run as a formula are prefixed with an apostrophe
 * (OWASP CSV injection, docs/security.md): =, +, -, @, tab and carriage return at the start.
 */
export function neutraliseFormula(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A figure rounded half away from zero to `digits` decimals, as the cell shows it. */
export function roundFigure(value: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(Math.abs(value) * f * (1 + Number.EPSILON)) / f;
  return value < 0 ? -r : r;
}

/** Excel number format of a figure with `digits` decimals; a code, so Excel shows the reader's separators. */
export const numberFormat = (digits: number) => (digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0');

// One date order per language across the app: German dd.mm.yyyy, English dd/mm/yyyy (en-GB).
export const DAY_FORMAT: Record<Language, string> = { de: 'dd.mm.yyyy', en: 'dd/mm/yyyy' };
export const DATE_TIME_FORMAT: Record<Language, string> = { de: 'dd.mm.yyyy hh:mm', en: 'dd/mm/yyyy hh:mm' };

const YES_NO: Record<Language, [string, string]> = { de: ['ja', 'nein'], en: ['yes', 'no'] };

/** How cells are written: the reader's language and time zone (dates show the wall-clock time there). */
export type WriteContext = { lang: Language; timeZone?: string };

/** One row as cell values. */
export function rowCells<T>(columns: readonly Column<T>[], row: T, ctx: WriteContext): unknown[] {
  return columns.map((c) => cellOf(c, c.value ? c.value(row) : (row as Record<string, unknown>)[c.key], ctx));
}

function cellOf<T>(c: Column<T>, v: unknown, { lang, timeZone = 'UTC' }: WriteContext): unknown {
  if (v === undefined || v === null || (typeof v === 'number' && !Number.isFinite(v))) return null;
  if (c.type === 'day') {
    // A calendar day is the same day everywhere: midnight UTC, never moved by a time zone.
    const day = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (v instanceof Date || c.type === 'date') {
    const date = v instanceof Date ? v : new Date(String(v));
    return Number.isNaN(date.getTime()) ? null : wallClock(date, timeZone);
  }
  if (c.type === 'boolean') return YES_NO[lang][v ? 0 : 1];
  if (typeof v === 'number') return c.digits === undefined ? v : roundFigure(v, c.digits);
  if (c.names && typeof v === 'string') {
    const name = c.names.get(v);
    return name === undefined ? neutraliseFormula(v) : neutraliseFormula(labelOf(name, lang));
  }
  return neutraliseFormula(v);
}

/** Worksheet column settings: width and the number or date format the cells are shown with. */
function sheetColumns<T>(columns: readonly Column<T>[], lang: Language): Partial<ExcelJS.Column>[] {
  return columns.map((c) => {
    const numFmt =
      c.type === 'date'
        ? DATE_TIME_FORMAT[lang]
        : c.type === 'day'
          ? DAY_FORMAT[lang]
          : c.digits !== undefined
            ? numberFormat(c.digits)
            : undefined;
    return { key: c.key, width: c.width ?? 20, ...(numFmt ? { style: { numFmt } } : {}) };
  });
}

type AnyWorkbook = ExcelJS.Workbook | ExcelJS.stream.xlsx.WorkbookWriter;

/** A worksheet with its columns and a bold, frozen title row. */
function addSheet<T>(
  wb: AnyWorkbook,
  name: Label,
  columns: readonly Column<T>[],
  lang: Language,
): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(labelOf(name, lang), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheetColumns(columns, lang);
  const header = ws.addRow(columns.map((c) => labelOf(c.header, lang)));
  header.font = { bold: true };
  return ws;
}

export type WorkbookOptions = WriteContext & {
  /** A very hidden sheet holding one text in A1 (the fleet template's configuration). */
  hidden?: { name: string; text: string };
};

/** A one-sheet workbook as base64 (seed 000 §7: exports are base64 data with a file name). */
export async function workbookBase64<T>(
  name: Label,
  columns: readonly Column<T>[],
  rows: Iterable<T>,
  options: WorkbookOptions = { lang: 'en' },
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = addSheet(wb, name, columns, options.lang);
  for (const row of rows) ws.addRow(rowCells(columns, row, options));
  const { hidden } = options;
  if (hidden) wb.addWorksheet(hidden.name, { state: 'veryHidden' }).getCell('A1').value = hidden.text;
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

/**
 * One sheet as CSV (UTF-8 with BOM so Excel reads the umlauts; `;` in German, `,` in English), as
 * base64: the cells as the workbook writer makes them, days as ISO dates.
 */
export function csvBase64<T>(
  columns: readonly Column<T>[],
  rows: Iterable<T>,
  options: WriteContext = { lang: 'en' },
): string {
  const sep = options.lang === 'de' ? ';' : ',';
  const text = (v: unknown) => {
    const s =
      v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
    return /["\r\n;,]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [columns.map((c) => text(labelOf(c.header, options.lang))).join(sep)];
  for (const row of rows) lines.push(rowCells(columns, row, options).map(text).join(sep));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');
}

/** One sheet of a several-sheet workbook: its name, columns and rows. */
export type SheetSpec<T> = { name: Label; columns: readonly Column<T>[]; rows: Iterable<T> };
/** A sheet of any row type, for `sheetsBase64` (each sheet's rows and columns agree). */
export const sheetOf = <T>(sheet: SheetSpec<T>) => sheet as unknown as SheetSpec<never>;

/** A workbook of several sheets as base64, each written as `workbookBase64` writes its one. */
export async function sheetsBase64(
  sheets: readonly SheetSpec<never>[],
  options: WriteContext = { lang: 'en' },
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const ws = addSheet(wb, sheet.name, sheet.columns, options.lang);
    for (const row of sheet.rows) ws.addRow(rowCells(sheet.columns, row, options));
  }
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

/**
 * A one-sheet workbook streamed to `stream`: each added row is written out at once, so memory
 * stays at one row whatever the total. `end` finishes the file.
 */
export function streamWorkbook<T>(
  stream: Writable,
  name: Label,
  columns: readonly Column<T>[],
  ctx: WriteContext,
): { add: (row: T) => void; end: () => Promise<void> } {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const ws = addSheet(wb, name, columns, ctx.lang);
  ws.getRow(1).commit();
  return {
    add: (row) => ws.addRow(rowCells(columns, row, ctx)).commit(),
    end: async () => {
      ws.commit();
      await wb.commit();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Bytes of the file the reader has consumed so far: progress without a counting pass. */
export type ReadMeter = { bytes: number; total: number };

/**
 * An xlsx file to read and the company it is read for (`Upload.tenant`): a company has at most
 * `TENANT_READS` reads at a time (`importsBusy`); a job's read names none.
 */
export type XlsxSource = Buffer | { buffer: Buffer; tenant?: string | null };
const sourceOf = (source: XlsxSource) =>
  Buffer.isBuffer(source)
    ? { buffer: source, tenant: null }
    : { buffer: source.buffer, tenant: source.tenant };

/**
 * Rows of the first worksheet, streamed in a reader thread (`xlsx-pool.ts`): exceljs'
 * WorkbookReader parses the sheet XML as it goes and hands rows over in batches, so only a few
 * batches are held at a time. Empty rows come as `[]`, so indexes stay the file's row numbers.
 * The archive is checked against the streaming limits first.
 */
export async function* xlsxRows(source: XlsxSource, meter?: ReadMeter): AsyncGenerator<Cell[]> {
  const { buffer, tenant } = sourceOf(source);
  for await (const event of readXlsx(buffer, { mode: 'stream', tenant })) {
    if (event.type !== 'rows') continue;
    if (meter) meter.bytes = event.bytes;
    yield* event.rows;
  }
}

type Sheet = { name: string; visible: boolean; rows: Cell[][] };

/** Every sheet of a small workbook, read whole in a reader thread within the tighter load limits. */
async function readSheets(source: XlsxSource, hiddenSheet?: string) {
  const { buffer, tenant } = sourceOf(source);
  const sheets: Sheet[] = [];
  let hidden: string | null = null;
  for await (const event of readXlsx(buffer, { mode: 'load', hiddenSheet, tenant })) {
    if (event.type === 'sheet') sheets.push({ ...event, rows: [] });
    else if (event.type === 'rows') sheets.at(-1)?.rows.push(...event.rows);
    else hidden = event.hidden;
  }
  return { sheets, hidden };
}

/**
 * A whole workbook (small files such as fleet templates, checked against the tighter limits):
 * the rows of the first other sheet and the A1 text of a named hidden sheet.
 */
export async function loadWorkbook(
  source: XlsxSource,
  hiddenSheet?: string,
): Promise<{ rows: Cell[][]; hidden: string | null }> {
  const { sheets, hidden } = await readSheets(source, hiddenSheet);
  return { rows: sheets[0]?.rows ?? [], hidden };
}

/** Every visible sheet of a small workbook with its rows (templates of several sheets), same limits as `loadWorkbook`. */
export async function loadWorkbookSheets(source: XlsxSource): Promise<{ name: string; rows: Cell[][] }[]> {
  const { sheets } = await readSheets(source);
  return sheets.filter((s) => s.visible).map(({ name, rows }) => ({ name, rows }));
}

export type IssueCode = 'emptyFile' | 'missingColumn' | 'invalidNumber' | 'invalidDate' | 'invalidBoolean';

/** A problem of one cell (or of row 1): the module turns the code into its own message. */
export type RowIssue = {
  row: number;
  /** The column's title (`header` in the reading language, as row 1 is matched), null for the file. */
  column: string | null;
  /** The column's key, null for the file. */
  key: string | null;
  code: IssueCode;
  /** The cell as read, for the message. */
  cell?: string;
};

/** How text cells are read: the decimal separator (`,` or `.`; unset guesses per cell) and the date order. */
export type ReadFormat = {
  decimalSeparator?: string;
  /** `DD.MM.YYYY` (also unset), `MM/DD/YYYY` or `YYYY-MM-DD`. */
  dateFormat?: string;
};

export type Value = string | number | boolean | Date | null;

/** One data row: the values of the columns row 1 holds (absent columns have no key) and its issues. */
export type ReadRow = { row: number; values: Record<string, Value>; issues: RowIssue[] };

export type ReadSheet = {
  /** Row 1 as text, as written. */
  titles: string[];
  /** Row 1's issues: a required column missing or an empty file; then no rows are read. */
  issues: RowIssue[];
  /** The non-empty data rows with their file row numbers. */
  rows: AsyncGenerator<ReadRow>;
};

/** Titles compare without case, surrounding or repeated spaces and a trailing required mark `*`. */
export const normTitle = (s: string) =>
  s
    .replace(/\s*\*\s*$/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

const cellText = (c: Cell | undefined): string | null => {
  if (c === null || c === undefined) return null;
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  const s = String(c).trim();
  return s === '' ? null : s;
};

/** A number cell: numbers as they are, text with the given decimal separator. */
export function numberOf(c: Cell | undefined, decimalSeparator?: string): number | null {
  if (c === null || c === undefined) return null;
  if (typeof c === 'number') return c;
  if (!decimalSeparator) return parseDecimal(String(c));
  const s = String(c)
    .trim()
    .replace(/[\s\u00a0]/g, '');
  if (s === '') return null;
  const group = decimalSeparator === ',' ? '.' : ',';
  const normal = s.split(group).join('').replace(decimalSeparator, '.');
  return /^[+-]?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** A date cell: spreadsheet dates as they are, text in the date format (time of day optional), as UTC. */
export function dateOf(c: Cell | undefined, format = 'DD.MM.YYYY'): Date | null {
  if (c === null || c === undefined || c === '') return null;
  if (c instanceof Date) return c;
  const s = String(c).trim();
  const [datePart, timePart] = s.split(/[ T]/);
  const parts = datePart.split(/[./-]/).map((p) => Number(p));
  const invalid = new Date(Number.NaN);
  if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p))) return invalid;
  let y: number;
  let m: number;
  let d: number;
  if (format === 'YYYY-MM-DD') [y, m, d] = parts;
  else if (format === 'MM/DD/YYYY') [m, d, y] = parts;
  else [d, m, y] = parts;
  if (y < 100) y += 2000;
  const time = timePart && /^\d{1,2}:\d{2}(:\d{2})?$/.test(timePart) ? timePart : '00:00';
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d, hh, mm, ss));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return invalid;
  return date;
}

const TRUE_WORDS = new Set(['1', 'x', 'ja', 'yes', 'true', 'j', 'y']);
const FALSE_WORDS = new Set(['0', 'nein', 'no', 'false', 'n']);

/** A yes/no cell; an empty cell is no, a word that is neither is null. */
export function booleanOf(c: Cell | undefined): boolean | null {
  if (typeof c === 'boolean') return c;
  const t = cellText(c)?.toLowerCase() ?? '';
  if (t === '' || FALSE_WORDS.has(t)) return false;
  return TRUE_WORDS.has(t) ? true : null;
}

/** A cell as the column's type; `issue` is set when the text cannot be read as that type. */
function valueOf(
  c: Column<never>,
  cell: Cell | undefined,
  format: ReadFormat,
): { value: Value; issue?: IssueCode } {
  switch (c.type ?? 'text') {
    case 'number':
    case 'integer': {
      const n = numberOf(cell, format.decimalSeparator);
      if (n !== null && (!Number.isFinite(n) || (c.type === 'integer' && !Number.isInteger(n))))
        return { value: null, issue: 'invalidNumber' };
      return { value: n };
    }
    case 'date':
    case 'day': {
      const d = dateOf(cell, format.dateFormat);
      return d && Number.isNaN(d.getTime()) ? { value: null, issue: 'invalidDate' } : { value: d };
    }
    case 'boolean': {
      const b = booleanOf(cell);
      return b === null ? { value: null, issue: 'invalidBoolean' } : { value: b };
    }
    default:
      return { value: cellText(cell) };
  }
}

const isEmptyRow = (raw: Cell[]) =>
  raw.every((c) => c === null || c === '' || (typeof c === 'string' && c.trim() === ''));

/**
 * Reads rows of cells (row 1 the titles, as in seed 000 §5) into typed values. A column is found
 * by its header in either language or an alias; a required column missing from row 1 stops the
 * reading with a row-1 issue. Empty rows are skipped; row numbers stay the file's.
 */
export async function readRows(
  source: AsyncIterable<Cell[]> | Iterable<Cell[]>,
  columns: readonly Column<never>[],
  format: ReadFormat = {},
): Promise<ReadSheet> {
  const it =
    Symbol.asyncIterator in source
      ? source[Symbol.asyncIterator]()
      : (async function* () {
          yield* source;
        })();
  const first = await it.next();
  if (first.done)
    return { titles: [], issues: [{ row: 1, column: null, key: null, code: 'emptyFile' }], rows: none() };
  const titles = first.value.map((t) => (t === null ? '' : String(t)));
  const at = new Map<string, number>();
  titles.forEach((t, i) => {
    if (t.trim() !== '' && !at.has(normTitle(t))) at.set(normTitle(t), i);
  });
  // Issues name a column by the title it was found by (a mapping's own title for its field).
  const found: { column: Column<never>; index: number; title: string }[] = [];
  const issues: RowIssue[] = [];
  for (const column of columns) {
    const names = [
      ...(typeof column.header === 'string' ? [column.header] : Object.values(column.header)),
      ...(column.aliases ?? []),
    ];
    const name = names.find((n) => at.has(normTitle(n)));
    if (name !== undefined) found.push({ column, index: at.get(normTitle(name)) as number, title: name });
    else if (column.required)
      issues.push({ row: 1, column: names[0], key: column.key, code: 'missingColumn' });
  }
  if (issues.length) {
    await it.return?.();
    return { titles, issues, rows: none() };
  }
  async function* rows(): AsyncGenerator<ReadRow> {
    try {
      for (let row = 2, next = await it.next(); !next.done; row++, next = await it.next()) {
        const raw = next.value;
        if (isEmptyRow(raw)) continue;
        const values: Record<string, Value> = {};
        const rowIssues: RowIssue[] = [];
        for (const { column, index, title } of found) {
          const { value, issue } = valueOf(column, raw[index], format);
          values[column.key] = value;
          if (issue)
            rowIssues.push({ row, column: title, key: column.key, code: issue, cell: String(raw[index]) });
        }
        yield { row, values, issues: rowIssues };
      }
    } finally {
      await it.return?.();
    }
  }
  return { titles, issues: [], rows: rows() };
}

async function* none(): AsyncGenerator<ReadRow> {}
