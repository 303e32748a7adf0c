import type { z } from 'zod';
import type { Access, HttpMethod } from '@klimadesk/contract/http';
import type { RouteId, RouteMap } from '@klimadesk/contract/routes';
import type { accessAnswer } from '@klimadesk/contract/platform/access';
import type { Role } from '@klimadesk/contract/platform/roles';
import { ApiError, EntityNotFoundError, type RequestOptions, request, requestFile } from './api.ts';
import { firstRouteFacts } from './routes.first.gen.ts';

/**
 * The typed web client. A call names a route of the contract's route table by its id; params,
 * query, body and answer take their types from the route's zod schemas, the path and method come
 * from the generated `routes.gen.ts` and the access from `routes.access.gen.ts`. No screen writes
 * a server path or an answer type of its own. Only the facts of the first load's routes
 * (`routes.first.gen.ts`) are in the entry; the others load with the signed-in area
 * (`loadRouteFacts`), or with the first call that needs them.
 */
export type RouteFacts = {
  method: HttpMethod;
  path: string;
  multipart?: boolean;
  file?: boolean;
};

export type RouteAccessFacts = { access: Access; write: boolean };

export type { RouteId };

type RouteOf<Id extends RouteId> = RouteMap[Id];
type Part<Id extends RouteId, K extends 'params' | 'query' | 'body'> =
  RouteOf<Id> extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined;

/** What a route answers with on success (200, else 201, else 202). */
export type Answer<Id extends RouteId> =
  RouteOf<Id> extends { response: infer R }
    ? R extends { 200: infer S extends z.ZodType }
      ? z.output<S>
      : R extends { 201: infer S extends z.ZodType }
        ? z.output<S>
        : R extends { 202: infer S extends z.ZodType }
          ? z.output<S>
          : unknown
    : unknown;

/** The body a route takes, as the form sends it. */
export type Body<Id extends RouteId> = Part<Id, 'body'>;
/** The query a route takes. */
export type Query<Id extends RouteId> = Part<Id, 'query'>;

export type CallInput<Id extends RouteId> = (Part<Id, 'params'> extends undefined
  ? { params?: undefined }
  : { params: Part<Id, 'params'> }) &
  (Part<Id, 'query'> extends undefined ? { query?: undefined } : { query?: Partial<Part<Id, 'query'>> }) &
  (Part<Id, 'body'> extends undefined ? { body?: undefined } : { body: Part<Id, 'body'> });

type InputArgs<Id extends RouteId> =
  // oxlint-disable-next-line typescript/no-empty-object-type -- "no part required" test
  {} extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>];

export type CallOptions = Pick<RequestOptions, 'ignoreSessionInvalid' | 'signal'>;

type Loose = Record<string, unknown> | undefined;

let allFacts: Record<RouteId, RouteFacts> | undefined;

function factsOf(id: RouteId): RouteFacts {
  const facts = firstRouteFacts[id] ?? allFacts?.[id];
  if (!facts) throw new Error(`${id}: route facts before loadRouteFacts()`);
  return facts;
}

/** The facts of a route, loading the full table first when the route is not one of the first load's. */
async function factsLoaded(id: RouteId): Promise<RouteFacts> {
  if (!firstRouteFacts[id]) await loadRouteFacts();
  return factsOf(id);
}

