import type { OrderPlace } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as exchange from './orders.exchange.repository.ts';
import * as repo from './orders.repository.ts';
import type { ResolvedPlace } from './orders.schema.ts';
import { transportDistanceOf } from './orders.service.ts';

/**
 * Orders for the PACT / iLEAP exchange (exchange module): each basic tour with its legs and hubs
 * carrying the stored figures `GET /api/orders/:id`, the list and the certificate show (the same
 * columns, the transport distance by the same rule), without calculation sheets.
 */
export type ExchangeOrderPlace = { entered: OrderPlace; resolved: ResolvedPlace | null };

export type ExchangeOrderLeg = {
  id: string;
  activity: string;
  position: number;
  transportMode: string;
  glecVehicleType: string;
  origin: ExchangeOrderPlace;
  destination: ExchangeOrderPlace;
  /** km as given or computed, and the transport distance the tkm rest on (km). */
  distance: number;
  transportDistance: number;
  tkm: number;
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  method: 'default' | 'fuel';
  factorSet: { id: string; version: string; gwp: string };
};

export type ExchangeOrderHub = { afterLeg: string; beforeLeg: string; hubType: string; co2Wtw: number };

export type ExchangeOrder = {
  id: string;
  number: string;
  /** The Auftraggeber: the order's shipper (glossary "Versender, Auftraggeber"). */
  client: string;
  status: string;
  /** The order date (YYYY-MM-DD): orders carry no times of their own. */
  date: string;
  grossWeightKg: number;
  temperatureControl: boolean;
  createdAt: Date;
  /** Legs in route order (pre-, main, on-carriage, then position). */
  legs: ExchangeOrderLeg[];
  hubs: ExchangeOrderHub[];
  /** The other orders of its alternative group: a promoted alternative carries the order on. */
  alternativeIds: string[];
};

export type { ExchangeOrderQuery } from './orders.exchange.repository.ts';

function legOf(l: repo.LegRow): ExchangeOrderLeg {
  return {
    id: l.id,
    activity: l.activity,
    position: l.position,
    transportMode: l.transportMode,
    glecVehicleType: l.glecVehicleType,
    origin: { entered: l.origin, resolved: l.originResolved ?? null },
    destination: { entered: l.destination, resolved: l.destinationResolved ?? null },
    distance: l.distanceKm,
    transportDistance: transportDistanceOf(l).transportDistance,
    tkm: l.tkm,
    co2Ttw: l.co2Ttw,
    co2Wtt: l.co2Wtt,
    co2Wtw: l.co2Wtw,
    method: l.method === 'fuel' ? 'fuel' : 'default',
    factorSet: l.factorSet,
  };
}

/** A page of the company's basic tours (see ExchangeOrderQuery), in id order. */
export async function exchangeOrders(
  db: DbOrTx,
  companyId: CompanyId,
  q: exchange.ExchangeOrderQuery,
): Promise<ExchangeOrder[]> {
  const rows = await exchange.basicTours(db, companyId, q);
  if (!rows.length) return [];
  const legs = new Map<string, ExchangeOrderLeg[]>();
  for (const l of await repo.legsOfOrders(
    db,
    companyId,
    rows.map((o) => o.id),
  ))
    legs.set(l.orderId, [...(legs.get(l.orderId) ?? []), legOf(l)]);
  const alternatives = await exchange.alternativesOf(
    db,
    companyId,
    rows.map((o) => o.alternativeGroupId),
  );
  return rows.map((o) => ({
    id: o.id,
    number: o.number,
    client: o.client,
    status: o.status,
    date: o.date,
    grossWeightKg: o.grossWeightUnit === 't' ? o.grossWeight * 1000 : o.grossWeight,
    temperatureControl: o.temperatureControl,
    createdAt: o.createdAt,
    legs: legs.get(o.id) ?? [],
    hubs: o.hubs.map((h) => ({
      afterLeg: h.afterLeg,
      beforeLeg: h.beforeLeg,
      hubType: h.hubType,
      co2Wtw: h.co2Wtw,
    })),
    alternativeIds: alternatives.get(o.alternativeGroupId) ?? [],
  }));
}
