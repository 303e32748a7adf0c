import type { z } from 'zod';
import { ERRORS, type ErrorKey } from '@klimadesk/contract/platform/errors';
import { routeMap, type RouteId } from '@klimadesk/contract/routes';
import type { Answer } from '../app/client.ts';

/** The success schema of a route's answer (200, else 201, else 202) and its status. */
function answerSchema(id: RouteId): { status: number; schema: z.ZodType } {
  const response = (routeMap[id] as { response?: Record<number, z.ZodType> }).response ?? {};
  for (const status of [200, 201, 202]) {
    if (response[status]) return { status, schema: response[status] };
  }
  throw new Error(`${id}: the route has no JSON answer`);
}

/**
 * A route's answer for a component test, run through the route's response schema of the contract,
 * so a fixture that drifts from the contract fails the test that uses it. Gives what the API would
 * send: the parsed answer.
 */
export function fixture<Id extends RouteId>(id: Id, answer: Answer<Id>): Answer<Id> {
  const result = answerSchema(id).schema.safeParse(answer);
  if (!result.success) {
    const issues = JSON.stringify(result.error.issues, null, 2);
    throw new Error(`fixture '${id}' does not match the contract:\n${issues}`);
  }
  return result.data as Answer<Id>;
}

type Items<Id extends RouteId> = Answer<Id> extends { 'hydra:member': infer T } ? T : never;

/** A list answer of a route with these rows (all of them on one page), checked as `fixture` does. */
export function listFixture<Id extends RouteId>(id: Id, items: Items<Id>): Answer<Id> {
  const rows = items as unknown[];
  return fixture(id, { 'hydra:member': rows, 'hydra:totalItems': rows.length } as Answer<Id>);
}

/** The HTTP response of a route's answer: checked as `fixture` does, with the route's success status. */
export function answer<Id extends RouteId>(id: Id, body: Answer<Id>): Response {
  return Response.json(fixture(id, body), { status: answerSchema(id).status });
}

/** An error response of the catalogue: body code and HTTP status as the API sends them. */
export function errorAnswer(key: ErrorKey): Response {
  const { body, status } = ERRORS[key];
  return Response.json({ code: body, message: key }, { status });
}
