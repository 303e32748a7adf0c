import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeMap } from '@klimadesk/contract/routes';
import {
  isFirstLoadRoute,
  webFirstRoutesSource,
  webRouteAccessSource,
  webRoutesSource,
} from '../../../../scripts/gen-web-routes.ts';
import { routeAccess } from './routes.access.gen.ts';
import { firstRouteFacts } from './routes.first.gen.ts';
import { routeFacts } from './routes.gen.ts';

const onDisk = (file: string) => readFileSync(resolve(process.cwd(), 'apps/web/src/app', file), 'utf8');

describe('generated route facts', () => {
  it('are what the generator writes from the contract (run `npx node scripts/gen-web-routes.ts`)', () => {
    expect(onDisk('routes.first.gen.ts')).toBe(webFirstRoutesSource());
    expect(onDisk('routes.gen.ts')).toBe(webRoutesSource());
    expect(onDisk('routes.access.gen.ts')).toBe(webRouteAccessSource());
  });

  it('hold every route of the table with its method, path, access and write', () => {
    expect(Object.keys(routeFacts).sort()).toEqual(Object.keys(routeMap).sort());
    expect(Object.keys(routeAccess).sort()).toEqual(Object.keys(routeMap).sort());
    for (const [id, r] of Object.entries(routeMap)) {
      const facts = routeFacts[id as keyof typeof routeFacts];
      const access = routeAccess[id as keyof typeof routeAccess];
      expect({
        id,
        method: facts.method,
        path: facts.path,
        access: access.access,
        write: access.write,
      }).toEqual({
        id,
        method: r.method,
        path: r.path,
        access: r.access,
        write: r.write,
      });
    }
  });

  it('keep access out of the facts the first load needs', () => {
    expect(onDisk('routes.gen.ts')).not.toMatch(/"access"|ROLE_/);
    expect(onDisk('routes.first.gen.ts')).not.toMatch(/"access"|ROLE_/);
  });

  it('put only the public routes and the session check into the first load, with the full facts', () => {
    const first = Object.keys(firstRouteFacts);
    expect(first).toEqual(expect.arrayContaining(['login', 'me', 'logout', 'maintenanceStatus', 'register']));
    expect(first).not.toContain('vehicles');
    for (const id of first) {
      const r = routeMap[id as keyof typeof routeMap];
      expect(isFirstLoadRoute(r), id).toBe(true);
      expect(firstRouteFacts[id as keyof typeof firstRouteFacts]).toEqual(
        routeFacts[id as keyof typeof routeFacts],
      );
    }
    expect(Object.values(routeMap).filter((r) => r.access === 'public').length).toBe(first.length - 2);
  });
});
