import { randomUUID } from 'node:crypto';
import {
  type AutoRouting,
  type Language,
  type Order,
  type OrderPlace,
  preselectVehicleType,
} from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { largeCitiesNear, resolveLocation } from '../locations/index.ts';
import * as repo from './orders.repository.ts';
import type { ResolvedPlace } from './orders.schema.ts';
import {
  type OrderDeps,
  activitiesOf,
  calculateOrder,
  cargoOf,
  orderDto,
  readOrder,
  reorderGroup,
} from './orders.service.ts';

/**
 * Order alternatives (seed 000 §4 Order: "the first alternative is the basic tour and any alternative
 * can be promoted to first") and generated suggestions (`isAutoAlternative`, issue 17).
 */

/**
 * The built-in location data has no list of rail freight terminals; a city of at least this many
 * inhabitants (GeoNames population) within reach stands for the terminal of the road-rail-road
 * routing: such cities have a container or intermodal rail terminal in the regions the engine knows.
 */
export const TERMINAL_MIN_POPULATION = 100_000;
/** How far the door may be from its terminal (road pre- or on-carriage), great circle. */
export const TERMINAL_MAX_KM = 150;
/** A door this close to its terminal needs no road leg (the location service's "same place"). */
const AT_TERMINAL_KM = 1;
const NORTH_AMERICA = new Set(['US', 'CA', 'MX']);
/**
 * Road legs from this long are offered by rail: the EU transport White Paper (COM(2011) 144, goal 3)
 * aims to shift road freight over 300 km to rail or waterborne transport.
 */
export const LONG_ROAD_KM = 300;

/**
 * The GLEC rail class of a suggestion (GLEC v3.1 rail defaults): North America and India have their
 * own; elsewhere the European container train for containers, the European average train otherwise
 * (the closest classes the factor set has for Eurasian routes).
 */
export function railTypeFor(freightType: string, country: string): string {
  if (NORTH_AMERICA.has(country)) return 'rail_us_diesel';
  if (country === 'IN') return 'rail_in_mixed';
  return freightType === 'container' ? 'rail_eu_diesel_container' : 'rail_eu_unknown_avg';
}

// ---- Reading ------------------------------------------------------------------------------------

async function groupDtos(db: DbOrTx, companyId: CompanyId, groupId: string, lang: Language) {
  const members = await repo.groupOf(db, companyId, groupId);
  const legs = await repo.legsOfOrders(
    db,
    companyId,
    members.map((o) => o.id),
  );
  return members.map((o) =>
    orderDto(
      o,
      legs.filter((l) => l.orderId === o.id),
      lang,
    ),
  );
}

/** The orders of the group of `id` by position (the first is the basic tour). */
export async function listAlternatives(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  const row = notFoundUnless(await repo.findOrder(ctx.db, actor.companyId, id));
  const members = await groupDtos(ctx.db, actor.companyId, row.alternativeGroupId, lang);
  return list(members, members.length);
}

/** Makes `id` the first of its group; the old first becomes second, the others keep their order. */
export async function promoteOrder(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  const row = notFoundUnless(await repo.findOrder(ctx.db, actor.companyId, id));
  const groupId = await ctx.db.transaction(async (tx) => {
    await repo.lockGroup(tx, actor.companyId, row.alternativeGroupId);
    const group = await repo.groupOf(tx, actor.companyId, row.alternativeGroupId);
    const target = group.find((o) => o.id === id);
    // Deleted or moved to another group by a concurrent call after the look-up.
    if (!target) throw new AppError('notFound');
    await reorderGroup(tx, actor.companyId, [target, ...group.filter((o) => o.id !== id)]);
    return target.id;
  });
  const members = await groupDtos(ctx.db, actor.companyId, groupId, lang);
  return list(members, members.length);
}

// ---- Suggestions ------------------------------------------------------------------------------

type Activities = ReturnType<typeof activitiesOf>;
type NewLeg = {
  transportMode: 'road' | 'rail' | 'sea';
  origin: OrderPlace;
  destination: OrderPlace;
  glecVehicleType: string;
};
type Plan = { routing: AutoRouting; activities: Activities };
type Skip = { routing: AutoRouting; reason: string };

