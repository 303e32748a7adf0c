import { eq } from 'drizzle-orm';
import { MAPPING_FIELDS, type MappingCategory, type RowIssue } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { schema } from '../../platform/db/index.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { DistanceResolver } from '../tours/distances.ts';
import { FleetIndex, markVehiclesUsed } from '../tours/fleet-index.ts';
import { CalculationError, type ShipmentInput, computeTourEmission } from '../tours/tours.emissions.ts';
import * as toursRepo from '../tours/tours.repository.ts';
import { type SourceKind, countDataRows } from './mappings.reader.ts';
import * as repo from './mappings.repository.ts';
import type { mappingImportRows } from './mappings.schema.ts';
import { type ParsedRow, issue } from './mappings.rows.ts';
import * as tasks from './tasks.repository.ts';
import { scanFile } from './mappings.validation.ts';

export const IMPORT_QUEUE = 'mapping-import';
/** Rows staged per committed insert, and tours computed per batch. */
const STAGE_BATCH = 1000;
const TOUR_BATCH = 250;
/** Trial edition (seed 000 §9): shipments (tours in tour mappings) evaluated per upload. */
export const TRIAL_SHIPMENTS_PER_UPLOAD = 30;
export const TRIAL_IMPORT_LISTS = 3;

/** Test hook: runs after each swap batch inside the transaction (a throw there is a crash). */
export const importHooks: {
  afterBatch: ((taskId: string, batch: number) => Promise<void> | void) | null;
  /** Test hook: runs after each committed staging batch (outside any transaction). */
  afterStage: ((taskId: string) => Promise<void> | void) | null;
} = { afterBatch: null, afterStage: null };

type Staged = ParsedRow & {
  /** Distance measured between departure and arrival (the row had none). */
  distanceMeasured?: boolean;
  distanceIssue?: { code: 'locationNotFound' | 'distanceMissing'; detail: string };
  vehicleId: string | null;
  type: string;
  consumption: { fuelType: string; per100km: number; unit: 'L' | 'kg' | 'kWh' }[] | null;
};

class Cancelled extends Error {}

const RUNNING = ['uploaded', 'in_processing_queue'];

export async function isTrialCompany(ctx: AppContext, companyId: string): Promise<boolean> {
  const [c] = await ctx.db
    .select({
      unlocked: schema.companies.unlocked,
      paying: schema.companies.isPayingCustomer,
      basic: schema.companies.isBasic,
    })
    .from(schema.companies)
    .where(eq(schema.companies.id, companyId));
  return !!c && !c.basic && c.unlocked && !c.paying;
}

function codeRows(
  companyId: string,
  taskId: string,
  issues: RowIssue[],
  tourReference: string | null = null,
) {
  return issues.map((i) => ({
    companyId,
    taskId,
    tourReference,
    rowNumber: i.row,
    column: i.column,
    code: i.code,
    message: i.message,
  }));
}

/**
 * The import job. Phase 1 streams the file, validates every row and stages the good ones in
 * committed batches (row issues become tour codes). Phase 2 reads the staged rows tour by tour,
 * computes emissions and writes tours, shipments and links in ONE transaction, so a crash or
 * restart leaves no partial tours of the task: the job is retried from the start (staging is
 * cleared first) or, after its last attempt, the task is marked failed.
 */
export async function runImportTask(
  ctx: AppContext,
  payload: Record<string, unknown>,
  job: JobContext,
): Promise<void> {
  const taskId = String(payload.taskId);
  const task = await tasks.taskById(ctx.db, taskId);
  if (!task || !RUNNING.includes(task.status)) return;
  await tasks.clearStaging(ctx.db, taskId);
  await tasks.clearTourCodes(ctx.db, taskId);
  try {
    await tasks.updateTask(
      ctx.db,
      taskId,
      { status: 'in_processing_queue', processedRows: 0, progress: 0 },
      RUNNING,
    );
    await processTask(ctx, task, job, payload.category === 'tour' ? 'tour' : 'shipment');
  } catch (err) {
    await tasks.clearStaging(ctx.db, taskId);
    if (err instanceof Cancelled) {
      await tasks.clearTourCodes(ctx.db, taskId);
      await tasks.updateTask(ctx.db, taskId, { status: 'cancelled', processedAt: new Date() });
      return;
    }
    const last = job.job.attempts >= job.job.maxAttempts;
    if (!last) throw err;
    await tasks.updateTask(
      ctx.db,
      taskId,
      {
        status: 'failed',
        processedAt: new Date(),
        message: err instanceof Error ? err.message.slice(0, 500) : String(err),
      },
      RUNNING,
    );
  }
}

