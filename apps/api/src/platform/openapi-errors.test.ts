import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@klimadesk/contract';
import { errorAnswers } from './openapi-errors.ts';

type Operation = { operationId: string; security?: unknown[]; responses: Record<string, unknown> };
const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));

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
});
