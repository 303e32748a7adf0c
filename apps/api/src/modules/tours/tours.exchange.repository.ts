import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { list } from './tours.filters.repository.ts';
import { linkTkm } from './tours.repository.ts';
import type { Place, StoredResult } from './tours.schema.ts';

/**
 * Reads for the PACT / iLEAP exchange (exchange module): shipments with their legs as stored by
 * the import, so the exchange serves the very figures the lists, statements and exports show.
 * Every query is the company's; `shippers` narrows to a client bound to a shipper.
 */

/** One ride of a shipment on a tour, with the link's stored figures (kg CO2e, tkm). */
export type ExchangeLeg = {
  tourId: string;
  tourReference: string;
  carriage: string;
  departure: Place;
  arrival: Place;
  departureDate: string | null;
  arrivalDate: string | null;
  glecVehicleType: string | null;
  temperatureControl: boolean;
  weightKg: number | null;
  distanceKm: number | null;
  tourDistanceKm: number | null;
  tkm: number;
  defaultTtw: number | null;
  defaultWtw: number | null;
  individualTtw: number | null;
  individualWtw: number | null;
  hubWtw: number;
  factorSet: StoredResult['factorSet'] | null;
  individualFactorSet: StoredResult['factorSet'] | null;
  /** Measured fuel of the tour (row data), null without. */
  fuel: { fuelType: string; amount: number; unit: string }[] | null;
};

export type ExchangeShipment = {
  id: string;
  reference: string;
  shipper: string | null;
  weightKg: number | null;
  createdAt: Date;
  legs: ExchangeLeg[];
};

export type ExchangeShipmentQuery = {
  shippers: string[] | null;
  /** Shipment references, compared without letter case (PACT v3 productId filter). */
  references?: string[] | null;
  ids?: string[] | null;
  /** Keyset: shipments with an id after this one, in id order. */
  after?: string | null;
  limit: number;
};

const inList = (column: SQL, values: string[]) =>
  values.length === 0 ? sql`false` : sql`${column} in (${list(values)})`;

const LEG_JSON = sql`json_build_object(${sql.raw(`
  'tourId', t.id, 'tourReference', t.reference, 'carriage', x.carriage,
  'departure', t.departure, 'arrival', t.arrival, 'departureDate', t.departure_date,
  'arrivalDate', t.arrival_date, 'glecVehicleType', t.glec_vehicle_type,
  'temperatureControl', t.temperature_control, 'weightKg', x.weight_kg, 'distanceKm', x.distance_km,
  'tourDistanceKm', t.distance_km, 'tkm',`)} ${linkTkm('x')}, ${sql.raw(`
  'defaultTtw', x.co2_default_ttw, 'defaultWtw', x.co2_default_wtw,
  'individualTtw', x.co2_individual_ttw, 'individualWtw', x.co2_individual_wtw,
  'hubWtw', coalesce(x.hub_co2_wtw, 0), 'factorSet', t.default_result->'factorSet',
  'individualFactorSet', t.individual_result->'factorSet', 'fuel', t.fuel`)})`;

/** A page of the company's shipments with their legs (route order), in id order. */
export async function exchangeShipments(
  db: DbOrTx,
  companyId: CompanyId,
  q: ExchangeShipmentQuery,
): Promise<ExchangeShipment[]> {
  const where: SQL[] = [sql`s.company_id = ${companyId}`];
  if (q.shippers) where.push(inList(sql`s.shipper`, q.shippers));
  if (q.references)
    where.push(
      inList(
        sql`lower(s.reference)`,
        q.references.map((r) => r.toLowerCase()),
      ),
    );
  if (q.ids) where.push(inList(sql`s.id::text`, q.ids));
  if (q.after) where.push(sql`s.id > ${q.after}`);
  const rows = rowsOf<{
    id: string;
    reference: string;
    shipper: string | null;
    weight_kg: number | null;
    created_at: Date | string;
    legs: ExchangeLeg[] | null;
  }>(
    await db.execute(sql`select s.id, s.reference, s.shipper, s.weight_kg, s.created_at,
        (select json_agg(${LEG_JSON} order by t.departure_date nulls last, t.reference)
          from tour_shipments x join tours t on t.id = x.tour_id and t.company_id = x.company_id
          where x.company_id = s.company_id and x.shipment_id = s.id) as legs
      from shipments s where ${sql.join(where, sql` and `)}
      order by s.id limit ${q.limit}`),
  );
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    shipper: r.shipper,
    weightKg: r.weight_kg === null ? null : Number(r.weight_kg),
    createdAt: new Date(r.created_at),
    legs: r.legs ?? [],
  }));
}

