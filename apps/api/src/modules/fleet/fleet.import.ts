/**
 * The vehicle and trailer import on the import kit (issue 38): the request checks the edition and
 * the file's type; the job reads the template, checks every row and, only when all are valid,
 * creates new plates and updates active ones in one transaction. Any row error imports nothing
 * (`importFailed`, `detail.errors`: row, code, field).
 */
import { z } from 'zod';
import type { ImportIssue } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/files.ts';
import { type ImportStep, defineImport } from '../../platform/import-kit.ts';
import type { ReadRow } from '../../platform/spreadsheet.ts';
import { assertUnlocked } from '../companies/index.ts';
import { FLEET_COLUMNS, type FleetEntity } from './fleet.columns.ts';
import * as repo from './fleet.repository.ts';
import {
  type RuleError,
  plateKey,
  resolveFuelType,
  resolveTrailerType,
  resolveVehicleType,
} from './fleet.rules.ts';
import type { FuelSlot } from './fleet.schema.ts';
import { errorsOf, saveChange } from './fleet.service.ts';
import { readFleetFile } from './fleet.spreadsheet.ts';

type ParsedRow = { row: number; values: Record<string, unknown>; errors: RuleError[] };
type RowError = { row: number; code: string; field: string | null };

/** One file row to field values, with the cell-level errors (numbers, yes/no, unknown names). */
function parseRow(e: FleetEntity, raw: ReadRow): ParsedRow {
  const errors: RuleError[] = [];
  const values: Record<string, unknown> = {};
  for (const c of FLEET_COLUMNS[e]) {
    if (!(c.key in raw.values)) continue;
    const v = raw.values[c.key];
    // Fleet figures (weights, power, consumption, year) are never negative.
    if (raw.issues.some((i) => i.key === c.key) || (typeof v === 'number' && v < 0)) {
      errors.push({
        code: c.key === 'yearOfConstruction' ? 'InvalidYearOfConstruction' : 'validationFailed',
        field: c.key,
      });
    } else values[c.key] = v;
  }
  if (e === 'vehicle') values.fuelInformation = fuelSlots(values);
  else if (typeof values.glecTrailerType === 'string')
    values.glecTrailerType = resolveTrailerType(values.glecTrailerType) ?? values.glecTrailerType;
  if (e === 'vehicle' && typeof values.glecVehicleType === 'string')
    values.glecVehicleType = resolveVehicleType(values.glecVehicleType) ?? values.glecVehicleType;
  errors.push(...errorsOf(e, values));
  if (typeof values.licensePlate === 'string') values.licensePlateKey = plateKey(values.licensePlate);
  return { row: raw.row, values, errors };
}

/** The two fuel column groups of a vehicle row as its fuel slots (the columns leave the values). */
function fuelSlots(values: Record<string, unknown>): Partial<FuelSlot>[] {
  const slots: Partial<FuelSlot>[] = [];
  for (const n of [1, 2]) {
    const fuelName = values[`fuel${n}Type`] as string | null | undefined;
    const unit = values[`fuel${n}Unit`] as string | null | undefined;
    slots.push({
      consumption: (values[`fuel${n}Consumption`] as number | null | undefined) ?? null,
      unitFuelConsumption: unit
        ? ((['L', 'kg', 'kWh'].find((u) => u.toLowerCase() === unit.toLowerCase()) ??
            unit) as FuelSlot['unitFuelConsumption'])
        : null,
      fuelType: fuelName ? (resolveFuelType(fuelName) ?? fuelName) : null,
    });
    delete values[`fuel${n}Consumption`];
    delete values[`fuel${n}Unit`];
    delete values[`fuel${n}Type`];
  }
  return slots.filter((s) => s.consumption !== null || s.unitFuelConsumption !== null || s.fuelType !== null);
}

/** Reads and checks every row; any error refuses the file with all of them. */
async function checkedRows(e: FleetEntity, step: ImportStep<unknown>): Promise<ParsedRow[]> {
  const rows: ParsedRow[] = [];
  for (const raw of await readFleetFile(e, step.upload as Upload)) {
    await step.tick();
    rows.push(parseRow(e, raw));
  }
  const seen = new Set<string>();
  for (const r of rows) {
    const key = r.values.licensePlateKey as string | undefined;
    if (!key) continue;
    if (seen.has(key)) r.errors.push({ code: 'LicensePlateExists', field: 'licensePlate' });
    else seen.add(key);
  }
  const errors: RowError[] = rows.flatMap((r) =>
    r.errors.map((err) => ({ row: r.row, code: err.code, field: err.field })),
  );
  if (rows.length === 0)
    throw new AppError('importFailed', {
      errors: [{ row: 2, code: 'MissingRequiredFields', field: 'licensePlate' }],
    });
  if (errors.length) throw new AppError('importFailed', { errors });
  return rows;
}

/** Plates already active are updated (a used item is replaced, `saveChange`), new ones created. */
async function importRows(e: FleetEntity, step: ImportStep<unknown>): Promise<Record<string, unknown>> {
  const rows = await checkedRows(e, step);
  // A deleted uploader leaves the new rows' author empty.
  const actor = { companyId: step.companyId, userId: step.userId as string };
  return step.write(async (tx) => {
    let created = 0;
    let updated = 0;
    for (const [i, r] of rows.entries()) {
      await step.progress(i, rows.length);
      const existing = await repo.findActiveByPlate(
        tx,
        e,
        step.companyId,
        r.values.licensePlateKey as string,
      );
      if (!existing) {
        await repo.insertFleetItem(tx, e, step.companyId, {
          ...r.values,
          createdBy: step.userId,
        } as repo.FleetInsert<FleetEntity>);
        created++;
      } else {
        await saveChange(tx, e, actor, existing, r.values as Partial<repo.FleetInsert<FleetEntity>>);
        updated++;
      }
    }
    return { created, updated };
  });
}

/** `importFailed` rows as the kit's issues: the field is the column. */
const issuesOf = (err: AppError): ImportIssue[] =>
  err.key === 'importFailed' && Array.isArray(err.detail?.errors)
    ? (err.detail.errors as RowError[]).map((r) => ({
        row: r.row,
        column: r.field,
        code: r.code,
        value: null,
      }))
    : [];

const fleetImports = {
  vehicle: defineImport({
    kind: 'vehicles',
    params: z.object({}),
    run: (step) => importRows('vehicle', step),
    issuesOf,
  }),
  trailer: defineImport({
    kind: 'trailers',
    params: z.object({}),
    run: (step) => importRows('trailer', step),
    issuesOf,
  }),
};

export const fleetImportJobs = [fleetImports.vehicle.job, fleetImports.trailer.job];

/** `POST /api/vehicles/import` (trailers alike): the edition may change data, then the file goes to the job. */
export function startFleetImport(ctx: AppContext, actor: Actor, e: FleetEntity, upload: Upload) {
  assertUnlocked(actor);
  return fleetImports[e].start(ctx, actor, upload, {});
}
