import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/modules.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import * as connections from './exchange.connections.repository.ts';
import { partnerOf } from './exchange.connections.ts';
import { type Partner, isUnder, partnerEvent, partnerToken } from './exchange.outbound.ts';
import * as repo from './exchange.repository.ts';
import { type PactClient, recordFetches } from './exchange.service.ts';
import { EVENT_TYPES } from './pact.events.ts';
import { type V3Criteria, matchesProduct, matchesValidity, planV3 } from './pact.filters.ts';
import { type Served, keyOfProductId, toV2, toV3 } from './pact.footprints.ts';
import { companyUrn, footprintPage } from './pact.serve.ts';

/**
 * The asynchronous answer to a footprint request (PACT v2.3 "Action Events" / v3.0 "Asynchronous
 * Event Flow"): the request was acknowledged with 200 at once; this job later sends
 * RequestFulfilled with the matching footprints, or RequestRejected, to the requester's host
 * system. Answers go only to a confirmed partner connection of the company whose base URL covers
 * the event's `source`; without one the request is marked `undeliverable`.
 *
 * Footprints not there yet (a shipment not imported) are looked for again every hour for
 * ANSWER_WAIT_DAYS, then the request is rejected. A request only for product ids this host never
 * issues (not its vendor-assigned ids, iLEAP §7.2) is rejected at once.
 */
export const ANSWER_WAIT_DAYS = 7;
const RETRY_AFTER_MS = 60 * 60 * 1000;
/** Footprints sent in one RequestFulfilled at most (the rest stays with the list action). */
const MAX_PFS = 100;

const payload = z.object({ companyId: z.uuid(), eventId: z.uuid() });

/** The request's criteria: v3's ListFootprints filters, v2's fragment by its product ids. */
function criteriaOf(version: 2 | 3, data: Record<string, unknown>): V3Criteria {
  if (version === 3) return data as V3Criteria;
  const pf = (data.pf ?? {}) as { productIds?: unknown };
  return Array.isArray(pf.productIds) ? { productId: pf.productIds.map(String) } : {};
}

/** Where the answer goes: the source itself when it is an events URL under the base, else {base}/{v}/events. */
export function eventsUrlOf(partner: Partner, source: string, version: 2 | 3): string {
  return isUnder(partner.baseUrl, source) && /\/events\/?$/.test(new URL(source).pathname)
    ? source
    : `${partner.baseUrl}/${version}/events`;
}

function connectionFor(rows: connections.ConnectionRow[], source: string) {
  return rows.find(
    (r) => r.confirmedUrl === r.baseUrl && (isUnder(r.baseUrl, source) || r.baseUrl === source),
  );
}

type Answer =
  | { kind: 'fulfilled'; pfs: unknown[]; served: Served[] }
  | { kind: 'rejected'; code: string; message: string }
  | { kind: 'wait' };

async function answerOf(
  ctx: AppContext,
  client: PactClient,
  version: 2 | 3,
  data: Record<string, unknown>,
  age: number,
): Promise<Answer> {
  const criteria = criteriaOf(version, data);
  const page = await footprintPage(ctx, client, {
    limit: MAX_PFS,
    cursor: { s: null },
    plan: planV3(criteria, companyUrn(client.companyId)),
    keep: (f) => matchesProduct(f, criteria) && matchesValidity(f, criteria),
  });
  if (page.items.length)
    return {
      kind: 'fulfilled',
      served: page.items,
      pfs: page.items.map((f) => (version === 2 ? toV2(f, client) : toV3(f, client))),
    };
  const asked = criteria.productId ?? [];
  const code = version === 2 ? 'NoSuchFootprint' : 'NotFound';
  if (asked.length > 0 && asked.every((id) => keyOfProductId(id) === null))
    return { kind: 'rejected', code, message: 'No footprint of these product ids is issued here' };
  if (age >= ANSWER_WAIT_DAYS * 86_400_000)
    return { kind: 'rejected', code, message: 'No footprint matches the request' };
  return { kind: 'wait' };
}

function answerEvent(
  ctx: AppContext,
  version: 2 | 3,
  requestEventId: string,
  answer: Exclude<Answer, { kind: 'wait' }>,
) {
  const types = EVENT_TYPES[version];
  return {
    type: answer.kind === 'fulfilled' ? types.fulfilled : types.rejected,
    specversion: '1.0',
    id: randomUUID(),
    source: `${ctx.config.appUrl}/pact`,
    time: new Date().toISOString(),
    data:
      answer.kind === 'fulfilled'
        ? { requestEventId, pfs: answer.pfs }
        : { requestEventId, error: { code: answer.code, message: answer.message } },
  };
}

async function run(ctx: AppContext, companyId: CompanyId, eventId: string) {
  const event = await repo.findEvent(ctx.db, companyId, eventId);
  if (!event || event.status !== 'pending') return { skipped: true };
  const owner = await repo.clientWithCompany(ctx.db, companyId, event.exchangeClientId);
  const target = connectionFor(await connections.confirmedConnections(ctx.db, companyId), event.source);
  if (!owner || owner.revokedAt || !target) {
    await repo.answerEvent(ctx.db, companyId, eventId, 'undeliverable');
    return { status: 'undeliverable' };
  }
  const version = event.specVersion === '3' ? 3 : 2;
  const client: PactClient = {
    companyId,
    companyName: owner.companyName,
    clientRowId: event.exchangeClientId,
    shippers: owner.shipper === null ? null : [owner.shipper],
    scopes: ['footprint:list', 'footprint:read'],
  };
  const answer = await answerOf(ctx, client, version, event.data, Date.now() - event.receivedAt.getTime());
  if (answer.kind === 'wait') {
    await answerRequestJob.enqueue(
      ctx.jobs,
      { companyId, eventId },
      { companyId, runAt: new Date(Date.now() + RETRY_AFTER_MS), maxAttempts: 5 },
    );
    return { status: 'waiting' };
  }
  const partner = partnerOf(ctx, target);
  const token = await partnerToken(partner);
  await partnerEvent(
    partner,
    token,
    eventsUrlOf(partner, event.source, version),
    answerEvent(ctx, version, event.eventId, answer),
  );
  await repo.answerEvent(ctx.db, companyId, eventId, answer.kind);
  if (answer.kind === 'fulfilled') await recordFetches(ctx, client, answer.served);
  return { status: answer.kind };
}

/** Failed deliveries are retried by the queue (exponential back-off, five attempts). */
export const answerRequestJob = defineJob({
  queue: 'exchange-answer',
  payload,
  handler: (ctx, p) => run(ctx, asCompanyId(p.companyId), p.eventId),
});

export const queueAnswer = (ctx: AppContext, companyId: CompanyId, eventId: string) =>
  answerRequestJob.enqueue(ctx.jobs, { companyId, eventId }, { companyId, maxAttempts: 5 });
