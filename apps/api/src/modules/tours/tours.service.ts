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
import * as sessions from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import { type FilterScope, isSample, readCompany, resolveFilterScope } from './tours.filters.ts';
import * as q from './tours.lists.repository.ts';
import { linkTraces } from './tours.emissions.ts';
import {
  type PrimaryDataState,
  legPrimaryData,
  primaryDataStates,
  primarySheetHead,
  primaryStep,
} from './tours.primary-data.ts';
import { type RestatementRow, restatementsOfShipment } from './tours.restatements.repository.ts';
import type { StoredResult } from './tours.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { t as message } from '@klimadesk/contract/messages';

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
  // A part the individual result does not know (a partner's WTW without TTW) stays null, never 0.
  const ind =
    r.co2_individual_wtw === null
      ? null
      : {
          ttw: num(r.co2_individual_ttw),
          wtt: num(r.co2_individual_wtt),
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
    // GLEC empty running as the engine applies it: empty km / (loaded km + empty km) ([S2] iLEAP
    // TOC emptyDistanceFactor); `distance_km` is the loaded distance.
    emptyRunningPercentage:
      empty !== null && distance !== null && distance + empty > 0
        ? (empty / (distance + empty)) * 100
        : share !== null
          ? share * 100
          : null,
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

const sheetTitles = (lang: Language) => ({
  default: message(lang, 'tours.sheet.default'),
  individual: message(lang, 'tours.sheet.individual'),
  allocation: message(lang, 'tours.sheet.allocation'),
});
const SHEET_TITLES: Record<Language, { default: string; individual: string; allocation: string }> = {
  de: sheetTitles('de'),
  en: sheetTitles('en'),
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

// ---- Lists and details ----

/** Rows of the sample company are flagged, so the screens can say so (basic edition). */
const flag = (sample: boolean) => (sample ? { sample: true } : {});

/** A page of a list in the caller's filter scope, as items. */
async function scopedList<Q extends TourListQuery | ShipmentListQuery, R, I>(
  ctx: AppContext,
  actor: Actor,
  query: Q,
  timeZone: string,
  read: (scope: FilterScope) => Promise<{ rows: R[]; total: number }>,
  toItem: (row: R) => I,
) {
  const scope = await resolveFilterScope(ctx, actor, timeZone, query);
  const { rows, total } = await read(scope);
  return list(
    rows.map((r) => ({ ...toItem(r), ...flag(isSample(scope)) })),
    total,
  );
}

export const listTours = (ctx: AppContext, actor: Actor, query: TourListQuery, timeZone: string) =>
  scopedList(
    ctx,
    actor,
    query,
    timeZone,
    // Lists read from the replica when there is one (docs/scaling.md).
    (scope) => q.listTours(ctx.readDb, query, scope, query, pageWindow(query, 1000)),
    toTourItem,
  );

export const listShipments = (ctx: AppContext, actor: Actor, query: ShipmentListQuery, timeZone: string) =>
  scopedList(
    ctx,
    actor,
    query,
    timeZone,
    (scope) => q.listShipments(ctx.readDb, query, scope, query, pageWindow(query, 1000)),
    toShipmentItem,
  );

/**
 * A tour or shipment of the caller's company (the sample company's for basic ones) with its links,
 * or 404; `sample` flags it as the list does.
 */
async function detail<R, L>(
  ctx: AppContext,
  actor: Actor,
  id: string,
  find: (db: DbOrTx, companyId: CompanyId, id: string) => Promise<R | null | undefined>,
  linksOf: (db: DbOrTx, companyId: CompanyId, id: string) => Promise<L[]>,
) {
  const companyId = readCompany(actor);
  const row = await find(ctx.db, companyId, id);
  if (!row) throw new AppError('notFound');
  return { row, links: await linksOf(ctx.db, companyId, id), sample: flag(isSample({ companyId })) };
}

export async function getTour(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
): Promise<TourDetail> {
  const { row, links, sample } = await detail(ctx, actor, id, q.findTour, q.shipmentsOfTour);
  const def = traceOf(row.default_result);
  return {
    ...toTourItem(row),
    ...sample,
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

type Leg = ShipmentDetail['legs'][number];

/**
 * One leg of a shipment as stored. With applied primary data (decision 0018) the stored individual
 * figures are the partner's; the fuel-based sheet, if the tour has one, is shown with the figures
 * the restatement keeps from before, and the sheet starts with the source used.
 */
function legOf(
  l: q.LegRow,
  p: RestatementRow | undefined,
  state: PrimaryDataState | undefined,
  lang: Language,
): Leg {
  const stored = {
    ttw: num(l.co2_individual_ttw),
    wtt: num(l.co2_individual_wtt),
    wtw: num(l.co2_individual_wtw),
  };
  const traces = linkTraces(
    {
      glecVehicleType: l.glec_vehicle_type,
      temperatureControl: l.temperature_control,
      defaultResult: l.default_result,
      individualResult: l.individual_result,
      weightKg: num(l.weight_kg),
      distanceKm: num(l.link_distance_km),
      tkm: num(l.tkm),
      tourTkm: num(l.tour_tkm),
      share: num(l.share),
      hubCo2Wtw: num(l.hub_co2_wtw),
    },
    {
      default: { ttw: num(l.co2_default_ttw), wtt: num(l.co2_default_wtt), wtw: num(l.co2_default_wtw) },
      individual: p ? { ttw: p.previousTtw, wtt: p.previousWtt, wtw: p.previousWtw } : stored,
    },
  );
  const def = traces.default ?? [];
  const ind = traces.individual;
  const format = (steps: TraceStep[], title: string) => formatTrace(steps, title, lang);
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
    // The stored figures: with primary data applied, the individual ones are the partner's.
    emissions: figures(l, num(l.tkm)),
    factorSet: l.default_result?.factorSet ?? null,
    method: p ? ('primary' as const) : ('default' as const),
    primaryData: p ? legPrimaryData(p, state) : null,
    trace: localizeTrace(p ? [primaryStep(p, lang), ...def] : def, lang),
    sheet: p ? `${primarySheetHead(p, lang, format)}\n\n${sheetOf(lang, def, ind)}` : sheetOf(lang, def, ind),
  };
}

export async function getShipment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
): Promise<ShipmentDetail> {
  const { row, links, sample } = await detail(ctx, actor, id, q.findShipment, q.legsOfShipment);
  const companyId = readCompany(actor);
  const restated = await restatementsOfShipment(ctx.db, companyId, id);
  const states = await primaryDataStates(ctx.db, companyId, restated);
  const byTour = new Map(restated.map((r) => [r.tourId, r]));
  return {
    ...toShipmentItem(row),
    ...sample,
    legs: links.map((l) => {
      const p = byTour.get(l.tour_id);
      return legOf(l, p, p && states.get(p.sourceId), lang);
    }),
  };
}

// ---- Session configuration (kept on the session row by platform auth) ----

/** The date ranges remembered on the caller's session (seed 000 §3 "Session configuration"). */
export function sessionConfig(ctx: AppContext, actor: Actor): Promise<SessionConfig> {
  return sessions.sessionConfig(ctx.db, actor.sessionId);
}

export function updateSessionConfig(
  ctx: AppContext,
  actor: Actor,
  patch: z.output<typeof toursSchemas.sessionConfigPatch>,
): Promise<SessionConfig> {
  return sessions.updateSessionConfig(ctx.db, actor.sessionId, patch);
}
