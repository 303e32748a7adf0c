import { setImmediate as turn } from 'node:timers/promises';
import { z } from 'zod';
import {
  CARGO_TYPES,
  CARRIAGES,
  CONTAINER_LOADS,
  CONTAINER_TYPES,
  FREIGHT_TYPES,
  type ImportOrder,
  MAX_LEGS_PER_ORDER,
  ORDER_DISTANCE_TYPES,
  ORDER_IMPORT_MESSAGES,
  ORDER_STATUSES,
  ORDER_TRANSPORT_MODES,
  ORDER_WEIGHT_UNITS,
  type OrderImportCode,
  type OrderImportMessage,
  type OrderImportTask,
  orderImportSchemas,
  orderSchemas,
} from '@klimadesk/contract';
import { listGlecVehicleTypes } from '@klimadesk/glec';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import { defineJob } from '../../platform/modules.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import { findApiKey } from '../api-keys/index.ts';
import { findCompany } from '../companies/index.ts';
import { routingProviders } from '../locations/index.ts';
import { findUser } from '../users/index.ts';
import * as repo from './orders.import.repository.ts';
import { type OrderDeps, createOrder } from './orders.service.ts';

type Body = z.output<typeof orderImportSchemas.orderImportBody>;
type OrderBody = z.output<typeof orderSchemas.orderBody>;
type Message = repo.ImportMessageInsert & { code: OrderImportCode };
type Where = Pick<Message, 'orderIndex' | 'orderNumber' | 'externalId'>;
type LegWhere = Where & { activity: string; legIndex: number };

/** A message of its catalogue level; the value as sent is quoted up to 200 characters. */
function message(
  code: OrderImportCode,
  where: Partial<Message>,
  field: string | null = null,
  value: unknown = null,
  params: Record<string, string | number> = {},
): Message {
  const quoted = value === null || value === undefined ? null : String(value).slice(0, 200);
  return { ...where, code, level: ORDER_IMPORT_MESSAGES[code], field, value: quoted, params };
}

const isError = (m: Message) => m.level === 'error' || m.level === 'critical';
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
// A calendar day that exists: Date rolls 2026-02-31 over into March, so the round trip must hold.
const validDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const UPLOAD_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Quantity is a count of pieces or containers; anything above is a typo, not a shipment. */
const MAX_QUANTITY = 1_000_000;

// ---- Checking one order ---------------------------------------------------------------------------

type Place = NonNullable<z.infer<typeof orderImportSchemas.importPlace>>;
const upper = (v: string) => v.toUpperCase().replace(/\s+/g, '');

/**
 * The first field of a leg end that the location service cannot read (seed 000 §8 "invalid origin
 * or destination fields"), or null. A UN/LOCODE comes first, then an IATA code, then country with
 * postal code or city, as in `POST /api/orders`.
 */
function placeIssue(p: Place | undefined): { field: string; value: unknown } | null {
  if (!p) return { field: 'place', value: null };
  if (p.locode !== undefined)
    return /^[A-Z]{2}[A-Z0-9]{3}$/.test(upper(p.locode)) ? null : { field: 'locode', value: p.locode };
  if (p.iataCode !== undefined)
    return /^[A-Z0-9]{3}$/.test(upper(p.iataCode)) ? null : { field: 'iataCode', value: p.iataCode };
  if (!p.country || !/^[A-Za-z]{2}$/.test(p.country.trim())) return { field: 'country', value: p.country };
  const zip = p.zipCode?.trim();
  const city = p.city?.trim();
  if (p.zipCode !== undefined && (!zip || zip.length > 20)) return { field: 'zipCode', value: p.zipCode };
  if (p.city !== undefined && (!city || city.length > 100)) return { field: 'city', value: p.city };
  if (!zip && !city) return { field: 'zipCode', value: null };
  return null;
}

/** The place in the one form `POST /api/orders` takes. */
function placeOf(p: Place) {
  if (p.locode !== undefined) return { locode: p.locode };
  if (p.iataCode !== undefined) return { iataCode: p.iataCode };
  return {
    country: p.country,
    ...(p.zipCode?.trim() ? { zipCode: p.zipCode } : {}),
    ...(p.city?.trim() ? { city: p.city } : {}),
    ...(p.street?.trim() ? { street: p.street } : {}),
  };
}

