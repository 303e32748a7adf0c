import { BODY_CODE, type ApiErrorBody } from '@klimadesk/contract/platform/errors';
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
    return this.status === 401 || this.code === BODY_CODE.sessionInvalid;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

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
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
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
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const err = new ApiError(res.status, data as ApiErrorBody | null);
    if (err.sessionInvalid && !opts.ignoreSessionInvalid) hooks.onSessionInvalid();
    throw err;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, opts?: Omit<RequestOptions, 'query' | 'body'>) =>
    request<T>('GET', path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...opts, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...opts, body: body ?? {} }),
  del: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, opts),
};

export type { List };
