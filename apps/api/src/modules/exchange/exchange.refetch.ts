import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/modules.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import * as repo from './exchange.connections.repository.ts';
import { withPartner } from './exchange.connections.ts';
import { partnerFootprintById, partnerToken } from './exchange.outbound.ts';
import { storeFootprints } from './exchange.partner-footprints.ts';

/**
 * A partner's Published event (PACT v2.3 "Notification of data recipients on Product Footprint
 * updates": "A data recipient upon receiving such an PF Update Event CAN retrieve the product
 * footprints through the Action GetFootprint"; v3.0 "Publishing updates", steps 1–3). The event is
 * attributed to a partner connection by the exchange client its sender authenticated as (v2.3/v3.0
 * "Action Events": "A host system SHOULD only accept events after authentication"; v3.0 step 1 "The
 * data owner authenticates with the data recipient"), never by its `source`, which the sender
 * writes itself: the connections naming that client as their events client (decision 0018). Each
 * gets a job that fetches the listed footprints from the partner (the outbound client: confirmed
 * base URL, time and size limits, no redirects) and stores them as a fetch does. A newer version
 * of an applied footprint is then offered in the shipment detail, never applied by itself.
 */
const MAX_PFIDS = 100;
const payload = z.object({
  companyId: z.uuid(),
  connectionId: z.uuid(),
  pfIds: z.array(z.uuid()).min(1).max(MAX_PFIDS),
});

async function refetch(ctx: AppContext, companyId: CompanyId, connectionId: string, pfIds: string[]) {
  const row = await repo.findConnection(ctx.db, companyId, connectionId);
  // A connection deleted, no longer confirmed or no longer bound to a client meanwhile fetches nothing.
  if (!row || row.confirmedUrl !== row.baseUrl || !row.eventsClientId) return { skipped: true };
  return withPartner(ctx, companyId, connectionId, async (partner) => {
    const token = await partnerToken(partner);
    const items: unknown[] = [];
    let missing = 0;
    for (const pfId of pfIds) {
      const item = await partnerFootprintById(partner, token, pfId);
      if (item === null) missing++;
      else items.push(item);
    }
    const stored = await storeFootprints(ctx, companyId, connectionId, items);
    return { ...stored, missing, issues: stored.issues.length };
  });
}

/** Failed fetches are retried by the queue (exponential back-off, five attempts). */
export const refetchJob = defineJob({
  queue: 'exchange-refetch',
  payload,
  handler: (ctx, p) => refetch(ctx, asCompanyId(p.companyId), p.connectionId, p.pfIds),
});

/**
 * Queues the re-fetch of a Published event's footprints from each connection whose partner sends as
 * `clientRowId`; none for a client no connection names (the event is still accepted, PACT v2.3
 * "General Principles of Event Processing": accept unless unsupported or malformed). Returns the
 * number of jobs queued.
 */
export async function queueRefetch(
  ctx: AppContext,
  companyId: CompanyId,
  clientRowId: string,
  pfIds: string[],
): Promise<number> {
  const connections = await repo.connectionsOfEventsClient(ctx.db, companyId, clientRowId);
  const ids = [...new Set(pfIds)];
  let queued = 0;
  for (const c of connections)
    for (let i = 0; i < ids.length; i += MAX_PFIDS) {
      await refetchJob.enqueue(
        ctx.jobs,
        { companyId, connectionId: c.id, pfIds: ids.slice(i, i + MAX_PFIDS) },
        { companyId, maxAttempts: 5 },
      );
      queued++;
    }
  return queued;
}