const samePlace = (a: Place, b: Place) => JSON.stringify(placeOf(a)) === JSON.stringify(placeOf(b));

/** Seed 000 §8 names a vehicle type's code after the mode: truck, train, aircraft or ship type. */
const VEHICLE_CODE: Record<string, OrderImportCode> = {
  road: 'OrderImportInvalidVehicleType',
  rail: 'OrderImportInvalidTrainType',
  air: 'OrderImportInvalidAircraftType',
  sea: 'OrderImportInvalidShipType',
  inland_waterway: 'OrderImportInvalidShipType',
};

/** GLEC vehicle types by id with their mode: those the company sees (its factor regions). */
export type VehicleTypes = Map<string, string>;

type ImportLeg = NonNullable<NonNullable<ImportOrder['activities']>[number]['legs']>[number];

function checkLeg(raw: ImportLeg, where: LegWhere, freightType: unknown, types: VehicleTypes): Message[] {
  const out: Message[] = [];
  const mode = raw.transportMode;
  if (!oneOf(ORDER_TRANSPORT_MODES, mode))
    out.push(message('OrderImportInvalidTransportMode', where, 'transportMode', mode));
  const origin = placeIssue(raw.origin);
  if (origin) out.push(message('OrderImportInvalidOrigin', where, `origin.${origin.field}`, origin.value));
  const destination = placeIssue(raw.destination);
  if (destination)
    out.push(
      message('OrderImportInvalidDestination', where, `destination.${destination.field}`, destination.value),
    );
  if (!origin && !destination && samePlace(raw.origin!, raw.destination!))
    out.push(message('OrderImportEqualOriginDestination', where, 'destination'));
  if (oneOf(ORDER_TRANSPORT_MODES, mode)) {
    const type = raw.glecVehicleType;
    if (!type || types.get(type) !== mode)
      out.push(message(VEHICLE_CODE[mode], where, 'glecVehicleType', type, { transportMode: mode }));
    // Seed 000 §4: containers do not fly, unit cargo does not go on a container ship.
    if (freightType === 'container' && mode === 'air')
      out.push(message('OrderImportContainerNotForMode', where, 'transportMode', mode));
    if (freightType === 'unit_cargo' && mode === 'sea' && type?.startsWith('sea_container_'))
      out.push(message('OrderImportUnitCargoNotForMode', where, 'glecVehicleType', type));
  }
  if (raw.distance !== undefined && !(raw.distance > 0 && raw.distance <= 50_000))
    out.push(message('OrderImportInvalidDistance', where, 'distance', raw.distance));
  if (raw.distanceType !== undefined && !oneOf(ORDER_DISTANCE_TYPES, raw.distanceType))
    out.push(message('OrderImportInvalidDistanceType', where, 'distanceType', raw.distanceType));
  return out;
}

/** Which order a message names: its position in the push, its number and the pusher's id. */
const whereOf = (o: ImportOrder, index: number): Where => ({
  orderIndex: index,
  orderNumber: o.number?.trim() ? o.number.trim() : null,
  externalId: o.externalId ?? null,
});