/**
 * How a leg's figure was made: GLEC default intensity, the tour's measured fuel, or the vehicle's
 * consumption per 100 km (master data) when the tour names no fuel.
 */
export type ExchangeMethod = 'default' | 'measured' | 'modelled';

/** The legs of one transport category: GLEC vehicle type, temperature control and method. */
export type ExchangeLegClass = {
  glecVehicleType: string;
  temperatureControl: boolean;
  method: ExchangeMethod;
  tkm: number;
  ttw: number;
  wtw: number;
  first: Date | null;
  last: Date | null;
  /** When the first of its links was imported. */
  created: Date;
  /** Whether legs of the given shippers are among them (every class when no shippers are given). */
  used: boolean;
};
export type ExchangeFuelShare = {
  glecVehicleType: string;
  temperatureControl: boolean;
  fuelType: string;
  tkm: number;
};
export type ExchangeHubClass = {
  temperatureControl: boolean;
  wtw: number;
  tonnes: number;
  first: Date | null;
  last: Date | null;
  created: Date;
  used: boolean;
};

const usedBy = (shippers: string[] | null) =>
  shippers ? sql`bool_or(${inList(sql`s.shipper`, shippers)})` : sql`true`;
const LINKS = sql.raw(`tour_shipments x join tours t on t.id = x.tour_id and t.company_id = x.company_id
  join shipments s on s.id = x.shipment_id and s.company_id = x.company_id`);
const num = (v: unknown) => Number(v ?? 0);
const METHOD = sql.raw(`case when x.co2_individual_wtw is null then 'default'
  when jsonb_typeof(t.fuel) = 'array' and jsonb_array_length(t.fuel) > 0 then 'measured' else 'modelled' end`);
const day = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/**
 * Totals of the company's legs per transport category and per hub kind: the leg figure is the
 * fuel-based one where it exists, else the default (the shipper statement's rule), and the fuel
 * shares split a fuel-based leg's tkm evenly over the fuels its tour names.
 */
