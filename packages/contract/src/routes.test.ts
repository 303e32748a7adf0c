import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from './routes.ts';
import { type ModuleCode, moduleOfRole } from './platform/roles.ts';

/** Top-level fields of an object schema (through optional, default and pipe wrappers). */
function fields(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  return {};
}

/** Whether a field holds a uuid anywhere inside, as sent or as parsed (`ids=a,b` pipes to uuids). */
function holdsUuid(field: z.ZodType): boolean {
  return (['input', 'output'] as const).some((io) =>
    JSON.stringify(z.toJSONSchema(field, { unrepresentable: 'any', io })).includes('"format":"uuid"'),
  );
}

describe('route table', () => {
  it('names the tenant object of every id a query or body carries, so the isolation test sends foreign ids there', () => {
    const unnamed = apiRoutes
      .filter((r) => r.access !== 'public')
      .flatMap((r) =>
        Object.entries({ ...fields(r.query), ...fields(r.body) })
          .filter(([name, field]) => holdsUuid(field) && !r.resources?.[name])
          .map(([name]) => `${r.id}.${name}`),
      );
    expect(unnamed).toEqual([]);
  });

  it('names only fields that exist in the path, query or body', () => {
    const dangling = apiRoutes.flatMap((r) =>
      Object.keys(r.resources ?? {})
        .filter(
          (name) =>
            !r.path.includes(`:${name}`) &&
            !(name in fields(r.query)) &&
            !(name in fields(r.body)) &&
            // Multipart routes name their form fields.
            !r.multipart,
        )
        .map((name) => `${r.id}.${name}`),
    );
    expect(dangling).toEqual([]);
  });
});

/** The modules whose roles a route's access names (company and platform admin aside). */
const roleModules = (access: (typeof apiRoutes)[number]['access']): Set<ModuleCode | null> =>
  new Set(typeof access === 'string' ? [] : access.map(moduleOfRole).filter((m) => m !== null));

describe('module bookings in the route table', () => {
  it('a module route is for that module’s roles only', () => {
    const wrong = apiRoutes
      .filter((r) => r.module && Array.isArray(r.access))
      .filter((r) => {
        const modules = roleModules(r.access);
        return modules.size !== 1 || !modules.has(r.module ?? null);
      })
      .map((r) => r.id);
    expect(wrong).toEqual([]);
  });

  it('the provider’s routes (platform admin only) belong to no module', () => {
    const provider = apiRoutes.filter(
      (r) => Array.isArray(r.access) && r.access.length === 1 && r.access[0] === 'ROLE_SMP_ADMIN',
    );
    expect(provider.length).toBeGreaterThan(20);
    expect(provider.filter((r) => r.module).map((r) => r.id)).toEqual([]);
  });

  it('every route under a module’s paths and tags declares it', () => {
    const expected = (r: (typeof apiRoutes)[number]): ModuleCode | null => {
      if (Array.isArray(r.access) && r.access.every((role) => role === 'ROLE_SMP_ADMIN')) return null;
      if (r.path.startsWith('/api/cfc/')) return 'cfc';
      if (r.path.startsWith('/api/tax/')) return 'tax';
      if (r.path.startsWith('/api/csrd/')) return 'csrd';
      if (r.path.startsWith('/api/vsme/')) return 'vsme';
      const freight = ['fleet', 'tours', 'dashboards', 'exports', 'statements', 'tags', 'mappings', 'orders'];
      return freight.includes(r.tag) ? 'cft' : (r.module ?? null);
    };
    const wrong = apiRoutes.filter((r) => (r.module ?? null) !== expected(r)).map((r) => r.id);
    expect(wrong).toEqual([]);
    // The freight area and the four other modules each have routes of their own.
    for (const m of ['cft', 'cfc', 'tax', 'csrd', 'vsme'] as const) {
      expect(apiRoutes.filter((r) => r.module === m).length, m).toBeGreaterThan(10);
    }
  });
});
