import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import type { Language } from '../constants.ts';
import { legEmissionResult, TRANSPORT_MODES, traceStep } from '../emissions/api.ts';
import { listOf, orderQuery, paginationQueryOf } from '../http.ts';
import {
  LOCATION_TYPES,
  cityName,
  enteredZipCode,
  iataCodeInput,
  locodeInput,
} from '../locations/schemas.ts';
import { countryCode } from '../platform/schemas.ts';
import { CARRIAGES } from '../tours/schemas.ts';
import { texts } from '../messages.ts';

/** Freight orders of the basic edition (seed 000 §3 Order and Leg, §7 Orders). */
export const ORDER_PAGE_SIZE = 10;
/** Seed 000 §9: order suggestions 30, client search 200. */
export const ORDER_SUGGESTION_LIMIT = 30;
export const CLIENT_SUGGESTION_LIMIT = 200;
/** Seed 000 §9 / glossary: the basic edition's free monthly orders when no tariff names them. */
export const DEFAULT_FREE_MONTHLY_ORDERS = 50;
/** Legs per order: enough for any real routing, small enough to keep a create within one request. */
export const MAX_LEGS_PER_ORDER = 20;

export const ORDER_TRANSPORT_MODES = TRANSPORT_MODES;
export const IMPORT_EXPORT = ['import', 'export'] as const;
export const CARGO_TYPES = ['general', 'bulk', 'liquid', 'refrigerated', 'dangerous'] as const;
/** Container freight, unit cargo (piece goods on pallets) or bulk (seed 000 §4 "freight type"). */
export const FREIGHT_TYPES = ['container', 'unit_cargo', 'bulk'] as const;
export const CONTAINER_LOADS = ['FCL', 'LCL'] as const;
export const CONTAINER_TYPES = ['20ft', '40ft', '45ft'] as const;
export const ORDER_WEIGHT_UNITS = ['kg', 't'] as const;
/** Seed 000 §3 leaves the values open: an order is open, confirmed, completed or cancelled. */
export const ORDER_STATUSES = ['open', 'confirmed', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const AIR_TYPES = ['belly', 'freighter', 'unknown'] as const;

type Labels = Record<Language, string>;
/** Names of the coded master lists in both languages (GET /api/masters answers the request language). */
export const MASTER_LABELS: Record<string, Record<string, Labels>> = {
  transportMode: {
    road: texts('orders.masters.road'),
    rail: texts('orders.masters.rail'),
    sea: texts('orders.masters.sea'),
    inland_waterway: texts('orders.masters.inland_waterway'),
    air: texts('orders.masters.air'),
  },
  carriage: {
    pre_carriage: texts('orders.masters.pre_carriage'),
    main_carriage: texts('orders.masters.main_carriage'),
    on_carriage: texts('orders.masters.on_carriage'),
  },
  importExport: { import: texts('orders.masters.import'), export: texts('orders.masters.export') },
  cargo: {
    general: texts('orders.masters.general'),
    bulk: texts('orders.masters.bulk'),
    liquid: texts('orders.masters.liquid'),
    refrigerated: texts('orders.masters.refrigerated'),
    dangerous: texts('orders.masters.dangerous'),
  },
  containerLoad: {
    FCL: texts('orders.masters.FCL'),
    LCL: texts('orders.masters.LCL'),
  },
  containerType: {
    '20ft': texts('orders.masters.n20ft'),
    '40ft': texts('orders.masters.n40ft'),
    '45ft': texts('orders.masters.n45ft'),
  },
  freightType: {
    container: texts('orders.masters.container'),
    unit_cargo: texts('orders.masters.unit_cargo'),
    bulk: texts('orders.masters.bulk2'),
  },
  weightUnit: { kg: texts('orders.masters.kg'), t: texts('orders.masters.t') },
  orderStatus: {
    open: texts('orders.masters.open'),
    confirmed: texts('orders.masters.confirmed'),
    completed: texts('orders.masters.completed'),
    cancelled: texts('orders.masters.cancelled'),
  },
  airType: {
    belly: texts('orders.masters.belly'),
    freighter: texts('orders.masters.freighter'),
    unknown: texts('orders.masters.unknown'),
  },
};

const day = calendarDay;
const text = (max: number) => z.string().trim().min(1).max(max);
const positive = z.number().finite().positive();
const street = z.string().trim().min(1).max(200).optional();

/**
 * A leg end as entered, in the forms of the location service (country + postal code, city, port by
 * UN/LOCODE, airport by IATA code); a street is kept with a postal code or city but places the end
 * no closer than them.
 */
export const orderPlace = z.union([
  z.strictObject({
    country: countryCode,
    zipCode: enteredZipCode,
    city: cityName.optional(),
    street,
  }),
  z.strictObject({ country: countryCode, city: cityName, street }),
  locodeInput,
  iataCodeInput,
]);
export type OrderPlace = z.output<typeof orderPlace>;

/** A leg end as stored and answered (the request form normalised; no transforms, so it encodes). */
export const enteredPlace = z.union([
  z.object({
    country: z.string(),
    zipCode: z.string(),
    city: z.string().optional(),
    street: z.string().optional(),
  }),
  z.object({ country: z.string(), city: z.string(), street: z.string().optional() }),
  z.object({ locode: z.string() }),
  z.object({ iataCode: z.string() }),
]);

/** Where the location service placed an end (null when the distance was given and the place is unknown). */
export const resolvedPlace = z.object({
  type: z.enum(LOCATION_TYPES),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
});

/**
 * The kind of a given leg distance (ISO 14083 §3.2.1 / GLEC v3.1 distance types): `actual` driven,
 * sailed or flown km (the engine divides road and sea by the DAF), `shortestFeasible` (SFD, taken as
 * it is) or `greatCircle` (GCD; air gets + 95 km). On the answer they read `actual`, `SFD`, `GCD`.
 */
export const ORDER_DISTANCE_TYPES = ['actual', 'shortestFeasible', 'greatCircle'] as const;
export type OrderDistanceType = (typeof ORDER_DISTANCE_TYPES)[number];
/** The engine's code of each kind (the answer's `distanceType`). */
export const ENGINE_DISTANCE_TYPE = {
  actual: 'actual',
  shortestFeasible: 'SFD',
  greatCircle: 'GCD',
} as const;

export const legBody = z.strictObject({
  transportMode: z.enum(ORDER_TRANSPORT_MODES),
  origin: orderPlace,
  destination: orderPlace,
  /** The GLEC vehicle class of the leg's mode (truck, train, ship or air type). */
  glecVehicleType: z.string().min(1).max(100),
  /** Kilometres as the user knows them; computed by the location service when absent. */
  distance: positive.optional(),
  /** The kind of the given `distance` (ignored without one: a computed distance carries its own). */
  distanceType: z.enum(ORDER_DISTANCE_TYPES).default('actual'),
});
export type LegBody = z.input<typeof legBody>;

export const activityBody = z.strictObject({
  activity: z.enum(CARRIAGES),
  legs: z.array(legBody).min(1).max(MAX_LEGS_PER_ORDER),
});

const orderFields = {
  number: text(100),
  client: text(100),
  cargoType: z.enum(CARGO_TYPES),
  quantity: z.number().int().positive().nullable(),
  freightType: z.enum(FREIGHT_TYPES),
  grossWeight: positive,
  grossWeightUnit: z.enum(ORDER_WEIGHT_UNITS),
  containerLoad: z.enum(CONTAINER_LOADS).nullable(),
  containerSpec: z.enum(CONTAINER_TYPES).nullable(),
  temperatureControl: z.boolean(),
  date: day,
  label: z.string().trim().max(100).nullable(),
  note: z.string().trim().max(2000).nullable(),
  status: z.enum(ORDER_STATUSES),
  activities: z
    .array(activityBody)
    .min(1)
    .max(CARRIAGES.length)
    .refine((a) => new Set(a.map((x) => x.activity)).size === a.length, 'each activity once')
    .refine((a) => a.reduce((n, x) => n + x.legs.length, 0) <= MAX_LEGS_PER_ORDER, 'too many legs'),
};

export const orderBody = z.strictObject({
  ...orderFields,
  quantity: orderFields.quantity.optional(),
  containerLoad: orderFields.containerLoad.optional(),
  containerSpec: orderFields.containerSpec.optional(),
  temperatureControl: orderFields.temperatureControl.default(false),
  label: orderFields.label.optional(),
  note: orderFields.note.optional(),
  status: orderFields.status.default('open'),
  /** Makes the order an alternative of this order (the next position of its group). */
  parentId: z.uuid().optional(),
  isAutoAlternative: z.boolean().default(false),
});
export type OrderBody = z.input<typeof orderBody>;

/** Merge patch: the fields given replace the stored ones; `activities` replaces every leg. */
export const orderPatchBody = z.strictObject({
  number: orderFields.number.optional(),
  client: orderFields.client.optional(),
  cargoType: orderFields.cargoType.optional(),
  quantity: orderFields.quantity.optional(),
  freightType: orderFields.freightType.optional(),
  grossWeight: orderFields.grossWeight.optional(),
  grossWeightUnit: orderFields.grossWeightUnit.optional(),
  containerLoad: orderFields.containerLoad.optional(),
  containerSpec: orderFields.containerSpec.optional(),
  temperatureControl: orderFields.temperatureControl.optional(),
  date: orderFields.date.optional(),
  label: orderFields.label.optional(),
  note: orderFields.note.optional(),
  activities: orderFields.activities.optional(),
});
export type OrderPatchBody = z.input<typeof orderPatchBody>;

export const orderStatusBody = z.strictObject({ status: z.enum(ORDER_STATUSES) });

const distanceTypes = legEmissionResult.shape.distanceType;

/**
 * How a leg's distance was found, as a code the answer renders in the reader's language (issue 37):
 * `given` by the user; `circuity` great circle x circuity factor (an estimate, also when a router
 * failed: `routerFallback`); `router` a routing server's route; `airGreatCircle` airports' great
 * circle + `addedKm`; `seaSharedNode` two ports at one network node (great circle); `seaNetwork` the
 * shortest path on the marine network; `other` a note of another shape (kept in `note`).
 */
export const DISTANCE_METHODS = [
  'given',
  'circuity',
  'router',
  'airGreatCircle',
  'seaSharedNode',
  'seaNetwork',
  'other',
] as const;
export const distanceMethodCode = z.object({
  method: z.enum(DISTANCE_METHODS),
  mode: z.enum(['road', 'rail', 'sea', 'air']).optional(),
  circuityFactor: z.number().optional(),
  routerFallback: z.enum(['unavailable', 'answered']).optional(),
  /** The code a router answered instead of a route (`routerFallback: answered`). */
  routerAnswer: z.string().optional(),
  /** The routing profile of a router's route (e.g. `driving`). */
  profile: z.string().optional(),
  /** Codes of the airports or ports measured between. */
  from: z.string().optional(),
  to: z.string().optional(),
  addedKm: z.number().optional(),
  note: z.string().optional(),
});
export type DistanceMethodCode = z.infer<typeof distanceMethodCode>;

export const orderLeg = z.object({
  id: z.uuid(),
  position: z.number().int(),
  transportMode: z.enum(ORDER_TRANSPORT_MODES),
  origin: z.object({ entered: enteredPlace, resolved: resolvedPlace.nullable() }),
  destination: z.object({ entered: enteredPlace, resolved: resolvedPlace.nullable() }),
  glecVehicleType: z.string(),
  distance: z.number(),
  /** Whether the user gave the distance (else the location service computed it). */
  distanceGiven: z.boolean(),
  /** Kind of `distance` as given or computed (`actual`, `SFD`, `GCD`, `GCD+95`, `estimate`). */
  distanceType: distanceTypes,
  /** The stored English note of the distance method, as before; `distanceMethodCode` and `distanceMethodText` say it in codes and in the request language. */
  distanceMethod: z.string(),
  distanceMethodCode: distanceMethodCode,
  /** `distanceMethodCode` in the request language. */
  distanceMethodText: z.string(),
  /** Transport distance behind `tkm` (ISO 14083: SFD, actual / DAF; air GCD + 95 km) and its kind. */
  transportDistance: z.number(),
  transportDistanceType: distanceTypes,
  co2Ttw: z.number(),
  co2Wtt: z.number(),
  co2Wtw: z.number(),
  tkm: z.number(),
  intensity: z.number(),
  method: z.enum(['default', 'fuel']),
  factorSet: legEmissionResult.shape.factorSet,
  trace: z.array(traceStep),
  sheet: z.string(),
});
export type OrderLeg = z.infer<typeof orderLeg>;

/** A hub between two legs, where the goods change vehicle (GLEC hub factors, WTW only). */
export const orderHub = z.object({
  /** Ids of the legs before and after it. */
  afterLeg: z.uuid(),
  beforeLeg: z.uuid(),
  hubType: z.string(),
  co2Wtw: z.number(),
  trace: z.array(traceStep),
});

export const orderSummary = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  alternativeGroupId: z.uuid(),
  position: z.number().int(),
  number: z.string(),
  client: z.string(),
  cargoType: z.enum(CARGO_TYPES),
  quantity: z.number().int().nullable(),
  freightType: z.enum(FREIGHT_TYPES),
  grossWeight: z.number(),
  grossWeightUnit: z.enum(ORDER_WEIGHT_UNITS),
  containerLoad: z.enum(CONTAINER_LOADS).nullable(),
  containerSpec: z.enum(CONTAINER_TYPES).nullable(),
  temperatureControl: z.boolean(),
  isAutoAlternative: z.boolean(),
  date: z.string(),
  label: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** kg CO2e; TTW and WTT of the legs, WTW of legs and hubs. */
  co2Ttw: z.number(),
  co2Wtt: z.number(),
  co2Wtw: z.number(),
  hubCo2Wtw: z.number(),
  tkm: z.number(),
  /** g CO2e (WTW) per tkm. */
  intensity: z.number(),
  /** Transport modes of the legs in order, e.g. ["road", "sea", "road"]. */
  modes: z.array(z.enum(ORDER_TRANSPORT_MODES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const order = orderSummary.extend({
  activities: z.array(z.object({ activity: z.enum(CARRIAGES), legs: z.array(orderLeg) })),
  hubs: z.array(orderHub),
});
export type Order = z.infer<typeof order>;
export const orderList = listOf(orderSummary);

/** A comma-separated status list: absent means every status, empty means none (seed 000 §5). */
const statusList = z
  .string()
  .max(200)
  .transform((v) => (v === '' ? [] : v.split(',').map((x) => x.trim())))
  .pipe(z.array(z.enum(ORDER_STATUSES)));

export const orderListQuery = z.strictObject({
  ...paginationQueryOf(ORDER_PAGE_SIZE),
  status: statusList.optional(),
  search: z.string().trim().max(100).optional(),
  client: z.string().trim().max(100).optional(),
  freightType: z.enum(FREIGHT_TYPES).optional(),
  'date[after]': day.optional(),
  'date[before]': day.optional(),
  /** Only the first alternative (the basic tour) of each group, unless false. */
  basicTourOnly: z.enum(['true', 'false']).optional(),
  ...orderQuery(['date', 'number', 'client', 'status', 'co2Wtw', 'createdAt']),
});

export const masterEntry = z.object({ id: z.string(), name: z.string() });
const masterList = z.array(masterEntry);
/**
 * A GLEC vehicle class of the order form: its factor-set region (`Europe`, `India`, `North America`,
 * `Global`) for grouping and preselection, and its name in the other language, so a search finds
 * German and English names alike.
 */
export const vehicleClassEntry = masterEntry.extend({ region: z.string(), otherName: z.string() });
const vehicleClassList = z.array(vehicleClassEntry);
export const masters = z.object({
  transportMode: masterList,
  carriage: masterList,
  importExport: masterList,
  cargo: masterList,
  containerLoad: masterList,
  containerType: masterList,
  freightType: masterList,
  weightUnit: masterList,
  truckType: vehicleClassList,
  trainType: vehicleClassList,
  shipType: vehicleClassList,
  inlandWaterwayType: vehicleClassList,
  orderStatus: masterList,
  airType: z.array(
    vehicleClassEntry.extend({ aircraft: z.enum(AIR_TYPES), haul: z.enum(['short', 'long']) }),
  ),
  glecVehicleTypes: z.array(masterEntry.extend({ mode: z.enum(ORDER_TRANSPORT_MODES) })),
  glecTrailerTypes: z.array(masterEntry.extend({ temperatureControlled: z.boolean() })),
  fuelTypes: z.array(masterEntry.extend({ units: z.array(z.enum(['L', 'kg', 'kWh'])) })),
});
export type Masters = z.infer<typeof masters>;

export const clientQuery = z.strictObject({
  term: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(CLIENT_SUGGESTION_LIMIT).default(CLIENT_SUGGESTION_LIMIT),
});
export const clientList = listOf(z.object({ name: z.string(), orders: z.number().int() }));

export const orderSuggestionQuery = z.strictObject({
  term: z.string().trim().max(100).optional(),
});
/** Earlier orders to start a new one from (number, client, cargo and route). */
export const orderSuggestion = z.object({
  id: z.uuid(),
  number: z.string(),
  client: z.string(),
  date: z.string(),
  freightType: z.enum(FREIGHT_TYPES),
  modes: z.array(z.enum(ORDER_TRANSPORT_MODES)),
});
export const orderSuggestionList = listOf(orderSuggestion);

/** The monthly quota of the basic edition (null limit: not limited). */
export const orderQuota = z.object({
  month: z.string(),
  used: z.number().int(),
  limit: z.number().int().nullable(),
});

/** The order list's filters without paging and order: what the dashboard figures are taken over. */
export const orderDashboardQuery = z.strictObject({
  status: statusList.optional(),
  search: z.string().trim().max(100).optional(),
  client: z.string().trim().max(100).optional(),
  freightType: z.enum(FREIGHT_TYPES).optional(),
  'date[after]': day.optional(),
  'date[before]': day.optional(),
});

/** The filtered order list as a spreadsheet (every matching order in the list's order, no pages). */
export const orderExportQuery = orderListQuery.omit({ page: true, limit: true, pagination: true });

/** Sums of first alternatives (basic tours): kg CO2e, tkm and g CO2e (WTW) per tkm. */
const orderFigures = {
  orders: z.number().int(),
  co2Ttw: z.number(),
  co2Wtt: z.number(),
  co2Wtw: z.number(),
  tkm: z.number(),
  intensity: z.number(),
};

export const orderDashboard = z.object({
  ...orderFigures,
  /** WTW of the hubs (in co2Wtw; no mode of their own). */
  hubCo2Wtw: z.number(),
  /** The legs of those orders by mode: `orders` counts the orders with a leg of the mode. */
  byMode: z.array(
    z.object({ transportMode: z.enum(ORDER_TRANSPORT_MODES), legs: z.number().int(), ...orderFigures }),
  ),
});
export type OrderDashboard = z.infer<typeof orderDashboard>;

/** One month of the climate chart (YYYY-MM); months between the first and the last are listed empty. */
export const orderClimateMonth = z.object({ month: z.string(), ...orderFigures });
export const orderClimateMonths = listOf(orderClimateMonth);

/** The routings an order's suggestions are generated with (`isAutoAlternative`). */
export const AUTO_ROUTINGS = [
  'rail_main_carriage',
  'road_rail_road',
  'rail_for_long_road',
  'sea_for_air',
] as const;
export type AutoRouting = (typeof AUTO_ROUTINGS)[number];

/** The orders of one alternative group by position (the first is the basic tour). */
export const orderAlternatives = listOf(order);

/** Generated suggestions, and the routings left out with the catalogue key of the reason. */
export const autoAlternativesResult = z.object({
  created: z.array(order.extend({ routing: z.enum(AUTO_ROUTINGS) })),
  /** Earlier suggestions the new ones replaced. */
  replaced: z.number().int(),
  skipped: z.array(z.object({ routing: z.enum(AUTO_ROUTINGS), reason: z.string() })),
});

/**
 * The cargo and the leg modes in route order of an order being entered: the hubs it would get where
 * the goods change vehicle (between every two legs; GLEC v3.1 §3.1), as a saved order gets.
 */
export const orderHubsBody = z.strictObject({
  freightType: z.enum(FREIGHT_TYPES),
  grossWeight: positive,
  grossWeightUnit: z.enum(ORDER_WEIGHT_UNITS),
  temperatureControl: z.boolean().default(false),
  quantity: z.number().int().positive().nullable().optional(),
  modes: z.array(z.enum(ORDER_TRANSPORT_MODES)).min(1).max(MAX_LEGS_PER_ORDER),
});
export const orderHubsPreview = z.object({
  hubs: z.array(
    z.object({
      /** Index (0-based, route order) of the leg before the hub. */
      afterLeg: z.number().int(),
      hubType: z.string(),
      co2Wtw: z.number(),
      trace: z.array(traceStep),
    }),
  ),
  /** kg CO2e WTW of all hubs. */
  co2Wtw: z.number(),
});
