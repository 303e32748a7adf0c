import type {
  ExchangeOrder,
  ExchangeOrderLeg,
  ExchangeOrderPlace,
  OrderHubClass,
  OrderLegClass,
} from '../orders/index.ts';
import type { ExchangeHubClass, ExchangeLegClass, ExchangeMethod } from '../tours/index.ts';
import { defaultFuelOf, fuelSources, hubSources, modeOf, vehicleSources } from './pact.categories.ts';
import { dec } from './pact.decimal.ts';
import {
  type ShipmentTotals,
  TOUR_HUB,
  type Tce,
  chainTotals,
  glecDistanceOf,
  hocIdOf,
  locationOf,
  tocIdOf,
} from './pact.ileap.ts';

/**
 * iLEAP v1.0.1 §6.1/§6.2 for the orders of the basic edition: an order's basic tour is one
 * shipment moved over its legs, so it is one ShipmentFootprint with a TCE per leg and one per hub
 * between two legs (orders.totals `hubsBetween`: wherever the goods change vehicle), carrying the
 * figures the order stores and `GET /api/orders/:id` answers. Its legs and hubs join the company's
 * TOCs and HOCs, since a TCE names the TOC or HOC its intensity belongs to (§6.2.1 tocId, hocId).
 */

/** An engine leg with fuel amounts is measured; orders take none, so theirs are GLEC defaults. */
const methodOf = (m: 'default' | 'fuel'): ExchangeMethod => (m === 'fuel' ? 'measured' : 'default');

/** A leg by carriage and position, unique within the order (`main_carriage-1`). */
const tceIdOf = (l: ExchangeOrderLeg) => `${l.activity}-${l.position}`;

/** §6.6.2 Location of a leg end: the place as entered, else where the location service put it. */
function placeOf(p: ExchangeOrderPlace) {
  const e = p.entered as { country?: string; city?: string; zipCode?: string };
  return locationOf({
    name: p.resolved?.name ?? null,
    city: e.city ?? null,
    zip: e.zipCode ?? null,
    country: e.country ?? p.resolved?.country ?? null,
  });
}

function legTce(o: ExchangeOrder, l: ExchangeOrderLeg): Tce {
  const origin = placeOf(l.origin);
  const destination = placeOf(l.destination);
  return {
    tceId: tceIdOf(l),
    tocId: tocIdOf(l.glecVehicleType, o.temperatureControl, methodOf(l.method)),
    shipmentId: o.number,
    mass: dec(o.grossWeightKg),
    // The order's transport distance (the engine's rule, as the order answers it): mass x distance = tkm.
    distance: glecDistanceOf(modeOf(l.glecVehicleType), l.transportDistance),
    ...(origin ? { origin } : {}),
    ...(destination ? { destination } : {}),
    transportActivity: dec(l.tkm),
    co2eWTW: dec(l.co2Wtw),
    co2eTTW: dec(l.co2Ttw),
  };
}

/** A hub between two legs: no distance or activity, WTW only (GLEC v3.1 §3.1; TTW 0 as for tours). */
function hubTce(o: ExchangeOrder, after: ExchangeOrderLeg, h: ExchangeOrder['hubs'][number]): Tce {
  const place = placeOf(after.destination);
  return {
    tceId: `${tceIdOf(after)}:hub`,
    hocId: hocIdOf(h.hubType, o.temperatureControl),
    shipmentId: o.number,
    mass: dec(o.grossWeightKg),
    distance: { actual: '0' },
    ...(place ? { origin: place, destination: place } : {}),
    transportActivity: '0',
    co2eWTW: dec(h.co2Wtw),
    co2eTTW: '0',
  };
}