/** The order's own fields (number, client, cargo, weight, status, date, texts). */
function checkOrderFields(o: ImportOrder, where: Where, out: Message[]): void {
  const text = (v: string | undefined, max: number) => !!v?.trim() && v.trim().length <= max;
  if (!text(o.number, 100)) out.push(message('OrderImportInvalidNumber', where, 'number', o.number));
  if (!text(o.client, 100)) out.push(message('OrderImportInvalidClient', where, 'client', o.client));
  if (!oneOf(CARGO_TYPES, o.cargoType))
    out.push(message('OrderImportInvalidCargoType', where, 'cargoType', o.cargoType));
  if (!oneOf(FREIGHT_TYPES, o.freightType))
    out.push(message('OrderImportInvalidFreightType', where, 'freightType', o.freightType));
  if (o.containerSpec != null && !oneOf(CONTAINER_TYPES, o.containerSpec))
    out.push(message('OrderImportInvalidContainerType', where, 'containerSpec', o.containerSpec));
  if (o.freightType === 'container' && o.containerSpec == null)
    out.push(message('OrderImportContainerTypeMissing', where, 'containerSpec'));
  if (o.containerLoad != null && !oneOf(CONTAINER_LOADS, o.containerLoad))
    out.push(message('OrderImportInvalidContainerLoad', where, 'containerLoad', o.containerLoad));
  if (o.grossWeight === undefined || !(o.grossWeight > 0))
    out.push(message('OrderImportInvalidWeight', where, 'grossWeight', o.grossWeight));
  if (!oneOf(ORDER_WEIGHT_UNITS, o.grossWeightUnit))
    out.push(message('OrderImportInvalidWeightUnit', where, 'grossWeightUnit', o.grossWeightUnit));
  if (o.quantity != null && !(Number.isInteger(o.quantity) && o.quantity > 0 && o.quantity <= MAX_QUANTITY))
    out.push(message('OrderImportInvalidQuantity', where, 'quantity', o.quantity));
  if (o.status === undefined)
    out.push(message('OrderImportStatusDefaulted', where, 'status', null, { status: 'open' }));
  else if (!oneOf(ORDER_STATUSES, o.status))
    out.push(message('OrderImportInvalidStatus', where, 'status', o.status));
  if (!o.date || !validDay(o.date)) out.push(message('OrderImportInvalidDate', where, 'date', o.date));
  if (o.label != null && o.label.trim().length > 100)
    out.push(message('OrderImportInvalidText', where, 'label', o.label, { max: 100 }));
  if (o.note != null && o.note.trim().length > 2000)
    out.push(message('OrderImportInvalidText', where, 'note', o.note, { max: 2000 }));
}

/** The order's activities (pre-, main and on-carriage, each once) and their legs. */
function checkActivities(o: ImportOrder, where: Where, types: VehicleTypes, out: Message[]): void {
  const activities = o.activities ?? [];
  const legCount = activities.reduce((n, a) => n + (a.legs?.length ?? 0), 0);
  if (legCount === 0) out.push(message('OrderImportLegsMissing', where, 'activities'));
  if (legCount > MAX_LEGS_PER_ORDER)
    out.push(message('OrderImportTooManyLegs', where, 'activities', legCount, { limit: MAX_LEGS_PER_ORDER }));
  const seen = new Set<string>();
  for (const a of activities) {
    const name = a.activity ?? '';
    if (!oneOf(CARRIAGES, name) || seen.has(name))
      out.push(
        message('OrderImportInvalidActivity', { ...where, activity: name || null }, 'activity', a.activity),
      );
    seen.add(name);
    if (legCount > 0 && !a.legs?.length)
      out.push(message('OrderImportLegsMissing', { ...where, activity: name || null }, 'legs'));
    for (const [i, leg] of (a.legs ?? []).entries())
      out.push(...checkLeg(leg, { ...where, activity: name, legIndex: i + 1 }, o.freightType, types));
  }
}

/** A checked order in the form of `POST /api/orders`, before the order schema parses it. */
function orderInput(o: ImportOrder) {
  return {
    number: o.number,
    client: o.client,
    cargoType: o.cargoType,
    quantity: o.quantity ?? null,
    freightType: o.freightType,
    grossWeight: o.grossWeight,
    grossWeightUnit: o.grossWeightUnit,
    containerLoad: o.containerLoad ?? null,
    containerSpec: o.containerSpec ?? null,
    temperatureControl: o.temperatureControl ?? false,
    date: o.date,
    label: o.label?.trim() ? o.label : null,
    note: o.note?.trim() ? o.note : null,
    status: o.status ?? 'open',
    activities: (o.activities ?? []).map((a) => ({
      activity: a.activity,
      legs: (a.legs ?? []).map((l) => ({
        transportMode: l.transportMode,
        origin: placeOf(l.origin!),
        destination: placeOf(l.destination!),
        glecVehicleType: l.glecVehicleType,
        ...(l.distance !== undefined ? { distance: l.distance } : {}),
        ...(l.distanceType !== undefined ? { distanceType: l.distanceType } : {}),
      })),
    })),
  };
}

/**
 * Every problem of one order as coded messages, and the order in the form of `POST /api/orders`
 * when none of them is an error. Warnings and info go with the saved order.
 */
