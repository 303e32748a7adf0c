import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { listOf, orderQuery, paginationQueryOf } from '../http.ts';
import { traceStep } from '../emissions/api.ts';

/** Page size of the tour and shipment lists (seed 000 §9: tours 10, sorted by departureDate desc). */
export const TOUR_PAGE_SIZE = 10;
export const SHIPMENT_PAGE_SIZE = 10;
/** Filter values per repeated query key (tags, shippers). */
export const FILTER_VALUES_MAX = 50;

export const CARRIAGES = ['pre_carriage', 'main_carriage', 'on_carriage'] as const;
export type Carriage = (typeof CARRIAGES)[number];

/** A query key given once or repeated (`tag=a&tag=b`) arrives as text or a list. */
const repeated = z
  .union([
    z.string().trim().min(1).max(100),
    z.array(z.string().trim().min(1).max(100)).max(FILTER_VALUES_MAX),
  ])
  .transform((v) => (Array.isArray(v) ? v : [v]));

/** Calendar day `YYYY-MM-DD`; ranges include both ends in the user's time zone. */

/**
 * The filters every tour and shipment call shares (lists, stats, exports, statements): free text,
 * tags, shippers and the departure date range (seed 000 §7 "departureDate after/before").
 */
export const emissionFilters = {
  search: z.string().trim().max(100).optional(),
  tag: repeated.optional(),
  shipper: repeated.optional(),
  'departureDate[after]': calendarDay.optional(),
  'departureDate[before]': calendarDay.optional(),
};
export const emissionFilterQuery = z.strictObject(emissionFilters);
export type EmissionFilters = z.infer<typeof emissionFilterQuery>;

export const TOUR_ORDER_FIELDS = [
  'departureDate',
  'reference',
  'distanceKm',
  'weightKg',
  'tkm',
  'co2DefaultWtw',
  'co2IndividualWtw',
] as const;
export const SHIPMENT_ORDER_FIELDS = [
  'departureDate',
  'reference',
  'shipper',
  'weightKg',
  'tkm',
  'co2DefaultWtw',
  'co2IndividualWtw',
] as const;

export const tourListQuery = z.strictObject({
  ...paginationQueryOf(TOUR_PAGE_SIZE),
  ...emissionFilters,
  ...orderQuery(TOUR_ORDER_FIELDS),
});
export const shipmentListQuery = z.strictObject({
  ...paginationQueryOf(SHIPMENT_PAGE_SIZE),
  ...emissionFilters,
  ...orderQuery(SHIPMENT_ORDER_FIELDS),
});

export const place = z.object({
  name: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});

/** kg CO2e per scope. */
export const co2 = z.object({ ttw: z.number(), wtt: z.number(), wtw: z.number() });
/**
 * kg CO2e per scope of an individual result: a partner's primary data may state WTW without TTW
 * (then TTW and WTT are null, "not known", never 0; decision 0018).
 */
export const individualCo2 = z.object({
  ttw: z.number().nullable(),
  wtt: z.number().nullable(),
  wtw: z.number(),
});

/**
 * Emission figures of a tour, shipment or leg: default (GLEC intensity method) and individual
 * (fuel-based, null without fuel data), hub emissions, transport activity and intensity in
 * g CO2e per tkm (WTW; null when tkm is 0).
 */
export const emissionFigures = z.object({
  default: co2,
  individual: individualCo2.nullable(),
  hubWtw: z.number(),
  tkm: z.number(),
  intensityDefault: z.number().nullable(),
  intensityIndividual: z.number().nullable(),
});

/** What a row of the tour and of the shipment list ends with: tags, emissions and the sample flag. */
const listedFigures = {
  tags: z.array(z.string()),
  emissions: emissionFigures,
  /** Set on the sample rows basic companies see instead of their own (seed 000 §6). */
  sample: z.boolean().optional(),
};

export const tourItem = z.object({
  id: z.uuid(),
  reference: z.string(),
  departure: place,
  arrival: place,
  departureDate: z.string().nullable(),
  arrivalDate: z.string().nullable(),
  glecTransportType: z.string().nullable(),
  licensePlate: z.string().nullable(),
  vehicleReference: z.string().nullable(),
  weightKg: z.number().nullable(),
  distanceKm: z.number().nullable(),
  emptyDistanceKm: z.number().nullable(),
  /** GLEC empty running in percent, as the engine applies it: empty km / (loaded km + empty km). */
  emptyRunningPercentage: z.number().nullable(),
  temperatureControl: z.boolean(),
  shipmentCount: z.number().int(),
  ...listedFigures,
});
export type TourItem = z.infer<typeof tourItem>;
export const tourList = listOf(tourItem);