/** The TCEs in route order, each hub after the leg it follows, chained by `prevTceIds` (§6.2.1). */
export function orderChainOf(o: ExchangeOrder): Tce[] {
  const out: Tce[] = [];
  for (const l of o.legs) {
    out.push(legTce(o, l));
    for (const h of o.hubs) if (h.afterLeg === l.id) out.push(hubTce(o, l, h));
  }
  return out.map((t, i) => ({ ...t, prevTceIds: i === 0 ? [] : [out[i - 1]!.tceId] }));
}

const DAY = 86_400_000;

/**
 * An order's ShipmentFootprint and totals (§7.2.1), or null: a cancelled order carried nothing,
 * and one without legs, mass or transport activity cannot be served (chainTotals). The reference
 * period is the order date's UTC day: orders carry a date, no times.
 */
export function orderChainTotals(o: ExchangeOrder): ShipmentTotals | null {
  if (o.status === 'cancelled') return null;
  const start = new Date(`${o.date}T00:00:00Z`);
  return chainTotals({
    shipmentId: o.number,
    massKg: o.grossWeightKg,
    tces: orderChainOf(o),
    parts: [
      ...o.legs.map((l) => ({ method: methodOf(l.method), wtw: l.co2Wtw })),
      ...o.hubs.map((h) => ({ method: 'default' as const, wtw: h.co2Wtw })),
    ],
    gwps: o.legs.map((l) => l.factorSet.gwp),
    sources: [
      ...o.legs.flatMap((l) =>
        l.method === 'default'
          ? vehicleSources(l.glecVehicleType)
          : fuelSources([defaultFuelOf(l.glecVehicleType)]),
      ),
      ...o.hubs.flatMap((h) => hubSources(h.hubType)),
    ],
    period: { start, end: new Date(start.getTime() + DAY) },
  });
}

// ---- TOCs and HOCs: the orders' categories added to the tours' ----

/** A hub category: the tours' handovers are transhipments; orders name theirs. */
export type HubClass = ExchangeHubClass & { hubType: string };

type Dated = { first: Date | null; last: Date | null; created: Date; used: boolean };
const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
const span = (a: Dated, b: Dated): Dated => ({
  first: earlier(a.first, b.first),
  last: later(a.last, b.last),
  created: a.created < b.created ? a.created : b.created,
  used: a.used || b.used,
});
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One category per GLEC vehicle type, temperature control and method over tours and orders: the
 * TOC's intensity is then Σ WTW / Σ tkm of all the company's legs of it (§6.3, decision 0014).
 */
export function mergeLegClasses(tours: ExchangeLegClass[], orders: OrderLegClass[]): ExchangeLegClass[] {
  const merged = new Map<string, ExchangeLegClass>();
  const add = (c: ExchangeLegClass) => {
    const key = `${c.glecVehicleType}\u0000${c.temperatureControl ? 1 : 0}\u0000${c.method}`;
    const had = merged.get(key);
    merged.set(
      key,
      had ? { ...had, tkm: had.tkm + c.tkm, ttw: had.ttw + c.ttw, wtw: had.wtw + c.wtw, ...span(had, c) } : c,
    );
  };
  tours.forEach(add);
  for (const c of orders) add({ ...c, method: methodOf(c.method) });
  return [...merged.entries()].sort(([a], [b]) => byKey(a, b)).map(([, c]) => c);
}

/** One category per hub type and temperature control over the tours' handovers and the orders' hubs. */
export function mergeHubClasses(tours: ExchangeHubClass[], orders: OrderHubClass[]): HubClass[] {
  const merged = new Map<string, HubClass>();
  const add = (h: HubClass) => {
    const key = `${h.hubType}\u0000${h.temperatureControl ? 1 : 0}`;
    const had = merged.get(key);
    merged.set(
      key,
      had ? { ...had, wtw: had.wtw + h.wtw, tonnes: had.tonnes + h.tonnes, ...span(had, h) } : h,
    );
  };
  for (const h of tours) add({ ...h, hubType: TOUR_HUB });
  orders.forEach(add);
  return [...merged.entries()].sort(([a], [b]) => byKey(a, b)).map(([, h]) => h);
}
