import type { AppContext } from '../../platform/context.ts';
import { exchangeOperationTotals, exchangeShipments } from '../tours/index.ts';
import type { PactClient } from './exchange.service.ts';
import { PactError } from './pact.errors.ts';
import type { Plan } from './pact.filters.ts';
import { type Served, servedOperation, servedShipment } from './pact.footprints.ts';
import { hocsOf, tocsOf } from './pact.operations.ts';
import { type Subject, fromVersion, storedVersion, versionShipments } from './exchange.versions.ts';

/**
 * The footprints a client may read, page by page: its company's shipments in id order (the
 * shipments of its shipper only, when bound), then the TOCs and HOCs of their legs and hubs.
 * Pagination is by keyset (PACT v2/v3 "Pagination": a link may be called again and returns the
 * same footprints); a page may hold fewer than `limit` footprints when filters skip many rows.
 */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 1000;
/** Shipments read per request at most, so a filter that matches little stays cheap; the link continues. */
const SCAN_BUDGET = 5000;
const BATCH = 250;

/** Where a page starts: after a shipment id, or at an index of the TOC/HOC list. */
export type Cursor = { s: string | null } | { o: number };

export function decodeCursor(text: string | undefined): Cursor {
  if (!text) return { s: null };
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof v.s === 'string' && /^[0-9a-f-]{36}$/.test(v.s)) return { s: v.s };
    if (typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0) return { o: v.o };
  } catch {
    // Falls through to the error below.
  }
  throw new PactError('BadRequest', 'Invalid pagination cursor');
}
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

export const companyUrn = (companyId: string) => `urn:uuid:${companyId}`;

/** The company's TOCs and HOCs the client may see, in a stable order. */
async function operations(ctx: AppContext, client: PactClient): Promise<Served[]> {
  const totals = await exchangeOperationTotals(ctx.db, client.companyId, client.shippers);
  return [...tocsOf(totals.classes, totals.fuels), ...hocsOf(totals.hubs)]
    .filter((o) => o.used)
    .map((o) => servedOperation(client.companyId, o));
}

export type Page = { items: Served[]; next: Cursor | null };

/** One page of footprints that `keep` accepts; `plan` narrows what is read at all. */
export async function footprintPage(
  ctx: AppContext,
  client: PactClient,
  q: { limit: number; cursor: Cursor; plan: Plan; keep: (f: Served) => boolean },
): Promise<Page> {
  if (q.plan.none) return { items: [], next: null };
  const items: Served[] = [];
  let cursor = q.cursor;
  if ('s' in cursor) {
    const refs = q.plan.keys?.shipment ?? null;
    let after = cursor.s;
    let scanned = 0;
    for (;;) {
      if (refs !== null && refs.length === 0) break;
      const batch = await exchangeShipments(ctx.db, client.companyId, {
        shippers: client.shippers,
        references: refs,
        after,
        limit: BATCH,
      });
      const subjects: Subject[] = [];
      for (const s of batch) {
        const f = servedShipment(s);
        if (f) subjects.push({ footprint: f, subject: s.id, shipper: s.shipper });
      }
      const served = new Map(
        (await versionShipments(ctx, client.companyId, subjects)).map((f, i) => [subjects[i]!.subject, f]),
      );
      for (const s of batch) {
        scanned++;
        const f = served.get(s.id);
        if (f && q.keep(f)) {
          if (items.length === q.limit) return { items, next: { s: after } };
          items.push(f);
        }
        after = s.id;
      }
      if (batch.length < BATCH) break;
      if (scanned >= SCAN_BUDGET) return { items, next: { s: after } };
    }
    cursor = { o: 0 };
  }
  const keys = q.plan.keys;
  const ops = (await operations(ctx, client)).filter(
    (f) => (keys === null || keys[f.kind].includes(f.key)) && q.keep(f),
  );
  const start = cursor.o;
  const room = q.limit - items.length;
  items.push(...ops.slice(start, start + room));
  return { items, next: start + room < ops.length ? { o: start + room } : null };
}

/**
 * One footprint by id: a stored version (a deprecated one as it was published, an active one
 * re-derived, which may deprecate it), a shipment of the client's scope, else a TOC or HOC.
 */
export async function footprintById(ctx: AppContext, client: PactClient, id: string): Promise<Served | null> {
  if (!/^[0-9a-fA-F-]{36}$/.test(id)) return null;
  const pfId = id.toLowerCase();
  const stored = await storedVersion(ctx, client.companyId, pfId);
  const inScope = (shipper: string | null) =>
    client.shippers === null || (shipper !== null && client.shippers.includes(shipper));
  if (stored && !inScope(stored.shipper)) return null;
  if (stored?.status === 'Deprecated') return fromVersion(stored);
  const [shipment] = await exchangeShipments(ctx.db, client.companyId, {
    shippers: client.shippers,
    ids: [stored?.subject ?? pfId],
    limit: 1,
  });
  const live = shipment ? servedShipment(shipment) : null;
  if (shipment && live) {
    const [current] = await versionShipments(ctx, client.companyId, [
      { footprint: live, subject: shipment.id, shipper: shipment.shipper },
    ]);
    if (current?.id === pfId) return current;
    // The shipment changed since this PfId was published: it is now deprecated.
    const after = await storedVersion(ctx, client.companyId, pfId);
    return after ? fromVersion(after) : null;
  }
  // A stored footprint whose shipment is gone (or no longer servable) is answered as stored.
  if (stored) return fromVersion(stored);
  const ops = await operations(ctx, client);
  return ops.find((f) => f.id === pfId) ?? null;
}
