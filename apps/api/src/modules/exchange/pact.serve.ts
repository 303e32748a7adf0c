import type { AppContext } from '../../platform/context.ts';
import { orderOperationTotals } from '../orders/index.ts';
import { exchangeOperationTotals } from '../tours/index.ts';
import type { PactClient } from './exchange.service.ts';
import { PactError } from './pact.errors.ts';
import type { Plan } from './pact.filters.ts';
import { type Served, servedOperation } from './pact.footprints.ts';
import { hocsOf, tocsOf } from './pact.operations.ts';
import { mergeHubClasses, mergeLegClasses } from './pact.orders.ts';
import {
  type SubjectRow,
  fromVersion,
  orderRows,
  shipmentRows,
  storedVersion,
  versionFootprints,
} from './exchange.versions.ts';

/**
 * The footprints a client may read, page by page: its company's shipments in id order, then its
 * orders (each order's basic tour) in id order, then the TOCs and HOCs of their legs and hubs. A
 * client bound to a shipper sees that shipper's shipments and the orders whose client
 * (Auftraggeber, the order's shipper) is that shipper; every order names one, so none is left to
 * guess. Pagination is by keyset (PACT v2/v3 "Pagination": a link may be called again and returns
 * the same footprints); a page may hold fewer than `limit` footprints when filters skip many rows.
 */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 1000;
/** Shipments and orders read per request at most, so a filter that matches little stays cheap; the link continues. */
const SCAN_BUDGET = 5000;
const BATCH = 250;

/** Where a page starts: after a shipment id, after an order id, or at an index of the TOC/HOC list. */
export type Cursor = { s: string | null } | { r: string | null } | { o: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeCursor(text: string | undefined): Cursor {
  if (!text) return { s: null };
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof v.s === 'string' && UUID.test(v.s)) return { s: v.s };
    if (v.r === null || (typeof v.r === 'string' && UUID.test(v.r))) return { r: v.r };
    if (typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0) return { o: v.o };
  } catch {
    // Falls through to the error below.
  }
  throw new PactError('BadRequest', 'Invalid pagination cursor');
}
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

export const companyUrn = (companyId: string) => `urn:uuid:${companyId}`;

/** The company's TOCs and HOCs the client may see (tours' and orders' categories together), in a stable order. */
async function operations(ctx: AppContext, client: PactClient): Promise<Served[]> {
  const tours = await exchangeOperationTotals(ctx.db, client.companyId, client.shippers);
  const orders = await orderOperationTotals(ctx.db, client.companyId, client.shippers);
  return [
    ...tocsOf(mergeLegClasses(tours.classes, orders.classes), tours.fuels),
    ...hocsOf(mergeHubClasses(tours.hubs, orders.hubs)),
  ]
    .filter((o) => o.used)
    .map((o) => servedOperation(client.companyId, o));
}

export type Page = { items: Served[]; next: Cursor | null };
type Query = { limit: number; cursor: Cursor; plan: Plan; keep: (f: Served) => boolean };
type Walk = Query & { items: Served[]; scanned: number };

/**
 * Reads rows from `start` on and keeps the footprints `keep` accepts until the page is full
 * (answers where the next page starts: the row not taken) or the scan budget is spent; null when
 * the rows are read to their end.
 */
async function walk(
  ctx: AppContext,
  client: PactClient,
  w: Walk,
  start: string | null,
  read: (after: string | null) => Promise<SubjectRow[]>,
): Promise<{ after: string | null } | null> {
  let after = start;
  for (;;) {
    const rows = await read(after);
    const subjects = rows.flatMap((r) => (r.subject ? [r.subject] : []));
    const versions = await versionFootprints(ctx, client.companyId, subjects);
    const served = new Map(versions.map((f, i) => [subjects[i]!.subject, f]));
    for (const r of rows) {
      w.scanned++;
      const f = served.get(r.id);
      if (f && w.keep(f)) {
        if (w.items.length === w.limit) return { after };
        w.items.push(f);
      }
      after = r.id;
    }
    if (rows.length < BATCH) return null;
    if (w.scanned >= SCAN_BUDGET) return { after };
  }
}

