import { eq, sql } from 'drizzle-orm';
import { formatTrace, localizeTrace } from '@klimadesk/glec';
import type {
  Carriage,
  Language,
  SessionConfig,
  ShipmentDetail,
  ShipmentItem,
  TourDetail,
  TourItem,
  toursSchemas,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { schema } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import {
  type FilterScope,
  type Filters,
  resolveFilterScope,
  shipmentConditions,
  tourConditions,
} from './tours.filters.ts';
import * as q from './tours.queries.ts';
import { linkTraces } from './tours.emissions.ts';
import { sampleData } from './tours.samples.ts';
import type { StoredResult } from './tours.schema.ts';

type TourListQuery = z.output<typeof toursSchemas.tourListQuery>;
type ShipmentListQuery = z.output<typeof toursSchemas.shipmentListQuery>;
type Figures = TourItem['emissions'];
type TraceStep = TourDetail['trace'][number];

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: Date | string | null): string | null =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

/** g CO2e per tkm from kg CO2e; null without transport activity. */
export const intensity = (kg: number | null, tkm: number | null): number | null =>
  kg === null || tkm === null || tkm <= 0 ? null : (kg * 1000) / tkm;

export function figures(r: q.Co2Row, tkm: number | null): Figures {
  const d = {
    ttw: num(r.co2_default_ttw) ?? 0,
    wtt: num(r.co2_default_wtt) ?? 0,
    wtw: num(r.co2_default_wtw) ?? 0,
  };
  const ind =
    r.co2_individual_wtw === null
      ? null
      : {
          ttw: num(r.co2_individual_ttw) ?? 0,
          wtt: num(r.co2_individual_wtt) ?? 0,
          wtw: num(r.co2_individual_wtw) ?? 0,
        };
  const t = num(tkm) ?? 0;
  return {
    default: d,
    individual: ind,
    hubWtw: num(r.hub_co2_wtw) ?? 0,
    tkm: t,
    intensityDefault: intensity(d.wtw, t),
    intensityIndividual: ind ? intensity(ind.wtw, t) : null,
  };
}

export function toTourItem(r: q.TourRow): TourItem {
  const distance = num(r.distance_km);
  const empty = num(r.empty_distance_km);
  const share = num(r.empty_running_share);
  return {
    id: r.id,
    reference: r.reference,
    departure: r.departure,
    arrival: r.arrival,
    departureDate: iso(r.departure_date),
    arrivalDate: iso(r.arrival_date),
    glecTransportType: r.glec_vehicle_type,
    licensePlate: r.license_plate,
    vehicleReference: r.vehicle_reference,
    weightKg: num(r.weight_kg),
    distanceKm: distance,
    emptyDistanceKm: empty,
    emptyRunningPercentage:
      empty !== null && distance ? (empty / distance) * 100 : share !== null ? share * 100 : null,
    temperatureControl: r.temperature_control,
    shipmentCount: Number(r.shipment_count),
    tags: r.tags ?? [],
    emissions: figures(r, num(r.tkm)),
  };
}

export function toShipmentItem(r: q.ShipmentRow): ShipmentItem {
  return {
    id: r.id,
    reference: r.reference,
    orderNumber: r.order_number,
    shipper: r.shipper,
    description: r.description,
    weightKg: num(r.weight_kg),
    loadedDistanceKm: num(r.loaded_distance_km),
    origin: r.origin,
    destination: r.destination,
    departureDate: iso(r.departure_date),
    tours: (r.tours ?? []).map((t) => ({
      id: t.id,
      reference: t.reference,
      carriage: t.carriage as Carriage,
    })),
    tags: r.tags ?? [],
    emissions: figures(r, num(r.tkm)),
  };
}

const SHEET_TITLES: Record<Language, { default: string; individual: string; allocation: string }> = {
  de: {
    default: 'Standardmethode (GLEC-Intensitätswerte)',
    individual: 'Individuell (kraftstoffbasiert)',
    allocation: 'Zuordnung zur Sendung',
  },
  en: {
    default: 'Default method (GLEC intensity values)',
    individual: 'Individual (fuel-based)',
    allocation: 'Allocation to the shipment',
  },
};

const traceOf = (r: StoredResult | null): TraceStep[] => (r?.trace ?? []) as TraceStep[];

/** The readable sheet: the default calculation, then the individual one when it exists. */
function sheetOf(
  lang: Language,
  def: TraceStep[],
  ind: TraceStep[] | null,
  allocation: TraceStep[] = [],
): string {
  const titles = SHEET_TITLES[lang] ?? SHEET_TITLES.en;
  const parts = [formatTrace([...def, ...allocation], titles.default, lang)];
  if (ind && ind.length) parts.push(formatTrace([...ind, ...allocation], titles.individual, lang));
  return parts.join('\n\n');
}

// ---- Scope and samples ----

const localDay = (value: string | null, timeZone: string): string | null =>
  value === null ? null : new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(value));

function inRange(date: Date | string | null, f: Filters, timeZone: string): boolean {
  const after = f['departureDate[after]'];
  const before = f['departureDate[before]'];
  if (!after && !before) return true;
  const day = localDay(iso(date), timeZone);
  if (day === null) return false;
  return (!after || day >= after) && (!before || day <= before);
}