export function checkOrder(
  o: ImportOrder,
  index: number,
  types: VehicleTypes,
): { messages: Message[]; body: OrderBody | null } {
  const where = whereOf(o, index);
  const out: Message[] = [];
  checkOrderFields(o, where, out);
  checkActivities(o, where, types, out);
  if (out.some(isError)) return { messages: out, body: null };

  const parsed = orderSchemas.orderBody.safeParse(orderInput(o));
  // The checks above cover the order schema; whatever they missed still refuses the order.
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      messages: [
        ...out,
        message('OrderImportSaveFailed', where, issue.path.join('.'), null, { reason: issue.code }),
      ],
      body: null,
    };
  }
  return { messages: out, body: parsed.data };
}

// ---- Saving ---------------------------------------------------------------------------------------

/** What a refused create of one order says, as the order import's code (with the leg it names). */
function failureOf(err: unknown, where: Where): Message {
  if (!(err instanceof AppError)) return message('OrderImportSaveFailed', where);
  const d = (err.detail ?? {}) as {
    leg?: { activity: string; position: number };
    end?: string;
    limit?: number;
  };
  const at = d.leg ? { ...where, activity: d.leg.activity, legIndex: d.leg.position } : where;
  switch (err.key) {
    case 'orderQuotaReached':
      return message('OrderImportQuotaReached', where, null, null, { limit: d.limit ?? 0 });
    case 'locationNotFound':
      return d.end === 'destination'
        ? message('OrderImportDestinationNotFound', at, 'destination')
        : message('OrderImportOriginNotFound', at, 'origin');
    case 'EqualOriginDestination':
      return message('OrderImportEqualOriginDestination', at, 'destination');
    case 'freightTypeNotForMode':
      return message('OrderImportUnitCargoNotForMode', at, 'glecVehicleType');
    case 'NoRouteFound':
    case 'geoDataNotConfigured':
      return message('OrderImportDistanceCalculationFailed', at, 'distance', null, { reason: err.key });
    case 'invalidCalculationInput':
    case 'InvalidGlecType':
    case 'FuelTypeNotFound':
    case 'FuelTypeUnit':
      return message('OrderImportEmissionCalculationFailed', at, null, null, {
        reason: String((err.detail as { reason?: string } | undefined)?.reason ?? err.key),
      });
    default:
      return message('OrderImportSaveFailed', where, null, null, { reason: err.key });
  }
}

/** Saves one checked order through `createOrder` (distances, emissions, quota, usage). */
async function saveOrder(
  deps: OrderDeps,
  actor: Actor,
  body: OrderBody,
  found: Message[],
  where: Where,
): Promise<{ saved: boolean; messages: Message[] }> {
  const { ctx } = deps;
  const messages = [...found];
  if ((await repo.existingNumbers(ctx.db, actor.companyId, [body.number])).size)
    messages.push(message('OrderImportDuplicateNumber', where, 'number', body.number));
  try {
    const order = await createOrder(deps, actor, body, 'en');
    for (const a of order.activities)
      for (const leg of a.legs)
        for (const end of ['origin', 'destination'] as const)
          if (leg.distanceGiven && !leg[end].resolved)
            messages.push(
              message(
                'OrderImportPlaceNotFoundDistanceGiven',
                { ...where, activity: a.activity, legIndex: leg.position },
                end,
              ),
            );
    messages.push(message('OrderImportOrderSaved', where, null, null, { legs: order.modes.length }));
    return { saved: true, messages: messages.map((m) => ({ ...m, orderId: order.id })) };
  } catch (err) {
    // Warnings and info of an order that was not saved stay out of the log: only why it failed.
    return { saved: false, messages: [failureOf(err, where)] };
  }
}

/** Every class of the factor set, as the order form offers them (`masters`), whatever the company's regions. */
export function vehicleTypesOf(): VehicleTypes {
  return new Map(listGlecVehicleTypes('en').map((t) => [t.id, t.mode]));
}

// ---- The job --------------------------------------------------------------------------------------

export const ORDER_IMPORT_QUEUE = 'order-import';
const storedOrders = z.array(orderImportSchemas.importOrder);