export const shipmentTourRef = z.object({
  id: z.uuid(),
  reference: z.string(),
  carriage: z.enum(CARRIAGES),
});

export const shipmentItem = z.object({
  id: z.uuid(),
  reference: z.string(),
  orderNumber: z.string().nullable(),
  shipper: z.string().nullable(),
  description: z.string().nullable(),
  weightKg: z.number().nullable(),
  loadedDistanceKm: z.number().nullable(),
  origin: place.nullable(),
  destination: place.nullable(),
  departureDate: z.string().nullable(),
  tours: z.array(shipmentTourRef),
  ...listedFigures,
});
export type ShipmentItem = z.infer<typeof shipmentItem>;
export const shipmentList = listOf(shipmentItem);

/**
 * A partner's footprint applied to a leg (decision 0018): its figures were written into the stored
 * figures when the user applied it (logged as `shipmentLegRestated`); a newer version fetched later
 * is offered here and applied only when the user accepts it.
 */
export const legPrimaryData = z.object({
  /** The fetched footprint (`/api/exchange-partner-footprints/:id`): apply or stop there. */
  partnerFootprintId: z.uuid(),
  partnerName: z.string(),
  /** PACT footprint id and `version` of the figures in use. */
  footprintId: z.string(),
  version: z.number().int(),
  appliedAt: z.string(),
  /** The partner has withdrawn the footprint in use (PACT status Deprecated); its figures stay until changed. */
  deprecated: z.boolean(),
  /** A newer version of the footprint (same id with a higher `version`, or a successor naming it in `precedingPfIds`). */
  newer: z
    .object({
      partnerFootprintId: z.uuid(),
      footprintId: z.string(),
      version: z.number().int(),
      co2eWtwKg: z.number(),
      co2eTtwKg: z.number().nullable(),
    })
    .nullable(),
});
export type LegPrimaryData = z.infer<typeof legPrimaryData>;

/** One tour a shipment rides on, with its allocated share of the tour's emissions. */
export const shipmentLeg = z.object({
  tourId: z.uuid(),
  tourReference: z.string(),
  carriage: z.enum(CARRIAGES),
  departure: place,
  arrival: place,
  departureDate: z.string().nullable(),
  glecTransportType: z.string().nullable(),
  licensePlate: z.string().nullable(),
  distanceKm: z.number().nullable(),
  weightKg: z.number().nullable(),
  /** Share of the tour's emissions allocated to this shipment (0..1). */
  share: z.number().nullable(),
  emissions: emissionFigures,
  /** Method and factor set of the default and the individual result. */
  factorSet: z.object({ id: z.string(), version: z.string(), gwp: z.string().optional() }).nullable(),
  /** `primary`: a partner's footprint (primary data) replaces the leg's figure (individual figures). */
  method: z.enum(['default', 'fuel', 'primary']),
  /** The partner footprint whose figures are the leg's stored figures (`method` primary), else null. */
  primaryData: legPrimaryData.nullable(),
  /** The tour's calculation followed by the allocation to this shipment. */
  trace: z.array(traceStep),
  /** The same as a readable calculation sheet (plain text, in the request language). */
  sheet: z.string(),
});
export const shipmentDetail = shipmentItem.extend({ legs: z.array(shipmentLeg) });
export type ShipmentDetail = z.infer<typeof shipmentDetail>;

export const tourDetail = tourItem.extend({
  shipments: z.array(
    z.object({
      id: z.uuid(),
      reference: z.string(),
      shipper: z.string().nullable(),
      carriage: z.enum(CARRIAGES),
      weightKg: z.number().nullable(),
      share: z.number().nullable(),
      emissions: emissionFigures,
    }),
  ),
  factorSet: z.object({ id: z.string(), version: z.string(), gwp: z.string().optional() }).nullable(),
  trace: z.array(traceStep),
  sheet: z.string(),
});
export type TourDetail = z.infer<typeof tourDetail>;

/**
 * The session's remembered date ranges (seed 000 §3 "Session configuration"); null means no
 * limit on that side.
 */
export const sessionConfig = z.object({
  tourStartDate: calendarDay.nullable(),
  tourEndDate: calendarDay.nullable(),
  shipmentStartDate: calendarDay.nullable(),
  shipmentEndDate: calendarDay.nullable(),
});
export type SessionConfig = z.infer<typeof sessionConfig>;
export const sessionConfigPatch = z.strictObject({
  tourStartDate: calendarDay.nullable().optional(),
  tourEndDate: calendarDay.nullable().optional(),
  shipmentStartDate: calendarDay.nullable().optional(),
  shipmentEndDate: calendarDay.nullable().optional(),
});