const hit = (term: string, ...values: (string | null | undefined)[]) =>
  values.some((v) => v?.toLowerCase().includes(term));
const placeText = (p: { name: string | null; city: string | null; zip: string | null } | null) =>
  p ? `${p.name ?? ''} ${p.city ?? ''} ${p.zip ?? ''}` : null;

/** The sample shipments passing the filters, with the same meaning as shipmentConditions. */
export function sampleShipments(f: Filters, scope: FilterScope): q.ShipmentRow[] {
  const term = f.search?.trim().toLowerCase();
  return sampleData().shipments.filter(
    (s) =>
      (!term ||
        hit(term, s.reference, s.order_number, s.shipper, s.description) ||
        hit(term, placeText(s.origin), placeText(s.destination))) &&
      (!f.tag?.length || s.tags.some((t) => f.tag?.includes(t))) &&
      (!f.shipper?.length || (s.shipper !== null && f.shipper.includes(s.shipper))) &&
      (scope.shippers === null || (s.shipper !== null && scope.shippers.includes(s.shipper))) &&
      inRange(s.departure_date, f, scope.timeZone),
  );
}

/** The sample tours passing the filters, with the same meaning as tourConditions. */
export function sampleTours(f: Filters, scope: FilterScope): q.TourDetailRow[] {
  const { links, shipments } = sampleData();
  const term = f.search?.trim().toLowerCase();
  const shipmentsOf = (id: string) =>
    links
      .filter((l) => l.tour_id === id)
      .map((l) => shipments.find((s) => s.id === l.shipment_id) as q.ShipmentRow);
  const carries = (id: string, allowed: string[]) =>
    shipmentsOf(id).some((s) => s.shipper !== null && allowed.includes(s.shipper));
  return sampleData().tours.filter(
    (t) =>
      (!term ||
        hit(term, t.reference, t.license_plate, t.vehicle_reference) ||
        hit(term, placeText(t.departure), placeText(t.arrival)) ||
        shipmentsOf(t.id).some(
          (s) =>
            hit(term, s.reference, s.order_number, s.shipper, s.description) ||
            hit(term, placeText(s.origin), placeText(s.destination)),
        )) &&
      (!f.tag?.length || t.tags.some((x) => f.tag?.includes(x))) &&
      (!f.shipper?.length || carries(t.id, f.shipper)) &&
      (scope.shippers === null || carries(t.id, scope.shippers)) &&
      inRange(t.departure_date, f, scope.timeZone),
  );
}

/** In-memory order of sample rows by the same keys as the SQL (nulls last, ties by id). */
function sortRows<T extends { id: string }>(
  rows: T[],
  query: Record<string, unknown>,
  keys: Record<string, (r: T) => unknown>,
): T[] {
  let field = 'departureDate';
  let dir: 'asc' | 'desc' = 'desc';
  for (const k of Object.keys(keys)) {
    const d = query[`order[${k}]`];
    if (d === 'asc' || d === 'desc') {
      field = k;
      dir = d;
      break;
    }
  }
  const key = keys[field];
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return ((x as number) < (y as number) ? -1 : 1) * sign;
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
  });
}

// ---- Lists and details ----

/** One page of a basic company's sample rows, flagged as samples. */
function samplePage<R, I>(rows: R[], page: { offset: number; limit: number }, toItem: (r: R) => I) {
  const items = rows
    .slice(page.offset, page.offset + page.limit)
    .map((r) => ({ ...toItem(r), sample: true }));
  return list(items, rows.length);
}

export async function listTours(ctx: AppContext, actor: Actor, query: TourListQuery, timeZone: string) {
  const scope = await resolveFilterScope(ctx, actor, timeZone, query);
  const page = pageWindow(query, 1000);
  if (actor.company.isBasic) {
    const rows = sortRows(sampleTours(query, scope), query, {
      departureDate: (r) => iso(r.departure_date),
      reference: (r) => r.reference,
      distanceKm: (r) => r.distance_km,
      weightKg: (r) => r.weight_kg,
      tkm: (r) => r.tkm,
      co2DefaultWtw: (r) => r.co2_default_wtw,
      co2IndividualWtw: (r) => r.co2_individual_wtw,
    });
    return samplePage(rows, page, toTourItem);
  }
  const { rows, total } = await q.listTours(ctx.db, tourConditions(query, scope), query, page);
  return list(rows.map(toTourItem), total);
}

export async function listShipments(
  ctx: AppContext,
  actor: Actor,
  query: ShipmentListQuery,
  timeZone: string,
) {
  const scope = await resolveFilterScope(ctx, actor, timeZone, query);
  const page = pageWindow(query, 1000);
  if (actor.company.isBasic) {
    const rows = sortRows(sampleShipments(query, scope), query, {
      departureDate: (r) => iso(r.departure_date),
      reference: (r) => r.reference,
      shipper: (r) => r.shipper,
      weightKg: (r) => r.weight_kg,
      tkm: (r) => r.tkm,
      co2DefaultWtw: (r) => r.co2_default_wtw,
      co2IndividualWtw: (r) => r.co2_individual_wtw,
    });
    return samplePage(rows, page, toShipmentItem);
  }
  const { rows, total } = await q.listShipments(ctx.db, shipmentConditions(query, scope), query, page);
  return list(rows.map(toShipmentItem), total);
}