/** Works through a push order by order; each order is saved or refused on its own. */
export async function runOrderImport(ctx: AppContext, taskId: string, companyId: CompanyId) {
  const task = await repo.findTask(ctx.db, companyId, taskId);
  if (!task || !(task.status === 'queued' || task.status === 'processing')) return { skipped: true };
  const company = await findCompany(ctx.db, companyId);
  const orders = storedOrders.parse(task.payload ?? []);
  await repo.updateTask(ctx.db, companyId, taskId, { status: 'processing' });
  if (!company) {
    await repo.updateTask(ctx.db, companyId, taskId, {
      status: 'failed',
      failed: orders.length,
      payload: null,
      processedAt: new Date(),
    });
    return { saved: 0 };
  }
  // The pusher acts as a freight user of its company (the role the push route needs).
  const actor: Actor = {
    sessionId: `order-import:${taskId}`,
    userId: task.userId ?? '',
    companyId,
    email: task.pushedBy,
    roles: ['ROLE_CFT_USER'],
    impersonator: null,
    company: {
      isBasic: company.isBasic,
      modules: company.modules as Actor['company']['modules'],
      isPlatform: company.isPlatform,
    },
  };
  const deps: OrderDeps = { ctx, providers: routingProviders(ctx.config.routing) };
  const types = vehicleTypesOf();
  // A job whose worker died is run again (jobs.ts): it goes on after the last order it counted.
  const done = task.saved + task.failed;
  let saved = task.saved;
  for (const [i, o] of orders.entries()) {
    if (i < done) continue;
    const checked = checkOrder(o, i + 1, types);
    const where = whereOf(o, i + 1);
    const result = checked.body
      ? await saveOrder(deps, actor, checked.body, checked.messages, where)
      : { saved: false, messages: checked.messages };
    if (result.saved) saved += 1;
    await repo.appendMessages(ctx.db, companyId, taskId, result.messages);
    await repo.updateTask(ctx.db, companyId, taskId, { saved, failed: i + 1 - saved });
    // PGlite runs in this process: let requests in between orders (decision 0005).
    await turn();
  }
  const failed = orders.length - saved;
  await repo.updateTask(ctx.db, companyId, taskId, {
    status: saved === 0 ? 'failed' : failed === 0 ? 'success' : 'partial',
    saved,
    failed,
    payload: null,
    processedAt: new Date(),
  });
  return { saved, failed };
}

export const orderImportJob = defineJob({
  queue: ORDER_IMPORT_QUEUE,
  payload: z.object({ taskId: z.uuid(), companyId: z.uuid() }),
  handler: async (ctx, payload) => {
    const companyId = asCompanyId(payload.companyId);
    try {
      return await runOrderImport(ctx, payload.taskId, companyId);
    } catch (err) {
      // The orders saved so far stay; the task says it stopped.
      await repo.updateTask(ctx.db, companyId, payload.taskId, {
        status: 'failed',
        payload: null,
        processedAt: new Date(),
      });
      await repo.appendMessages(ctx.db, companyId, payload.taskId, [
        message('OrderImportSaveFailed', {}, null, null, { reason: 'stopped' }),
      ]);
      throw err;
    }
  },
});

// ---- The calls ------------------------------------------------------------------------------------

function taskDto(r: repo.ImportTaskRow, counts?: repo.LevelCounts): OrderImportTask {
  return {
    id: r.id,
    uploadId: r.uploadId,
    status: r.status as OrderImportTask['status'],
    source: r.source as OrderImportTask['source'],
    pushedBy: r.pushedBy,
    uploadedAt: r.uploadedAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
    received: r.received,
    saved: r.saved,
    failed: r.failed,
    messages: counts ?? { critical: 0, error: 0, warning: 0, info: 0 },
  };
}

function messageDto(r: repo.ImportMessageRow): OrderImportMessage {
  return {
    id: r.id,
    code: r.code as OrderImportMessage['code'],
    level: r.level as OrderImportMessage['level'],
    orderIndex: r.orderIndex,
    orderNumber: r.orderNumber,
    externalId: r.externalId,
    orderId: r.orderId,
    activity: r.activity,
    legIndex: r.legIndex,
    field: r.field,
    value: r.value,
    params: r.params,
  };
}

/** The key's id of an API-key actor (`apiKeyActor` names the session `api-key:<id>`). */
const keyIdOf = (actor: Actor) => (actor.sessionId.startsWith('api-key:') ? actor.sessionId.slice(8) : null);

