import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { type ExchangeOrderQuery, exchangeOrders } from '../orders/index.ts';
import { exchangeShipments } from '../tours/index.ts';
import { type PublishedFootprint, queuePublished } from './exchange.publish.ts';
import * as repo from './exchange.versions.repository.ts';
import { type Served, servedOrder, servedShipment } from './pact.footprints.ts';

/**
 * Stored footprint versions of shipments and orders (PACT v2.3 "Product Footprint Lifecycle"; v3.0
 * keeps `precedingPfIds` and `status`). A footprint is derived from the shipment's or order's
 * figures at each request; when its content differs from the stored Active version, that is a major
 * change (§ "New ProductFootprint creation from major changes"): the old PfId gets a new version
 * with status Deprecated and `updated`, and a new PfId with `precedingPfIds` [old] is created. An
 * order that can no longer be served (cancelled) has its Active PfId deprecated without a successor.
 * Every stored row stays as written, so a deprecated footprint is served by its id exactly as it was
 * published. New and deprecated PfIds are announced to subscribers by Published events
 * (exchange.publish.ts).
 */
/** The content a version fixes: everything but the id and the lifecycle fields. */
export function contentDigest(f: Served): string {
  const { id: _id, version: _v, updated: _u, status: _s, precedingPfIds: _p, ...content } = f;
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

const toSnapshot = (f: Served) => JSON.parse(JSON.stringify(f)) as Record<string, unknown>;

/** A stored version as a footprint again (dates revived, lifecycle fields from the row). */
export function fromVersion(row: repo.VersionRow): Served {
  const s = row.snapshot as unknown as Served & Record<string, string>;
  return {
    ...s,
    id: row.pfId,
    created: row.created,
    periodStart: new Date(s.periodStart as unknown as string),
    periodEnd: new Date(s.periodEnd as unknown as string),
    version: row.version,
    updated: row.updated,
    status: row.status === 'Deprecated' ? 'Deprecated' : 'Active',
    precedingPfIds: row.precedingPfIds,
  };
}

export type Subject = {
  /** The footprint as derived now; null: no longer servable (a cancelled order), so an Active one is deprecated. */
  footprint: Served | null;
  subject: string;
  shipper: string | null;
  /**
   * Subjects whose Active footprint this one continues: the other orders of an order's alternative
   * group, since a promoted alternative carries the same order (orders.alternatives promoteOrder).
   */
  aliases?: string[];
};

type Run = {
  out: (Served | null)[];
  published: PublishedFootprint[];
  firsts: { row: repo.VersionInsert; published: PublishedFootprint }[];
  raced: boolean;
};

/**
 * The current footprints of these subjects (shipments, orders) with their lifecycle fields, in the
 * subjects' order (null where nothing is served), writing a new version where the content changed.
 * Each step is one insert guarded by the (company, PfId, version) key, so concurrent requests
 * write each version once; the loser reads the winner's rows.
 */
export async function versionFootprints(
  ctx: AppContext,
  companyId: CompanyId,
  subjects: Subject[],
  attempt = 0,
): Promise<(Served | null)[]> {
  if (subjects.length === 0) return [];
  const latest = await repo.latestOfSubjects(
    ctx.db,
    companyId,
    subjects.flatMap((s) => [s.subject, ...(s.aliases ?? [])]),
  );
  const active = new Map(latest.filter((r) => r.status === 'Active').map((r) => [r.subject, r]));
  const run: Run = { out: [], published: [], firsts: [], raced: false };
  for (const s of subjects) {
    const current = active.get(s.subject) ?? s.aliases?.map((a) => active.get(a)).find((r) => r);
    const hadAny = latest.some((r) => r.subject === s.subject);
    run.out.push(await stepOf(ctx, companyId, s, current ?? null, hadAny, run));
  }
  // New footprints in one statement (the first request of a large company writes many).
  if (run.firsts.length) {
    const wrote = new Set(
      await repo.insertVersions(
        ctx.db,
        run.firsts.map((f) => f.row),
      ),
    );
    for (const f of run.firsts) {
      if (wrote.has(f.row.pfId)) run.published.push(f.published);
      else run.raced = true;
    }
  }
  if (run.published.length) await queuePublished(ctx, companyId, run.published);
  // Another request wrote a version first: read the stored state once more.
  if (run.raced && attempt < 2) return versionFootprints(ctx, companyId, subjects, attempt + 1);
  return run.out;
}

const activeVersion = (f: Served, pfId: string, created: Date, precedingPfIds: string[] | null): Served => ({
  ...f,
  id: pfId,
  created,
  version: 0,
  updated: null,
  status: 'Active',
  precedingPfIds,
});

/** One subject: unchanged, first served, changed (old PfId deprecated, a new one), or withdrawn. */
async function stepOf(
  ctx: AppContext,
  companyId: CompanyId,
  s: Subject,
  current: repo.VersionHead | null,
  hadAny: boolean,
  run: Run,
): Promise<Served | null> {
  const { footprint, subject, shipper } = s;
  if (!footprint) {
    // No longer servable: its Active PfId is deprecated without a successor.
    if (current) await deprecateAndAnnounce(ctx, companyId, current, shipper, run, new Date());
    return null;
  }
  const digest = contentDigest(footprint);
  if (current?.digest === digest) return { ...footprint, ...lifecycleOf(current) };
  const row = { companyId, kind: footprint.kind, subject, shipper, digest, snapshot: toSnapshot(footprint) };
  if (!current) {
    // The first PfId of a shipment or order is its own id (what was served before versions were stored).
    const pfId = hadAny ? randomUUID() : subject;
    const created = hadAny ? new Date() : footprint.created;
    run.firsts.push({
      row: { ...row, pfId, version: 0, status: 'Active', created },
      published: { pfId, productIds: footprint.productIds, republished: hadAny },
    });
    return activeVersion(footprint, pfId, created, null);
  }
  const now = new Date();
  if (!(await deprecateAndAnnounce(ctx, companyId, current, shipper, run, now)))
    return { ...footprint, ...lifecycleOf(current) };
  const pfId = randomUUID();
  const precedingPfIds = [current.pfId];
  await repo.insertVersion(ctx.db, {
    ...row,
    pfId,
    version: 0,
    status: 'Active',
    precedingPfIds,
    created: now,
  });
  run.published.push({ pfId, productIds: footprint.productIds, republished: true });
  return activeVersion(footprint, pfId, now, precedingPfIds);
}

/** Deprecates `current` and announces it; false (and a raced run) when another request did first. */
async function deprecateAndAnnounce(
  ctx: AppContext,
  companyId: CompanyId,
  current: repo.VersionHead,
  shipper: string | null,
  run: Run,
  now: Date,
): Promise<boolean> {
  const deprecated = await deprecate(ctx, companyId, current, shipper, now);
  if (!deprecated) {
    run.raced = true;
    return false;
  }
  run.published.push({ pfId: current.pfId, productIds: deprecated.productIds, republished: true });
  return true;
}

/**
 * The next version of an Active PfId with status Deprecated, repeating its content as published
 * (PACT: a Deprecated footprint is not changed) and its subject, so a promoted alternative's order
 * keeps its own rows; null when another request wrote it first.
 */
async function deprecate(
  ctx: AppContext,
  companyId: CompanyId,
  current: repo.VersionHead,
  shipper: string | null,
  now: Date,
): Promise<{ productIds: string[] } | null> {
  const { id: _id, ...stored } = (await repo.latestOfPf(ctx.db, companyId, current.pfId))!;
  const wrote = await repo.insertVersion(ctx.db, {
    ...stored,
    shipper,
    version: current.version + 1,
    status: 'Deprecated',
    updated: now,
  });
  return wrote ? { productIds: (stored.snapshot.productIds as string[] | undefined) ?? [] } : null;
}

const lifecycleOf = (r: repo.VersionHead) => ({
  id: r.pfId,
  created: r.created,
  version: r.version,
  updated: r.updated,
  status: 'Active' as const,
  precedingPfIds: r.precedingPfIds,
});

/** A deprecated (or not yet re-derived) stored version by its PfId, for GetFootprint. */
export const storedVersion = (ctx: AppContext, companyId: CompanyId, pfId: string) =>
  repo.latestOfPf(ctx.db, companyId, pfId);

/** One row of a keyset walk: its id, and what it serves (null: nothing to version). */
export type SubjectRow = { id: string; subject: Subject | null };

/** A page of the company's shipments; those that cannot be served have no subject. */
export async function shipmentRows(
  ctx: AppContext,
  companyId: CompanyId,
  q: Parameters<typeof exchangeShipments>[2],
): Promise<SubjectRow[]> {
  return (await exchangeShipments(ctx.db, companyId, q)).map((s) => {
    const f = servedShipment(s);
    return { id: s.id, subject: f ? { footprint: f, subject: s.id, shipper: s.shipper } : null };
  });
}

/**
 * A page of the company's orders (basic tours). Every one is a subject, so an order that can no
 * longer be served (cancelled) has its published footprint deprecated; its shipper is its client.
 */
export async function orderRows(
  ctx: AppContext,
  companyId: CompanyId,
  q: ExchangeOrderQuery,
): Promise<SubjectRow[]> {
  return (await exchangeOrders(ctx.db, companyId, q)).map((o) => ({
    id: o.id,
    subject: { footprint: servedOrder(o), subject: o.id, shipper: o.client, aliases: o.alternativeIds },
  }));
}

const BATCH = 250;

async function versionAll(
  ctx: AppContext,
  companyId: CompanyId,
  read: (after: string | null) => Promise<SubjectRow[]>,
) {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    await versionFootprints(
      ctx,
      companyId,
      rows.flatMap((r) => (r.subject ? [r.subject] : [])),
    );
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Brings the stored versions of every shipment and order of a company up to date, so subscribers
 * hear of changed footprints without a request (sweep `exchange-footprint-versions`).
 */
export async function versionCompany(ctx: AppContext, companyId: CompanyId): Promise<void> {
  await versionAll(ctx, companyId, (after) =>
    shipmentRows(ctx, companyId, { shippers: null, after, limit: BATCH }),
  );
  await versionAll(ctx, companyId, (after) =>
    orderRows(ctx, companyId, { clients: null, after, limit: BATCH }),
  );
}

export async function sweepVersions(ctx: AppContext): Promise<void> {
  for (const companyId of await repo.companiesWithSubscribers(ctx.db)) await versionCompany(ctx, companyId);
}