export async function getTour(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
): Promise<TourDetail> {
  let row: q.TourDetailRow | null;
  let links: (q.LinkRow & { reference: string; shipper: string | null })[];
  if (actor.company.isBasic) {
    const data = sampleData();
    row = data.tours.find((t) => t.id === id) ?? null;
    links = data.links
      .filter((l) => l.tour_id === id)
      .map((l) => {
        const s = data.shipments.find((x) => x.id === l.shipment_id) as q.ShipmentRow;
        return { ...l, reference: s.reference, shipper: s.shipper };
      });
  } else {
    row = await q.findTour(ctx.db, actor.companyId, id);
    links = row ? await q.shipmentsOfTour(ctx.db, actor.companyId, id) : [];
  }
  if (!row) throw new AppError('notFound');
  const def = traceOf(row.default_result);
  return {
    ...toTourItem(row),
    ...(actor.company.isBasic ? { sample: true } : {}),
    shipments: links.map((l) => ({
      id: l.shipment_id,
      reference: l.reference,
      shipper: l.shipper,
      carriage: l.carriage as Carriage,
      weightKg: num(l.weight_kg),
      share: num(l.share),
      emissions: figures(l, num(l.tkm)),
    })),
    factorSet: row.default_result?.factorSet ?? null,
    trace: localizeTrace(def, lang),
    sheet: sheetOf(lang, def, row.individual_result ? traceOf(row.individual_result) : null),
  };
}

export async function getShipment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
): Promise<ShipmentDetail> {
  let row: q.ShipmentRow | null;
  let legs: q.LegRow[];
  if (actor.company.isBasic) {
    const data = sampleData();
    row = data.shipments.find((s) => s.id === id) ?? null;
    legs = data.links.filter((l) => l.shipment_id === id);
  } else {
    row = await q.findShipment(ctx.db, actor.companyId, id);
    legs = row ? await q.legsOfShipment(ctx.db, actor.companyId, id) : [];
  }
  if (!row) throw new AppError('notFound');
  return {
    ...toShipmentItem(row),
    ...(actor.company.isBasic ? { sample: true } : {}),
    legs: legs.map((l) => {
      const traces = linkTraces(
        {
          glecVehicleType: l.glec_vehicle_type,
          temperatureControl: l.temperature_control,
          defaultResult: l.default_result,
          individualResult: l.individual_result,
          weightKg: num(l.weight_kg),
          distanceKm: num(l.link_distance_km),
          tkm: num(l.tkm),
          share: num(l.share),
          hubCo2Wtw: num(l.hub_co2_wtw),
        },
        {
          default: { ttw: num(l.co2_default_ttw), wtt: num(l.co2_default_wtt), wtw: num(l.co2_default_wtw) },
          individual: {
            ttw: num(l.co2_individual_ttw),
            wtt: num(l.co2_individual_wtt),
            wtw: num(l.co2_individual_wtw),
          },
        },
      );
      const def = traces.default ?? [];
      const ind = traces.individual;
      return {
        tourId: l.tour_id,
        tourReference: l.tour_reference,
        carriage: l.carriage as Carriage,
        departure: l.departure,
        arrival: l.arrival,
        departureDate: iso(l.departure_date),
        glecTransportType: l.glec_vehicle_type,
        licensePlate: l.license_plate,
        distanceKm: num(l.distance_km),
        weightKg: num(l.weight_kg),
        share: num(l.share),
        emissions: figures(l, num(l.tkm)),
        factorSet: l.default_result?.factorSet ?? null,
        method: 'default' as const,
        trace: localizeTrace(def, lang),
        sheet: sheetOf(lang, def, ind),
      };
    }),
  };
}

// ---- Session configuration ----

const EMPTY_CONFIG: SessionConfig = {
  tourStartDate: null,
  tourEndDate: null,
  shipmentStartDate: null,
  shipmentEndDate: null,
};

/** The date ranges remembered on the caller's session row (seed 000 §3 "Session configuration"). */
export async function sessionConfig(ctx: AppContext, actor: Actor): Promise<SessionConfig> {
  const [row] = await ctx.db
    .select({ config: schema.sessions.config })
    .from(schema.sessions)
    .where(eq(schema.sessions.id, actor.sessionId));
  return { ...EMPTY_CONFIG, ...row?.config };
}

export async function updateSessionConfig(
  ctx: AppContext,
  actor: Actor,
  patch: z.output<typeof toursSchemas.sessionConfigPatch>,
): Promise<SessionConfig> {
  const next = { ...(await sessionConfig(ctx, actor)) };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) next[k as keyof SessionConfig] = v;
  await ctx.db
    .update(schema.sessions)
    .set({ config: sql`${JSON.stringify(next)}::jsonb` })
    .where(eq(schema.sessions.id, actor.sessionId));
  return next;
}
