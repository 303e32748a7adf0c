import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import { DEFAULT_TIME_ZONE } from '../../platform/http.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { type Filters, type FilterScope, effectiveShippers } from './tours.filters.ts';
import { list, textArray } from './tours.filters.repository.ts';

/**
 * Monthly sums behind the dashboards (decision 0008). They are kept per local month of the
 * product's default time zone, the one the web client sends for German users; a request in
 * another time zone is answered from the tours and shipments themselves.
 */
export const STATS_TIME_ZONE = DEFAULT_TIME_ZONE;

/** SQL month (first day, a date) of a departure timestamp in STATS_TIME_ZONE. */
export const statsMonth = (column: SQL) =>
  sql`date_trunc('month', ${column} at time zone ${STATS_TIME_ZONE})::date`;

const TOUR_SUMS = sql.raw(`count(*)::int, count(*) filter (where t.shipment_count > 0)::int,
  sum(t.shipment_count)::int, sum(t.distance_km), sum(t.empty_distance_km), sum(t.tkm),
  sum(t.co2_default_ttw), sum(t.co2_default_wtt), sum(t.co2_default_wtw), sum(t.co2_individual_ttw),
  sum(t.co2_individual_wtt), sum(t.co2_individual_wtw), sum(t.hub_co2_wtw), count(t.co2_individual_wtw)::int`);
const SHIPMENT_SUMS = sql.raw(`count(*)::int, sum(s.weight_kg), sum(s.tkm),
  sum(s.co2_default_ttw), sum(s.co2_default_wtt), sum(s.co2_default_wtw), sum(s.co2_individual_ttw),
  sum(s.co2_individual_wtt), sum(s.co2_individual_wtw), sum(s.hub_co2_wtw), count(s.co2_individual_wtw)::int`);
const CO2 = `co2_default_ttw, co2_default_wtt, co2_default_wtw, co2_individual_ttw, co2_individual_wtt,
  co2_individual_wtw, hub_co2_wtw, individual_count`;

/**
 * Serialises the refreshes of one company's derived figures until the transaction ends. Two
 * imports refreshing the same month at once would otherwise each rewrite it from a snapshot
 * without the other's rows, and both sets of rows would stay (the old rows counted twice).
 */
async function lockCompany(tx: DbOrTx, companyId: CompanyId): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stats-months'), hashtext(${companyId}))`);
}

/** Rows whose departure lies in the month `m.month` (null: rows without a departure date). */
const inMonth = (column: string) =>
  sql.raw(`((m.month is null and ${column} is null) or (${column} >= m.month::timestamp at time zone '${STATS_TIME_ZONE}'
    and ${column} < (m.month + interval '1 month')::timestamp at time zone '${STATS_TIME_ZONE}'))`);

/** SQL local day (a date) of a departure timestamp in STATS_TIME_ZONE. */
const statsDay = (column: string) => sql.raw(`(${column} at time zone '${STATS_TIME_ZONE}')::date`);

const TOUR_KEYS = 'glec_vehicle_type, vehicle_id, plate, license_plate, tags';
const TOUR_TOTALS = 'tours, trips, links, distance_km, empty_distance_km, tkm';
const SHIPMENT_KEYS = 'shipper, glec_vehicle_type, tags';
const SHIPMENT_TOTALS = 'shipments, weight_kg, tkm';
/** Month sums as the sums of their days (counts and sums add; the smallest plate is the smallest of the days'). */
const summedDays = (columns: string) =>
  columns
    .split(',')
    .map((c) => c.trim())
    .map((c) => (c === 'license_plate' ? 'min(license_plate)' : `sum(${c})`))
    .join(', ');

/**
 * Rewrites the daily and monthly sums of a company for the months `months` selects (a query with
 * one column `month`, nulls allowed) from its tours and shipments, inside the caller's transaction.
 * Rewriting whole months from the source rows cannot drift, whatever changed in them. The days
 * are summed from the rows in one pass per month, the months from their days.
 */
