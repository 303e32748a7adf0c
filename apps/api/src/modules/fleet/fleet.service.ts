import {
  FLEET_STATUS,
  type Language,
  SAVE_RESULT,
  type Trailer,
  type Vehicle,
  fleetSchemas,
  type ErrorKey,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { XLSX_MIME } from '../../platform/spreadsheet.ts';
import { type FleetEntity, SHEET_NAMES } from './fleet.columns.ts';
import * as repo from './fleet.repository.ts';
import { toTrailerDto, toVehicleDto } from './fleet.mapper.ts';
import { type RuleError, plateKey, trailerErrors, vehicleErrors } from './fleet.rules.ts';
import { SAMPLE_TRAILERS, SAMPLE_VEHICLES } from './fleet.samples.ts';
import { exportWorkbook, templateWorkbook } from './fleet.spreadsheet.ts';
import type { FuelSlot } from './fleet.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { assertUnlocked, isBasicCompany } from '../companies/index.ts';

type VehicleInput = z.output<typeof fleetSchemas.vehiclePatchBody>;
type TrailerInput = z.output<typeof fleetSchemas.trailerPatchBody>;
type Dto<E extends FleetEntity> = E extends 'vehicle' ? Vehicle : Trailer;
type Input<E extends FleetEntity> = E extends 'vehicle' ? VehicleInput : TrailerInput;

const toDto = <E extends FleetEntity>(e: E, row: repo.FleetRow<E>): Dto<E> =>
  (e === 'vehicle' ? toVehicleDto(row as repo.VehicleRow) : toTrailerDto(row as repo.TrailerRow)) as Dto<E>;

export const errorsOf = <E extends FleetEntity>(e: E, input: Record<string, unknown>): RuleError[] =>
  e === 'vehicle' ? vehicleErrors(input) : trailerErrors(input);

const restoreError: Record<FleetEntity, ErrorKey> = {
  vehicle: 'FailedToRestoreVehicle',
  trailer: 'FailedToRestoreTrailer',
};

function throwFirst(errors: RuleError[]): void {
  if (errors.length) throw new AppError(errors[0].code, { field: errors[0].field, errors });
}

function normaliseFuel(slots: VehicleInput['fuelInformation']): FuelSlot[] {
  return (slots ?? [])
    .map((s) => ({
      consumption: s.consumption ?? null,
      unitFuelConsumption: s.unitFuelConsumption ?? null,
      fuelType: s.fuelType ?? null,
    }))
    .filter((s) => s.consumption !== null || s.unitFuelConsumption !== null || s.fuelType !== null);
}

/** Row values for the database from API input (undefined fields stay untouched on update). */
function toValues<E extends FleetEntity>(e: E, input: Input<E>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...input };
  if (e === 'vehicle' && 'fuelInformation' in input && input.fuelInformation !== undefined) {
    values.fuelInformation = normaliseFuel((input as VehicleInput).fuelInformation);
  }
  if (input.licensePlate !== undefined) values.licensePlateKey = plateKey(input.licensePlate);
  return values;
}

function sampleList<E extends FleetEntity>(e: E, q: { status: string; search?: string }) {
  const all = (e === 'vehicle' ? SAMPLE_VEHICLES : SAMPLE_TRAILERS) as Dto<E>[];
  const term = q.search?.toLowerCase();
  return all.filter(
    (item) =>
      (q.status === 'all' || String(item.status) === q.status) &&
      (!term || `${item.licensePlate} ${item.description ?? ''}`.toLowerCase().includes(term)),
  );
}

export async function listFleet<E extends FleetEntity>(
  ctx: AppContext,
  actor: Actor,
  e: E,
  q: ListQuery & { status: '1' | '2' | 'all'; search?: string },
) {
  if (isBasicCompany(actor)) {
    const rows = sampleList(e, q);
    return list(rows, rows.length);
  }
  const { rows, total } = await repo.listFleet(ctx.db, e, actor.companyId, q, q);
  return list(
    rows.map((r) => toDto(e, r)),
    total,
  );
}