/** Problems of the push as a whole (seed 000 §8): any of them refuses every order. */
async function pushIssues(ctx: AppContext, actor: Actor, body: Body): Promise<Message[]> {
  const out: Message[] = [];
  if (!body.orders.length) out.push(message('OrderImportOrdersMissing', {}, 'orders'));
  if (body.uploadId !== undefined) {
    if (!UPLOAD_ID.test(body.uploadId))
      out.push(message('OrderImportInvalidUploadId', {}, 'uploadId', body.uploadId));
    else if (await repo.uploadIdUsed(ctx.db, actor.companyId, body.uploadId))
      out.push(message('OrderImportUploadIdUsed', {}, 'uploadId', body.uploadId));
  }
  if (body.companyId !== undefined && body.companyId.toLowerCase() !== actor.companyId)
    out.push(message('OrderImportInvalidCompanyId', {}, 'companyId', body.companyId));
  if (body.userId !== undefined) {
    // Only users of the own company: another company's user id reads as unknown.
    const user = UUID.test(body.userId)
      ? await findUser(ctx.db, actor.companyId, body.userId.toLowerCase())
      : null;
    if (!user || user.status !== 1) out.push(message('OrderImportInvalidUserId', {}, 'userId', body.userId));
  }
  return out;
}

/**
 * `POST /api/orders/import`: the push becomes a task; a problem of the whole push fails it at once,
 * otherwise the job checks and saves each order. Answers the task (202).
 */
export async function importOrders(ctx: AppContext, actor: Actor, body: Body): Promise<OrderImportTask> {
  const keyId = keyIdOf(actor);
  const key = keyId ? await findApiKey(ctx.db, actor.companyId, keyId) : null;
  const critical = await pushIssues(ctx, actor, body);
  const base = {
    companyId: actor.companyId,
    source: keyId ? 'apiKey' : 'session',
    apiKeyId: key?.id ?? null,
    userId: body.userId && !critical.length ? body.userId.toLowerCase() : actor.userId || null,
    pushedBy: key?.name ?? actor.email,
    received: body.orders.length,
  } satisfies repo.ImportTaskInsert;
  if (critical.length) {
    const id = await ctx.db.transaction(async (tx) => {
      const task = await repo.insertTask(tx, {
        ...base,
        status: 'failed',
        failed: body.orders.length,
        processedAt: new Date(),
      });
      await repo.appendMessages(tx, actor.companyId, task.id, critical);
      return task.id;
    });
    return getImportTask(ctx, actor, id);
  }
  const id = await ctx.db.transaction(async (tx) => {
    const task = await repo.insertTask(tx, {
      ...base,
      uploadId: body.uploadId ?? null,
      payload: body.orders,
    });
    // A retry could save an order twice: one attempt, a failed job fails its task.
    await orderImportJob.enqueue(
      ctx.jobs,
      { taskId: task.id, companyId: actor.companyId },
      { companyId: actor.companyId, maxAttempts: 1 },
      tx,
    );
    return task.id;
  });
  return getImportTask(ctx, actor, id);
}

export async function listImportTasks(ctx: AppContext, actor: Actor, q: ListQuery & { status?: string }) {
  const { rows, total } = await repo.listTasks(ctx.db, actor.companyId, q);
  const counts = await repo.levelCounts(
    ctx.db,
    actor.companyId,
    rows.map((r) => r.id),
  );
  return list(
    rows.map((r) => taskDto(r, counts.get(r.id))),
    total,
  );
}

export async function getImportTask(ctx: AppContext, actor: Actor, id: string): Promise<OrderImportTask> {
  const row = notFoundUnless(await repo.findTask(ctx.db, actor.companyId, id));
  const counts = await repo.levelCounts(ctx.db, actor.companyId, [id]);
  return taskDto(row, counts.get(id));
}

export async function importLog(
  ctx: AppContext,
  actor: Actor,
  id: string,
  q: ListQuery & { level?: string[] },
) {
  notFoundUnless(await repo.findTask(ctx.db, actor.companyId, id));
  const { rows, total } = await repo.listMessages(ctx.db, actor.companyId, id, q);
  return list(rows.map(messageDto), total);
}