export async function refreshStatsMonths(db: DbOrTx, companyId: CompanyId, months: SQL): Promise<void> {
  // One transaction (a savepoint inside the caller's): the temporary table lives on its connection.
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    await tx.execute(sql`create temp table if not exists stats_refresh_months (month date) on commit drop`);
    await tx.execute(sql`truncate stats_refresh_months`);
    await tx.execute(sql`insert into stats_refresh_months select distinct month from (${months}) x`);
    const chosen = sql`(month in (select month from stats_refresh_months where month is not null)
      or (month is null and exists (select 1 from stats_refresh_months where month is null)))`;
    // Answers kept for the old version are not used again (decision 0020); committed with the sums.
    await tx.execute(sql`insert into stats_versions (company_id, version) values (${companyId}, 1)
      on conflict (company_id) do update set version = stats_versions.version + 1`);
    for (const table of [
      'tour_stats_months',
      'shipment_stats_months',
      'tour_stats_days',
      'shipment_stats_days',
    ])
      await tx.execute(sql`delete from ${sql.raw(table)} where company_id = ${companyId} and ${chosen}`);
    // One pass per month over the (company_id, departure_date) index range of that month.
    await tx.execute(sql`insert into tour_stats_days (company_id, month, day, ${sql.raw(TOUR_KEYS)},
        ${sql.raw(TOUR_TOTALS)}, ${sql.raw(CO2)})
      select ${companyId}, m.month, ${statsDay('t.departure_date')}, t.glec_vehicle_type, t.vehicle_id,
        case when t.vehicle_id is null then t.license_plate end, min(t.license_plate), t.tags, ${TOUR_SUMS}
      from stats_refresh_months m join tours t on t.company_id = ${companyId} and ${inMonth('t.departure_date')}
      group by m.month, 3, t.glec_vehicle_type, t.vehicle_id, 6, t.tags`);
    await tx.execute(sql`insert into shipment_stats_days (company_id, month, day, ${sql.raw(SHIPMENT_KEYS)},
        ${sql.raw(SHIPMENT_TOTALS)}, ${sql.raw(CO2)})
      select ${companyId}, m.month, ${statsDay('s.departure_date')}, s.shipper, s.glec_vehicle_type, s.tags,
        ${SHIPMENT_SUMS}
      from stats_refresh_months m join shipments s on s.company_id = ${companyId} and ${inMonth('s.departure_date')}
      group by m.month, 3, s.shipper, s.glec_vehicle_type, s.tags`);
    await tx.execute(sql`insert into tour_stats_months (company_id, month, ${sql.raw(TOUR_KEYS)},
        ${sql.raw(TOUR_TOTALS)}, ${sql.raw(CO2)})
      select company_id, month, glec_vehicle_type, vehicle_id, plate, min(license_plate), tags,
        ${sql.raw(summedDays(`${TOUR_TOTALS}, ${CO2}`))}
      from tour_stats_days where company_id = ${companyId} and ${chosen}
      group by company_id, month, glec_vehicle_type, vehicle_id, plate, tags`);
    await tx.execute(sql`insert into shipment_stats_months (company_id, month, ${sql.raw(SHIPMENT_KEYS)},
        ${sql.raw(SHIPMENT_TOTALS)}, ${sql.raw(CO2)})
      select company_id, month, ${sql.raw(SHIPMENT_KEYS)}, ${sql.raw(summedDays(`${SHIPMENT_TOTALS}, ${CO2}`))}
      from shipment_stats_days where company_id = ${companyId} and ${chosen}
      group by company_id, month, ${sql.raw(SHIPMENT_KEYS)}`);
  });
}

/**
 * Sets the shipper arrays of the tours `tourIds` selects (a query with one column `id`) from
 * their links, inside the caller's transaction.
 */
export async function refreshTourShippers(db: DbOrTx, companyId: CompanyId, tourIds: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    // The ids in an analysed temporary table: as a subquery the planner guessed a handful of
    // rows and nested its loops over 100,000 links (minutes instead of a second).
    await tx.execute(sql`create temp table if not exists shipper_tours (id uuid primary key) on commit drop`);
    await tx.execute(sql`truncate shipper_tours`);
    await tx.execute(
      sql`insert into shipper_tours select distinct id from (${tourIds}) i where id is not null`,
    );
    await tx.execute(sql`analyze shipper_tours`);
    await tx.execute(sql`update tours t set shippers = coalesce(g.shippers, '{}'),
        shipper_links = coalesce(g.links, '{}')
      from shipper_tours a
        left join (
          select x.tour_id, array_agg(x.shipper order by x.shipper) as shippers,
            array_agg(x.n order by x.shipper) as links
          from (select l.tour_id, s.shipper, count(*)::int as n
            from shipper_tours st join tour_shipments l on l.tour_id = st.id
              join shipments s on s.id = l.shipment_id
            where s.company_id = ${companyId} and s.shipper is not null
            group by l.tour_id, s.shipper) x
          group by x.tour_id) g on g.tour_id = a.id
      where t.id = a.id and t.company_id = ${companyId}`);
  });
}

/** Every month of a company (after loads that bypass the import, such as the benchmark's). */
export async function rebuildStatsMonths(db: DbOrTx, companyId: CompanyId): Promise<void> {
  await refreshStatsMonths(
    db,
    companyId,
    sql`select ${statsMonth(sql`departure_date`)} as month from tours where company_id = ${companyId}
      union select ${statsMonth(sql`departure_date`)} from shipments where company_id = ${companyId}`,
  );
}

// ---- Reading ----

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (y: number, m: number) => (m > 12 ? `${y + 1}-${pad(m - 12)}-01` : `${y}-${pad(m)}-01`);

/**
 * The whole months inside a day range (both ends inclusive, 'YYYY-MM-DD'): [from, to) as first
 * days of months, null for an open end; null when the range holds no whole month.
 */
