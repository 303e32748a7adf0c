import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from './routes.ts';

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
