import { z } from 'zod';
import type { Role } from './platform/roles.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The kind of tenant object a path parameter names; the isolation test creates one per kind. */
export type ResourceKind = 'user' | 'company' | 'userGroup' | (string & {});

/**
 * `public`: no session; `session`: any signed-in user (own account only); a role list: the user
 * needs one of these roles after the hierarchy is expanded.
 */
export type Access = 'public' | 'session' | readonly Role[];

export type ApiRoute = {
  id: string;
  method: HttpMethod;
  /** Fastify path with `:param` segments. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /**
   * A write changes company data: read-only users are refused before the handler runs. The own
   * account (profile, password, language, preferences) is not company data.
   */
  write: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
  /**
   * Which tenant object each id names: path parameters, query fields and body (or form) fields.
   * The tenant-isolation test sends another company's ids there; a contract test fails when a
   * uuid field of a query or body is not named here.
   */
  resources?: Record<string, ResourceKind>;
  /** Request body is multipart/form-data (file upload). */
  multipart?: boolean;
  /** Answer is a file download. */
  file?: boolean;
  /**
   * An API key may call this route (imports and their results); a key is refused everywhere else,
   * whatever its role would allow.
   */
  apiKey?: boolean;
};

export function defineRoutes<const T extends Record<string, Omit<ApiRoute, 'id'>>>(
  routes: T,
): { [K in keyof T]: T[K] & { id: K } } {
  const out = {} as Record<string, ApiRoute>;
  for (const [id, r] of Object.entries(routes)) out[id] = { ...r, id };
  return out as { [K in keyof T]: T[K] & { id: K } };
}

/** The list shape of every collection (seed 000 §7: member list and total count). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ 'hydra:member': z.array(item), 'hydra:totalItems': z.number().int() });
}

export type List<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

const intFromQuery = z.coerce.number().int();

/** page and limit; `pagination=false` returns every row where a list allows it. */
export const paginationQuery = {
  page: intFromQuery.min(1).default(1),
  limit: intFromQuery.min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  pagination: z.enum(['true', 'false']).optional(),
};

export const orderDirection = z.enum(['asc', 'desc']);

/** `order[field]=asc|desc` query keys for the given sortable fields. */
export function orderQuery<const F extends string>(fields: readonly F[]) {
  const shape = {} as Record<`order[${F}]`, z.ZodOptional<typeof orderDirection>>;
  for (const f of fields) shape[`order[${f}]`] = orderDirection.optional();
  return shape;
}

export const idParams = z.strictObject({ id: z.uuid() });

export const okResponse = z.object({ code: z.literal(20000), message: z.string() });

export const errorResponse = z.object({
  code: z.number().int(),
  message: z.string(),
  detail: z.record(z.string(), z.unknown()).optional(),
});

/** A spreadsheet delivered as base64 data with a file name (seed 000 §7). */
export const fileResponse = z.object({ fileName: z.string(), mimeType: z.string(), data: z.string() });

/** Booleans in query strings arrive as text. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
