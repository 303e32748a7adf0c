import type { pactSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { ExchangeLeg, ExchangeMethod, ExchangeShipment } from '../tours/index.ts';
import {
  type EmissionFactorSource,
  assessmentReports,
  defaultFuelOf,
  distinctSources,
  fuelSources,
  hubSources,
  modeOf,
  vehicleSources,
} from './pact.categories.ts';
import { dec, micro, sumMicro } from './pact.decimal.ts';

/**
 * iLEAP v1.0.1 §6.1/§6.2: a shipment's ShipmentFootprint, one TCE per leg (its ride on a tour) and
 * one per handover hub, from the figures the import stored on each link (decision 0010).
 */
export type Tce = z.infer<typeof pactSchemas.tce>;
type Location = z.infer<typeof pactSchemas.location>;
export type ShipmentFootprintData = z.infer<typeof pactSchemas.shipmentFootprint>;

/** The hub category of a tour's handovers (tours.emissions HANDOVER_HUB, engine `tourLegHandovers`). */
export const TOUR_HUB = 'transhipment';

/** TOC id of a leg: GLEC vehicle type, temperature control, and how its figure was made. */
export const tocIdOf = (vehicleType: string | null, refrigerated: boolean, method: ExchangeMethod) =>
  `${vehicleType ?? 'unknown'}${refrigerated ? '-refrigerated' : ''}${method === 'default' ? '' : `-${method}`}`;
export const hocIdOf = (hub: string, refrigerated: boolean) => `${hub}${refrigerated ? '-refrigerated' : ''}`;

/** A leg with an individual WTW but no TTW (primary data supplied without it, decision 0018). */
const ttwUnknown = (l: ExchangeLeg) =>
  l.individualWtw !== null &&
  l.individualWtw !== undefined &&
  (l.individualTtw === null || l.individualTtw === undefined);

/**
 * A leg's reported figure: the fuel-based (individual) result where the tour has one, else the
 * default, per leg as in the shipper statement (statements.repository totalsByMode). A fuel-based
 * result is measured when the tour names its fuel, else modelled from the vehicle's consumption.
 */
export function legFigure(l: ExchangeLeg): { method: ExchangeMethod; ttw: number; wtw: number } {
  if (l.individualWtw === null || l.individualWtw === undefined)
    return { method: 'default', ttw: Number(l.defaultTtw ?? 0), wtw: Number(l.defaultWtw ?? 0) };
  const method = l.fuel && l.fuel.length > 0 ? 'measured' : 'modelled';
  return { method, ttw: Number(l.individualTtw ?? 0), wtw: Number(l.individualWtw) };
}

/** §6.6.2 Location from a stored place, when it has the required city and an ISO 3166-1 country. */
export function locationOf(p: ExchangeLeg['departure'] | null | undefined): Location | undefined {
  const country = p?.country?.trim().toUpperCase();
  const city = (p?.city ?? p?.name)?.trim();
  if (!country || !/^[A-Z]{2}$/.test(country) || !city) return undefined;
  return { city, country, ...(p?.zip ? { zip: p.zip } : {}) };
}

/**
 * §6.6.1 GLECDistance of the transport activity: the transport distance the tkm rest on
 * (decision 0010: SFD for every mode but air; flown km for air), mass x distance = tkm (§6.2.2).
 */
export function transportDistance(
  mode: string,
  tkm: number,
  weightKg: number | null,
  fallbackKm: number | null,
): z.infer<typeof pactSchemas.glecDistance> {
  const km = weightKg && weightKg > 0 ? tkm / (weightKg / 1000) : (fallbackKm ?? 0);
  return glecDistanceOf(mode, km);
}

/** A transport distance as §6.6.1 GLECDistance: `actual` for air (flown km), else `sfd` (decision 0010). */
export const glecDistanceOf = (mode: string, km: number): z.infer<typeof pactSchemas.glecDistance> =>
  mode === 'Air' ? { actual: dec(km) } : { sfd: dec(km) };

const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : undefined);

function legTce(s: ExchangeShipment, l: ExchangeLeg): Tce {
  const f = legFigure(l);
  const mode = modeOf(l.glecVehicleType);
  const origin = locationOf(l.departure);
  const destination = locationOf(l.arrival);
  const weight = l.weightKg ?? s.weightKg;
  return {
    tceId: l.tourReference,
    tocId: tocIdOf(l.glecVehicleType, l.temperatureControl, f.method),
    shipmentId: s.reference,
    mass: dec(weight ?? 0),
    distance: transportDistance(mode, Number(l.tkm), weight, l.distanceKm ?? l.tourDistanceKm),
    ...(origin ? { origin } : {}),
    ...(destination ? { destination } : {}),
    transportActivity: dec(Number(l.tkm)),
    ...(l.departureDate ? { departureAt: iso(l.departureDate) } : {}),
    ...(l.arrivalDate ? { arrivalAt: iso(l.arrivalDate) } : {}),
    co2eWTW: dec(f.wtw),
    co2eTTW: dec(f.ttw),
  };
}