/** The path of a route with its `:param` segments filled in (signed-in screens; else after `loadRouteFacts`). */
export function pathOf(id: RouteId, params?: Loose): string {
  return factsOf(id).path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${id}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

async function send<Id extends RouteId>(id: Id, input: CallInput<Id> | undefined, opts: CallOptions = {}) {
  const { params, query, body } = (input ?? {}) as { params?: Loose; query?: Loose; body?: unknown };
  const { method } = await factsLoaded(id);
  const withBody = method === 'GET' || method === 'DELETE' ? undefined : (body ?? {});
  return request<Answer<Id>>(method, pathOf(id, params), {
    ...opts,
    query: query as RequestOptions['query'],
    body: withBody,
  });
}

/** Calls a route and resolves with its typed answer; errors reject as `ApiError`. */
export function call<Id extends RouteId>(
  id: Id,
  ...args: [...InputArgs<Id>, opts?: CallOptions]
): Promise<Answer<Id>> {
  const [input, opts] = args as unknown as [CallInput<Id> | undefined, CallOptions | undefined];
  return send(id, input, opts);
}

/** The TanStack Query key of a route call: the route id, then its input. */
export function queryKeyOf<Id extends RouteId>(id: Id, input?: CallInput<Id>): readonly unknown[] {
  return input === undefined ? [id] : [id, input];
}

/** Options for `useQuery`/`useSuspenseQuery` of a read route, with the abort signal wired in. */
export function queryOptions<Id extends RouteId>(
  id: Id,
  ...args: [...InputArgs<Id>, opts?: Omit<CallOptions, 'signal'>]
): { queryKey: readonly unknown[]; queryFn: (ctx: { signal: AbortSignal }) => Promise<Answer<Id>> } {
  const [input, opts] = args as unknown as [CallInput<Id> | undefined, CallOptions | undefined];
  return {
    queryKey: queryKeyOf(id, input),
    queryFn: ({ signal }) =>
      send(id, input, { ...opts, signal }).catch((err: unknown) => missingItem(id, err)),
  };
}

/**
 * The query client's `throwOnError`: a missing item goes to the screen's error boundary, on a first
 * load only (an item deleted while its screen shows keeps its data until the screen leaves).
 */
export const throwMissingItem = (error: Error, query: { state: { data: unknown } }): boolean =>
  error instanceof EntityNotFoundError && query.state.data === undefined;

/** The read of one item by its id answered 404: a link to something that does not exist (issue 37). */
function missingItem(id: RouteId, err: unknown): never {
  const facts = factsOf(id);
  if (
    err instanceof ApiError &&
    err.status === 404 &&
    facts.method === 'GET' &&
    facts.path.endsWith('/:id')
  ) {
    throw new EntityNotFoundError(err.status, { code: err.code, message: err.key, detail: err.detail });
  }
  throw err;
}

/** A file answer (PDF, xlsx) of a route: its content and the name the server gives it. */
export async function callFile<Id extends RouteId>(id: Id, input?: CallInput<Id>) {
  const { params, query } = (input ?? {}) as { params?: Loose; query?: Loose };
  await factsLoaded(id);
  return requestFile(pathOf(id, params), query as RequestOptions['query']);
}

/** Uploads a file to a multipart route, with progress; text fields go before the file (null: fields only). */
export async function upload<Id extends RouteId>(
  id: Id,
  file: File | null,
  opts: {
    params?: Loose;
    fields?: Record<string, string>;
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<Answer<Id>> {
  const { params, ...rest } = opts;
  // The upload code loads with the first upload, not with /login.
  const [{ uploadFile }] = await Promise.all([import('../components/files.ts'), factsLoaded(id)]);
  return uploadFile<Answer<Id>>(pathOf(id, params), file, rest);
}

let accessFacts: Record<RouteId, RouteAccessFacts> | undefined;
let answer: typeof accessAnswer | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the facts of every route: method and path (`call`, `pathOf`), and the access `can` answers
 * from with the contract's rule. The signed-in area awaits it before its first screen; the public
 * screens need only the first load's facts, so the table stays out of the /login budget.
 */
export function loadRouteFacts(): Promise<void> {
  loading ??= Promise.all([
    import('./routes.gen.ts'),
    import('./routes.access.gen.ts'),
    import('@klimadesk/contract/platform/access'),
  ]).then(
    ([facts, access, rule]) => {
      allFacts = facts.routeFacts;
      accessFacts = access.routeAccess;
      answer = rule.accessAnswer;
    },
    (err: unknown) => {
      // A failed chunk load (network) may be retried by the next call.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * Whether a user with these roles may call the route: the same rule the API runs (contract
 * `accessAnswer`), so screens hide actions the server would refuse.
 */
export function can(me: { roles: readonly Role[] } | null | undefined, id: RouteId): boolean {
  if (!accessFacts || !answer) throw new Error('can() before loadRouteFacts()');
  const { access, write } = accessFacts[id];
  return answer(me?.roles ?? null, access, write) === 'allowed';
}