export async function exchangeOperationTotals(
  db: DbOrTx,
  companyId: CompanyId,
  shippers: string[] | null,
): Promise<{ classes: ExchangeLegClass[]; fuels: ExchangeFuelShare[]; hubs: ExchangeHubClass[] }> {
  const fuel = sql`x.co2_individual_wtw is not null`;
  const classes = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select coalesce(t.glec_vehicle_type, 'unknown') as vt, t.temperature_control as tc,
        ${METHOD} as method, sum(${linkTkm('x')}) as tkm,
        sum(case when ${fuel} then x.co2_individual_ttw else x.co2_default_ttw end) as ttw,
        sum(case when ${fuel} then x.co2_individual_wtw else x.co2_default_wtw end) as wtw,
        min(t.departure_date) as first, max(coalesce(t.arrival_date, t.departure_date)) as last,
        min(x.created_at) as created, ${usedBy(shippers)} as used
      from ${LINKS} where x.company_id = ${companyId} group by 1, 2, 3 order by 1, 2, 3`),
  );
  const fuels = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select coalesce(t.glec_vehicle_type, 'unknown') as vt, t.temperature_control as tc,
        f->>'fuelType' as fuel, sum(${linkTkm('x')} / jsonb_array_length(t.fuel)) as tkm
      from ${LINKS} cross join lateral jsonb_array_elements(t.fuel) f
      where x.company_id = ${companyId} and ${fuel} and jsonb_typeof(t.fuel) = 'array'
      group by 1, 2, 3 order by 1, 2, 3`),
  );
  const hubs = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select t.temperature_control as tc, sum(x.hub_co2_wtw) as wtw,
        sum(coalesce(x.weight_kg, 0)) / 1000 as tonnes, min(t.departure_date) as first,
        max(coalesce(t.arrival_date, t.departure_date)) as last, min(x.created_at) as created,
        ${usedBy(shippers)} as used
      from ${LINKS} where x.company_id = ${companyId} and x.hub_co2_wtw > 0 group by 1 order by 1`),
  );
  return {
    classes: classes.map((r) => ({
      glecVehicleType: String(r.vt),
      temperatureControl: Boolean(r.tc),
      method: r.method as ExchangeMethod,
      tkm: num(r.tkm),
      ttw: num(r.ttw),
      wtw: num(r.wtw),
      first: day(r.first),
      last: day(r.last),
      created: new Date(r.created as string),
      used: Boolean(r.used),
    })),
    fuels: fuels.map((r) => ({
      glecVehicleType: String(r.vt),
      temperatureControl: Boolean(r.tc),
      fuelType: String(r.fuel),
      tkm: num(r.tkm),
    })),
    hubs: hubs.map((r) => ({
      temperatureControl: Boolean(r.tc),
      wtw: num(r.wtw),
      tonnes: num(r.tonnes),
      first: day(r.first),
      last: day(r.last),
      created: new Date(r.created as string),
      used: Boolean(r.used),
    })),
  };
}

/** One shipment's ride on one tour with what iLEAP transport activity data needs (§6.5). */
export type ExchangeTransportLeg = {
  tourId: string;
  shipmentId: string;
  tourReference: string;
  shipmentReference: string;
  departure: Place;
  arrival: Place;
  departureDate: Date;
  arrivalDate: Date;
  glecVehicleType: string | null;
  temperatureControl: boolean;
  weightKg: number | null;
  distanceKm: number | null;
  tourDistanceKm: number | null;
  emptyDistanceKm: number | null;
  fuel: { fuelType: string; amount: number; unit: string }[] | null;
};

const COMPLETE_PLACE = (c: string) =>
  sql.raw(`coalesce(${c}->>'city', '') <> '' and coalesce(${c}->>'country', '') ~ '^[A-Za-z]{2}$'`);

/**
 * A page of the company's links whose tours have both dates and both places with city and
 * country (iLEAP TAD requires them), in (tour, shipment) order after the keyset `after`.
 */
export async function exchangeTransportLegs(
  db: DbOrTx,
  companyId: CompanyId,
  q: {
    shippers: string[] | null;
    vehicleTypes: string[] | null;
    after: { tourId: string; shipmentId: string } | null;
    limit: number;
  },
): Promise<ExchangeTransportLeg[]> {
  const where: SQL[] = [
    sql`x.company_id = ${companyId}`,
    sql`t.departure_date is not null and t.arrival_date is not null`,
    COMPLETE_PLACE('t.departure'),
    COMPLETE_PLACE('t.arrival'),
  ];
  if (q.shippers) where.push(inList(sql`s.shipper`, q.shippers));
  if (q.vehicleTypes) where.push(inList(sql`t.glec_vehicle_type`, q.vehicleTypes));
  if (q.after)
    where.push(sql`(x.tour_id, x.shipment_id) > (${q.after.tourId}::uuid, ${q.after.shipmentId}::uuid)`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select x.tour_id, x.shipment_id, t.reference as tour_reference,
        s.reference as shipment_reference, t.departure, t.arrival, t.departure_date, t.arrival_date,
        t.glec_vehicle_type, t.temperature_control, x.weight_kg, x.distance_km,
        t.distance_km as tour_distance_km, t.empty_distance_km, t.fuel
      from ${LINKS} where ${sql.join(where, sql` and `)}
      order by x.tour_id, x.shipment_id limit ${q.limit}`),
  );
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    tourId: String(r.tour_id),
    shipmentId: String(r.shipment_id),
    tourReference: String(r.tour_reference),
    shipmentReference: String(r.shipment_reference),
    departure: r.departure as Place,
    arrival: r.arrival as Place,
    departureDate: new Date(r.departure_date as string),
    arrivalDate: new Date(r.arrival_date as string),
    glecVehicleType: (r.glec_vehicle_type as string | null) ?? null,
    temperatureControl: Boolean(r.temperature_control),
    weightKg: n(r.weight_kg),
    distanceKm: n(r.distance_km),
    tourDistanceKm: n(r.tour_distance_km),
    emptyDistanceKm: n(r.empty_distance_km),
    fuel: (r.fuel as ExchangeTransportLeg['fuel']) ?? null,
  }));
}