/**
 * A hub TCE: no distance and no transport activity (GLEC v3.1 §3.1, engine handover.ts); WTW is
 * the GLEC hub value, TTW 0 as the HOC's energy carrier is grid electricity (decision 0014).
 */
function hubTce(s: ExchangeShipment, l: ExchangeLeg): Tce {
  const place = locationOf(l.carriage === 'on_carriage' ? l.departure : l.arrival);
  return {
    tceId: `${l.tourReference}:hub`,
    hocId: hocIdOf(TOUR_HUB, l.temperatureControl),
    shipmentId: s.reference,
    mass: dec(l.weightKg ?? s.weightKg ?? 0),
    distance: { actual: '0' },
    ...(place ? { origin: place, destination: place } : {}),
    transportActivity: '0',
    co2eWTW: dec(l.hubWtw),
    co2eTTW: '0',
  };
}

/**
 * The TCEs in route order with `prevTceIds` (§6.2.1): a pre-carriage leg hands over at its end, an
 * on-carriage leg takes over at its start (engine `tourLegHandovers`), so the hub sits between.
 */
export function chainOf(s: ExchangeShipment): Tce[] {
  const out: Tce[] = [];
  for (const l of s.legs) {
    const hub = Number(l.hubWtw) > 0 ? hubTce(s, l) : null;
    if (hub && l.carriage === 'on_carriage') out.push(hub);
    out.push(legTce(s, l));
    if (hub && l.carriage !== 'on_carriage') out.push(hub);
  }
  return out.map((t, i) => ({ ...t, prevTceIds: i === 0 ? [] : [out[i - 1]!.tceId] }));
}

/** What a shipment's PACT footprint is derived from (§7.2.1). */
export type ShipmentTotals = {
  data: ShipmentFootprintData;
  tkmMicro: number;
  wtwMicro: number;
  massKg: number;
  primaryShare: number;
  dqi: Dqi;
  reports: string[];
  sources: EmissionFactorSource[];
  periodStart: Date;
  periodEnd: Date;
};

/** PACT v2 DataQualityIndicators (1 good … 3 poor), see dqiOf. */
export type Dqi = {
  coveragePercent: number;
  technologicalDQR: number;
  temporalDQR: number;
  geographicalDQR: number;
  completenessDQR: number;
  reliabilityDQR: number;
};

/**
 * PACT v2 DataQualityIndicators per TCE (1 good … 3 poor), weighted by its WTW share ("weighted
 * average of all inputs"): measured fuel of the vehicle is the same technology, time and place
 * (1 throughout); consumption modelled from the vehicle's master data is the same technology and
 * place (1) but not the period's data (2); GLEC defaults are similar technology of a published
 * edition for a region (2). Every leg and hub is included: completeness 1, coverage 100 %.
 * Decision 0014.
 */
const RATING: Record<ExchangeMethod, Omit<Dqi, 'coveragePercent' | 'completenessDQR'>> = {
  measured: { technologicalDQR: 1, temporalDQR: 1, geographicalDQR: 1, reliabilityDQR: 1 },
  modelled: { technologicalDQR: 1, temporalDQR: 2, geographicalDQR: 1, reliabilityDQR: 2 },
  default: { technologicalDQR: 2, temporalDQR: 2, geographicalDQR: 2, reliabilityDQR: 2 },
};

export function dqiOf(parts: { wtw: number; method: ExchangeMethod }[]): Dqi {
  const total = parts.reduce((a, p) => a + Math.max(p.wtw, 0), 0);
  const weight = (p: { wtw: number }) => (total > 0 ? Math.max(p.wtw, 0) / total : 1 / parts.length);
  const rate = (k: keyof (typeof RATING)['default']) =>
    Math.round(parts.reduce((a, p) => a + weight(p) * RATING[p.method][k], 0) * 100) / 100;
  return {
    coveragePercent: 100,
    technologicalDQR: rate('technologicalDQR'),
    temporalDQR: rate('temporalDQR'),
    geographicalDQR: rate('geographicalDQR'),
    completenessDQR: 1,
    reliabilityDQR: rate('reliabilityDQR'),
  };
}

