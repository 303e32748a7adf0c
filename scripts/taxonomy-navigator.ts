/**
 * Reads the EU Taxonomy Navigator's export of the technical screening criteria (the Commission's
 * "taxonomy.xlsx", one sheet per environmental objective, export of 12 December 2023: Delegated
 * Regulation (EU) 2021/2139 as amended by 2022/1214 and 2023/2485, and 2023/2486) for
 * `build-taxonomy-catalogue.ts`. Each row is one activity under one objective: NACE codes, sector,
 * section ("Activity number"), name, contribution type (enabling, transitional or none),
 * description, substantial-contribution criteria and the DNSH criteria for the five other objectives.
 */
import ExcelJS from 'exceljs';
import type {
  CatalogueCategory,
  ObjectiveCode,
} from '../apps/api/src/modules/taxonomy/taxonomy.catalogue.data.ts';

export type NavigatorRow = {
  objective: ObjectiveCode;
  ref: string;
  name: string;
  sector: string;
  nace: string[];
  category: CatalogueCategory | null;
  descriptionEn: string | null;
  substantialContributionEn: string | null;
  dnshEn: Partial<Record<ObjectiveCode, string | null>>;
};

/** The sheet names of the export, in Article 9 order. */
const SHEETS: Record<string, ObjectiveCode> = {
  'Climate mitigation': 'CCM',
  'Climate adaptation': 'CCA',
  Water: 'WTR',
  'Circular economy': 'CE',
  'Pollution prevention': 'PPC',
  Biodiversity: 'BIO',
};
const DNSH_COLUMNS: Record<string, ObjectiveCode> = {
  'DNSH on Climate mitigation': 'CCM',
  'DNSH on Climate adaptation': 'CCA',
  'DNSH on Water': 'WTR',
  'DNSH on Circular economy': 'CE',
  'DNSH on Pollution prevention': 'PPC',
  'DNSH on Biodiversity': 'BIO',
};
const CATEGORIES: Record<string, CatalogueCategory> = { Enabling: 'E', Transitional: 'T' };

/**
 * A cell's text. The export joins the act's paragraphs without a break ("… to this Annex.Detailed
 * information …"); a full stop directly followed by a capital starts a new line again.
 */
const text = (v: ExcelJS.CellValue): string | null => {
  const t = (v === null || v === undefined ? '' : String(v))
    .replace(/\r\n/g, '\n')
    .replace(/(?<=[a-z0-9)\]’])\.(?=[A-Z])/g, '.\n')
    .trim();
  return t === '' ? null : t;
};

export async function readNavigator(file: string): Promise<NavigatorRow[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: NavigatorRow[] = [];
  for (const ws of wb.worksheets) {
    const objective = SHEETS[ws.name];
    if (!objective) throw new Error(`unknown sheet ${ws.name}`);
    const columns = new Map<string, number>();
    ws.getRow(1).eachCell((cell, col) => columns.set(String(cell.value).trim(), col));
    const cell = (row: ExcelJS.Row, name: string) => {
      const col = columns.get(name);
      if (!col) throw new Error(`sheet ${ws.name} has no column ${name}`);
      return text(row.getCell(col).value);
    };
    ws.eachRow((row, no) => {
      if (no === 1) return;
      const name = cell(row, 'Activity');
      if (!name) return;
      const type = cell(row, 'Contribution type');
      if (type && !CATEGORIES[type]) throw new Error(`unknown contribution type ${type}`);
      const dnshEn: Partial<Record<ObjectiveCode, string | null>> = {};
      for (const [column, o] of Object.entries(DNSH_COLUMNS))
        if (o !== objective) dnshEn[o] = cell(row, column);
      rows.push({
        objective,
        ref: (cell(row, 'Activity number') ?? '').replace(/\.$/, ''),
        name,
        sector: cell(row, 'Sector') ?? '',
        nace: (cell(row, 'NACE') ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
        category: type ? CATEGORIES[type] : null,
        descriptionEn: cell(row, 'Description'),
        substantialContributionEn: cell(row, 'Substantial contribution criteria'),
        dnshEn,
      });
    });
  }
  return rows;
}

/** A name or text with footnote marks, case, spacing and punctuation taken out, to compare editions. */
export const comparable = (s: string | null | undefined): string =>
  (s ?? '')
    .toLowerCase()
    .replace(/\[\d+\]|\(\d+\)/g, '')
    .replace(/[^a-z0-9]+/g, '');
