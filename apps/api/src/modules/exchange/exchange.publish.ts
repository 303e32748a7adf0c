import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/modules.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import * as connections from './exchange.connections.repository.ts';
import { withPartner } from './exchange.connections.ts';
import { isUnder, partnerEvent, partnerToken } from './exchange.outbound.ts';
import * as repo from './exchange.repository.ts';
import { EVENT_TYPES } from './pact.events.ts';

/**
 * Published events (PACT v2.3 "Notification of data recipients on Product Footprint updates",
 * v3.0 PublishedEvent): when footprints are published anew (a new PfId, or a PfId deprecated),
 * each subscriber gets `{ pfIds }` at its events action. Subscribers are the company's confirmed
 * partner connections that opted in (`publishUpdates`), and those whose host system asked for one of
 * these products by a RequestCreated event (the connection whose base URL covers the event's
 * `source`, as for the asynchronous answers). One job per subscriber and event, five attempts.
 */
const MAX_PFIDS = 100;
const payload = z.object({
  companyId: z.uuid(),
  connectionId: z.uuid(),
  pfIds: z.array(z.uuid()).min(1).max(MAX_PFIDS),
});

/** `republished`: a successor or a deprecated PfId (requesters hear only of these; their request was answered). */
export type PublishedFootprint = { pfId: string; productIds: string[]; republished: boolean };

/** The product ids a stored RequestCreated event asked for (v2 `pf.productIds`, v3 `productId`). */
function askedProducts(data: Record<string, unknown>): string[] {
  const v3 = data.productId;
  if (Array.isArray(v3)) return v3.map(String);
  const v2 = (data.pf as { productIds?: unknown } | undefined)?.productIds;
  return Array.isArray(v2) ? v2.map(String) : [];
}

/** Which confirmed connections are to hear of which of these footprints. */
export async function subscribersOf(
  ctx: AppContext,
  companyId: CompanyId,
  footprints: PublishedFootprint[],
): Promise<Map<string, string[]>> {
  const rows = await connections.confirmedConnections(ctx.db, companyId);
  const out = new Map<string, Set<string>>();
  const add = (connectionId: string, pfId: string) =>
    (out.get(connectionId) ?? out.set(connectionId, new Set()).get(connectionId)!).add(pfId);
  for (const c of rows.filter((r) => r.publishUpdates)) for (const f of footprints) add(c.id, f.pfId);
  const requests = footprints.some((f) => f.republished) ? await repo.requestEvents(ctx.db, companyId) : [];
  for (const e of requests) {
    const asked = new Set(askedProducts(e.data).map((p) => p.toLowerCase()));
    const target = rows.find((r) => isUnder(r.baseUrl, e.source) || r.baseUrl === e.source);
    if (!target || asked.size === 0) continue;
    for (const f of footprints)
      if (f.republished && f.productIds.some((p) => asked.has(p.toLowerCase()))) add(target.id, f.pfId);
  }
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}

export async function queuePublished(
  ctx: AppContext,
  companyId: CompanyId,
  footprints: PublishedFootprint[],
): Promise<void> {
  for (const [connectionId, pfIds] of await subscribersOf(ctx, companyId, footprints))
    for (let i = 0; i < pfIds.length; i += MAX_PFIDS)
      await publishJob.enqueue(
        ctx.jobs,
        { companyId, connectionId, pfIds: pfIds.slice(i, i + MAX_PFIDS) },
        { companyId, maxAttempts: 5 },
      );
}

export function publishedEvent(ctx: AppContext, version: 2 | 3, pfIds: string[]) {
  return {
    type: EVENT_TYPES[version].published,
    specversion: '1.0',
    id: randomUUID(),
    source: `${ctx.config.appUrl}/pact`,
    time: new Date().toISOString(),
    data: { pfIds },
  };
}

/** Failed deliveries are retried by the queue (exponential back-off, five attempts). */
export const publishJob = defineJob({
  queue: 'exchange-publish',
  payload,
  handler: async (ctx, p) => {
    const companyId = asCompanyId(p.companyId);
    const row = await connections.findConnection(ctx.db, companyId, p.connectionId);
    // A connection deleted or no longer confirmed meanwhile gets nothing.
    if (!row || row.confirmedUrl !== row.baseUrl) return { skipped: true };
    return withPartner(ctx, companyId, p.connectionId, async (partner) => {
      const token = await partnerToken(partner);
      await partnerEvent(
        partner,
        token,
        `${partner.baseUrl}/${partner.version}/events`,
        publishedEvent(ctx, partner.version, p.pfIds),
      );
      return { sent: p.pfIds.length };
    });
  },
});
