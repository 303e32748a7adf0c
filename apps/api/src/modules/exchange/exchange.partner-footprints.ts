import { type FetchIssue, type PartnerFootprint, pactSchemas } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { exchangeShipments } from '../tours/index.ts';
import * as repo from './exchange.connections.repository.ts';
import { withPartner } from './exchange.connections.ts';
import { type Limits, partnerList, partnerToken } from './exchange.outbound.ts';

/**
 * ShipmentFootprints of subcontractors (iLEAP v1.0.1 §6.1 in a PACT footprint, §7.2.1): fetched
 * through a partner connection and kept per PfId, matched to the company's own shipment of the same
 * reference. The figures are the partner's primary data (ISO 14083:2023 §5: primary data where
 * available, default values otherwise); a footprint's total is the sum of its TCEs' `co2eWTW`,
 * its activity the sum of their tkm, exactly as §7.2.1 maps the PACT figure.
 */
const MAX_FOOTPRINTS = 10_000;
const isShipmentExtension = (e: unknown) =>
  typeof (e as { dataSchema?: unknown })?.dataSchema === 'string' &&
  /shipment-footprint/i.test((e as { dataSchema: string }).dataSchema);

type Parsed = Omit<repo.PartnerFootprintInsert, 'companyId' | 'connectionId' | 'shipmentId'>;

/** One fetched footprint, or the reason it cannot be used; null for TOC/HOC and other products. */
export function parsePartnerFootprint(item: unknown): Parsed | FetchIssue | null {
  const pf = item as {
    id?: unknown;
    status?: unknown;
    pcf?: Record<string, unknown>;
    extensions?: unknown[];
  } | null;
  const ref = typeof pf?.id === 'string' ? pf.id.slice(0, 100) : '?';
  const extension = Array.isArray(pf?.extensions) ? pf.extensions.find(isShipmentExtension) : undefined;
  if (!extension) return null;
  const parsed = pactSchemas.shipmentFootprint.safeParse((extension as { data?: unknown }).data);
  const start = Date.parse(String(pf?.pcf?.referencePeriodStart));
  const end = Date.parse(String(pf?.pcf?.referencePeriodEnd));
  if (!parsed.success || typeof pf?.id !== 'string' || Number.isNaN(start) || Number.isNaN(end)) {
    const first = parsed.success ? null : parsed.error.issues[0];
    return {
      ref,
      code: 'footprintInvalid',
      detail: first ? `${first.path.join('.')}: ${first.message}` : 'id or reference period',
    };
  }
  const sf = parsed.data;
  const share = Number(pf.pcf?.primaryDataShare);
  return {
    pfId: pf.id,
    shipmentReference: sf.shipmentId,
    status: pf.status === 'Deprecated' ? 'Deprecated' : 'Active',
    co2eWtwKg: sf.tces.reduce((sum, t) => sum + Number(t.co2eWTW), 0),
    co2eTtwKg: sf.tces.reduce((sum, t) => sum + Number(t.co2eTTW), 0),
    pfVersion:
      typeof (pf as { version?: unknown }).version === 'number' ? (pf as { version: number }).version : 0,
    tkm: sf.tces.reduce((sum, t) => sum + Number(t.transportActivity), 0),
    massKg: Number(sf.mass),
    primaryDataShare: Number.isFinite(share) ? share : null,
    periodStart: new Date(start),
    periodEnd: new Date(end),
    data: pf as Record<string, unknown>,
  };
}

const isIssue = (v: Parsed | FetchIssue): v is FetchIssue => 'code' in v;

/** The own shipment ids of the given references (case-insensitive, as the exchange matches them). */
async function ownShipments(ctx: AppContext, companyId: CompanyId, refs: string[]) {
  const out = new Map<string, string>();
  for (let i = 0; i < refs.length; i += 500) {
    const rows = await exchangeShipments(ctx.db, companyId, {
      shippers: null,
      references: refs.slice(i, i + 500),
      after: null,
      limit: 500,
    });
    for (const s of rows) out.set(s.reference.toLowerCase(), s.id);
  }
  return out;
}

