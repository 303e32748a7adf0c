import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { exchangeShipments } from '../tours/index.ts';
import { type PublishedFootprint, queuePublished } from './exchange.publish.ts';
import * as repo from './exchange.versions.repository.ts';
import { type Served, servedShipment } from './pact.footprints.ts';

/**
 * Stored footprint versions of shipments (PACT v2.3 "Product Footprint Lifecycle"; v3.0 keeps
 * `precedingPfIds` and `status`). A footprint is derived from the shipment's figures at each request;
 * when its content differs from the stored Active version, that is a major change (§ "New
 * ProductFootprint creation from major changes"): the old PfId gets a new version with status
 * Deprecated and `updated`, and a new PfId with `precedingPfIds` [old] is created. Every stored row
 * stays as written, so a deprecated footprint is served by its id exactly as it was published.
 * New and deprecated PfIds are announced to subscribers by Published events (exchange.publish.ts).
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

export type Subject = { footprint: Served; subject: string; shipper: string | null };

/**
 * The current footprints of these shipments with their lifecycle fields, writing a new version
 * where the content changed. Each step is one insert guarded by the (company, PfId, version) key,
 * so concurrent requests write each version once; the loser reads the winner's rows.
 */
export async function versionShipments(
  ctx: AppContext,
  companyId: CompanyId,
  subjects: Subject[],
  attempt = 0,
): Promise<Served[]> {
  if (subjects.length === 0) return [];
  const latest = await repo.latestOfSubjects(
    ctx.db,
    companyId,
    subjects.map((s) => s.subject),
  );
  const active = new Map(latest.filter((r) => r.status === 'Active').map((r) => [r.subject, r]));
  const out: Served[] = [];
  const published: PublishedFootprint[] = [];
  const firsts: { row: repo.VersionInsert; published: PublishedFootprint }[] = [];
  let raced = false;
  for (const { footprint, subject, shipper } of subjects) {
    const digest = contentDigest(footprint);
    const current = active.get(subject);
    if (current && current.digest === digest) {
      out.push({ ...footprint, ...lifecycleOf(current) });
      continue;
    }
    const base = {
      companyId,
      kind: footprint.kind,
      subject,
      shipper,
      digest,
      snapshot: toSnapshot(footprint),
    };
    if (!current) {
      // The first PfId of a shipment is its own id (what was served before versions were stored).
      const hadAny = latest.some((r) => r.subject === subject);
      const pfId = hadAny ? randomUUID() : subject;
      const created = hadAny ? new Date() : footprint.created;
      firsts.push({
        row: { ...base, pfId, version: 0, status: 'Active', created },
        published: { pfId, productIds: footprint.productIds, republished: hadAny },
      });
      out.push({
        ...footprint,
        id: pfId,
        created,
        version: 0,
        updated: null,
        status: 'Active',
        precedingPfIds: null,
      });
      continue;
    }
    const now = new Date();
    // The deprecated version repeats the content as published (PACT: a Deprecated footprint is not changed).
    const stored = (await repo.latestOfPf(ctx.db, companyId, current.pfId))!;
    const deprecated = await repo.insertVersion(ctx.db, {
      ...base,
      digest: current.digest,
      snapshot: stored.snapshot,
      pfId: current.pfId,
      version: current.version + 1,
      status: 'Deprecated',
      precedingPfIds: current.precedingPfIds,
      created: current.created,
      updated: now,
    });
    if (!deprecated) {
      raced = true;
      out.push({ ...footprint, ...lifecycleOf(current) });
      continue;
    }
    const pfId = randomUUID();
    await repo.insertVersion(ctx.db, {
      ...base,
      pfId,
      version: 0,
      status: 'Active',
      precedingPfIds: [current.pfId],
      created: now,
    });
    published.push(
      { pfId, productIds: footprint.productIds, republished: true },
      { pfId: current.pfId, productIds: footprint.productIds, republished: true },
    );
    out.push({
      ...footprint,
      id: pfId,
      created: now,
      version: 0,
      updated: null,
      status: 'Active',
      precedingPfIds: [current.pfId],
    });
  }
  // New footprints in one statement (the first request of a large company writes many).
  if (firsts.length) {
    const wrote = new Set(
      await repo.insertVersions(
        ctx.db,
        firsts.map((f) => f.row),
      ),
    );
    for (const f of firsts) {
      if (wrote.has(f.row.pfId)) published.push(f.published);
      else raced = true;
    }
  }
  if (published.length) await queuePublished(ctx, companyId, published);
  // Another request wrote a version first: read the stored state once more.
  if (raced && attempt < 2) return versionShipments(ctx, companyId, subjects, attempt + 1);
  return out;
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

const BATCH = 250;

/**
 * Brings the stored versions of every shipment of a company up to date, so subscribers hear of
 * changed footprints without a request (sweep `exchange-footprint-versions`).
 */
export async function versionCompany(ctx: AppContext, companyId: CompanyId): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const batch = await exchangeShipments(ctx.db, companyId, { shippers: null, after, limit: BATCH });
    const subjects: Subject[] = [];
    for (const s of batch) {
      const f = servedShipment(s);
      if (f) subjects.push({ footprint: f, subject: s.id, shipper: s.shipper });
    }
    await versionShipments(ctx, companyId, subjects);
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

export async function sweepVersions(ctx: AppContext): Promise<void> {
  for (const companyId of await repo.companiesWithSubscribers(ctx.db)) await versionCompany(ctx, companyId);
}
