import type { AppContext } from '../../platform/context.ts';
import { queueRefetch } from './exchange.refetch.ts';
import * as repo from './exchange.repository.ts';
import type { PactClient } from './exchange.service.ts';
import { PactError } from './pact.errors.ts';

/**
 * Action Events (PACT v2.3 "Action Events", v3.0 /3/events): CloudEvents 1.0 in structured JSON
 * mode. An event is checked against its type's syntax, stored once per source and id, and
 * answered with 200 and an empty body; an event that is not accepted gets BadRequest.
 * A footprint request is kept as pending until its RequestFulfilled / RequestRejected answer went
 * to the requester's host system (exchange.answers.ts); a Published event of a partner re-fetches
 * the footprints it names (exchange.refetch.ts).
 */
const V2 = {
  created: 'org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1',
  fulfilled: 'org.wbcsd.pathfinder.ProductFootprintRequest.Fulfilled.v1',
  rejected: 'org.wbcsd.pathfinder.ProductFootprintRequest.Rejected.v1',
  published: 'org.wbcsd.pathfinder.ProductFootprint.Published.v1',
} as const;
const V3 = {
  created: 'org.wbcsd.pact.ProductFootprint.RequestCreatedEvent.3',
  fulfilled: 'org.wbcsd.pact.ProductFootprint.RequestFulfilledEvent.3',
  rejected: 'org.wbcsd.pact.ProductFootprint.RequestRejectedEvent.3',
  published: 'org.wbcsd.pact.ProductFootprint.PublishedEvent.3',
} as const;
export const EVENT_TYPES = { 2: V2, 3: V3 } as const;

type Kind = keyof typeof V2;
type Data = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (message: string) => new PactError('BadRequest', message);
const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** v3 request criteria: the ListFootprints filters (openapi RequestCreatedEvent.data). */
function checkCriteria(data: Data): void {
  for (const k of ['productId', 'companyId', 'geography', 'classification'])
    if (data[k] !== undefined && !strings(data[k])) throw bad(`data.${k} must be an array of strings`);
  for (const k of ['validOn', 'validAfter', 'validBefore'])
    if (data[k] !== undefined && (typeof data[k] !== 'string' || Number.isNaN(Date.parse(data[k] as string))))
      throw bad(`data.${k} must be a date-time`);
  for (const k of ['status', 'comment'])
    if (data[k] !== undefined && typeof data[k] !== 'string') throw bad(`data.${k} must be a string`);
}

/** The syntax of each event type's `data` (v2 "PF Request Event syntax" …, v3 openapi schemas). */
function checkData(version: 2 | 3, kind: Kind, data: Data): void {
  if (kind === 'published') {
    // PfIds: "the non-empty list of ProductFootprint id values" (PfId: UUID; test cases 15, 21/40).
    const ids = data.pfIds;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((x) => typeof x === 'string' && UUID.test(x)))
      throw bad('data.pfIds must be a non-empty list of footprint ids (UUID)');
    return;
  }
  if (kind === 'created') {
    if (version === 2) {
      if (!isObject(data.pf)) throw bad('data.pf must be a ProductFootprint fragment');
      if (data.comment !== undefined && typeof data.comment !== 'string')
        throw bad('data.comment must be a string');
    } else checkCriteria(data);
    return;
  }
  if (typeof data.requestEventId !== 'string' || data.requestEventId === '')
    throw bad('data.requestEventId is required');
  if (kind === 'fulfilled' && (!Array.isArray(data.pfs) || (version === 3 && data.pfs.length === 0)))
    throw bad('data.pfs must be a list of footprints');
  if (kind === 'rejected') {
    const e = data.error;
    if (!isObject(e) || typeof e.code !== 'string' || typeof e.message !== 'string')
      throw bad('data.error must be an error response');
  }
}

/**
 * Checks an event of version 2 or 3 and stores it; answers nothing (200, empty body). Returns the
 * stored row of a new footprint request, which the caller queues for its asynchronous answer.
 */
export async function receiveEvent(
  ctx: AppContext,
  client: PactClient,
  version: 2 | 3,
  body: unknown,
): Promise<string | null> {
  if (!isObject(body)) throw bad('The body must be a CloudEvents event in structured JSON mode');
  if (body.specversion !== '1.0') throw bad('specversion must be "1.0"');
  for (const k of ['id', 'source', 'type'] as const)
    if (typeof body[k] !== 'string' || body[k] === '') throw bad(`${k} is required`);
  if (body.time !== undefined && (typeof body.time !== 'string' || Number.isNaN(Date.parse(body.time))))
    throw bad('time must be a date-time');
  if (version === 3 && body.time === undefined) throw bad('time is required');
  const types = EVENT_TYPES[version];
  const kind = (Object.keys(types) as Kind[]).find((k) => types[k] === body.type);
  if (!kind) throw bad(`Unknown event type ${String(body.type)} for version ${version}`);
  if (!isObject(body.data)) throw bad('data must be an object');
  checkData(version, kind, body.data);
  const id = await repo.insertEvent(ctx.db, {
    companyId: client.companyId,
    exchangeClientId: client.clientRowId,
    specVersion: String(version),
    type: body.type as string,
    eventId: (body.id as string).slice(0, 500),
    source: (body.source as string).slice(0, 2000),
    data: body.data,
    status: kind === 'created' ? 'pending' : 'received',
  });
  // A partner's Published event re-fetches the footprints it names (once per event: source + id).
  if (kind === 'published' && id)
    await queueRefetch(ctx, client.companyId, client.clientRowId, body.data.pfIds as string[]);
  return kind === 'created' ? id : null;
}
