import type { pactSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type ExchangeTransportLeg, exchangeTransportLegs } from '../tours/index.ts';
import type { PactClient } from './exchange.service.ts';
import { energyCarrier, modeOf, vehicleTypesOfMode } from './pact.categories.ts';
import { dec } from './pact.decimal.ts';
import { PactError } from './pact.errors.ts';
import { locationOf } from './pact.ileap.ts';

/**
 * iLEAP v1.0.1 §7.1 Action TransportActivityData: one TAD (§6.5) per consignment, leg and mode,
 * i.e. per ride of a shipment on a tour, with the tour's places, times, distance and mode.
 * Filtering (§7.1.1) by `$name=$value` pairs, values without letter case; pagination (§7.1.2)
 * by keyset on (tour, shipment).
 */
type Tad = z.infer<typeof pactSchemas.tad>;
type Mode = z.infer<typeof pactSchemas.transportMode>;

/** Filter names this host implements (§7.1.1 lets a host refuse others with NotImplemented). */
const FILTERS = ['mode', 'activityId', 'consignmentIds', 'temperatureControl'] as const;
export type TadFilters = Partial<Record<(typeof FILTERS)[number], string[]>>;

/** Reads the filter pairs of a query; pagination parameters are not filters. */
export function tadFilters(query: Record<string, unknown>): TadFilters {
  const out: TadFilters = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'limit' || name === 'cursor') continue;
    if (!(FILTERS as readonly string[]).includes(name))
      throw new PactError('NotImplemented', `Filtering by ${name} is not implemented`);
    const values = (Array.isArray(value) ? value : [value]).map(String);
    out[name as keyof TadFilters] = values;
  }
  return out;
}

const activityIdOf = (l: ExchangeTransportLeg) => `${l.tourId}:${l.shipmentId}`;

/** The TAD of one ride (§6.5.1); the SQL chose rides whose tours have every required field. */
export function tadOf(l: ExchangeTransportLeg): Tad {
  const mode = modeOf(l.glecVehicleType);
  const km = l.distanceKm ?? l.tourDistanceKm ?? 0;
  const loaded = l.tourDistanceKm;
  const empty = l.emptyDistanceKm;
  const tad: Tad = {
    activityId: activityIdOf(l),
    consignmentIds: [l.shipmentReference],
    // The leg's distance as the tour data give it (the shipment's own, else the tour's); the
    // recipient applies GLEC's distance adjustment itself (§3.3, §6.6.1 actual).
    distance: { actual: dec(km) },
    ...(l.weightKg !== null && l.weightKg > 0 ? { mass: dec(l.weightKg) } : {}),
    origin: locationOf(l.departure)!,
    destination: locationOf(l.arrival)!,
    departureAt: l.departureDate.toISOString(),
    arrivalAt: l.arrivalDate.toISOString(),
    mode,
    temperatureControl: l.temperatureControl ? 'refrigerated' : 'ambient',
  };
  // GLEC empty running: empty km over all km of the vehicle (§6.5.1 emptyDistanceFactor, [0, 1)).
  if (empty !== null && loaded !== null && loaded + empty > 0 && empty / (loaded + empty) < 1)
    tad.emptyDistanceFactor = dec(empty / (loaded + empty));
  const fuels = [...new Set((l.fuel ?? []).map((f) => f.fuelType))];
  if (fuels.length === 1) tad.energyCarriers = [energyCarrier(fuels[0]!, 1)];
  return tad;
}

const lower = (v: string[] | undefined) => v?.map((x) => x.toLowerCase());

function keeps(t: Tad, f: TadFilters): boolean {
  const ids = lower(f.activityId);
  const consignments = lower(f.consignmentIds);
  const temperature = lower(f.temperatureControl);
  if (ids && !ids.includes(t.activityId.toLowerCase())) return false;
  if (consignments && !t.consignmentIds.some((c) => consignments.includes(c.toLowerCase()))) return false;
  if (temperature && !temperature.includes(t.temperatureControl ?? '')) return false;
  return true;
}

export type TadCursor = { tourId: string; shipmentId: string } | null;

export function decodeTadCursor(text: string | undefined): TadCursor {
  if (!text) return null;
  const m = /^([0-9a-f-]{36})\.([0-9a-f-]{36})$/.exec(text);
  if (!m) throw new PactError('BadRequest', 'Invalid pagination cursor');
  return { tourId: m[1]!, shipmentId: m[2]! };
}
export const encodeTadCursor = (c: NonNullable<TadCursor>) => `${c.tourId}.${c.shipmentId}`;

const BATCH = 250;
const SCAN_BUDGET = 5000;

/** A page of TADs; the modes filter becomes a vehicle type list in SQL, the others are applied here. */
export async function tadPage(
  ctx: AppContext,
  client: PactClient,
  q: { limit: number; cursor: TadCursor; filters: TadFilters },
): Promise<{ items: Tad[]; next: TadCursor }> {
  const modes = q.filters.mode;
  const vehicleTypes = modes
    ? (['Road', 'Rail', 'Air', 'Sea', 'InlandWaterway'] as Mode[])
        .filter((m) => modes.some((v) => v.toLowerCase() === m.toLowerCase()))
        .flatMap(vehicleTypesOfMode)
    : null;
  if (vehicleTypes && vehicleTypes.length === 0) return { items: [], next: null };
  const items: Tad[] = [];
  let after = q.cursor;
  let scanned = 0;
  for (;;) {
    const batch = await exchangeTransportLegs(ctx.db, client.companyId, {
      shippers: client.shippers,
      vehicleTypes,
      after,
      limit: BATCH,
    });
    for (const l of batch) {
      scanned++;
      const t = tadOf(l);
      if (keeps(t, q.filters)) {
        if (items.length === q.limit) return { items, next: after };
        items.push(t);
      }
      after = { tourId: l.tourId, shipmentId: l.shipmentId };
    }
    if (batch.length < BATCH) return { items, next: null };
    if (scanned >= SCAN_BUDGET) return { items, next: after };
  }
}