export function wholeMonths(
  after?: string,
  before?: string,
): { from: string | null; to: string | null } | null {
  let from: string | null = null;
  let to: string | null = null;
  if (after) {
    const [y, m, d] = after.split('-').map(Number);
    from = d === 1 ? monthStart(y, m) : monthStart(y, m + 1);
  }
  if (before) {
    const [y, m, d] = before.split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    to = d === last ? monthStart(y, m + 1) : monthStart(y, m);
  }
  if (from !== null && to !== null && from >= to) return null;
  return { from, to };
}

/**
 * How a stats request is answered from the sums: `months` filters the monthly sum rows (alias r)
 * of the whole months in the range, `days` the daily sum rows (alias r) of the days outside them
 * (null: none). The date filters are local days in STATS_TIME_ZONE, so the two together hold
 * every matching row exactly once. Null when the sums cannot answer (another time zone, free
 * text, or, for tours, a shipper limit: a tour's figures count once for any of its shippers,
 * which per-shipper sums cannot tell).
 */
export type RollupPlan = { months: SQL | null; days: SQL | null };
export type SumUnit = keyof RollupPlan;

export function rollupPlan(
  kind: 'tour' | 'shipment',
  filters: Filters,
  scope: FilterScope,
): RollupPlan | null {
  if (scope.timeZone !== STATS_TIME_ZONE || filters.search?.trim()) return null;
  const shippers = effectiveShippers(filters, scope);
  if (kind === 'tour' && shippers !== null) return null;
  const after = filters['departureDate[after]'];
  const before = filters['departureDate[before]'];
  const dated = Boolean(after || before);

  const parts: SQL[] = [sql`r.company_id = ${scope.companyId}`];
  if (filters.tag?.length) parts.push(sql`r.tags && ${textArray(filters.tag)}`);
  if (kind === 'shipment' && shippers !== null)
    parts.push(shippers.length === 0 ? sql`false` : sql`r.shipper in (${list(shippers)})`);
  const where = (more: SQL[]) => sql.join([...parts, ...more], sql` and `);
  if (!dated) return { months: where([]), days: null };

  const whole = wholeMonths(after, before);
  if (whole === null) {
    // No whole month inside: the days of the range.
    const range: SQL[] = [sql`r.day is not null`];
    if (after) range.push(sql`r.day >= ${after}::date`);
    if (before) range.push(sql`r.day <= ${before}::date`);
    return { months: null, days: where(range) };
  }
  const months: SQL[] = [sql`r.month is not null`];
  if (whole.from) months.push(sql`r.month >= ${whole.from}::date`);
  if (whole.to) months.push(sql`r.month < ${whole.to}::date`);
  // The days before the first whole month and after the last one.
  const edges: SQL[] = [];
  if (after && whole.from && after < whole.from)
    edges.push(sql`(r.day >= ${after}::date and r.day < ${whole.from}::date)`);
  if (before && whole.to && before >= whole.to)
    edges.push(sql`(r.day >= ${whole.to}::date and r.day <= ${before}::date)`);
  return {
    months: where(months),
    days: edges.length ? where([sql`(${sql.join(edges, sql` or `)})`]) : null,
  };
}

/**
 * How many tours or shipments match `where` (alias `t` or `s`): from the sums where the plan
 * answers (each row sits in exactly one sum row, so the count is exact), else from the rows
 * themselves (search, a tour's shippers, another time zone).
 * A list page over ten million rows would otherwise count a large filtered set for its total.
 */
export async function countMatching(
  db: DbOrTx,
  kind: 'tour' | 'shipment',
  plan: RollupPlan | null,
  where: SQL,
) {
  const [rows, n] = kind === 'tour' ? [sql`tours t`, sql`r.tours`] : [sql`shipments s`, sql`r.shipments`];
  const table = (unit: SumUnit) => sql.raw(`${kind}_stats_${unit} r`);
  const parts =
    plan === null
      ? [sql`select count(*)::bigint as n from ${rows} where ${where}`]
      : (['months', 'days'] as const)
          .filter((unit) => plan[unit] !== null)
          .map(
            (unit) => sql`select coalesce(sum(${n}), 0)::bigint as n from ${table(unit)} where ${plan[unit]}`,
          );
  if (parts.length === 0) return 0;
  const res = await db.execute(
    sql`select coalesce(sum(x.n), 0)::int as total from (${sql.join(parts, sql` union all `)}) x`,
  );
  return Number(rowsOf<{ total: number }>(res)[0]?.total ?? 0);
}

/** The company's stats version (0: its sums were never written), as the dashboards key their answers. */
export async function statsVersion(db: DbOrTx, companyId: CompanyId): Promise<string> {
  const res = await db.execute(sql`select version from stats_versions where company_id = ${companyId}`);
  return String(rowsOf<{ version: string | number }>(res)[0]?.version ?? 0);
}