/**
 * Stores fetched footprints of a connection: each parsed (TOC/HOC and other products skipped),
 * matched to the own shipment of its reference, and kept per PfId (a PfId fetched again takes its
 * newer state; an applied one keeps its shipment, decision 0018). Used by the fetch and by the
 * re-fetch a partner's Published event starts.
 */
export async function storeFootprints(
  ctx: AppContext,
  companyId: CompanyId,
  connectionId: string,
  items: unknown[],
) {
  const parsed = items.map(parsePartnerFootprint).filter((x) => x !== null);
  const issues = parsed.filter(isIssue);
  const good = parsed.filter((x): x is Parsed => !isIssue(x));
  const own = await ownShipments(ctx, companyId, [...new Set(good.map((g) => g.shipmentReference))]);
  const rows = good.map((g) => ({
    ...g,
    companyId,
    connectionId,
    shipmentId: own.get(g.shipmentReference.toLowerCase()) ?? null,
  }));
  for (const r of rows)
    if (!r.shipmentId) issues.push({ ref: r.pfId, code: 'shipmentNotFound', detail: r.shipmentReference });
  await repo.upsertPartnerFootprints(ctx.db, rows);
  return {
    fetched: items.length,
    stored: rows.length,
    matched: rows.filter((r) => r.shipmentId).length,
    issues: issues.slice(0, 1000),
  };
}

export async function fetchFootprints(ctx: AppContext, actor: Actor, id: string, limits?: Limits) {
  return withPartner(ctx, actor.companyId, id, async (p) => {
    const token = await partnerToken(p, limits);
    const items = await partnerList(p, token, `/${p.version}/footprints`, {
      maxItems: MAX_FOOTPRINTS,
      limits,
    });
    return storeFootprints(ctx, actor.companyId, id, items);
  });
}

export type LegRef = { tourId: string; tourReference: string };

/** The legs (rides on tours) of the given own shipments, by shipment id. */
export async function legsOf(ctx: AppContext, companyId: CompanyId, shipmentIds: string[]) {
  const out = new Map<string, LegRef[]>();
  for (let i = 0; i < shipmentIds.length; i += 500) {
    const rows = await exchangeShipments(ctx.db, companyId, {
      shippers: null,
      ids: shipmentIds.slice(i, i + 500),
      limit: 500,
    });
    for (const s of rows)
      out.set(
        s.id,
        s.legs.map((l) => ({ tourId: l.tourId, tourReference: l.tourReference })),
      );
  }
  return out;
}

export function toDto(
  r: repo.PartnerFootprintRow & { connectionName: string },
  legs: LegRef[],
): PartnerFootprint {
  return {
    id: r.id,
    connectionId: r.connectionId,
    connectionName: r.connectionName,
    pfId: r.pfId,
    shipmentReference: r.shipmentReference,
    shipmentId: r.shipmentId,
    status: r.status === 'Deprecated' ? 'Deprecated' : 'Active',
    co2eWtwKg: r.co2eWtwKg,
    tkm: r.tkm,
    massKg: r.massKg,
    primaryDataShare: r.primaryDataShare,
    periodStart: r.periodStart.toISOString(),
    periodEnd: r.periodEnd.toISOString(),
    fetchedAt: r.fetchedAt.toISOString(),
    pfVersion: r.pfVersion,
    appliedTourId: r.appliedTourId,
    appliedVersion: r.appliedTourId === null ? null : r.appliedVersion,
    legs,
  };
}

export async function listPartnerFootprints(
  ctx: AppContext,
  actor: Actor,
  q: { page: number; limit: number },
) {
  const { rows, total } = await repo.listPartnerFootprints(ctx.db, actor.companyId, {
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const ids = [...new Set(rows.map((r) => r.shipmentId).filter((x): x is string => x !== null))];
  const legs = await legsOf(ctx, actor.companyId, ids);
  return list(
    rows.map((r) => toDto(r, (r.shipmentId && legs.get(r.shipmentId)) || [])),
    total,
  );
}
