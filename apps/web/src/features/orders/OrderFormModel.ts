import { z } from 'zod';
import type { Language } from '@klimadesk/contract/constants';
import type { Location } from '@klimadesk/contract/locations/schemas';
import {
  CARGO_TYPES,
  CONTAINER_LOADS,
  CONTAINER_TYPES,
  FREIGHT_TYPES,
  ORDER_DISTANCE_TYPES,
  ORDER_TRANSPORT_MODES,
  ORDER_WEIGHT_UNITS,
  type OrderDistanceType,
  type OrderPlace,
} from '@klimadesk/contract/orders/schemas';
import { CARRIAGES } from '@klimadesk/contract/tours/schemas';
import type { Answer, Body } from '../../app/client.ts';
import { parseNumber } from '../../components/format.ts';

/** The order form: numbers as typed (comma or dot, seed 000 §5), places as picked from the search. */
export type Carriage = (typeof CARRIAGES)[number];
export type TransportMode = (typeof ORDER_TRANSPORT_MODES)[number];
export type FreightType = (typeof FREIGHT_TYPES)[number];
export type Order = Answer<'getOrder'>;
export type OrderBody = Body<'createOrder'>;

/** A leg end: the place in the order's form plus the text the user saw when picking it. */
export type PlaceValue = { place: OrderPlace; label: string };

export type LegValues = {
  transportMode: TransportMode | '';
  origin: PlaceValue | null;
  destination: PlaceValue | null;
  glecVehicleType: string;
  distance: string;
  /** The kind of the distance in the field (ISO 14083 §3.2.1: actual, SFD or GCD). */
  distanceType: OrderDistanceType;
  /**
   * Whether the field holds the location service's distance (prefilled with its kind) rather than
   * one the user typed: a prefilled distance is computed again on save, not sent as given.
   */
  distancePrefilled: boolean;
  /**
   * Whether the user picked the vehicle class (or it was stored): the form preselects the class of
   * the leg's region and trade lane only until then (issue 37).
   */
  vehicleChosen: boolean;
};

export type OrderFormValues = {
  number: string;
  client: string;
  cargoType: string;
  quantity: string;
  freightType: string;
  grossWeight: string;
  grossWeightUnit: (typeof ORDER_WEIGHT_UNITS)[number];
  containerLoad: string;
  containerSpec: string;
  temperatureControl: boolean;
  date: string | null;
  label: string;
  note: string;
  legs: Record<Carriage, LegValues[]>;
};

export const CARRIAGE_ORDER = CARRIAGES;

export const emptyLeg = (): LegValues => ({
  transportMode: '',
  origin: null,
  destination: null,
  glecVehicleType: '',
  distance: '',
  distanceType: 'actual',
  distancePrefilled: false,
  vehicleChosen: false,
});

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

export function emptyOrderForm(): OrderFormValues {
  return {
    number: '',
    client: '',
    cargoType: 'general',
    quantity: '',
    freightType: 'container',
    grossWeight: '',
    grossWeightUnit: 't',
    containerLoad: '',
    containerSpec: '',
    temperatureControl: false,
    date: today(),
    label: '',
    note: '',
    legs: { pre_carriage: [], main_carriage: [emptyLeg()], on_carriage: [] },
  };
}

/** The text of a place as it appears in the field: "DE 20095 Hamburg", "NLRTM", "HAM". */
export function placeLabel(p: OrderPlace): string {
  if ('zipCode' in p) return [p.country, p.zipCode, p.city].filter(Boolean).join(' ');
  if ('city' in p) return `${p.city} (${p.country})`;
  if ('locode' in p) return p.locode;
  return p.iataCode;
}