/** A routing that does not fit the basic tour, with the reason the screen names (`alternatives.skipped`). */
class Skipped extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

/** The basic tour with its main carriage as one rail leg from its first origin to its last destination. */
function railMainCarriage(base: repo.OrderRow, legs: repo.LegRow[]): Activities {
  const main = legs.filter((l) => l.activity === 'main_carriage');
  if (!main.length) throw new Skipped('noMainCarriage');
  if (main.every((l) => l.transportMode === 'rail')) throw new Skipped('alreadyRail');
  const from = main[0]!;
  const to = main.at(-1)!;
  const country = from.originResolved?.country ?? to.destinationResolved?.country ?? '';
  const rail: NewLeg = {
    transportMode: 'rail',
    origin: from.origin,
    destination: to.destination,
    glecVehicleType: railTypeFor(base.freightType, country),
  };
  // The pre- and on-carriage keep their stored distances: their places do not move.
  const kept = activitiesOf(legs.filter((l) => l.activity !== 'main_carriage'));
  return [
    ...kept.filter((a) => a.activity === 'pre_carriage'),
    { activity: 'main_carriage', legs: [rail] },
    ...kept.filter((a) => a.activity === 'on_carriage'),
  ];
}

/** The basic tour's legs with some replaced: `swap` answers the new leg, or null to keep the stored one. */
function swapLegs(legs: repo.LegRow[], swap: (l: repo.LegRow) => NewLeg | null): Activities {
  return activitiesOf(legs).map((a) => {
    const rows = legs.filter((l) => l.activity === a.activity);
    return { activity: a.activity, legs: a.legs.map((leg, i) => swap(rows[i]!) ?? leg) };
  });
}

/**
 * Every road leg of at least LONG_ROAD_KM by rail between the same places (the rail class of
 * `railTypeFor`); the other legs keep their places and distances.
 */
function railForLongRoad(base: repo.OrderRow, legs: repo.LegRow[]): Activities {
  const long = legs.filter((l) => l.transportMode === 'road' && l.distanceKm >= LONG_ROAD_KM);
  if (!long.length) throw new Skipped('noLongRoadLeg');
  return swapLegs(legs, (l) =>
    long.includes(l)
      ? {
          transportMode: 'rail',
          origin: l.origin,
          destination: l.destination,
          glecVehicleType: railTypeFor(base.freightType, l.originResolved?.country ?? ''),
        }
      : null,
  );
}

/**
 * Every air leg by sea between the ports nearest its ends (the location service moves each end to a
 * port within its reach), on the ship class the order form preselects for the freight and lane.
 */
function seaForAir(base: repo.OrderRow, legs: repo.LegRow[]): Activities {
  const air = legs.filter((l) => l.transportMode === 'air');
  if (!air.length) throw new Skipped('noAirLeg');
  return swapLegs(legs, (l) => {
    if (!air.includes(l)) return null;
    const ship = preselectVehicleType({
      mode: 'sea',
      freightType: base.freightType,
      origin: l.originResolved ?? null,
      destination: l.destinationResolved ?? null,
    });
    return {
      transportMode: 'sea',
      origin: l.origin,
      destination: l.destination,
      glecVehicleType: ship.vehicleType!,
    };
  });
}

/**
 * The road class of a suggestion's road legs: the basic tour's first road class (the user's choice),
 * else the class the form preselects for the door's region; none there leaves the routing out rather
 * than put a truck of another region on the road.
 */
function roadTypeOf(legs: repo.LegRow[]): string {
  const chosen = legs.find((l) => l.transportMode === 'road')?.glecVehicleType;
  if (chosen) return chosen;
  const door = legs[0]?.originResolved ?? null;
  const pick = preselectVehicleType({ mode: 'road', freightType: '', origin: door, destination: null });
  if (!pick.vehicleType) throw new Skipped('noRegionClass');
  return pick.vehicleType;
}

/**
 * The nearest large city to a door whose name the location service resolves back to that city
 * (a leg end is stored as entered, so the terminal must be found again by its name).
 */
