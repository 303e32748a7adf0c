import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  type LocationInput,
  type Order,
  type OrderPlace,
  type OrderSummary,
  CARRIAGES,
  DEFAULT_FREE_MONTHLY_ORDERS,
  ENGINE_DISTANCE_TYPE,
  type Language,
  ORDER_SUGGESTION_LIMIT,
  orderSchemas,
} from '@klimadesk/contract';
import {
  calculateLegEmission,
  formatTrace,
  localizeTrace,
  transportDistance,
  type TransportMode,
} from '@klimadesk/glec';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { isBasicCompany } from '../companies/index.ts';
import { engineError } from '../emissions/index.ts';
import { recordUsage, usageOfMonth } from '../invoicing/index.ts';
import { type RoutingProvider, legDistance, resolveLocation } from '../locations/index.ts';
import { activeBooking } from '../tariffs/index.ts';
import * as repo from './orders.repository.ts';
import type { ResolvedPlace, StoredTraceStep } from './orders.schema.ts';
import { distanceMethodCode, distanceMethodText } from './orders.methods.ts';
import { hubsBetween, orderTotals } from './orders.totals.ts';

/**
 * Orders recorded this month as usage: the quota counts what was billed, so deleting an order does
 * not hand its place back.
 */
const ordersUsed = (db: DbOrTx, companyId: CompanyId, month: string) =>
  usageOfMonth(db, companyId, month, 'order');

type Body = z.output<typeof orderSchemas.orderBody>;
type Patch = z.output<typeof orderSchemas.orderPatchBody>;
type Activities = Body['activities'];
/** A leg as entered; `kept` carries a stored leg's distance when only the cargo changes. */
type LegInput = Omit<Activities[number]['legs'][number], 'distanceType'> & {
  /** The kind of a given distance (the body's default `actual`; generated legs give none). */
  distanceType?: Activities[number]['legs'][number]['distanceType'];
  kept?: Distance;
};
type Status = Body['status'];

/** The routers of road and rail distances (a real router when configured, else the estimate). */
export type OrderDeps = { ctx: AppContext; providers: Record<'road' | 'rail', RoutingProvider> };

// ---- Reading ------------------------------------------------------------------------------------

