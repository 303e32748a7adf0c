import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/schema.ts';
import { createdAt, tenantReference, textList, ts, updatedAt } from '../../platform/db/columns.ts';

/** What a stored emission result keeps next to its totals: the factor set and the calculation sheet. */
export type StoredResult = {
  method: 'default' | 'fuel';
  factorSet: { id: string; version: string; gwp?: string };
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  trace: unknown[];
};

export type Place = { name: string | null; city: string | null; zip: string | null; country: string | null };

const placeText = (column: string) =>
  `coalesce(${column}->>'name', '') || ' ' || coalesce(${column}->>'city', '') || ' ' || coalesce(${column}->>'zip', '')`;

/**
 * The text the free-text search matches, one expression for its trigram index and its queries
 * (prefix `p` is the table alias with its dot). Fields are joined by U+001F, which a search term
 * cannot hold, so a term never matches across two fields.
 */
export const tourSearchText = (p = '') =>
  [`${p}reference`, `${p}license_plate`, `${p}vehicle_reference`]
    .map((c) => `coalesce(${c}, '')`)
    .concat(placeText(`${p}departure`), placeText(`${p}arrival`))
    .join(' || chr(31) || ');
export const shipmentSearchText = (p = '') =>
  [`${p}reference`, `${p}order_number`, `${p}shipper`, `${p}description`]
    .map((c) => `coalesce(${c}, '')`)
    .concat(placeText(`${p}origin`), placeText(`${p}destination`))
    .join(' || chr(31) || ');

const co2Columns = () => ({
  // kg CO2e; default = GLEC intensity method, individual = fuel-based when fuel data exists.
  co2DefaultTtw: doublePrecision('co2_default_ttw'),
  co2DefaultWtt: doublePrecision('co2_default_wtt'),
  co2DefaultWtw: doublePrecision('co2_default_wtw'),
  co2IndividualTtw: doublePrecision('co2_individual_ttw'),
  co2IndividualWtt: doublePrecision('co2_individual_wtt'),
  co2IndividualWtw: doublePrecision('co2_individual_wtw'),
  hubCo2Wtw: doublePrecision('hub_co2_wtw'),
});

type Co2Column = keyof ReturnType<typeof co2Columns>;
/**
 * A dashboard's index: the company's rows by departure, newest first, with the columns the
 * dashboard reads and the `co2Columns` riding along after the sort key, so its date-filtered
 * scans read the index only (drizzle has no INCLUDE; suffix truncation keeps inner pages small).
 */
const dashboardIndex = (
  name: string,
  t: Record<Co2Column | 'companyId' | 'departureDate', ExtraConfigColumn>,
  columns: ExtraConfigColumn[],
) =>
  index(name).on(
    t.companyId,
    t.departureDate.desc(),
    ...columns,
    ...(Object.keys(co2Columns()) as Co2Column[]).map((k) => t[k]),
  );

export const tours = tenantTable(
  'tours',
  {
    reference: text('reference').notNull(),
    departure: jsonb('departure').$type<Place>().notNull(),
    arrival: jsonb('arrival').$type<Place>().notNull(),
    departureDate: ts('departure_date'),
    arrivalDate: ts('arrival_date'),
    glecVehicleType: text('glec_vehicle_type'),
    vehicleId: uuid('vehicle_id'),
    licensePlate: text('license_plate'),
    vehicleReference: text('vehicle_reference'),
    weightKg: doublePrecision('weight_kg'),
    distanceKm: doublePrecision('distance_km'),
    emptyDistanceKm: doublePrecision('empty_distance_km'),
    emptyRunningShare: doublePrecision('empty_running_share'),
    tkm: doublePrecision('tkm'),
    fuel: jsonb('fuel').$type<{ fuelType: string; amount: number; unit: string }[]>(),
    temperatureControl: boolean('temperature_control').notNull().default(false),
    ...co2Columns(),
    // Links of the tour, written with them by the import, so the stats count without a join.
    shipmentCount: integer('shipment_count').notNull().default(0),
    defaultResult: jsonb('default_result').$type<StoredResult>(),
    individualResult: jsonb('individual_result').$type<StoredResult>(),
    tags: textList('tags'),
    // The distinct shippers of its shipments (sorted) and its links per shipper, kept with the
    // links (refreshTourShippers), so a shipper filter picks tours from an index and counts their
    // shipments without joining the links.
    shippers: textList('shippers'),
    shipperLinks: integer('shipper_links')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    taskId: uuid('task_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tours_company_reference_uq').on(t.companyId, t.reference),
    index('tours_shippers_idx').using('gin', t.shippers),
    index('tours_search_idx').using('gin', sql.raw(`(${tourSearchText()}) gin_trgm_ops`)),
    // The carrier dashboard.
    dashboardIndex('tours_company_departure_idx', t, [
      t.glecVehicleType,
      t.vehicleId,
      t.licensePlate,
      t.distanceKm,
      t.emptyDistanceKm,
      t.tkm,
      t.shipmentCount,
    ]),
    index('tours_company_vehicle_idx').on(t.companyId, t.vehicleId),
    index('tours_tags_idx').using('gin', t.tags),
  ],
);