/** A search hit in the form the order keeps (seed 000 §3 Leg: postal code, city, LoCode, IATA code). */
export function placeOfLocation(l: Location): PlaceValue {
  const withName = (place: OrderPlace, extra: string) => ({ place, label: extra });
  switch (l.type) {
    case 'zipCode':
      return withName(
        { country: l.country, zipCode: l.zipCode ?? l.code, city: l.name },
        `${l.country} ${l.zipCode ?? l.code} ${l.name}`,
      );
    case 'city':
      return withName({ country: l.country, city: l.name }, `${l.name} (${l.country})`);
    case 'airport':
      return withName({ iataCode: l.iataCode ?? l.code }, `${l.iataCode ?? l.code} ${l.name}`);
    default:
      return withName({ locode: l.locode ?? l.code }, `${l.locode ?? l.code} ${l.name}`);
  }
}

/**
 * A leg end's country as far as the place itself tells it (postal code and city carry it, a UN/LOCODE
 * starts with it); an airport's country is known once the location service resolved it.
 */
export function placeCountry(p: PlaceValue | null): { country: string } | null {
  if (!p) return null;
  const place = p.place;
  if ('country' in place) return { country: place.country };
  if ('locode' in place) return { country: place.locode.slice(0, 2).toUpperCase() };
  return null;
}

/** Whether an end can carry a street (a postal code or city end, seed 000 §3 Leg). */
export const takesStreet = (p: OrderPlace) => 'zipCode' in p || 'city' in p;

/** The end as the location service's distance call takes it (no street, no city beside a postal code). */
export function distanceEnd(p: OrderPlace) {
  if ('zipCode' in p) return { country: p.country, zipCode: p.zipCode };
  if ('city' in p) return { country: p.country, city: p.city };
  if ('locode' in p) return { locode: p.locode };
  return { iataCode: p.iataCode };
}

// ---- Validation ---------------------------------------------------------------------------------

const typed = (lang: () => Language) => (v: string) => parseNumber(v, lang());

/** Seed 000 §5: origin, destination and transport mode must be chosen; numbers with comma or dot. */
export function orderFormSchema(lang: () => Language): z.ZodType<OrderFormValues, OrderFormValues> {
  const num = typed(lang);
  const optionalPositive = z.string().refine((v) => v.trim() === '' || num(v) > 0, 'validation.positive');
  const place = z
    .custom<PlaceValue | null>()
    .refine((v) => v !== null && v !== undefined, 'validation.required');
  const leg = z.object({
    transportMode: z.string().min(1, 'validation.required'),
    origin: place,
    destination: place,
    glecVehicleType: z.string().min(1, 'validation.required'),
    distance: optionalPositive,
    distanceType: z.enum(ORDER_DISTANCE_TYPES),
    distancePrefilled: z.boolean(),
    vehicleChosen: z.boolean(),
  });
  const schema = z
    .object({
      number: z.string().trim().min(1).max(100),
      client: z.string().trim().min(1).max(100),
      cargoType: z.enum(CARGO_TYPES),
      quantity: z
        .string()
        .refine((v) => v.trim() === '' || (Number.isInteger(num(v)) && num(v) > 0), 'validation.positive'),
      freightType: z.enum(FREIGHT_TYPES),
      grossWeight: z
        .string()
        .refine((v) => v.trim() !== '', 'validation.required')
        .refine((v) => v.trim() === '' || num(v) > 0, 'validation.positive'),
      grossWeightUnit: z.enum(ORDER_WEIGHT_UNITS),
      containerLoad: z.union([z.literal(''), z.enum(CONTAINER_LOADS)]),
      containerSpec: z.union([z.literal(''), z.enum(CONTAINER_TYPES)]),
      temperatureControl: z.boolean(),
      date: z
        .string()
        .nullable()
        .refine((v) => !!v, 'validation.required'),
      label: z.string().max(100),
      note: z.string().max(2000),
      legs: z.object({ pre_carriage: z.array(leg), main_carriage: z.array(leg), on_carriage: z.array(leg) }),
    })
    .refine((v) => CARRIAGES.some((c) => v.legs[c].length > 0), {
      path: ['legs', 'main_carriage'],
      message: 'orders:form.legs.atLeastOne',
    });
  // The form keeps its own value types (a picked place, '' for an unchosen mode); the checks are above.
  return schema as unknown as z.ZodType<OrderFormValues, OrderFormValues>;
}