export function summaryDto(o: repo.OrderRow): OrderSummary {
  return {
    id: o.id,
    parentId: o.position === 1 ? null : o.alternativeGroupId,
    alternativeGroupId: o.alternativeGroupId,
    position: o.position,
    number: o.number,
    client: o.client,
    cargoType: o.cargoType as OrderSummary['cargoType'],
    quantity: o.quantity,
    freightType: o.freightType as OrderSummary['freightType'],
    grossWeight: o.grossWeight,
    grossWeightUnit: o.grossWeightUnit as OrderSummary['grossWeightUnit'],
    containerLoad: o.containerLoad as OrderSummary['containerLoad'],
    containerSpec: o.containerSpec as OrderSummary['containerSpec'],
    temperatureControl: o.temperatureControl,
    isAutoAlternative: o.isAutoAlternative,
    date: o.date,
    label: o.label,
    note: o.note,
    status: o.status as OrderSummary['status'],
    co2Ttw: o.co2Ttw,
    co2Wtt: o.co2Wtt,
    co2Wtw: o.co2Wtw,
    hubCo2Wtw: o.hubCo2Wtw,
    tkm: o.tkm,
    intensity: o.intensity,
    modes: o.modes as OrderSummary['modes'],
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** The calculation sheet is stored in English and rendered in the reader's language. */
const sheetOf = (trace: StoredTraceStep[], lang: Language) => ({
  trace: localizeTrace(trace, lang),
  sheet: formatTrace(trace, undefined, lang),
});

type AnswerDistanceType = Order['activities'][number]['legs'][number]['distanceType'];

/** The stored note as before, its code (read from the note on legs stored without one) and its text. */
function methodOf(l: repo.LegRow, lang: Language) {
  const code = l.distanceMethodCode ?? distanceMethodCode(l.distanceMethod);
  return {
    distanceMethod: l.distanceMethod,
    distanceMethodCode: code,
    distanceMethodText: distanceMethodText(code, lang),
  };
}

/** The distance behind a leg's tkm, by the engine's one rule from the stored distance and its kind. */
export function transportDistanceOf(l: repo.LegRow) {
  const d = transportDistance(
    l.transportMode as TransportMode,
    l.distanceKm,
    l.distanceType as AnswerDistanceType,
  );
  // Stored legs were computed by the same rule: a refusal here is a broken row, not user input.
  if (!d.ok) throw new Error(`leg ${l.id}: ${d.error.code} ${d.error.message}`);
  return { transportDistance: d.value.km, transportDistanceType: d.value.type };
}

export function orderDto(o: repo.OrderRow, legs: repo.LegRow[], lang: Language): Order {
  const activities = CARRIAGES.map((activity) => ({
    activity,
    legs: legs
      .filter((l) => l.activity === activity)
      .map((l) => ({
        id: l.id,
        position: l.position,
        transportMode: l.transportMode as Order['modes'][number],
        origin: { entered: l.origin, resolved: l.originResolved ?? null },
        destination: { entered: l.destination, resolved: l.destinationResolved ?? null },
        glecVehicleType: l.glecVehicleType,
        distance: l.distanceKm,
        distanceGiven: l.distanceGiven,
        distanceType: l.distanceType as Order['activities'][number]['legs'][number]['distanceType'],
        ...methodOf(l, lang),
        ...transportDistanceOf(l),
        co2Ttw: l.co2Ttw,
        co2Wtt: l.co2Wtt,
        co2Wtw: l.co2Wtw,
        tkm: l.tkm,
        intensity: l.intensity,
        method: l.method as 'default' | 'fuel',
        factorSet: l.factorSet,
        ...sheetOf(l.trace, lang),
      })),
  })).filter((a) => a.legs.length > 0);
  const hubs = o.hubs.map((h) => ({ ...h, trace: localizeTrace(h.trace, lang) }));
  return { ...summaryDto(o), activities, hubs };
}

export async function readOrder(
  ctx: AppContext,
  companyId: CompanyId,
  id: string,
  lang: Language,
): Promise<Order> {
  const row = notFoundUnless(await repo.findOrder(ctx.db, companyId, id));
  return orderDto(row, await repo.legsOf(ctx.db, companyId, id), lang);
}

export async function listOrders(ctx: AppContext, actor: Actor, q: repo.OrderFilters) {
  const { rows, total } = await repo.listOrders(ctx.db, actor.companyId, q);
  return list(rows.map(summaryDto), total);
}

export const getOrder = (ctx: AppContext, actor: Actor, id: string, lang: Language) =>
  readOrder(ctx, actor.companyId, id, lang);

// ---- Calculating --------------------------------------------------------------------------------

/** The order fields the legs are calculated with. */
type Cargo = {
  freightType: Body['freightType'];
  grossWeight: number;
  grossWeightUnit: Body['grossWeightUnit'];
  temperatureControl: boolean;
  quantity: number | null;
  containerSpec: Body['containerSpec'] | null;
};

type LegName = { activity: string; position: number };

/** A catalogue error of a leg names the leg (activity and position), beside the service's detail. */
function onLeg<T>(leg: LegName, run: () => Promise<T>): Promise<T> {
  return run().catch((err: unknown) => {
    if (err instanceof AppError) throw new AppError(err.key, { ...err.detail, leg });
    throw err;
  });
}

function locationInputOf(p: OrderPlace): LocationInput {
  if ('zipCode' in p) return { country: p.country, zipCode: p.zipCode };
  if ('city' in p) return { country: p.country, city: p.city };
  if ('locode' in p) return { locode: p.locode };
  return { iataCode: p.iataCode };
}

/** A given distance needs no place: an end the location service does not know stays as entered. */
async function resolveOrNull(db: DbOrTx, p: OrderPlace, end: 'origin' | 'destination') {
  try {
    const r = await resolveLocation(db, locationInputOf(p), end);
    return { type: r.type, code: r.code, name: r.name, country: r.country, lat: r.lat, lon: r.lon };
  } catch (err) {
    if (err instanceof AppError && err.key === 'locationNotFound') return null;
    throw err;
  }
}

/** Seed 000 §4: containers do not fly and unit cargo does not go on a container ship. */
function assertFreightFitsMode(cargo: Cargo, leg: LegInput) {
  const containerShip = leg.glecVehicleType.startsWith('sea_container_');
  if (cargo.freightType === 'container' && leg.transportMode === 'air')
    throw new AppError('freightTypeNotForMode', { freightType: cargo.freightType, transportMode: 'air' });
  if (cargo.freightType === 'unit_cargo' && leg.transportMode === 'sea' && containerShip)
    throw new AppError('freightTypeNotForMode', {
      freightType: cargo.freightType,
      glecVehicleType: leg.glecVehicleType,
    });
}

type Distance = {
  km: number;
  given: boolean;
  type: 'SFD' | 'GCD' | 'GCD+95' | 'estimate' | 'actual';
  method: string;
  origin: ResolvedPlace | null;
  destination: ResolvedPlace | null;
};

async function distanceOf(deps: OrderDeps, leg: LegInput): Promise<Distance> {
  const db = deps.ctx.db;
  if (leg.kept) return leg.kept;
  if (leg.distance !== undefined) {
    // The user says which distance it is (actual by default): the engine applies the DAF to an
    // actual road or sea distance and + 95 km to an air great-circle distance (ISO 14083 §3.2.1).
    return {
      km: leg.distance,
      given: true,
      type: ENGINE_DISTANCE_TYPE[leg.distanceType ?? 'actual'],
      method: 'given',
      origin: await resolveOrNull(db, leg.origin, 'origin'),
      destination: await resolveOrNull(db, leg.destination, 'destination'),
    };
  }
  if (leg.transportMode === 'inland_waterway')
    throw new AppError('NoRouteFound', { reason: 'modeNotRouted', transportMode: leg.transportMode });
  const d = await legDistance(
    { db, providers: deps.providers },
    {
      transportMode: leg.transportMode,
      origin: locationInputOf(leg.origin),
      destination: locationInputOf(leg.destination),
    },
  );
  return {
    km: d.distance,
    given: false,
    type: d.distanceType,
    method: d.method,
    origin: d.origin,
    destination: d.destination,
  };
}

type Calculated = {
  legs: Omit<repo.LegInsert, 'companyId' | 'orderId'>[];
  totals: ReturnType<typeof orderTotals>;
  hubs: ReturnType<typeof hubsBetween>;
  modes: string[];
};

/**
 * Every leg's distance (computed when missing) and emissions from the engine, the hubs between the
 * legs (wherever the goods change vehicle) and the order totals. A leg that cannot be computed
 * fails with the leg named.
 */
export async function calculateOrder(
  deps: OrderDeps,
  cargo: Cargo,
  activities: { activity: Activities[number]['activity']; legs: LegInput[] }[],
): Promise<Calculated> {
  const legs: Calculated['legs'] = [];
  const sorted = [...activities].sort(
    (a, b) => CARRIAGES.indexOf(a.activity) - CARRIAGES.indexOf(b.activity),
  );
  for (const activity of sorted) {
    for (const [i, leg] of activity.legs.entries()) {
      const name = { activity: activity.activity, position: i + 1 };
      const computed = await onLeg(name, async () => {
        assertFreightFitsMode(cargo, leg);
        const distance = await distanceOf(deps, leg);
        const containers =
          leg.transportMode === 'sea' &&
          cargo.freightType === 'container' &&
          cargo.containerSpec &&
          cargo.quantity
            ? [{ size: cargo.containerSpec, count: cargo.quantity }]
            : undefined;
        const result = calculateLegEmission({
          transportMode: leg.transportMode,
          glecVehicleType: leg.glecVehicleType,
          weight: cargo.grossWeight,
          weightUnit: cargo.grossWeightUnit,
          distance: distance.km,
          distanceType: distance.type,
          temperatureControl: cargo.temperatureControl,
          ...(containers ? { containers } : {}),
        });
        if (!result.ok) throw engineError(result.error);
        return { distance, emission: result.value };
      });
      const { distance, emission } = computed;
      legs.push({
        id: randomUUID(),
        activity: activity.activity,
        position: name.position,
        transportMode: leg.transportMode,
        origin: leg.origin,
        originResolved: distance.origin,
        destination: leg.destination,
        destinationResolved: distance.destination,
        glecVehicleType: leg.glecVehicleType,
        distanceKm: distance.km,
        distanceGiven: distance.given,
        distanceType: distance.type,
        distanceMethod: distance.method,
        distanceMethodCode: distanceMethodCode(distance.method),
        co2Ttw: emission.co2Ttw,
        co2Wtt: emission.co2Wtt,
        co2Wtw: emission.co2Wtw,
        tkm: emission.tkm,
        intensity: emission.intensity,
        method: emission.method,
        factorSet: emission.factorSet,
        trace: emission.trace,
      });
    }
  }
  const figures = legs.map((l) => ({
    id: l.id!,
    transportMode: l.transportMode,
    co2Ttw: l.co2Ttw,
    co2Wtt: l.co2Wtt,
    co2Wtw: l.co2Wtw,
    tkm: l.tkm,
  }));
  const hubs = hubsBetween(figures, cargo);
  return { legs, hubs, totals: orderTotals(figures, hubs), modes: legs.map((l) => l.transportMode) };
}

/**
 * The hubs of an order being entered (its legs not saved yet): the modes in route order and the
 * cargo give the same hubs `calculateOrder` stores, for the form's live totals.
 */
export function previewHubs(body: z.output<typeof orderSchemas.orderHubsBody>, lang: Language) {
  const legs = body.modes.map((transportMode, i) => ({
    id: String(i),
    transportMode,
    co2Ttw: 0,
    co2Wtt: 0,
    co2Wtw: 0,
    tkm: 0,
  }));
  const hubs = hubsBetween(legs, { ...body, quantity: body.quantity ?? null }).map((h) => ({
    afterLeg: Number(h.afterLeg),
    hubType: h.hubType,
    co2Wtw: h.co2Wtw,
    trace: localizeTrace(h.trace, lang),
  }));
  return { hubs, co2Wtw: hubs.reduce((n, h) => n + h.co2Wtw, 0) };
}

// ---- Quota ------------------------------------------------------------------------------------

/**
 * The basic edition's free monthly orders: the freight booking's `freeNumberOfShipments`, 50 without
 * one (seed 000 §9, glossary "Tarif"); professional companies are not limited (null).
 */
async function monthlyLimit(ctx: AppContext, actor: Actor): Promise<number | null> {
  if (!isBasicCompany(actor)) return null;
  const booking = await activeBooking(ctx, actor.companyId, 'cft');
  return booking?.tariff.freeNumberOfShipments ?? DEFAULT_FREE_MONTHLY_ORDERS;
}

const usageMonth = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

export async function orderQuota(ctx: AppContext, actor: Actor) {
  const month = usageMonth(new Date());
  return {
    month: month.slice(0, 7),
    used: await ordersUsed(ctx.db, actor.companyId, month),
    limit: await monthlyLimit(ctx, actor),
  };
}

/** Inside the create transaction, with the company row locked so two creates cannot both pass. */
async function assertQuota(tx: DbOrTx, actor: Actor, limit: number | null) {
  if (limit === null) return;
  await repo.lockCompany(tx, actor.companyId);
  const used = await ordersUsed(tx, actor.companyId, usageMonth(new Date()));
  if (used >= limit) throw new AppError('orderQuotaReached', { limit, used });
}

// ---- Writing ----------------------------------------------------------------------------------

type NewOrder = Omit<repo.OrderInsert, 'id' | 'companyId' | 'alternativeGroupId' | 'position'>;

/** Stores a new order with its legs, checks the quota and records the usage, in one transaction. */
async function storeNew(
  deps: OrderDeps,
  actor: Actor,
  values: NewOrder,
  calc: Calculated,
  parentId: string | undefined,
): Promise<string> {
  const { ctx } = deps;
  const limit = await monthlyLimit(ctx, actor);
  return ctx.db.transaction(async (tx) => {
    await assertQuota(tx, actor, limit);
    const id = randomUUID();
    let groupId: string = id;
    let position = 1;
    if (parentId) {
      const parent = notFoundUnless(await repo.findOrder(tx, actor.companyId, parentId));
      groupId = parent.alternativeGroupId;
      position = await repo.nextPosition(tx, actor.companyId, groupId);
    }
    await repo.insertOrder(tx, {
      ...values,
      ...calc.totals,
      modes: calc.modes,
      hubs: calc.hubs,
      id,
      companyId: actor.companyId,
      alternativeGroupId: groupId,
      position,
    });
    await repo.replaceLegs(
      tx,
      actor.companyId,
      id,
      calc.legs.map((l) => ({ ...l, companyId: actor.companyId, orderId: id })),
    );
    await recordUsage(tx, actor.companyId, 'order', 1, 0);
    return id;
  });
}

export const cargoOf = (o: {
  freightType: string;
  grossWeight: number;
  grossWeightUnit: string;
  temperatureControl: boolean;
  quantity?: number | null;
  containerSpec?: string | null;
}): Cargo => ({
  freightType: o.freightType as Cargo['freightType'],
  grossWeight: o.grossWeight,
  grossWeightUnit: o.grossWeightUnit as Cargo['grossWeightUnit'],
  temperatureControl: o.temperatureControl,
  quantity: o.quantity ?? null,
  containerSpec: (o.containerSpec ?? null) as Cargo['containerSpec'],
});

export async function createOrder(deps: OrderDeps, actor: Actor, body: Body, lang: Language): Promise<Order> {
  const { ctx } = deps;
  // The parent is looked up before the legs are calculated, so a foreign id costs no routing.
  if (body.parentId) notFoundUnless(await repo.findOrder(ctx.db, actor.companyId, body.parentId));
  const calc = await calculateOrder(deps, cargoOf(body), body.activities);
  const id = await storeNew(
    deps,
    actor,
    {
      number: body.number,
      client: body.client,
      cargoType: body.cargoType,
      quantity: body.quantity ?? null,
      freightType: body.freightType,
      grossWeight: body.grossWeight,
      grossWeightUnit: body.grossWeightUnit,
      containerLoad: body.containerLoad ?? null,
      containerSpec: body.containerSpec ?? null,
      temperatureControl: body.temperatureControl,
      date: body.date,
      label: body.label ?? null,
      note: body.note ?? null,
      status: body.status,
      isAutoAlternative: body.isAutoAlternative,
    },
    calc,
    body.parentId,
  );
  return readOrder(ctx, actor.companyId, id, lang);
}

/** The legs of a stored order with their distances kept: a cargo change does not move the places. */
export function activitiesOf(legs: repo.LegRow[]) {
  return CARRIAGES.map((activity) => ({
    activity,
    legs: legs
      .filter((l) => l.activity === activity)
      .map((l): LegInput => ({
        transportMode: l.transportMode as LegInput['transportMode'],
        origin: l.origin,
        destination: l.destination,
        glecVehicleType: l.glecVehicleType,
        kept: {
          km: l.distanceKm,
          given: l.distanceGiven,
          type: l.distanceType as Distance['type'],
          method: l.distanceMethod,
          origin: l.originResolved ?? null,
          destination: l.destinationResolved ?? null,
        },
      })),
  })).filter((a) => a.legs.length > 0);
}

const CARGO_FIELDS = [
  'freightType',
  'grossWeight',
  'grossWeightUnit',
  'temperatureControl',
  'quantity',
  'containerSpec',
];

export async function updateOrder(
  deps: OrderDeps,
  actor: Actor,
  id: string,
  patch: Patch,
  lang: Language,
): Promise<Order> {
  const { ctx } = deps;
  const before = notFoundUnless(await repo.findOrder(ctx.db, actor.companyId, id));
  const { activities, ...fields } = patch;
  const values = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<repo.OrderInsert>;
  const after = { ...before, ...values };
  const cargoChanged = CARGO_FIELDS.some((k) => k in values);
  let calc: Calculated | null = null;
  if (activities) {
    calc = await calculateOrder(deps, cargoOf(after), activities);
  } else if (cargoChanged) {
    const legs = await repo.legsOf(ctx.db, actor.companyId, id);
    calc = await calculateOrder(deps, cargoOf(after), activitiesOf(legs));
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateOrder(tx, actor.companyId, id, {
      ...values,
      ...(calc ? { ...calc.totals, modes: calc.modes, hubs: calc.hubs } : {}),
    });
    if (calc)
      await repo.replaceLegs(
        tx,
        actor.companyId,
        id,
        calc.legs.map((l) => ({ ...l, companyId: actor.companyId, orderId: id })),
      );
  });
  return readOrder(ctx, actor.companyId, id, lang);
}

export async function changeStatus(
  ctx: AppContext,
  actor: Actor,
  id: string,
  status: Status,
  lang: Language,
) {
  notFoundUnless(await repo.findOrder(ctx.db, actor.companyId, id));
  await repo.updateOrder(ctx.db, actor.companyId, id, { status });
  return readOrder(ctx, actor.companyId, id, lang);
}

/** A copy with the same legs and figures as a new open order of its own group (counts against the quota). */
export async function cloneOrder(deps: OrderDeps, actor: Actor, id: string, lang: Language): Promise<Order> {
  const { ctx } = deps;
  const source = notFoundUnless(await repo.findOrder(ctx.db, actor.companyId, id));
  const legs = await repo.legsOf(ctx.db, actor.companyId, id);
  const {
    id: _id,
    companyId: _c,
    alternativeGroupId: _g,
    position: _p,
    createdAt: _ca,
    updatedAt: _ua,
    co2Ttw,
    co2Wtt,
    co2Wtw,
    hubCo2Wtw,
    tkm,
    intensity,
    modes,
    hubs,
    ...values
  } = source;
  // The copy's legs get new ids; its hubs follow them.
  const ids = new Map<string, string>(legs.map((l) => [l.id, randomUUID()]));
  const calc: Calculated = {
    legs: legs.map(({ companyId: _lc, orderId: _o, ...l }) => ({ ...l, id: ids.get(l.id)! })),
    hubs: hubs.map((h) => ({ ...h, afterLeg: ids.get(h.afterLeg)!, beforeLeg: ids.get(h.beforeLeg)! })),
    totals: { co2Ttw, co2Wtt, co2Wtw, hubCo2Wtw, tkm, intensity },
    modes,
  };
  const newId = await storeNew(
    deps,
    actor,
    { ...values, status: 'open', isAutoAlternative: false },
    calc,
    undefined,
  );
  return readOrder(ctx, actor.companyId, newId, lang);
}

/**
 * Writes positions 1… in the given order and points the group at its first order: the group id is
 * the first's id (orders.schema.ts), so every alternative's `parentId` names the basic tour.
 */
export async function reorderGroup(tx: DbOrTx, companyId: CompanyId, members: repo.OrderRow[]) {
  const groupId = members[0]?.id;
  if (!groupId) return;
  for (const [i, o] of members.entries())
    if (o.position !== i + 1 || o.alternativeGroupId !== groupId)
      await repo.updateOrder(tx, companyId, o.id, { position: i + 1, alternativeGroupId: groupId });
}

/** Deleting the first alternative hands the basic tour to the next one (positions close up). */
export async function deleteOrder(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = notFoundUnless(await repo.findOrder(ctx.db, actor.companyId, id));
  await ctx.db.transaction(async (tx) => {
    await repo.lockGroup(tx, actor.companyId, row.alternativeGroupId);
    await repo.deleteOrder(tx, actor.companyId, id);
    await reorderGroup(tx, actor.companyId, await repo.groupOf(tx, actor.companyId, row.alternativeGroupId));
  });
}

// ---- Master data and suggestions --------------------------------------------------------------

export async function clients(ctx: AppContext, actor: Actor, q: { term?: string; limit: number }) {
  const rows = await repo.clients(ctx.db, actor.companyId, q.term || undefined, q.limit);
  return list(rows, rows.length);
}

export async function orderSuggestions(ctx: AppContext, actor: Actor, q: { term?: string }) {
  const rows = await repo.latestOrders(ctx.db, actor.companyId, q.term || undefined, ORDER_SUGGESTION_LIMIT);
  const members = rows.map((o) => ({
    id: o.id,
    number: o.number,
    client: o.client,
    date: o.date,
    freightType: o.freightType as OrderSummary['freightType'],
    modes: o.modes as OrderSummary['modes'],
  }));
  return list(members, members.length);
}