export async function getFleetItem<E extends FleetEntity>(
  ctx: AppContext,
  actor: Actor,
  e: E,
  id: string,
): Promise<Dto<E>> {
  if (isBasicCompany(actor)) {
    const sample = sampleList(e, { status: 'all' }).find((s) => s.id === id);
    return notFoundUnless(sample);
  }
  return toDto(e, notFoundUnless(await repo.findFleetItem(ctx.db, e, actor.companyId, id)));
}

async function assertPlateFree(
  db: DbOrTx,
  e: FleetEntity,
  companyId: CompanyId,
  plate: string,
  exceptId?: string,
) {
  const other = await repo.findActiveByPlate(db, e, companyId, plateKey(plate));
  if (other && other.id !== exceptId) throw new AppError('LicensePlateExists', { field: 'licensePlate' });
}

export async function createFleetItem<E extends FleetEntity>(
  ctx: AppContext,
  actor: Actor,
  e: E,
  input: Input<E>,
) {
  // Basic companies try the professional edition on sample data; writes need the unlock.
  assertUnlocked(actor);
  const values = toValues(e, input);
  throwFirst(errorsOf(e, values));
  await assertPlateFree(ctx.db, e, actor.companyId, input.licensePlate as string);
  const row = await repo.insertFleetItem(ctx.db, e, actor.companyId, {
    ...values,
    createdBy: actor.userId,
  } as repo.FleetInsert<E>);
  return { result: SAVE_RESULT.saved, [e]: toDto(e, row) } as { result: number } & Record<E, Dto<E>>;
}

/**
 * Saves a change to an item. One that calculations already used keeps its data: a new item takes
 * the change and the old one is decommissioned, so past results stay reproducible. Used by edits
 * and by imports alike.
 */
export async function saveChange<E extends FleetEntity>(
  tx: DbOrTx,
  e: E,
  actor: Pick<Actor, 'companyId' | 'userId'>,
  current: repo.FleetRow<E>,
  patch: Partial<repo.FleetInsert<E>>,
): Promise<{ row: repo.FleetRow<E>; replaced: boolean }> {
  if (!current.usedInCalculations) {
    return { row: await repo.updateFleetItem(tx, e, actor.companyId, current.id, patch), replaced: false };
  }
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    usedInCalculations: _used,
    replacedById: _r,
    decommissionedAt: _d,
    restoredAt: _re,
    ...rest
  } = { ...current, ...patch };
  // The old row leaves the active set first: active licence plates are unique.
  await repo.updateFleetItem(tx, e, actor.companyId, current.id, {
    status: FLEET_STATUS.decommissioned,
    decommissionedAt: new Date(),
  } as Partial<repo.FleetInsert<E>>);
  const created = await repo.insertFleetItem(tx, e, actor.companyId, {
    ...rest,
    status: current.status,
    createdBy: actor.userId,
  } as repo.FleetInsert<E>);
  await repo.updateFleetItem(tx, e, actor.companyId, current.id, { replacedById: created.id } as Partial<
    repo.FleetInsert<E>
  >);
  return { row: created, replaced: true };
}

/** An item of the actor's company, for a change: the edition must allow changes (`assertUnlocked`). */
async function changeableItem<E extends FleetEntity>(ctx: AppContext, actor: Actor, e: E, id: string) {
  assertUnlocked(actor);
  return notFoundUnless(await repo.findFleetItem(ctx.db, e, actor.companyId, id));
}

/** Saves an edit; result 3 tells the client a new item replaced one used in calculations. */
export async function updateFleetItem<E extends FleetEntity>(
  ctx: AppContext,
  actor: Actor,
  e: E,
  id: string,
  input: Input<E>,
) {
  const current = await changeableItem(ctx, actor, e, id);
  const patch = toValues(e, input);
  const merged = { ...current, ...patch };
  throwFirst(errorsOf(e, merged));
  if (current.status === FLEET_STATUS.active && input.licensePlate !== undefined) {
    await assertPlateFree(ctx.db, e, actor.companyId, input.licensePlate, id);
  }
  const { row, replaced } = await ctx.db.transaction((tx) =>
    saveChange(tx, e, actor, current, patch as Partial<repo.FleetInsert<E>>),
  );
  const result = replaced ? SAVE_RESULT.savedAndDecommissioned : SAVE_RESULT.saved;
  return { result, [e]: toDto(e, row) } as { result: number } & Record<E, Dto<E>>;
}