async function terminalFor(db: DbOrTx, door: ResolvedPlace): Promise<ResolvedPlace & { km: number }> {
  const candidates = await largeCitiesNear(db, door, {
    minPopulation: TERMINAL_MIN_POPULATION,
    maxKm: TERMINAL_MAX_KM,
  });
  for (const c of candidates) {
    const found = await resolveLocation(db, { country: c.country, city: c.name }, 'origin').catch(() => null);
    if (found?.code === c.code)
      return {
        type: c.type,
        code: c.code,
        name: c.name,
        country: c.country,
        lat: c.lat,
        lon: c.lon,
        km: c.km,
      };
  }
  throw new Skipped('noTerminalNearby');
}

/** Road from the first origin to the nearest terminal, rail to the terminal nearest the last destination, road on. */
async function roadRailRoad(db: DbOrTx, base: repo.OrderRow, legs: repo.LegRow[]): Promise<Activities> {
  const roadType = roadTypeOf(legs);
  const first = legs[0]!;
  const last = legs.at(-1)!;
  const door = { from: first.originResolved, to: last.destinationResolved };
  if (!door.from || !door.to) throw new Skipped('locationNotFound');
  const a = await terminalFor(db, door.from);
  const b = await terminalFor(db, door.to);
  if (a.code === b.code) throw new Skipped('EqualOriginDestination');
  const at = (t: ResolvedPlace): OrderPlace => ({ country: t.country, city: t.name });
  const road = (origin: OrderPlace, destination: OrderPlace): NewLeg => ({
    transportMode: 'road',
    origin,
    destination,
    glecVehicleType: roadType,
  });
  const activities: Activities = [];
  if (a.km >= AT_TERMINAL_KM)
    activities.push({ activity: 'pre_carriage', legs: [road(first.origin, at(a))] });
  activities.push({
    activity: 'main_carriage',
    legs: [
      {
        transportMode: 'rail',
        origin: at(a),
        destination: at(b),
        glecVehicleType: railTypeFor(base.freightType, a.country),
      },
    ],
  });
  if (b.km >= AT_TERMINAL_KM)
    activities.push({ activity: 'on_carriage', legs: [road(at(b), last.destination)] });
  return activities;
}

/** A catalogue refusal as the screen names it; a port out of reach is not a missing land link. */
const skipReason = (err: AppError) =>
  err.key === 'NoRouteFound' && err.detail?.reason === 'noPortNearby' ? 'noPortNearby' : err.key;

/** Ends closer than this count as the same door when suggestions are compared. */
const SAME_DOOR_KM = 10;

type Shape = { modes: string[]; from: ResolvedPlace | null; to: ResolvedPlace | null };
type ShapedLeg = {
  transportMode: string;
  originResolved?: ResolvedPlace | null;
  destinationResolved?: ResolvedPlace | null;
};
const shapeOf = (legs: ShapedLeg[]): Shape => ({
  modes: legs.map((l) => l.transportMode),
  from: legs[0]?.originResolved ?? null,
  to: legs.at(-1)?.destinationResolved ?? null,
});
/** Equirectangular distance: enough to tell whether two places lie within a few kilometres. */
function roughKm(a: ResolvedPlace, b: ResolvedPlace): number {
  const rad = Math.PI / 180;
  const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.hypot(x, y) * 6371;
}
const near = (a: ResolvedPlace | null, b: ResolvedPlace | null) =>
  a !== null && b !== null && roughKm(a, b) < SAME_DOOR_KM;
/**
 * The same modes in the same order between the same doors: a suggestion like that adds nothing to
 * the basic tour or an earlier suggestion (a door at its terminal makes road-rail-road plain rail).
 */
const sameShape = (x: Shape, y: Shape) =>
  x.modes.join() === y.modes.join() && near(x.from, y.from) && near(x.to, y.to);

