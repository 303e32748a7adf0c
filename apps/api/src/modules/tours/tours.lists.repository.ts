import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import type { FilterScope, Filters } from './tours.filters.ts';
import { shipmentConditions, tourConditions } from './tours.filters.repository.ts';
import { type Co2Row, linkTkm } from './tours.repository.ts';
import { countMatching, rollupPlan } from './tours.rollups.repository.ts';
import type { Place, StoredResult } from './tours.schema.ts';

export type { Co2Row };

export type TourRow = Co2Row & {
  id: string;
  reference: string;
  departure: Place;
  arrival: Place;
  departure_date: Date | string | null;
  arrival_date: Date | string | null;
  glec_vehicle_type: string | null;
  vehicle_id: string | null;
  license_plate: string | null;
  vehicle_reference: string | null;
  weight_kg: number | null;
  distance_km: number | null;
  empty_distance_km: number | null;
  empty_running_share: number | null;
  tkm: number | null;
  temperature_control: boolean;
  tags: string[];
  shipment_count: number;
};

export type TourRef = { id: string; reference: string; carriage: string };

export type ShipmentRow = Co2Row & {
  id: string;
  reference: string;
  order_number: string | null;
  shipper: string | null;
  description: string | null;
  weight_kg: number | null;
  loaded_distance_km: number | null;
  origin: Place | null;
  destination: Place | null;
  departure_date: Date | string | null;
  tags: string[];
  tkm: number | null;
  tours: TourRef[] | null;
};

type Page = { offset: number; limit: number };

const TOUR_ORDER: Record<string, string> = {
  departureDate: 't.departure_date',
  reference: 't.reference',
  distanceKm: 't.distance_km',
  weightKg: 't.weight_kg',
  tkm: 't.tkm',
  co2DefaultWtw: 't.co2_default_wtw',
  co2IndividualWtw: 't.co2_individual_wtw',
};
const SHIPMENT_ORDER: Record<string, string> = {
  departureDate: 's.departure_date',
  reference: 's.reference',
  shipper: 's.shipper',
  weightKg: 's.weight_kg',
  tkm: 'tkm',
  co2DefaultWtw: 's.co2_default_wtw',
  co2IndividualWtw: 's.co2_individual_wtw',
};

/** ORDER BY from `order[field]` keys (default departure date descending); ties by id, nulls last. */
function orderSql(q: Record<string, unknown>, columns: Record<string, string>, idColumn: string): SQL {
  const parts: string[] = [];
  for (const [field, column] of Object.entries(columns)) {
    const dir = q[`order[${field}]`];
    if (dir === 'asc' || dir === 'desc') parts.push(`${column} ${dir} nulls last`);
  }
  if (parts.length === 0) parts.push(`${columns.departureDate} desc nulls last`);
  parts.push(`${idColumn} ${parts[0].includes(' asc ') ? 'asc' : 'desc'}`);
  return sql.raw(parts.join(', '));
}

const TOUR_COLUMNS = sql.raw(`t.id, t.reference, t.departure, t.arrival, t.departure_date, t.arrival_date,
  t.glec_vehicle_type, t.vehicle_id, t.license_plate, t.vehicle_reference, t.weight_kg, t.distance_km,
  t.empty_distance_km, t.empty_running_share, t.tkm, t.temperature_control, t.tags,
  t.co2_default_ttw, t.co2_default_wtt, t.co2_default_wtw, t.co2_individual_ttw,
  t.co2_individual_wtt, t.co2_individual_wtw, t.hub_co2_wtw,
  (select count(*)::int from tour_shipments c where c.tour_id = t.id) as shipment_count`);

/** One page of the scope company's tours matching the filters, in the query's order. */
export async function listTours(
  db: DbOrTx,
  filters: Filters,
  scope: FilterScope,
  q: Record<string, unknown>,
  page: Page,
): Promise<{ rows: TourRow[]; total: number }> {
  const where = tourConditions(filters, scope);
  // Page and count side by side (pooled connections on PostgreSQL).
  const [found, total] = await Promise.all([
    db.execute(sql`select ${TOUR_COLUMNS} from tours t where ${where}
      order by ${orderSql(q, TOUR_ORDER, 't.id')} limit ${page.limit} offset ${page.offset}`),
    countMatching(db, 'tour', rollupPlan('tour', filters, scope), where),
  ]);
  return { rows: rowsOf<TourRow>(found), total };
}

export type TourDetailRow = TourRow & {
  default_result: StoredResult | null;
  individual_result: StoredResult | null;
};

export async function findTour(db: DbOrTx, companyId: CompanyId, id: string): Promise<TourDetailRow | null> {
  const [row] = rowsOf<TourDetailRow>(
    await db.execute(sql`select ${TOUR_COLUMNS}, t.default_result, t.individual_result
      from tours t where t.company_id = ${companyId} and t.id = ${id}`),
  );
  return row ?? null;
}

export type LinkRow = Co2Row & {
  tour_id: string;
  shipment_id: string;
  carriage: string;
  weight_kg: number | null;
  share: number | null;
  tkm: number;
};

