import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@klimadesk/contract';
import { type TestApp, createTestApp } from '../../test/harness.ts';
import { mountModules } from '../platform/modules.ts';
import { modules } from './index.ts';

/** The contract's route table, the modules' manifests and the mounted routes are one and the same set. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = (method: string, path: string) => `${method} ${path}`;

describe('module manifests', () => {
  it('own every route of the table exactly once', () => {
    const owned = modules.flatMap((m) => m.routes);
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned].sort()).toEqual(apiRoutes.map((r) => r.id).sort());
  });

  it('mount exactly the routes of the table, each by the module that names it', () => {
    const app = Fastify();
    const mounted: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD') mounted.push(route);
    });
    mountModules(app, t.ctx, modules);
    const paths = mounted.map((r) => key(String(r.method), r.url ?? ''));
    expect(paths.sort()).toEqual(apiRoutes.map((r) => key(r.method, r.path)).sort());
  });

  it('refuse a manifest that does not name what its module mounts', () => {
    const app = Fastify();
    const [first, second] = modules;
    const lying = [{ ...first, routes: first.routes.slice(1) }, second];
    expect(() => mountModules(app, t.ctx, lying)).toThrow(/manifest and mounted routes differ/);
  });

  it('the running API answers every route of the table (no 404 from the router)', () => {
    for (const r of apiRoutes) {
      expect([r.id, t.app.hasRoute({ method: r.method, url: r.path })]).toEqual([r.id, true]);
    }
  });
});
