import { z } from 'zod';
import type { ModuleCode, Role } from './platform/roles.ts';
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
  /**
   * The module whose running booking the caller's company needs (403 `moduleNotBooked` otherwise,
   * before the input is read). Set by the route kit for every route of a module; absent on the
   * routes of the platform, the provider and those every module shares.
   */
  module?: ModuleCode;
};

/**
 * The item schemas of the route kit's collections are named after their resource kind (`order` →
 * `Order`) in zod's global registry, which also holds the schemas' descriptions: the OpenAPI
 * document writes each once under `components.schemas` and refers to it, so generated clients get
 * named types. A kind used by two different schemas keeps the first name.
 */
export const namedSchemas = z.globalRegistry;
const schemaNames = new Set<string>();

function nameItemSchema(kind: string, schema: z.ZodType | undefined) {
  if (!schema || namedSchemas.get(schema)?.id) return;
  const id = kind.charAt(0).toUpperCase() + kind.slice(1);
  if (schemaNames.has(id)) return;
  schemaNames.add(id);
  namedSchemas.add(schema, { ...namedSchemas.get(schema), id });
}

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

/** page and limit of a list with its own page size. */
export function paginationQueryOf(pageSize: number) {
  return { ...paginationQuery, limit: paginationQuery.limit.default(pageSize) };
}

export const orderDirection = z.enum(['asc', 'desc']);

/** `order[field]=asc|desc` query keys for the given sortable fields. */
export function orderQuery<const F extends string>(fields: readonly F[]) {
  const shape = {} as Record<`order[${F}]`, z.ZodOptional<typeof orderDirection>>;
  for (const f of fields) shape[`order[${f}]`] = orderDirection.optional();
  return shape;
}

export const idParams = z.strictObject({ id: z.uuid() });

export const okResponse = z.object({ code: z.literal(20000), message: z.string() });

/** The parts of a route that answers `okResponse`: a change with no object of its own to return. */
export const answersOk = { response: { 200: okResponse } } as const;

export const errorResponse = z.object({
  code: z.number().int(),
  message: z.string(),
  detail: z.record(z.string(), z.unknown()).optional(),
});

/** A spreadsheet delivered as base64 data with a file name (seed 000 §7). */
export const fileResponse = z.object({ fileName: z.string(), mimeType: z.string(), data: z.string() });

/** Booleans in query strings arrive as text. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** What an entry of a route kit sets besides method, path, summary and tag. */
export type RouteParts = Partial<Omit<ApiRoute, 'id' | 'method' | 'path' | 'summary' | 'tag'>>;

/**
 * Builds the entries of one tag for `defineRoutes`, so each entry names only what differs:
 * - `read(path, summary, parts)`: a GET with the read access; it changes nothing; `readList(path,
 *   summary, item, parts)` is one answering `listOf(item)` (a list without pages);
 * - `write(method, path, summary, parts)`: changes company data and needs the write access (the read
 *   access when the kit names none);
 * - `act(method, path, summary, parts)`: needs the write access but changes no company data (a check,
 *   a calculation, the own account), so read-only users are not refused for being read-only;
 * - `collection(path, kind, { item, list })`: list, get, create, update (or replace) and remove at `path` and
 *   `path/:id`, where the id names a `kind` for the isolation test; its `id` holds those parts for
 *   further item routes. With `item`, get, create (201) and update answer the item and list answers
 *   `list` (`listOf(item)` unless given), unless an entry names its own `response`.
 * Parts may set another `access` or `write`, and add `resources` (merged with the item id's).
 * `module` names the module every entry of the kit belongs to (`ApiRoute.module`), null for none.
 */
