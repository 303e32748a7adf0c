import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@klimadesk/contract';
import { errorAnswers } from './openapi-errors.ts';

type Operation = { operationId: string; security?: unknown[]; responses: Record<string, unknown> };
const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};
// The data exchange endpoints under /pact answer the PACT specification's own error bodies
// (exchange/pact.http.ts); every other operation comes from the route table.
const operations = Object.entries(doc.paths)
  .filter(([path]) => !path.startsWith('/pact/'))
  .flatMap(([, p]) => Object.values(p));

describe('error answers in the OpenAPI document', () => {
  it('derives the answers from the route: session, role, unknown id', () => {
    const route = apiRoutes.find((r) => r.id === 'deleteTagGroup');
    expect(route).toBeDefined();
    expect(Object.keys(errorAnswers(route!, false))).toEqual(['400', '401', '403', '404', '500']);
    const login = apiRoutes.find((r) => r.id === 'login');
    expect(Object.keys(errorAnswers(login!, true))).toEqual(['400', '429', '500']);
  });

  it('documents the booking refusal on the routes of a module only', () => {
    const keys = (id: string) => {
      const route = apiRoutes.find((r) => r.id === id);
      const forbidden = errorAnswers(route!, false)['403'] as
        { content: Record<string, { schema: object }> } | undefined;
      return JSON.stringify(forbidden ?? null);
    };
    expect(keys('cfcBusinessUnits')).toContain('moduleNotBooked');
    // A session route of the freight module can be refused for the booking alone.
    expect(keys('sessionConfig')).toContain('moduleNotBooked');
    expect(keys('deleteUserGroup')).not.toContain('moduleNotBooked');
  });

  it('gives every operation its security (empty for public ones) and its error answers', () => {
    expect(operations.length).toBe(apiRoutes.length);
    for (const op of operations) {
      const route = apiRoutes.find((r) => r.id === op.operationId);
      expect(route, op.operationId).toBeDefined();
      expect(op.security, op.operationId).toEqual(route!.access === 'public' ? [] : expect.any(Array));
      expect(Object.keys(op.responses), op.operationId).toEqual(
        expect.arrayContaining(Object.keys(errorAnswers(route!, false))),
      );
    }
  });

  it('writes each error answer and collection item once and refers to it', () => {
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([\w.-]+)"/g)];
    expect(refs.length).toBeGreaterThan(1000);
    for (const [, kind, name] of refs)
      expect(doc.components[kind!]?.[name!], `${kind}/${name}`).toBeDefined();
    for (const op of operations)
      for (const [status, answer] of Object.entries(op.responses))
        if (Number(status) >= 400) expect(answer, `${op.operationId} ${status}`).toHaveProperty('$ref');
    // The order is a collection item: one schema, referred to by its routes.
    expect(doc.components.schemas!.Order).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/orders/{id}']!.get)).toContain('#/components/schemas/Order');
  });
});
