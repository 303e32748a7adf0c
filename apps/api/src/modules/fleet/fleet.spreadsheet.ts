import ExcelJS from 'exceljs';
import { type Language, parseDecimal } from '@klimadesk/contract';
import { AppError } from '../../platform/errors.ts';
import { parseCsv, type Upload } from '../../platform/files.ts';
import { neutraliseFormula } from '../../platform/spreadsheet.ts';
import { CELL_MAX_CHARS, limitExceeded } from '../../platform/csv.ts';
import { XLSX_LOAD_LIMITS, checkXlsx } from '../../platform/xlsx.ts';
import {
  CONFIG_SHEET,
  FLEET_COLUMNS,
  type FleetColumn,
  type FleetEntity,
  SHEET_NAMES,
  TEMPLATE_VERSION,
} from './fleet.columns.ts';

export type RawRow = { row: number; values: Record<string, string> };

type TemplateConfig = { entity: FleetEntity; version: number; lang: Language; columns: string[] };

async function toBase64(wb: ExcelJS.Workbook): Promise<string> {
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

function addSheet(wb: ExcelJS.Workbook, entity: FleetEntity, lang: Language) {
  const ws = wb.addWorksheet(SHEET_NAMES[entity][lang]);
  ws.columns = FLEET_COLUMNS[entity].map((c) => ({
    header: c.label[lang],
    key: c.key,
    width: c.width ?? 20,
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

/** The import template: the data sheet plus a very hidden sheet that names entity and version. */
export async function templateWorkbook(entity: FleetEntity, lang: Language): Promise<string> {
  const wb = new ExcelJS.Workbook();
  addSheet(wb, entity, lang);
  const config = wb.addWorksheet(CONFIG_SHEET, { state: 'veryHidden' });
  const value: TemplateConfig = {
    entity,
    version: TEMPLATE_VERSION,
    lang,
    columns: FLEET_COLUMNS[entity].map((c) => c.key),
  };
  config.getCell('A1').value = JSON.stringify(value);
  return toBase64(wb);
}

/** An export of rows; every text cell is neutralised against formula injection. */
export async function exportWorkbook(
  entity: FleetEntity,
  lang: Language,
  rows: Record<string, unknown>[],
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = addSheet(wb, entity, lang);
  for (const row of rows) {
    ws.addRow(
      Object.fromEntries(
        FLEET_COLUMNS[entity].map((c) => [c.key, neutraliseFormula(exportValue(c, row[c.key], lang))]),
      ),
    );
  }
  return toBase64(wb);
}

function exportValue(c: FleetColumn, v: unknown, lang: Language): unknown {
  if (c.kind === 'boolean') return v ? (lang === 'de' ? 'ja' : 'yes') : lang === 'de' ? 'nein' : 'no';
  return v ?? null;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** Which column of the file holds which field, by the header titles of either language. */
function headerMap(entity: FleetEntity, headers: string[]): Map<number, string> {
  const byTitle = new Map<string, string>();
  for (const c of FLEET_COLUMNS[entity]) {
    for (const label of Object.values(c.label))
      byTitle.set(
        label
          .replace(/\s*\*$/, '')
          .trim()
          .toLowerCase(),
        c.key,
      );
    byTitle.set(c.key.toLowerCase(), c.key);
  }
  const map = new Map<number, string>();
  headers.forEach((h, i) => {
    const key = byTitle.get(
      h
        .replace(/\s*\*$/, '')
        .trim()
        .toLowerCase(),
    );
    if (key) map.set(i, key);
  });
  return map;
}

/**
 * Reads the rows of an uploaded file. An xlsx file must come from our template (config sheet,
 * same entity, current version); a csv file must carry the template's column titles.
 */
export async function readFleetFile(entity: FleetEntity, upload: Upload): Promise<RawRow[]> {
  let table: string[][];
  if (upload.kind === 'xlsx') {
    // The whole workbook is loaded into memory, so the archive must pass the tighter limits.
    await checkXlsx(upload.buffer, XLSX_LOAD_LIMITS);
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(upload.buffer as never);
    } catch {
      throw new AppError('fileReadError');
    }
    const configSheet = wb.getWorksheet(CONFIG_SHEET);
    const raw = configSheet ? cellText(configSheet.getCell('A1').value) : '';
    let config: TemplateConfig | null = null;
    try {
      config = raw ? (JSON.parse(raw) as TemplateConfig) : null;
    } catch {
      config = null;
    }
    if (!config) throw new AppError('NoConfigFound');
    if (config.entity !== entity) throw new AppError('WrongConfigFound', { entity: config.entity });
    if (config.version !== TEMPLATE_VERSION)
      throw new AppError('WrongTemplateVersion', { version: config.version, expected: TEMPLATE_VERSION });
    const ws = wb.worksheets.find((s) => s.name !== CONFIG_SHEET);
    if (!ws) throw new AppError('fileReadError');
    table = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: string[] = [];
      for (let i = 1; i <= ws.columnCount; i++) {
        const text = cellText(row.getCell(i).value).trim();
        if (text.length > CELL_MAX_CHARS) throw limitExceeded('cellChars', CELL_MAX_CHARS, n);
        cells.push(text);
      }
      table[n - 1] = cells;
    });
    table = Array.from(table, (r) => r ?? []);
  } else {
    table = await parseCsv(upload.buffer);
  }
  const [headers = [], ...body] = table;
  const columns = headerMap(entity, headers);
  if (!new Set(columns.values()).has('licensePlate'))
    throw new AppError(upload.kind === 'csv' ? 'NoConfigFound' : 'WrongConfigFound');
  const rows: RawRow[] = [];
  body.forEach((cells, i) => {
    if (!cells.some((c) => c.trim() !== '')) return;
    const values: Record<string, string> = {};
    for (const [index, key] of columns) values[key] = (cells[index] ?? '').trim();
    rows.push({ row: i + 2, values });
  });
  return rows;
}

export function parseBool(v: string): boolean | null {
  const t = v.trim().toLowerCase();
  if (t === '') return false;
  if (['ja', 'yes', 'true', '1', 'x', 'j', 'y'].includes(t)) return true;
  if (['nein', 'no', 'false', '0', 'n'].includes(t)) return false;
  return null;
}

export function parseNumberCell(v: string): number | null | 'invalid' {
  const n = parseDecimal(v);
  if (n === null) return null;
  return Number.isFinite(n) && n >= 0 ? n : 'invalid';
}