/**
 * Generates the suggestions of the group of `id` from its basic tour (the first alternative): its
 * first origin, last destination and cargo, with distances from the location service and figures
 * from the engine like any order. A routing the places do not allow (no rail across the sea, no
 * terminal in reach) is left out and named. Earlier suggestions are replaced in the same
 * transaction; user-made alternatives and a promoted suggestion (now the basic tour) stay.
 *
 * Suggestions do not count against the basic edition's monthly quota and record no usage: the quota
 * is the free number of orders a company records (seed 000 §9, glossary "Tarif"), and a suggestion
 * is the platform's proposal for an order already counted, so looking at options costs no free order.
 */
export async function generateAutoAlternatives(deps: OrderDeps, actor: Actor, id: string, lang: Language) {
  const { ctx } = deps;
  const row = notFoundUnless(await repo.findOrder(ctx.db, actor.companyId, id));
  const [base] = await repo.groupOf(ctx.db, actor.companyId, row.alternativeGroupId);
  const legs = await repo.legsOf(ctx.db, actor.companyId, base!.id);
  const cargo = cargoOf(base!);

  const skipped: Skip[] = [];
  const seen = [shapeOf(legs)];
  const planned: (Plan & { calc: Awaited<ReturnType<typeof calculateOrder>> })[] = [];
  const builders: [AutoRouting, () => Activities | Promise<Activities>][] = [
    ['rail_main_carriage', () => railMainCarriage(base!, legs)],
    ['road_rail_road', () => roadRailRoad(ctx.db, base!, legs)],
    // Lower-emission shifts of single legs: rail for long road legs, sea for air (issue 37).
    ['rail_for_long_road', () => railForLongRoad(base!, legs)],
    ['sea_for_air', () => seaForAir(base!, legs)],
  ];
  for (const [routing, build] of builders) {
    try {
      const activities = await build();
      const calc = await calculateOrder(deps, cargo, activities);
      const shape = shapeOf(calc.legs);
      if (seen.some((s) => sameShape(s, shape))) throw new Skipped('sameRouting');
      seen.push(shape);
      planned.push({ routing, activities, calc });
    } catch (err) {
      if (err instanceof Skipped) skipped.push({ routing, reason: err.reason });
      else if (err instanceof AppError) skipped.push({ routing, reason: skipReason(err) });
      else throw err;
    }
  }

  const { createdIds, replaced } = await ctx.db.transaction(async (tx) => {
    await repo.lockGroup(tx, actor.companyId, base!.alternativeGroupId);
    const group = await repo.groupOf(tx, actor.companyId, base!.alternativeGroupId);
    const old = group.filter((o) => o.isAutoAlternative && o.position !== 1);
    for (const o of old) await repo.deleteOrder(tx, actor.companyId, o.id);
    const kept = group.filter((o) => !old.includes(o));
    await reorderGroup(tx, actor.companyId, kept);
    const groupId = kept[0]!.id;
    const ids: string[] = [];
    for (const [i, p] of planned.entries()) {
      const newId = randomUUID();
      await repo.insertOrder(tx, {
        id: newId,
        companyId: actor.companyId,
        alternativeGroupId: groupId,
        position: kept.length + i + 1,
        number: base!.number,
        client: base!.client,
        cargoType: base!.cargoType,
        quantity: base!.quantity,
        freightType: base!.freightType,
        grossWeight: base!.grossWeight,
        grossWeightUnit: base!.grossWeightUnit,
        containerLoad: base!.containerLoad,
        containerSpec: base!.containerSpec,
        temperatureControl: base!.temperatureControl,
        date: base!.date,
        label: base!.label,
        note: base!.note,
        status: base!.status,
        isAutoAlternative: true,
        ...p.calc.totals,
        modes: p.calc.modes,
        hubs: p.calc.hubs,
      });
      await repo.replaceLegs(
        tx,
        actor.companyId,
        newId,
        p.calc.legs.map((l) => ({ ...l, companyId: actor.companyId, orderId: newId })),
      );
      ids.push(newId);
    }
    return { createdIds: ids, replaced: old.length };
  });
  const created: (Order & { routing: AutoRouting })[] = [];
  for (const [i, newId] of createdIds.entries())
    created.push({ ...(await readOrder(ctx, actor.companyId, newId, lang)), routing: planned[i]!.routing });
  return { created, replaced, skipped };
}