/** One page of footprints that `keep` accepts; `plan` narrows what is read at all. */
export async function footprintPage(ctx: AppContext, client: PactClient, q: Query): Promise<Page> {
  if (q.plan.none) return { items: [], next: null };
  const w: Walk = { ...q, items: [], scanned: 0 };
  const { companyId, shippers } = client;
  let cursor = q.cursor;
  if ('s' in cursor) {
    const references = q.plan.keys?.shipment ?? null;
    const read = (after: string | null) =>
      shipmentRows(ctx, companyId, { shippers, references, after, limit: BATCH });
    const stop = references?.length === 0 ? null : await walk(ctx, client, w, cursor.s, read);
    if (stop) return { items: w.items, next: { s: stop.after } };
    cursor = { r: null };
  }
  if ('r' in cursor) {
    const numbers = q.plan.keys?.order ?? null;
    const read = (after: string | null) =>
      orderRows(ctx, companyId, { clients: shippers, numbers, after, limit: BATCH });
    const stop = numbers?.length === 0 ? null : await walk(ctx, client, w, cursor.r, read);
    if (stop) return { items: w.items, next: { r: stop.after } };
    cursor = { o: 0 };
  }
  const keys = q.plan.keys;
  const ops = (await operations(ctx, client)).filter(
    (f) => (keys === null || keys[f.kind].includes(f.key)) && q.keep(f),
  );
  const start = cursor.o;
  const room = q.limit - w.items.length;
  w.items.push(...ops.slice(start, start + room));
  return { items: w.items, next: start + room < ops.length ? { o: start + room } : null };
}

/** The shipment or order a stored PfId is of (or an unstored PfId may be), as a row to version. */
async function liveRow(
  ctx: AppContext,
  client: PactClient,
  subject: string,
  kind: string | null,
): Promise<SubjectRow | undefined> {
  const { companyId, shippers } = client;
  if (kind !== 'order') {
    const [row] = await shipmentRows(ctx, companyId, { shippers, ids: [subject], limit: 1 });
    if (row) return row;
  }
  // An alternative's id answers its group's basic tour: the order it belongs to.
  if (kind === 'order' || kind === null) {
    const [row] = await orderRows(ctx, companyId, { clients: shippers, members: [subject], limit: 1 });
    if (row) return row;
  }
  return undefined;
}

/**
 * One footprint by id: a stored version (a deprecated one as it was published, an active one
 * re-derived, which may deprecate it), a shipment or order of the client's scope, else a TOC or HOC.
 */
export async function footprintById(ctx: AppContext, client: PactClient, id: string): Promise<Served | null> {
  if (!/^[0-9a-fA-F-]{36}$/.test(id)) return null;
  const pfId = id.toLowerCase();
  const stored = await storedVersion(ctx, client.companyId, pfId);
  const inScope = (shipper: string | null) =>
    client.shippers === null || (shipper !== null && client.shippers.includes(shipper));
  if (stored && !inScope(stored.shipper)) return null;
  if (stored?.status === 'Deprecated') return fromVersion(stored);
  const row = await liveRow(ctx, client, stored?.subject ?? pfId, stored?.kind ?? null);
  if (row?.subject) {
    const [current] = await versionFootprints(ctx, client.companyId, [row.subject]);
    if (current?.id === pfId) return current;
    // The shipment or order changed since this PfId was published: it is now deprecated.
    const after = await storedVersion(ctx, client.companyId, pfId);
    return after ? fromVersion(after) : null;
  }
  // A stored footprint whose shipment is gone (or no longer servable) is answered as stored.
  if (stored) return fromVersion(stored);
  const ops = await operations(ctx, client);
  return ops.find((f) => f.id === pfId) ?? null;
}
