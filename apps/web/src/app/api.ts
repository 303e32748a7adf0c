import { BODY_CODE } from '@klimadesk/contract/platform/body-codes';
import type { ApiErrorBody } from '@klimadesk/contract/platform/errors';
import type { List } from '@klimadesk/contract/http';

/** An error answer of the API: `key` is the catalogue key the web app translates. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly key: string;
  readonly detail?: Record<string, unknown>;

  constructor(status: number, body: Partial<ApiErrorBody> | null) {
    super(body?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? 0;
    this.key = body?.message ?? (status >= 500 ? 'internalError' : 'unknown');
    this.detail = body?.detail;
  }

  get sessionInvalid(): boolean {
    // Seed 001 §8: on the Tax API body code 50100 is also the empty-export message, which keeps the session.
    return this.status === 401 || (this.code === BODY_CODE.sessionInvalid && this.key !== 'TaxExportEmpty');
  }
}

/**
 * A 404 of a read of one item (`GET …/:id`): the id in the link names nothing. Queries throw it
 * to the screen's error boundary, which shows the not-found page instead of an empty editor.
 */
export class EntityNotFoundError extends ApiError {}

/** Query values; a list goes out as a repeated key (`tag=a&tag=b`), as the API reads it. */
type Query = Record<string, string | number | boolean | null | undefined | readonly string[]>;

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** Login and the public pages handle 401 themselves instead of ending the session. */
  ignoreSessionInvalid?: boolean;
  signal?: AbortSignal;
};

type Hooks = {
  language: () => string;
  onSessionInvalid: () => void;
  onError?: (err: ApiError) => void;
};

let hooks: Hooks = {
  language: () => 'de',
  onSessionInvalid: () => {},
};

/** The providers wire the language and the session handling in once at start-up. */
export function configureApi(next: Partial<Hooks>): void {
  hooks = { ...hooks, ...next };
}

const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
})();

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v as readonly string[]) params.append(k, item);
    else if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The fetch of every call: language and time zone, network errors, error answers as ApiError. */
async function send(method: string, path: string, opts: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': hooks.language(),
    'X-Timezone': timeZone,
  };
  let body: string | undefined;
  if (opts.body !== undefined) {
    // Patches are merge patches (seed 000 §7).
    headers['Content-Type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { code: 0, message: 'networkError' });
  }
  if (!res.ok) {
    const err = new ApiError(res.status, await jsonOf<ApiErrorBody>(res));
    // A wrong current password (profile changes) answers 401 too, but the session lives on.
    const ended = err.sessionInvalid && err.key !== 'invalidCredentials';
    if (ended && !opts.ignoreSessionInvalid) hooks.onSessionInvalid();
    throw err;
  }
  return res;
}

async function jsonOf<T>(res: Response): Promise<T | null> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  return (await jsonOf<T>(await send(method, path, opts, 'application/json'))) as T;
}

/** The name in a Content-Disposition header (RFC 6266: `filename*` before `filename`). */
function dispositionName(header: string | null): string | null {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header ?? '');
  return plain ? plain[1] : null;
}

/** A file answer (PDF, xlsx): its content and the name the server gives it, if any. */
export async function requestFile(
  path: string,
  query?: Query,
): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await send('GET', path, { query }, '*/*');
  return { blob: await res.blob(), fileName: dispositionName(res.headers.get('content-disposition')) };
}

export const api = {
  get: <T>(path: string, query?: Query, opts?: Omit<RequestOptions, 'query' | 'body'>) =>
    request<T>('GET', path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...opts, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...opts, body: body ?? {} }),
  del: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, opts),
  file: requestFile,
};

export type { List };
