import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeMap } from '@klimadesk/contract/routes';
import { webRoutesSource } from '../../../../scripts/gen-web-routes.ts';
import { routeFacts } from './routes.gen.ts';

describe('routes.gen.ts', () => {
  it('is what the generator writes from the contract (run `npx node scripts/gen-web-routes.ts`)', () => {
    const onDisk = readFileSync(resolve(process.cwd(), 'apps/web/src/app/routes.gen.ts'), 'utf8');
    expect(onDisk).toBe(webRoutesSource());
  });

  it('holds every route of the table with its method, path and access', () => {
    expect(Object.keys(routeFacts).sort()).toEqual(Object.keys(routeMap).sort());
    for (const [id, r] of Object.entries(routeMap)) {
      const facts = routeFacts[id as keyof typeof routeFacts];
      expect({
        id,
        method: facts.method,
        path: facts.path,
        access: facts.access,
        write: facts.write,
      }).toEqual({
        id,
        method: r.method,
        path: r.path,
        access: r.access,
        write: r.write,
      });
    }
  });
});
