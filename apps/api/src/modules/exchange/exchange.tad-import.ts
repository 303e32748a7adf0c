import { type FetchIssue, PUSH_MAX_ROWS, pactSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { pushImport } from '../mappings/index.ts';
import { withPartner } from './exchange.connections.ts';
import { type Limits, partnerList, partnerToken } from './exchange.outbound.ts';

/**
 * TAD from a partner (iLEAP v1.0.1 §7.1 Action TransportActivityData) into tours and shipments,
 * through the import pipeline as a JSON push (same checks, row issues and figures as an upload).
 *
 * Rules, as TAD carries less than a tour file:
 * - one tour per TAD (`activityId`: one leg of one consignment, §6.5.1), one shipment per
 *   consignment id; several consignments share the TAD's mass equally (TAD gives no split);
 * - distance: `actual` as the tour's distance; without it (only `gcd`/`sfd`) the column stays
 *   empty and the import measures the distance between the places, as for a file without one;
 * - empty running: `emptyDistanceFactor` f = empty / (loaded + empty) gives empty km = d·f/(1−f);
 * - vehicle: the GLEC v3.1 default of the mode (TAD names no vehicle; §6.5.1 `mode`);
 * - `arrivalAt` is required by §6.5.1, yet Klimadesk's figures do not depend on it: a TAD without
 *   it is imported with its departure day only and listed as the issue `tadArrivalMissing`.
 *   Any other schema breach skips the TAD with the issue `tadInvalid` (the path of the breach).
 */
const tadLenient = pactSchemas.tad.partial({ arrivalAt: true });
type Tad = z.output<typeof tadLenient>;
type Row = Record<string, string | number | boolean | null>;

/** GLEC v3.1 default vehicle types per iLEAP TransportMode (the mode's average where GLEC has one). */
const DEFAULT_TYPE: Record<Tad['mode'], (t: Tad, km: number | null) => string> = {
  Road: () => 'road_eu_artic_40t_avg_diesel',
  Rail: () => 'rail_eu_unknown_avg',
  // GLEC v3.1 air: short haul below 1,500 km great-circle distance.
  Air: (_t, km) => (km !== null && km >= 1500 ? 'air_unknown_long' : 'air_unknown_short'),
  Sea: (t) =>
    t.temperatureControl === 'refrigerated'
      ? 'sea_container_industry_average_reefer'
      : 'sea_container_industry_average_dry',
  InlandWaterway: () => 'iww_motor_85_110m',
};

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);
const num = (v: string | undefined) => (v === undefined ? null : Number(v));

/** The import rows of one TAD (one per consignment). */
export function rowsOfTad(t: Tad, source: string): Row[] {
  const km = num(t.distance.actual);
  const f = num(t.emptyDistanceFactor);
  const mass = num(t.mass);
  const tour: Row = {
    tourReference: t.activityId.slice(0, 200),
    departureDate: day(t.departureAt),
    ...(t.arrivalAt ? { arrivalDate: day(t.arrivalAt) } : {}),
    departureCity: t.origin.city,
    departureCountry: t.origin.country,
    ...(t.origin.zip ? { departureZip: t.origin.zip } : {}),
    arrivalCity: t.destination.city,
    arrivalCountry: t.destination.country,
    ...(t.destination.zip ? { arrivalZip: t.destination.zip } : {}),
    glecTransportType: DEFAULT_TYPE[t.mode](t, km ?? num(t.distance.gcd)),
    ...(km !== null ? { distance: km } : {}),
    ...(km !== null && f !== null && f > 0 && f < 1 ? { emptyDistance: (km * f) / (1 - f) } : {}),
    temperatureControl: t.temperatureControl === 'refrigerated',
  };
  return t.consignmentIds.map((id) => ({
    ...tour,
    shipmentReference: id.slice(0, 200),
    ...(mass !== null ? { weight: mass / t.consignmentIds.length } : {}),
    originCity: t.origin.city,
    originCountry: t.origin.country,
    destinationCity: t.destination.city,
    destinationCountry: t.destination.country,
    description: `iLEAP TAD ${t.activityId} (${source})`.slice(0, 1000),
  }));
}

/** Checks each TAD; the valid ones become rows, the others issues. */
export function tadRows(
  items: unknown[],
  source: string,
): { rows: Row[]; issues: FetchIssue[]; valid: number } {
  const rows: Row[] = [];
  const issues: FetchIssue[] = [];
  let valid = 0;
  items.forEach((item, i) => {
    const ref = String((item as { activityId?: unknown } | null)?.activityId ?? `#${i + 1}`).slice(0, 200);
    const parsed = tadLenient.safeParse(item);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      issues.push({
        ref,
        code: 'tadInvalid',
        detail: first ? `${first.path.join('.')}: ${first.message}` : null,
      });
      return;
    }
    if (!parsed.data.arrivalAt) issues.push({ ref, code: 'tadArrivalMissing', detail: null });
    valid++;
    rows.push(...rowsOfTad(parsed.data, source));
  });
  return { rows, issues, valid };
}

/** Fetches every TAD of the partner and pushes the valid ones into the import pipeline. */
export async function fetchTad(ctx: AppContext, actor: Actor, id: string, limits?: Limits) {
  return withPartner(ctx, actor.companyId, id, async (p, row) => {
    const token = await partnerToken(p, limits);
    // iLEAP's TAD action exists in the v2 API only (§7.1: GET /2/ileap/tad).
    const items = await partnerList(p, token, '/2/ileap/tad', { maxItems: PUSH_MAX_ROWS, limits });
    const { rows, issues, valid } = tadRows(items, row.name);
    const task = rows.length
      ? await pushImport(ctx, actor, { category: 'shipment', rows: rows.slice(0, PUSH_MAX_ROWS) })
      : null;
    return { fetched: items.length, imported: valid, importTaskId: task?.id ?? null, issues };
  });
}
