import type { Language } from '@klimadesk/contract';
import { AppError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/files.ts';
import { csvRows, yieldingSlices } from '../../platform/csv.ts';
import { type ReadRow, loadWorkbook, readRows, workbookBase64 } from '../../platform/spreadsheet.ts';
import {
  CONFIG_SHEET,
  FLEET_COLUMNS,
  type FleetEntity,
  type FleetRecord,
  SHEET_NAMES,
  TEMPLATE_VERSION,
} from './fleet.columns.ts';

type TemplateConfig = { entity: FleetEntity; version: number; lang: Language; columns: string[] };

/** The import template: the data sheet plus a very hidden sheet that names entity and version. */
export function templateWorkbook(entity: FleetEntity, lang: Language): Promise<string> {
  const config: TemplateConfig = {
    entity,
    version: TEMPLATE_VERSION,
    lang,
    columns: FLEET_COLUMNS[entity].map((c) => c.key),
  };
  return workbookBase64(SHEET_NAMES[entity], FLEET_COLUMNS[entity], [], {
    lang,
    hidden: { name: CONFIG_SHEET, text: JSON.stringify(config) },
  });
}

/** An export of vehicles or trailers in the template's columns. */
export function exportWorkbook(entity: FleetEntity, lang: Language, rows: FleetRecord[]): Promise<string> {
  return workbookBase64(SHEET_NAMES[entity], FLEET_COLUMNS[entity], rows, { lang });
}

function parseConfig(raw: string | null): TemplateConfig | null {
  try {
    return raw ? (JSON.parse(raw) as TemplateConfig) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the rows of an uploaded file as typed values with their cell issues. An xlsx file must
 * come from our template (config sheet, same entity, current version); a csv file must carry the
 * template's column titles.
 */
export async function readFleetFile(entity: FleetEntity, upload: Upload): Promise<ReadRow[]> {
  let source;
  if (upload.kind === 'xlsx') {
    const wb = await loadWorkbook(upload, CONFIG_SHEET);
    const config = parseConfig(wb.hidden);
    if (!config) throw new AppError('NoConfigFound');
    if (config.entity !== entity) throw new AppError('WrongConfigFound', { entity: config.entity });
    if (config.version !== TEMPLATE_VERSION)
      throw new AppError('WrongTemplateVersion', { version: config.version, expected: TEMPLATE_VERSION });
    source = wb.rows;
  } else {
    source = csvRows(yieldingSlices(upload.buffer), 'detect');
  }
  const sheet = await readRows(source, FLEET_COLUMNS[entity]);
  if (sheet.issues.length) throw new AppError(upload.kind === 'csv' ? 'NoConfigFound' : 'WrongConfigFound');
  const rows: ReadRow[] = [];
  for await (const row of sheet.rows) rows.push(row);
  return rows;
}