/** The shipments of a tour with their allocated part. */
export async function shipmentsOfTour(
  db: DbOrTx,
  companyId: CompanyId,
  tourId: string,
): Promise<(LinkRow & { reference: string; shipper: string | null })[]> {
  return rowsOf(
    await db.execute(sql`select x.tour_id, x.shipment_id, x.carriage, x.weight_kg, x.share,
        x.co2_default_ttw, x.co2_default_wtt, x.co2_default_wtw, x.co2_individual_ttw,
        x.co2_individual_wtt, x.co2_individual_wtw, x.hub_co2_wtw,
        ${linkTkm('x')} as tkm, s.reference, s.shipper
      from tour_shipments x join shipments s on s.id = x.shipment_id join tours t on t.id = x.tour_id
      where x.company_id = ${companyId} and x.tour_id = ${tourId}
      order by s.reference, s.id`),
  );
}

/**
 * A shipment's own place, or else where its first leg starts (last leg ends): imports without
 * origin columns store an all-null place, and the list should show the route the legs ride.
 */
const placeOrLeg = (column: 'origin' | 'destination', leg: 'departure' | 'arrival', dir: 'asc' | 'desc') =>
  `case when concat(s.${column}->>'name', s.${column}->>'city', s.${column}->>'zip') <> '' then s.${column}
    else (select pt.${leg} from tour_shipments px join tours pt on pt.id = px.tour_id
      where px.shipment_id = s.id order by pt.departure_date ${dir} nulls last, pt.reference ${dir} limit 1)
    end as ${column}`;

const SHIPMENT_COLUMNS = sql.raw(`s.id, s.reference, s.order_number, s.shipper, s.description,
  s.weight_kg, s.loaded_distance_km, ${placeOrLeg('origin', 'departure', 'asc')},
  ${placeOrLeg('destination', 'arrival', 'desc')}, s.departure_date, s.tags,
  s.co2_default_ttw, s.co2_default_wtt, s.co2_default_wtw, s.co2_individual_ttw,
  s.co2_individual_wtt, s.co2_individual_wtw, s.hub_co2_wtw`);

const SHIPMENT_EXTRAS = sql`
  (select sum(${linkTkm('lx')}) from tour_shipments lx join tours lt on lt.id = lx.tour_id
    where lx.shipment_id = s.id) as tkm,
  (select json_agg(json_build_object('id', rt.id, 'reference', rt.reference, 'carriage', rx.carriage)
      order by rt.departure_date nulls last, rt.reference)
    from tour_shipments rx join tours rt on rt.id = rx.tour_id where rx.shipment_id = s.id) as tours`;

/** One page of the scope company's shipments matching the filters, in the query's order. */
export async function listShipments(
  db: DbOrTx,
  filters: Filters,
  scope: FilterScope,
  q: Record<string, unknown>,
  page: Page,
): Promise<{ rows: ShipmentRow[]; total: number }> {
  const where = shipmentConditions(filters, scope);
  // The page is chosen first, so tkm and tours are computed for its rows only (unless sorted by tkm).
  const [found, total] = await Promise.all([
    db.execute(sql`select * from (select ${SHIPMENT_COLUMNS}, ${SHIPMENT_EXTRAS}
        from shipments s where ${where}) s
      order by ${orderSql(q, { ...SHIPMENT_ORDER, departureDate: 's.departure_date' }, 's.id')}
      limit ${page.limit} offset ${page.offset}`),
    countMatching(db, 'shipment', rollupPlan('shipment', filters, scope), where),
  ]);
  return { rows: rowsOf<ShipmentRow>(found), total };
}

export async function findShipment(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<ShipmentRow | null> {
  const [row] = rowsOf<ShipmentRow>(
    await db.execute(sql`select ${SHIPMENT_COLUMNS}, ${SHIPMENT_EXTRAS}
      from shipments s where s.company_id = ${companyId} and s.id = ${id}`),
  );
  return row ?? null;
}

export type LegRow = LinkRow &
  TourDetailRow & { tour_reference: string; link_distance_km: number | null; tour_tkm: number | null };

/** A shipment's tours with the link's share and allocated emissions. */
export async function legsOfShipment(
  db: DbOrTx,
  companyId: CompanyId,
  shipmentId: string,
): Promise<LegRow[]> {
  return rowsOf(
    await db.execute(sql`select t.id, t.reference, t.reference as tour_reference, t.departure, t.arrival,
        t.departure_date, t.arrival_date, t.glec_vehicle_type, t.license_plate, t.vehicle_reference,
        t.weight_kg as tour_weight_kg, t.distance_km, t.empty_distance_km, t.empty_running_share,
        t.temperature_control, t.tags, t.default_result, t.individual_result, t.tkm as tour_tkm,
        x.tour_id, x.shipment_id, x.carriage, x.weight_kg, x.share, x.distance_km as link_distance_km,
        x.co2_default_ttw, x.co2_default_wtt, x.co2_default_wtw, x.co2_individual_ttw,
        x.co2_individual_wtt, x.co2_individual_wtw, x.hub_co2_wtw,
        ${linkTkm('x')} as tkm
      from tour_shipments x join tours t on t.id = x.tour_id join shipments s on s.id = x.shipment_id
      where x.company_id = ${companyId} and x.shipment_id = ${shipmentId}
      order by t.departure_date nulls last, t.reference`),
  );
}