/** The mapping of a JSON push: every field of the category under its own id. */
export function pushMapping(companyId: string, category: MappingCategory): repo.MappingRow {
  const now = new Date();
  return {
    id: '00000000-0000-0000-0000-000000000000',
    companyId,
    templateName: 'API',
    status: 1,
    category,
    format: 'json',
    formatOptions: { delimiter: ';', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' },
    details: MAPPING_FIELDS.filter((f) => category === 'shipment' || f.category === 'tour').map((f) => ({
      value: f.id,
      mappingField: f.id,
    })),
    createdBy: null,
    updatedBy: null,
    createdAt: now,
    updatedAt: now,
  };
}

async function processTask(
  ctx: AppContext,
  task: tasks.TaskRow,
  job: JobContext,
  pushCategory: MappingCategory,
): Promise<void> {
  const taskId = task.id;
  const companyId = task.companyId;
  const data = await tasks.loadFile(ctx.db, taskId);
  const mapping =
    task.source === 'api'
      ? pushMapping(companyId, pushCategory)
      : task.mappingId
        ? await repo.findMapping(ctx.db, companyId, task.mappingId)
        : null;
  if (!data || !mapping) throw new Error('import file or mapping missing');
  const kind: SourceKind =
    task.source === 'api' ? 'json' : task.fileName.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
  const jsonFields = mapping.details.map((d) => d.mappingField);
  const fleet = await FleetIndex.load(ctx.db, companyId);
  const distances = new DistanceResolver(ctx.db);
  const trial = await isTrialCompany(ctx, companyId);
  const delimiter = mapping.formatOptions.delimiter;

  const checkCancelled = async () => {
    const t = await tasks.taskById(ctx.db, taskId);
    if (!t || t.status === 'cancelled' || (await job.cancelled())) throw new Cancelled();
  };

  // Phase 1: validate and stage.
  let total: number;
  try {
    // A read-only pass for the row count, so progress is processed / total from the start.
    total = await countDataRows(data, kind, delimiter, jsonFields);
  } catch {
    await finishUnreadable(ctx, task, [issue(1, null, 'fileReadError')]);
    return;
  }
  await tasks.updateTask(ctx.db, taskId, { totalRows: total });
  let staged: (typeof mappingImportRows.$inferInsert)[] = [];
  let codes: ReturnType<typeof codeRows> = [];
  let rejected = 0;
  let read = 0;
  const evaluated = new Set<string>();
  const flush = async () => {
    await tasks.stageRows(ctx.db, staged);
    await tasks.insertTourCodes(ctx.db, codes);
    staged = [];
    codes = [];
    if (importHooks.afterStage) await importHooks.afterStage(taskId);
    await checkCancelled();
    // Reading and staging is the first half of the work.
    await tasks.updateTask(ctx.db, taskId, {
      processedRows: read,
      progress: total ? Math.round((read / total) * 50) : 0,
    });
    await job.progress(read, total * 2);
  };
  let scan: Awaited<ReturnType<typeof scanFile>>;
  try {
    scan = await scanFile(data, kind, mapping, fleet, {
      row: async (value, rowIssues) => {
        read++;
        if (!value) {
          rejected++;
          codes.push(...codeRows(companyId, taskId, rowIssues));
        } else {
          const key = value.shipment ? value.shipment.reference : value.tourReference;
          if (trial && !evaluated.has(key) && evaluated.size >= TRIAL_SHIPMENTS_PER_UPLOAD) {
            rejected++;
            codes.push(
              ...codeRows(
                companyId,
                taskId,
                [issue(value.row, null, 'trialShipmentLimit')],
                value.tourReference,
              ),
            );
          } else {
            evaluated.add(key);
            const vehicle = fleet.find(value.licensePlate, value.vehicleReference);
            const consumption = (vehicle?.fuelInformation ?? [])
              .filter((f) => f.consumption && f.unitFuelConsumption && f.fuelType)
              .map((f) => ({
                fuelType: f.fuelType as string,
                per100km: f.consumption as number,
                unit: f.unitFuelConsumption as 'L' | 'kg' | 'kWh',
              }));
            const row: Staged = {
              ...value,
              vehicleId: vehicle?.id ?? null,
              type: (value.glecTransportType ?? vehicle?.glecVehicleType) as string,
              consumption: consumption.length ? consumption : null,
            };
            // Measured here, outside the swap transaction (PGlite has one connection).
            if (row.distance === null) {
              const m = await distances.measure(row.type, row.departure, row.arrival);
              if ('km' in m) {
                row.distance = m.km;
                row.distanceMeasured = true;
              } else row.distanceIssue = m;
            }
            staged.push({
              taskId,
              companyId,
              rowNumber: value.row,
              tourReference: value.tourReference,
              data: row as unknown as Record<string, unknown>,
            });
          }
        }
        if (staged.length + codes.length >= STAGE_BATCH) await flush();
      },
    });
  } catch (err) {
    if (err instanceof Cancelled) throw err;
    await finishUnreadable(ctx, task, [issue(1, null, 'fileReadError')]);
    return;
  }
  if (scan.titleIssues.length) {
    await finishUnreadable(ctx, task, scan.titleIssues);
    return;
  }
  await flush();

  // Phase 2: compute and swap in one transaction.
  const counts = { imported: 0, updated: 0, rejected };
  const usedVehicles = new Set<string>();
  let done = 0;
  // PostgreSQL: progress and cancel are read over another pooled connection while the transaction
  // runs. PGlite has one connection, so there they are checked between the phases only.
  const concurrent = ctx.dbKind === 'postgres';
  await ctx.db.transaction(async (tx) => {
    let after: string | null = null;
    let batchNo = 0;
    for (;;) {
      const refs = await tasks.nextTourReferences(tx, taskId, after, TOUR_BATCH);
      if (refs.length === 0) break;
      after = refs[refs.length - 1];
      const rows = await tasks.stagedRowsOf(tx, taskId, refs);
      const batchCodes = await swapBatch(
        tx,
        companyId,
        taskId,
        mapping.category,
        rows.map((r) => r.data as unknown as Staged),
        counts,
        usedVehicles,
      );
      await tasks.insertTourCodes(tx, batchCodes);
      done += rows.length;
      batchNo++;
      if (importHooks.afterBatch) await importHooks.afterBatch(taskId, batchNo);
      if (concurrent) {
        const t = await tasks.taskById(ctx.db, taskId);
        if (!t || t.status === 'cancelled' || (await job.cancelled())) throw new Cancelled();
        const staged = Math.max(1, total - rejected);
        await tasks.updateTask(ctx.db, taskId, { progress: 50 + Math.round((done / staged) * 50) });
      }
    }
    await toursRepo.refreshMultiTourShipments(tx, companyId, taskId);
    await markVehiclesUsed(tx, companyId, [...usedVehicles]);
    await tasks.clearStaging(tx, taskId);
    await tasks.deleteFile(tx, taskId);
    const finished = await tasks.updateTask(
      tx,
      taskId,
      { status: 'success', processedAt: new Date(), processedRows: read, progress: 100, ...counts },
      RUNNING,
    );
    // Cancelled meanwhile: roll the whole swap back.
    if (!finished) throw new Cancelled();
  });
  await job.progress(total * 2, total * 2);
}

async function finishUnreadable(ctx: AppContext, task: tasks.TaskRow, issues: RowIssue[]): Promise<void> {
  await tasks.insertTourCodes(ctx.db, codeRows(task.companyId, task.id, issues));
  await tasks.clearStaging(ctx.db, task.id);
  await tasks.deleteFile(ctx.db, task.id);
  await tasks.updateTask(
    ctx.db,
    task.id,
    {
      status: 'mapping_field_not_matched',
      processedAt: new Date(),
      message: issues[0]?.code ?? null,
      progress: 100,
    },
    RUNNING,
  );
}

/** Computes and writes the tours of one batch; answers the tour codes of tours that failed. */
async function swapBatch(
  tx: Parameters<typeof tasks.stageRows>[0],
  companyId: string,
  taskId: string,
  category: string,
  rows: Staged[],
  counts: { imported: number; updated: number; rejected: number },
  usedVehicles: Set<string>,
) {
  const byTour = new Map<string, Staged[]>();
  for (const r of rows) {
    const list = byTour.get(r.tourReference);
    if (list) list.push(r);
    else byTour.set(r.tourReference, [r]);
  }
  const codes: ReturnType<typeof codeRows> = [];
  const tourRows: toursRepo.TourInsert[] = [];
  const shipmentRows = new Map<string, toursRepo.ShipmentInsert>();
  const linkPlans: {
    tourReference: string;
    shipmentReference: string;
    carriage: string;
    weightKg: number | null;
    emission: ReturnType<typeof computeTourEmission>['shipments'][number];
  }[] = [];
  const rowCountOf = new Map<string, number>();
  const shipmentRowsOfTour = new Map<string, string[]>();

  for (const [ref, group] of byTour) {
    const head = group[0];
    // Several rows of one tour: the last row of a shipment wins, tour attributes come from the first.
    const shipments = new Map<string, Staged>();
    for (const r of group) if (r.shipment) shipments.set(r.shipment.reference, r);
    const weightKg =
      category === 'shipment'
        ? [...shipments.values()].reduce((s, r) => s + (r.shipment?.weightKg ?? 0), 0)
        : (head.weightKg ?? 0);
    const withDistance = group.find((r) => r.distance !== null && r.distance > 0);
    if (!withDistance) {
      counts.rejected += group.length;
      const why = group.find((r) => r.distanceIssue)?.distanceIssue;
      codes.push(
        ...codeRows(
          companyId,
          taskId,
          [issue(head.row, null, why?.code ?? 'distanceMissing', why ? `(${why.detail})` : undefined)],
          ref,
        ),
      );
      continue;
    }
    const distance = withDistance.distance as number;
    const distanceType = withDistance.distanceMeasured ? ('SFD' as const) : ('actual' as const);
    const emptyDistance = group.find((r) => r.emptyDistance !== null)?.emptyDistance ?? null;
    const fuelRow = group.find((r) => r.fuelUsed !== null && r.fuelUsed > 0);
    const fuel = fuelRow
      ? [
          {
            fuelType: fuelRow.fuelType ?? head.consumption?.[0]?.fuelType ?? 'diesel',
            amount: fuelRow.fuelUsed as number,
            unit: (fuelRow.fuelUnit ?? 'L') as 'L' | 'kg' | 'kWh',
          },
        ]
      : null;
    const shipmentInputs: ShipmentInput[] = [...shipments.values()].map((r) => ({
      reference: r.shipment?.reference as string,
      weightKg: r.shipment?.weightKg ?? null,
      distanceKm: r.shipment?.loadedDistance ?? distance,
      distanceType: r.shipment?.loadedDistance ? ('actual' as const) : distanceType,
      carriage: r.shipment?.carriage ?? 'main_carriage',
    }));
    let emission: ReturnType<typeof computeTourEmission>;
    try {
      emission = computeTourEmission(
        {
          glecVehicleType: head.type,
          distanceKm: distance,
          distanceType,
          emptyDistanceKm: emptyDistance,
          weightKg,
          temperatureControl: group.some((r) => r.temperatureControl),
          fuel,
          consumption: head.consumption,
        },
        shipmentInputs,
      );
    } catch (err) {
      counts.rejected += group.length;
      const reason = err instanceof CalculationError ? `(${err.reason})` : undefined;
      codes.push(...codeRows(companyId, taskId, [issue(head.row, null, 'calculationFailed', reason)], ref));
      continue;
    }
    if (head.vehicleId) usedVehicles.add(head.vehicleId);
    rowCountOf.set(ref, group.length);
    tourRows.push({
      companyId,
      reference: ref,
      departure: head.departure,
      arrival: head.arrival,
      departureDate: head.departureDate ? new Date(head.departureDate) : null,
      arrivalDate: head.arrivalDate ? new Date(head.arrivalDate) : null,
      glecVehicleType: head.type,
      vehicleId: head.vehicleId,
      licensePlate: head.licensePlate,
      vehicleReference: head.vehicleReference,
      weightKg,
      distanceKm: distance,
      emptyDistanceKm: emptyDistance,
      emptyRunningShare: emission.emptyRunningShare,
      tkm: emission.tkm,
      fuel,
      temperatureControl: group.some((r) => r.temperatureControl),
      co2DefaultTtw: emission.default.co2Ttw,
      co2DefaultWtt: emission.default.co2Wtt,
      co2DefaultWtw: emission.default.co2Wtw,
      co2IndividualTtw: emission.individual?.co2Ttw ?? null,
      co2IndividualWtt: emission.individual?.co2Wtt ?? null,
      co2IndividualWtw: emission.individual?.co2Wtw ?? null,
      hubCo2Wtw: emission.hubCo2Wtw,
      defaultResult: emission.default,
      individualResult: emission.individual,
      tags: [...new Set(group.flatMap((r) => r.tourTags))],
      taskId,
    });
    shipmentRowsOfTour.set(ref, [...shipments.keys()]);
    for (const [sref, r] of shipments) {
      const s = r.shipment as NonNullable<Staged['shipment']>;
      shipmentRows.set(sref, {
        companyId,
        reference: sref,
        orderNumber: s.orderNumber,
        shipper: s.shipper,
        description: s.description,
        weightKg: s.weightKg,
        loadedDistanceKm: s.loadedDistance,
        origin: s.origin,
        destination: s.destination,
        tags: s.tags,
        taskId,
        departureDate: null,
        co2DefaultTtw: null,
        co2DefaultWtt: null,
        co2DefaultWtw: null,
        co2IndividualTtw: null,
        co2IndividualWtt: null,
        co2IndividualWtw: null,
        hubCo2Wtw: null,
      });
      const e = emission.shipments.find((x) => x.reference === sref);
      if (e)
        linkPlans.push({
          tourReference: ref,
          shipmentReference: sref,
          carriage: s.carriage,
          weightKg: s.weightKg,
          emission: e,
        });
    }
  }

  // Shipment totals from this batch's links; shipments on tours of other batches or imports are
  // summed once more at the end of the swap (refreshMultiTourShipments), so each row is written once.
  const departureOf = new Map(tourRows.map((t) => [t.reference, t.departureDate ?? null]));
  for (const l of linkPlans) {
    const row = shipmentRows.get(l.shipmentReference);
    if (!row) continue;
    const add = (a: number | null | undefined, b: number | null | undefined) =>
      b === null || b === undefined ? (a ?? null) : (a ?? 0) + b;
    row.co2DefaultTtw = add(row.co2DefaultTtw, l.emission.default.co2Ttw);
    row.co2DefaultWtt = add(row.co2DefaultWtt, l.emission.default.co2Wtt);
    row.co2DefaultWtw = add(row.co2DefaultWtw, l.emission.default.co2Wtw);
    row.co2IndividualTtw = add(row.co2IndividualTtw, l.emission.individual?.co2Ttw);
    row.co2IndividualWtt = add(row.co2IndividualWtt, l.emission.individual?.co2Wtt);
    row.co2IndividualWtw = add(row.co2IndividualWtw, l.emission.individual?.co2Wtw);
    row.hubCo2Wtw = add(row.hubCo2Wtw, l.emission.hubCo2Wtw);
    const dep = departureOf.get(l.tourReference) ?? null;
    if (dep && (!row.departureDate || dep < row.departureDate)) row.departureDate = dep;
  }
  const savedTours = await toursRepo.upsertTours(tx, tourRows);
  const tourIds = new Map(savedTours.map((t) => [t.reference, t]));
  const savedShipments = await toursRepo.upsertShipments(tx, [...shipmentRows.values()]);
  const shipmentIds = new Map(savedShipments.map((s) => [s.reference, s]));
  const dropped = await toursRepo.replaceLinks(
    tx,
    companyId,
    savedTours.map((t) => t.id),
    linkPlans.map((l) => ({
      tourId: tourIds.get(l.tourReference)?.id as string,
      shipmentId: shipmentIds.get(l.shipmentReference)?.id as string,
      companyId,
      carriage: l.carriage,
      weightKg: l.weightKg,
      share: l.emission.share,
      co2DefaultTtw: l.emission.default.co2Ttw,
      co2DefaultWtt: l.emission.default.co2Wtt,
      co2DefaultWtw: l.emission.default.co2Wtw,
      co2IndividualTtw: l.emission.individual?.co2Ttw ?? null,
      co2IndividualWtt: l.emission.individual?.co2Wtt ?? null,
      co2IndividualWtw: l.emission.individual?.co2Wtw ?? null,
      hubCo2Wtw: l.emission.hubCo2Wtw,
      defaultResult: l.emission.default,
      individualResult: l.emission.individual,
    })),
  );
  await toursRepo.refreshShipmentTotals(tx, companyId, dropped);

  // Row counts: a shipment row counts as imported or updated by its shipment, a tour row by its tour.
  if (category === 'shipment') {
    for (const [ref, refs] of shipmentRowsOfTour) {
      const rowsOfTour = rowCountOf.get(ref) ?? 0;
      const fresh = refs.filter((r) => shipmentIds.get(r)?.inserted).length;
      counts.imported += fresh;
      counts.updated += rowsOfTour - fresh;
    }
  } else {
    for (const t of savedTours) {
      const n = rowCountOf.get(t.reference) ?? 1;
      if (t.inserted) counts.imported += n;
      else counts.updated += n;
    }
  }
  return codes;
}