const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const nextDay = (d: Date) => new Date(dayStart(d).getTime() + 86_400_000);

/** Reference period: the UTC days from the first departure to the last arrival (end exclusive). */
export function periodOf(legs: ExchangeLeg[], fallback: Date): { start: Date; end: Date } {
  const starts = legs.flatMap((l) => (l.departureDate ? [new Date(l.departureDate).getTime()] : []));
  const ends = legs.flatMap((l) => {
    const d = l.arrivalDate ?? l.departureDate;
    return d ? [new Date(d).getTime()] : [];
  });
  const start = starts.length ? new Date(Math.min(...starts)) : fallback;
  const end = ends.length ? new Date(Math.max(...ends)) : fallback;
  return { start: dayStart(start), end: nextDay(end) };
}

/** What a chain of TCEs is summed from: its TCEs, how each leg's and hub's figure was made, its factors. */
export type ChainFacts = {
  shipmentId: string;
  massKg: number;
  tces: Tce[];
  parts: { method: ExchangeMethod; wtw: number }[];
  /** GWP labels of the factor sets behind the legs ("IPCC AR6 GWP100"). */
  gwps: (string | null | undefined)[];
  sources: EmissionFactorSource[];
  period: { start: Date; end: Date };
};

/**
 * The ShipmentFootprint of a chain and the totals its product footprint takes (§7.2.1): null when
 * it cannot be served: no TCEs, no mass, or no transport activity (PACT requires a declared amount
 * above 0). Shipments and orders both end here, so both are summed by one rule.
 */
export function chainTotals(c: ChainFacts): ShipmentTotals | null {
  if (c.tces.length === 0 || !(c.massKg > 0)) return null;
  const tkmMicro = sumMicro(c.tces.map((t) => micro(Number(t.transportActivity))));
  if (tkmMicro <= 0) return null;
  const wtwMicro = sumMicro(c.tces.map((t) => micro(Number(t.co2eWTW))));
  // Primary data: measured fuel only (ISO 14083 hierarchy: primary, modelled, default).
  const measuredWtw = c.parts.reduce((a, p) => a + (p.method === 'measured' ? p.wtw : 0), 0);
  const totalWtw = c.parts.reduce((a, p) => a + p.wtw, 0);
  return {
    data: { mass: dec(c.massKg), shipmentId: c.shipmentId, tces: c.tces },
    tkmMicro,
    wtwMicro,
    massKg: c.massKg,
    primaryShare: totalWtw > 0 ? Math.round((measuredWtw / totalWtw) * 10_000) / 100 : 0,
    dqi: dqiOf(c.parts),
    reports: assessmentReports(c.gwps),
    sources: distinctSources(c.sources),
    periodStart: c.period.start,
    periodEnd: c.period.end,
  };
}

/** A shipment's ShipmentFootprint and totals (§7.2.1), or null (see chainTotals). */
export function shipmentTotals(s: ExchangeShipment): ShipmentTotals | null {
  const massKg = s.weightKg ?? s.legs.reduce((a, l) => Math.max(a, Number(l.weightKg ?? 0)), 0);
  if (s.legs.length === 0 || !(massKg > 0)) return null;
  // iLEAP §6.2.1 requires a TCE's co2eTTW; a leg whose TTW is not known (primary data without it)
  // is not served as 0: the shipment waits until its figures are complete.
  if (s.legs.some(ttwUnknown)) return null;
  const parts = s.legs.flatMap((l) => {
    const f = legFigure(l);
    return [
      f,
      ...(Number(l.hubWtw) > 0 ? [{ method: 'default' as const, wtw: Number(l.hubWtw), ttw: 0 }] : []),
    ];
  });
  return chainTotals({
    shipmentId: s.reference,
    massKg,
    tces: chainOf(s),
    parts,
    gwps: s.legs.map((l) =>
      legFigure(l).method === 'default' ? l.factorSet?.gwp : l.individualFactorSet?.gwp,
    ),
    sources: s.legs.flatMap((l) => [
      ...(legFigure(l).method === 'default' ? vehicleSources(l.glecVehicleType) : fuelSources(fuelsOf(l))),
      ...(Number(l.hubWtw) > 0 ? hubSources(TOUR_HUB) : []),
    ]),
    period: periodOf(s.legs, s.createdAt),
  });
}

/** The fuels a fuel-based leg's figure rests on: the tour's, else the class's usual fuel (modelled). */
const fuelsOf = (l: ExchangeLeg): string[] =>
  l.fuel?.length ? l.fuel.map((f) => f.fuelType) : [defaultFuelOf(l.glecVehicleType ?? 'unknown')];