export function routeKit<const R extends Access, const W extends Access = R>(
  tag: string,
  access: { module: ModuleCode | null; read: R; write?: W },
) {
  const writeAccess = (access.write ?? access.read) as W;
  // Every kit names its module (null: platform, provider or shared routes), so no route forgets it.
  const booking: { module?: ModuleCode } = access.module === null ? {} : { module: access.module };
  const entry = <
    const M extends HttpMethod,
    const P extends string,
    const A extends Access,
    const F extends boolean,
    const X extends RouteParts,
  >(
    method: M,
    path: P,
    summary: string,
    rule: { access: A; write: F },
    parts: X,
  ) =>
    over({ method, path, summary, tag, access: rule.access, write: rule.write, ...booking } as const, parts);
  const read = <const P extends string, const X extends RouteParts = {}>(
    path: P,
    summary: string,
    parts = {} as X,
  ) => entry('GET', path, summary, { access: access.read, write: false }, parts);
  /** A GET answering a list without pages (`listOf(item)`): reference lists, look-ups. */
  const readList = <const P extends string, const I extends z.ZodType, const X extends RouteParts = {}>(
    path: P,
    summary: string,
    item: I,
    parts = {} as X,
  ) => read(path, summary, { ...parts, response: { 200: listOf(item) } } as ListParts<X, I>);
  // `write` and `act` both need the write access; only `write` changes company data.
  const withWriteAccess =
    <const F extends boolean>(changesData: F) =>
    <const M extends HttpMethod, const P extends string, const X extends RouteParts = {}>(
      method: M,
      path: P,
      summary: string,
      parts = {} as X,
    ) =>
      entry(method, path, summary, { access: writeAccess, write: changesData }, parts);
  const write = withWriteAccess(true);
  const act = withWriteAccess(false);

  function collection<
    const B extends string,
    const K extends ResourceKind,
    const I extends z.ZodType | undefined = undefined,
    const L extends z.ZodType | undefined = undefined,
  >(path: B, kind: K, answers: { item?: I; list?: L } = {}) {
    const one = `${path}/:id` as const;
    nameItemSchema(kind, answers.item);
    // Without its own `list`, a collection lists its items.
    const list = (answers.list ?? (answers.item && listOf(answers.item))) as ListAnswer<I, L>;
    return {
      /** The parts of a further route on one item (`path/:id/…`). */
      id: itemParts(kind, {}),
      list: <const X extends RouteParts = {}>(summary: string, parts = {} as X) =>
        read(path, summary, answerParts(200, list, parts)),
      get: <const X extends RouteParts = {}>(summary: string, parts = {} as X) =>
        read(one, summary, itemParts(kind, answerParts(200, answers.item as I, parts))),
      create: <const X extends RouteParts = {}>(summary: string, parts = {} as X) =>
        write('POST', path, summary, answerParts(201, answers.item as I, parts)),
      update: <const X extends RouteParts = {}>(summary: string, parts = {} as X) =>
        write('PATCH', one, summary, itemParts(kind, answerParts(200, answers.item as I, parts))),
      /** Replacing (PUT) answers like `update`. */
      replace: <const X extends RouteParts = {}>(summary: string, parts = {} as X) =>
        write('PUT', one, summary, itemParts(kind, answerParts(200, answers.item as I, parts))),
      /** Deleting answers `okResponse`. */
      remove: (summary: string) => write('DELETE', one, summary, itemParts(kind, answersOk)),
    };
  }
  return { read, readList, write, act, collection };
}

/** The parts of a route on one item of a collection: the `:id` parameter naming a `kind`. */
function itemParts<const K extends ResourceKind, const X extends RouteParts>(kind: K, parts: X) {
  return over(parts, {
    params: idParams,
    resources: { id: kind, ...parts.resources } as { readonly id: K } & ResourcesOf<X>,
  });
}

/** `parts` answering `schema` with `status`, unless they name their own `response`. */
function answerParts<const S extends number, const T, const X extends RouteParts>(
  status: S,
  schema: T,
  parts: X,
) {
  return (schema && !parts.response ? { ...parts, response: { [status]: schema } } : parts) as WithAnswer<
    X,
    S,
    T
  >;
}

type ResourcesOf<X> = X extends { resources: infer Q } ? Q : unknown;
/** An entry's parts with the `response` its collection gives it (`item` or `list`), unless it names one. */
type WithAnswer<X, S extends number, T> = X extends { response: unknown }
  ? X
  : T extends z.ZodType
    ? X & { response: { [K in S]: T } }
    : X;
type ListParts<X, I extends z.ZodType> = Omit<X, 'response'> & {
  response: { 200: ReturnType<typeof listOf<I>> };
};
type ListAnswer<I, L> = L extends z.ZodType
  ? L
  : I extends z.ZodType
    ? ReturnType<typeof listOf<I>>
    : undefined;

/** `base` with `parts` laid over it, typed so that a part replaces the base's field of that name. */
function over<B extends object, X extends object>(base: B, parts: X): Omit<B, keyof X> & X {
  return { ...base, ...parts };
}