// ---- To and from the API ------------------------------------------------------------------------

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** A distance the user typed (not the location service's prefill): sent with its kind. */
export const typedDistance = (l: Pick<LegValues, 'distance' | 'distancePrefilled'>) =>
  !l.distancePrefilled && l.distance.trim() !== '';

/**
 * The distance and kind the form prefills from the location service: its own distance and kind,
 * an air distance as the great-circle distance (the engine adds the 95 km), an estimate (great
 * circle x circuity, taken as SFD) as shortest feasible.
 */
export function prefillOf(d: { distance: number; distanceType: string; greatCircleKm: number }): {
  km: number;
  distanceType: OrderDistanceType;
} {
  if (d.distanceType === 'GCD+95') return { km: d.greatCircleKm, distanceType: 'greatCircle' };
  if (d.distanceType === 'GCD') return { km: d.distance, distanceType: 'greatCircle' };
  return { km: d.distance, distanceType: 'shortestFeasible' };
}

/** The legs in route order (pre-carriage, main carriage, on-carriage) with where each sits. */
export function legsInOrder(legs: OrderFormValues['legs']) {
  return CARRIAGES.flatMap((activity) => legs[activity].map((leg, index) => ({ activity, index, leg })));
}

/** A street of spaces only is no street (the API refuses an empty one). */
function withoutBlankStreet(p: OrderPlace): OrderPlace {
  if (!('street' in p)) return p;
  const { street, ...rest } = p;
  return street?.trim() ? { ...rest, street: street.trim() } : (rest as OrderPlace);
}

/** The activities of the body: only carriages with legs, in route order; distances as numbers. */
export function activitiesOf(values: OrderFormValues, lang: Language): OrderBody['activities'] {
  return CARRIAGES.filter((c) => values.legs[c].length > 0).map((activity) => ({
    activity,
    legs: values.legs[activity].map((l) => ({
      transportMode: l.transportMode as TransportMode,
      origin: withoutBlankStreet(l.origin!.place),
      destination: withoutBlankStreet(l.destination!.place),
      glecVehicleType: l.glecVehicleType,
      ...(typedDistance(l) ? { distance: parseNumber(l.distance, lang), distanceType: l.distanceType } : {}),
    })),
  }));
}

/** The create body; an alternative names its parent (the group it joins). */
export function toOrderBody(values: OrderFormValues, lang: Language, parentId?: string): OrderBody {
  const isContainer = values.freightType === 'container';
  return {
    number: values.number.trim(),
    client: values.client.trim(),
    cargoType: values.cargoType as OrderBody['cargoType'],
    quantity: values.quantity.trim() ? parseNumber(values.quantity, lang) : null,
    freightType: values.freightType as FreightType,
    grossWeight: parseNumber(values.grossWeight, lang),
    grossWeightUnit: values.grossWeightUnit,
    // Container load and size describe containers only.
    containerLoad: isContainer && values.containerLoad ? (values.containerLoad as 'FCL' | 'LCL') : null,
    containerSpec:
      isContainer && values.containerSpec ? (values.containerSpec as (typeof CONTAINER_TYPES)[number]) : null,
    temperatureControl: values.temperatureControl,
    date: values.date!,
    label: blankToNull(values.label),
    note: blankToNull(values.note),
    activities: activitiesOf(values, lang),
    ...(parentId ? { parentId } : {}),
  };
}

/** The edit body: every field (a merge patch that replaces the legs); status keeps its own call. */
export function toOrderPatch(values: OrderFormValues, lang: Language): Body<'updateOrder'> {
  const { parentId: _p, ...body } = toOrderBody(values, lang);
  return body;
}

/** A number as a user would type it: no grouping, the language's decimal separator. */
export const typedNumber = (n: number, lang: Language) =>
  lang === 'de' ? String(n).replace('.', ',') : String(n);

const placeValue = (entered: OrderPlace, resolved: { name: string } | null): PlaceValue => ({
  place: entered,
  label:
    placeLabel(entered) +
    (resolved && !('zipCode' in entered) && !('city' in entered) ? ` ${resolved.name}` : ''),
});

/** The answer's kind of a given distance in the form's terms (SFD, GCD or actual). */
const KIND_OF: Record<string, OrderDistanceType> = { SFD: 'shortestFeasible', GCD: 'greatCircle' };

/** A stored order as form values; a computed distance stays empty, so it is computed (and prefilled) again. */
export function orderToForm(o: Order, lang: Language): OrderFormValues {
  const legs: OrderFormValues['legs'] = { pre_carriage: [], main_carriage: [], on_carriage: [] };
  for (const a of o.activities)
    legs[a.activity] = a.legs.map((l) => ({
      transportMode: l.transportMode,
      origin: placeValue(l.origin.entered as OrderPlace, l.origin.resolved),
      destination: placeValue(l.destination.entered as OrderPlace, l.destination.resolved),
      glecVehicleType: l.glecVehicleType,
      distance: l.distanceGiven ? typedNumber(l.distance, lang) : '',
      distanceType: l.distanceGiven ? (KIND_OF[l.distanceType] ?? 'actual') : 'actual',
      distancePrefilled: !l.distanceGiven,
      vehicleChosen: true,
    }));
  return {
    number: o.number,
    client: o.client,
    cargoType: o.cargoType,
    quantity: o.quantity === null ? '' : String(o.quantity),
    freightType: o.freightType,
    grossWeight: typedNumber(o.grossWeight, lang),
    grossWeightUnit: o.grossWeightUnit,
    containerLoad: o.containerLoad ?? '',
    containerSpec: o.containerSpec ?? '',
    temperatureControl: o.temperatureControl,
    date: o.date,
    label: o.label ?? '',
    note: o.note ?? '',
    legs,
  };
}

// ---- Freight type and mode (seed 000 §4) --------------------------------------------------------

/** Containers do not fly and unit cargo does not go on a container ship (the API refuses both). */
export function legConflicts(freightType: string, leg: Pick<LegValues, 'transportMode' | 'glecVehicleType'>) {
  if (freightType === 'container') return leg.transportMode === 'air';
  if (freightType === 'unit_cargo')
    return leg.transportMode === 'sea' && leg.glecVehicleType.startsWith('sea_container_');
  return false;
}

/** Whether changing to this freight type would leave a leg the API refuses. */
export const freightTypeConflicts = (freightType: string, legs: OrderFormValues['legs']) =>
  legsInOrder(legs).some(({ leg }) => legConflicts(freightType, leg));

// ---- Live figures -------------------------------------------------------------------------------

export type LegFigures = { co2Ttw: number; co2Wtt: number; co2Wtw: number; tkm: number };

/**
 * Hubs of an order: one wherever the goods change vehicle, i.e. between every two legs (GLEC v3.1
 * §3.1; the engine's `chainHandovers`, which the API applies).
 */
export function handovers(modes: string[]): number {
  return Math.max(modes.length - 1, 0);
}

/**
 * Order totals of the legs calculated so far plus the hubs (GLEC v3.1 §5.1): TTW and WTT of the
 * legs, WTW of legs and hubs; intensity in g CO2e per tkm of the legs.
 */
export function liveTotals(legs: (LegFigures | null)[], hubCo2Wtw: number) {
  const known = legs.filter((l): l is LegFigures => l !== null);
  const sum = (f: (l: LegFigures) => number) => known.reduce((n, l) => n + f(l), 0);
  const tkm = sum((l) => l.tkm);
  const co2Wtw = sum((l) => l.co2Wtw) + hubCo2Wtw;
  return {
    co2Ttw: sum((l) => l.co2Ttw),
    co2Wtt: sum((l) => l.co2Wtt),
    co2Wtw,
    tkm,
    intensity: tkm > 0 ? (co2Wtw * 1000) / tkm : 0,
    complete: known.length === legs.length && legs.length > 0,
  };
}
