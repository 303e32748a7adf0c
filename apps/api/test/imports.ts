import ExcelJS from 'exceljs';
import { afterEach, beforeAll, expect } from 'vitest';
import type { ImportCheckpoint } from '../src/modules/mappings/mappings.import.ts';
import { importJob } from '../src/modules/mappings/mappings.import.ts';
import type { TestApp } from './harness.ts';
import { type FilePart, postForm } from './multipart.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import field each column title of the test files maps to. */
const FIELD_OF_TITLE = {
  Tour: 'tourReference',
  Sendung: 'shipmentReference',
  Datum: 'departureDate',
  Kennzeichen: 'licensePlate',
  'GLEC-Typ': 'glecTransportType',
  Typ: 'glecTransportType',
  Gewicht: 'weight',
  Distanz: 'distance',
  Versender: 'shipper',
  Lauf: 'carriage',
  'Diesel (L)': 'fuelUsed',
} as const;
export type ColumnTitle = keyof typeof FIELD_OF_TITLE;

/** The shipment columns most import tests use, in file order. */
export const SHIPMENT_TITLES: ColumnTitle[] = [
  'Tour',
  'Sendung',
  'Datum',
  'Kennzeichen',
  'GLEC-Typ',
  'Gewicht',
  'Distanz',
];

/** A row of the SHIPMENT_TITLES columns: 1,000 kg over 100 km on 2 March 2026, no plate. */
export const shipmentRow = (tour: string, shipment: string, glecType: string) => [
  tour,
  shipment,
  '02.03.2026',
  '',
  glecType,
  1000,
  100,
];

/** The mapping details (column title → import field) of a template reading these columns. */
export const detailsOf = (titles: readonly ColumnTitle[]) =>
  titles.map((value) => ({ value, mappingField: FIELD_OF_TITLE[value] }));

/** An xlsx file with one sheet `Daten`: the titles, then the rows. */
export async function xlsxOf(rows: unknown[][], titles: readonly string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Daten');
  ws.addRow([...titles]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Creates a shipment template through the API (xlsx unless `extra` says otherwise) and answers its body. */
export async function createMapping(
  t: TestApp,
  token: string,
  details: { value: string; mappingField: string; unit?: string }[],
  extra: Record<string, unknown> = {},
) {
  return t.call({
    method: 'POST',
    url: '/api/mappings',
    token,
    payload: { mappingFieldCategory: 'shipment', mappingFormat: 'xlsx', mappingDetails: details, ...extra },
  });
}

export type CheckpointHooks = Record<
  ImportCheckpoint,
  ((taskId: string, batch: number) => Promise<void> | void) | null
>;

/**
 * What the import job runs at its checkpoints in a test file's tests; a throw is a crash there.
 * Registered on the file's app before its tests and cleared after each test.
 */
export function importCheckpoints(t: TestApp): CheckpointHooks {
  const hooks: CheckpointHooks = {
    afterStage: null,
    beforeWrite: null,
    afterBatch: null,
    beforeCommit: null,
  };
  beforeAll(() => {
    t.ctx.jobs.onCheckpoint(importJob.queue, (name, ...args) =>
      hooks[name as ImportCheckpoint]?.(...(args as [string, number])),
    );
  });
  afterEach(() => {
    for (const name of Object.keys(hooks) as ImportCheckpoint[]) hooks[name] = null;
  });
  return hooks;
}

/** Uploads a file for import with a template, as the import screen does. */
export async function uploadImport(
  t: TestApp,
  token: string,
  mappingId: string,
  file: FilePart,
  fields: Record<string, string> = {},
) {
  return postForm(t, '/api/mapping-import-tasks', token, { mappingId, file, ...fields });
}

/** Uploads the rows as the xlsx file `touren.xlsx` (the titles first) for import with a template. */
export async function uploadRows(
  t: TestApp,
  token: string,
  mappingId: string,
  rows: unknown[][],
  titles: readonly string[] = SHIPMENT_TITLES,
) {
  const data = await xlsxOf(rows, titles);
  return uploadImport(t, token, mappingId, { fileName: 'touren.xlsx', contentType: XLSX_TYPE, data });
}

/** The tractor `HH-AB 123` the test files name by plate (with `fields` such as fuel data), made by the user. */
export async function createPlateVehicle(t: TestApp, token: string, fields: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/vehicles',
    token,
    payload: { licensePlate: 'HH-AB 123', glecVehicleType: 'road_in_tractor_30_60t_diesel', ...fields },
  });
  expect(res.statusCode).toBe(201);
}