export const shipments = tenantTable(
  'shipments',
  {
    reference: text('reference').notNull(),
    orderNumber: text('order_number'),
    shipper: text('shipper'),
    description: text('description'),
    weightKg: doublePrecision('weight_kg'),
    loadedDistanceKm: doublePrecision('loaded_distance_km'),
    origin: jsonb('origin').$type<Place>(),
    destination: jsonb('destination').$type<Place>(),
    // Earliest departure of its tours, kept here so lists and stats filter without a join.
    departureDate: ts('departure_date'),
    ...co2Columns(),
    // Sum of its links' tkm (weight x own distance, else the tour's), kept with the CO2 totals so
    // the stats need no join.
    tkm: doublePrecision('tkm'),
    // Vehicle type of all its tours ('unknown' for tours without one); null when it rides on tours
    // of several types or on none. The shipper dashboard groups by it without a join.
    glecVehicleType: text('glec_vehicle_type'),
    // Tours it rides on; the carrier dashboard counts distinct shipments as the tours' links minus
    // the repeats of the (few) shipments with more than one.
    tourCount: integer('tour_count').notNull().default(0),
    tags: textList('tags'),
    taskId: uuid('task_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_company_reference_uq').on(t.companyId, t.reference),
    // The shipper dashboard.
    dashboardIndex('shipments_company_departure_idx', t, [t.shipper, t.glecVehicleType, t.weightKg, t.tkm]),
    index('shipments_company_shipper_idx').on(t.companyId, t.shipper),
    index('shipments_tags_idx').using('gin', t.tags),
    index('shipments_search_idx').using('gin', sql.raw(`(${shipmentSearchText()}) gin_trgm_ops`)),
    index('shipments_shared_idx')
      .on(t.companyId)
      .where(sql`${t.tourCount} > 1`),
  ],
);

/** A shipment's ride on a tour with its carriage and its allocated share of the tour's emissions. */
export const tourShipments = pgTable(
  'tour_shipments',
  {
    tourId: uuid('tour_id').notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    // No foreign key to companies: the tour already belongs to the company, and an import writes
    // 100,000 links, each checked once more for nothing.
    companyId: uuid('company_id').notNull(),
    carriage: text('carriage').notNull().default('main_carriage'),
    weightKg: doublePrecision('weight_kg'),
    /** Allocation key: the shipment's distance on this tour and its tkm (weight x distance). */
    distanceKm: doublePrecision('distance_km'),
    tkm: doublePrecision('tkm'),
    share: doublePrecision('share'),
    // Numbers only: the calculation sheet follows from the tour's stored result and the share
    // (shipmentCalculation in tours.emissions.ts), so 100,000 links carry no jsonb.
    ...co2Columns(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.shipmentId] }),
    index('tour_shipments_shipment_idx').on(t.shipmentId),
    // Leads with the company like the plain company index it replaced, and is the key a table
    // distributed by company_id keeps unique (docs/scaling.md).
    uniqueIndex('tour_shipments_company_uq').on(t.companyId, t.tourId, t.shipmentId),
    tenantReference('tour_shipments_tour_fk', [t.companyId, t.tourId], tours).onDelete('cascade'),
    tenantReference('tour_shipments_shipment_fk', [t.companyId, t.shipmentId], shipments).onDelete('cascade'),
  ],
);

/** The grouping and sum columns of a sums table, then the CO2 totals and the rows with an individual result. */
const summed = <C extends Record<string, PgColumnBuilderBase>>(columns: C) => ({
  ...columns,
  ...co2Columns(),
  individualCount: integer('individual_count').notNull(),
});

/**
 * A table of monthly sums (decision 0008): per company and local month in STATS_TIME_ZONE, the
 * grouping and sum columns given, then the CO2 totals and how many rows had an individual result.
 * Written only by refreshStatsMonths from the tours themselves, for the months an import touched.
 */
const statsMonthsTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
) =>
  pgTable(
    name,
    {
      // No foreign keys: the rows are derived and rewritten per month (as tour_shipments).
      companyId: uuid('company_id').notNull(),
      // First day of the month; null: rows without a departure date.
      month: date('month', { mode: 'string' }),
      ...summed(columns),
    },
    (t) => [index(`${name}_idx`).on(t.companyId, t.month)],
  );

/**
 * The same sums per local day (decision 0019): a date range that cuts a month adds the days of
 * the cut months instead of reading their tours. Rewritten with their month, so `month` is kept
 * beside `day` (both null for rows without a departure date).
 */
const statsDaysTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
) =>
  pgTable(
    name,
    {
      companyId: uuid('company_id').notNull(),
      month: date('month', { mode: 'string' }),
      day: date('day', { mode: 'string' }),
      ...summed(columns),
    },
    (t) => [index(`${name}_idx`).on(t.companyId, t.day), index(`${name}_month_idx`).on(t.companyId, t.month)],
  );

const tourSumColumns = () => ({
  glecVehicleType: text('glec_vehicle_type'),
  vehicleId: uuid('vehicle_id'),
  // Grouping key of tours without a vehicle record; licensePlate is the group's smallest plate.
  plate: text('plate'),
  licensePlate: text('license_plate'),
  tags: textList('tags'),
  tours: integer('tours').notNull(),
  trips: integer('trips').notNull(),
  links: integer('links').notNull(),
  distanceKm: doublePrecision('distance_km'),
  emptyDistanceKm: doublePrecision('empty_distance_km'),
  tkm: doublePrecision('tkm'),
});

const shipmentSumColumns = () => ({
  shipper: text('shipper'),
  glecVehicleType: text('glec_vehicle_type'),
  tags: textList('tags'),
  shipments: integer('shipments').notNull(),
  weightKg: doublePrecision('weight_kg'),
  tkm: doublePrecision('tkm'),
});

/**
 * A company's stats version: bumped in every transaction that rewrites its sums (so whenever its
 * tours or shipments change), read by the dashboards to keep answers per version (decision 0020).
 */
export const statsVersions = pgTable('stats_versions', {
  companyId: uuid('company_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Daily sums behind the carrier dashboard (as tour_stats_months). */
export const tourStatsDays = statsDaysTable('tour_stats_days', tourSumColumns());
/** Daily sums behind the shipper dashboard (as shipment_stats_months). */
export const shipmentStatsDays = statsDaysTable('shipment_stats_days', shipmentSumColumns());

/** Monthly sums behind the carrier dashboard, per vehicle type, vehicle and tour tags. */
export const tourStatsMonths = statsMonthsTable('tour_stats_months', tourSumColumns());

/** Monthly sums behind the shipper dashboard, per shipper, single vehicle type and tag set. */
export const shipmentStatsMonths = statsMonthsTable('shipment_stats_months', shipmentSumColumns());

/** Where a leg's restated figure comes from: a partner's footprint as the user applied it. */
export type RestatementSource = {
  partnerName: string;
  /** PACT footprint id and `version` (0 for PACT v3, which has none). */
  footprintId: string;
  version: number;
  /** The footprint's transport activity (Σ TCE tkm), kept for the calculation sheet. */
  tkm: number;
};

/**
 * Primary data a user applied to a leg (decision 0018): the link's individual figures were rewritten
 * with `co2_*` (TTW and WTT null when the partner stated no TTW: not known), and everything summed
 * from the link refreshed. `previous_*` keep the link's individual figures before (null: it had
 * none, only the default), `tour_previous_*` the tour's individual total before the first
 * restatement on that tour, so removing the primary data restores both exactly. Kept across
 * re-imports of the tour: the import writes the fresh figures into `previous_*` and applies the
 * restated figure again (ImportWriter.finish).
 */
export const tourShipmentRestatements = tenantTable(
  'tour_shipment_restatements',
  {
    tourId: uuid('tour_id').notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    /** The fetched partner footprint (exchange module) whose figures these are. */
    sourceId: uuid('source_id').notNull(),
    source: jsonb('source').$type<RestatementSource>().notNull(),
    co2Ttw: doublePrecision('co2_ttw'),
    co2Wtt: doublePrecision('co2_wtt'),
    co2Wtw: doublePrecision('co2_wtw').notNull(),
    previousTtw: doublePrecision('previous_ttw'),
    previousWtt: doublePrecision('previous_wtt'),
    previousWtw: doublePrecision('previous_wtw'),
    tourPreviousTtw: doublePrecision('tour_previous_ttw'),
    tourPreviousWtt: doublePrecision('tour_previous_wtt'),
    tourPreviousWtw: doublePrecision('tour_previous_wtw'),
    appliedBy: uuid('applied_by'),
    appliedAt: ts('applied_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tour_shipment_restatements_leg_uq').on(t.companyId, t.tourId, t.shipmentId),
    index('tour_shipment_restatements_shipment_idx').on(t.companyId, t.shipmentId),
    tenantReference('tour_shipment_restatements_tour_fk', [t.companyId, t.tourId], tours).onDelete('cascade'),
    tenantReference(
      'tour_shipment_restatements_shipment_fk',
      [t.companyId, t.shipmentId],
      shipments,
    ).onDelete('cascade'),
  ],
);