export async function deleteFleetItem(ctx: AppContext, actor: Actor, e: FleetEntity, id: string) {
  await changeableItem(ctx, actor, e, id);
  // Deleted items stay as rows: tours calculated with them keep their reference.
  await repo.updateFleetItem(ctx.db, e, actor.companyId, id, { status: FLEET_STATUS.deleted });
}

/**
 * Gives an item a new status and stamps when (`stampedAt`); an item that already has it is
 * answered as it is. `allowed` may refuse the change.
 */
async function changeStatus<E extends FleetEntity>(
  ctx: AppContext,
  actor: Actor,
  e: E,
  id: string,
  to: { status: number; stampedAt: 'decommissionedAt' | 'restoredAt' },
  allowed?: (current: repo.FleetRow<E>) => Promise<void>,
) {
  const current = await changeableItem(ctx, actor, e, id);
  if (current.status === to.status) return toDto(e, current);
  await allowed?.(current);
  const row = await repo.updateFleetItem(ctx.db, e, actor.companyId, id, {
    status: to.status,
    [to.stampedAt]: new Date(),
  } as Partial<repo.FleetInsert<E>>);
  return toDto(e, row);
}

export const decommissionFleetItem = <E extends FleetEntity>(
  ctx: AppContext,
  actor: Actor,
  e: E,
  id: string,
) => changeStatus(ctx, actor, e, id, { status: FLEET_STATUS.decommissioned, stampedAt: 'decommissionedAt' });

/** Restores an item unless another active item of its kind has the plate now. */
export const restoreFleetItem = <E extends FleetEntity>(ctx: AppContext, actor: Actor, e: E, id: string) =>
  changeStatus(
    ctx,
    actor,
    e,
    id,
    { status: FLEET_STATUS.active, stampedAt: 'restoredAt' },
    async (current) => {
      const other = await repo.findActiveByPlate(ctx.db, e, actor.companyId, current.licensePlateKey);
      if (other) throw new AppError(restoreError[e], { licensePlate: current.licensePlate });
    },
  );

const today = () => new Date().toISOString().slice(0, 10);

function flatten(e: FleetEntity, item: Vehicle | Trailer): Record<string, unknown> {
  if (e !== 'vehicle') return item;
  const v = item as Vehicle;
  const out: Record<string, unknown> = { ...v };
  v.fuelInformation.forEach((f, i) => {
    out[`fuel${i + 1}Consumption`] = f.consumption;
    out[`fuel${i + 1}Unit`] = f.unitFuelConsumption;
    out[`fuel${i + 1}Type`] = f.fuelType;
  });
  return out;
}

export async function exportFleet(
  ctx: AppContext,
  actor: Actor,
  e: FleetEntity,
  q: { status: '1' | '2' | 'all'; search?: string },
  lang: Language,
) {
  assertUnlocked(actor);
  const { rows } = await repo.listFleet(ctx.db, e, actor.companyId, q, {
    ...q,
    page: 1,
    limit: 100_000,
    pagination: 'false',
  });
  if (rows.length === 0) throw new AppError('emptyExport');
  const data = await exportWorkbook(
    e,
    lang,
    rows.map((r) => flatten(e, toDto(e, r))),
  );
  return { fileName: `${SHEET_NAMES[e][lang].toLowerCase()}-${today()}.xlsx`, mimeType: XLSX_MIME, data };
}

export async function importTemplate(e: FleetEntity, lang: Language) {
  const data = await templateWorkbook(e, lang);
  return {
    fileName: `${SHEET_NAMES[e][lang].toLowerCase()}-import-template.xlsx`,
    mimeType: XLSX_MIME,
    data,
  };
}
