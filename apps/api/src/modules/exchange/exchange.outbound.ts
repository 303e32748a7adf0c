import { AppError } from '../../platform/errors.ts';

/**
 * Outbound calls to a partner's host system (PACT v2.3 / v3.0 HTTP REST API, iLEAP §7). Only URLs
 * under the connection's confirmed base URL are called (links and redirects included, so a
 * partner cannot steer the server elsewhere), each with a time limit and a cap on the answer's size.
 */
export type Limits = { timeoutMs: number; maxBytes: number };
export const OUTBOUND_LIMITS: Limits = { timeoutMs: 15_000, maxBytes: 8 * 1024 * 1024 };
/** Pages followed per fetch at most, so a partner's endless `Link` chain ends. */
export const MAX_PAGES = 100;

export type Partner = {
  /** The confirmed base URL, without a trailing slash (PACT `Subpath` and `AuthSubpath`). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  version: 2 | 3;
};

/** Whether `url` lies under `base`: same origin, and a path below the base path. */
export function isUnder(base: string, url: string): boolean {
  let b: URL;
  let u: URL;
  try {
    b = new URL(base);
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.origin !== b.origin || u.username || u.password) return false;
  const root = b.pathname.replace(/\/+$/, '');
  return u.pathname === root || u.pathname.startsWith(`${root}/`);
}

type Answer = { status: number; headers: Headers; text: string };

async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new AppError('partnerResponseTooLarge', { limit: maxBytes });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new AppError('partnerResponseTooLarge', { limit: maxBytes });
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One request under the base URL; redirects are not followed (they could leave it). */
export async function partnerRequest(
  base: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  limits: Limits = OUTBOUND_LIMITS,
): Promise<Answer> {
  if (!isUnder(base, url)) throw new AppError('partnerUrlNotAllowed');
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      throw new AppError('partnerUrlNotAllowed', { status: res.status });
    }
    return { status: res.status, headers: res.headers, text: await readCapped(res, limits.maxBytes) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (signal.aborted) throw new AppError('partnerTimeout', { timeoutMs: limits.timeoutMs });
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new AppError('partnerUnreachable', { reason: cause ?? (err as Error).name });
  }
}

function json(answer: Answer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new AppError('partnerInvalidResponse', { reason: 'not JSON', status: answer.status });
  }
}

function refused(answer: Answer): AppError {
  let code: string | undefined;
  try {
    const body = JSON.parse(answer.text) as { code?: unknown; error?: unknown };
    code =
      typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : undefined;
  } catch {
    // A body that is not JSON names no code.
  }
  return new AppError('partnerRefused', {
    status: answer.status,
    ...(code ? { code: code.slice(0, 100) } : {}),
  });
}

/** RFC 6749 §2.3.1: id and secret are form-encoded before they are joined for HTTP Basic. */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

export type Token = { accessToken: string; expiresIn: number | null };

/**
 * Action Authenticate (PACT v2.3 §6.4, v3.0 "Obtaining an Access Token"): client credentials with
 * HTTP Basic at `{AuthSubpath}/auth/token`. The OpenID discovery is not used: the token endpoint
 * it names could lie outside the confirmed base URL.
 */
export async function partnerToken(p: Partner, limits?: Limits): Promise<Token> {
  const basic = Buffer.from(`${formEncode(p.clientId)}:${formEncode(p.clientSecret)}`).toString('base64');
  const answer = await partnerRequest(
    p.baseUrl,
    `${p.baseUrl}/auth/token`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    },
    limits,
  );
  if (answer.status !== 200) throw refused(answer);
  const body = json(answer) as { access_token?: unknown; token_type?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string' || !/^bearer$/i.test(String(body.token_type)))
    throw new AppError('partnerInvalidResponse', { reason: 'token response' });
  return {
    accessToken: body.access_token,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
  };
}

/** The `rel="next"` target of a `Link` header (RFC 8288), if any. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (m && /(^|;)\s*rel\s*=\s*"?next"?\s*(;|$)/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

/**
 * Every item of a paginated list action (`{ data: [...] }`, `Link` rel=next; PACT "Pagination",
 * iLEAP §7.1.2), up to `maxItems`; each link must lie under the base URL.
 */
export async function partnerList(
  p: Partner,
  token: Token,
  path: string,
  options: { maxItems?: number; limits?: Limits } = {},
): Promise<unknown[]> {
  const items: unknown[] = [];
  let url: string | null = `${p.baseUrl}${path}`;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const answer = await partnerRequest(
      p.baseUrl,
      url,
      {
        method: 'GET',
        headers: { authorization: `Bearer ${token.accessToken}`, accept: 'application/json' },
      },
      options.limits,
    );
    if (answer.status !== 200) throw refused(answer);
    const body = json(answer) as { data?: unknown };
    if (!Array.isArray(body.data))
      throw new AppError('partnerInvalidResponse', { reason: 'data is not a list' });
    items.push(...body.data);
    if (options.maxItems !== undefined && items.length >= options.maxItems)
      return items.slice(0, options.maxItems);
    url = nextLink(answer.headers.get('link'));
  }
  return items;
}

/**
 * Action GetFootprint (PACT v2.3 / v3.0): `{ data: footprint }` of one PfId, or null when the partner
 * answers 404 (v2 NoSuchFootprint, v3 NotFound). The id is path-encoded, so it stays under the base.
 */
export async function partnerFootprintById(
  p: Partner,
  token: Token,
  pfId: string,
  limits?: Limits,
): Promise<unknown | null> {
  const answer = await partnerRequest(
    p.baseUrl,
    `${p.baseUrl}/${p.version}/footprints/${encodeURIComponent(pfId)}`,
    { method: 'GET', headers: { authorization: `Bearer ${token.accessToken}`, accept: 'application/json' } },
    limits,
  );
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw refused(answer);
  const body = json(answer) as { data?: unknown };
  if (typeof body.data !== 'object' || body.data === null || Array.isArray(body.data))
    throw new AppError('partnerInvalidResponse', { reason: 'data is not a footprint' });
  return body.data;
}

/** Sends a CloudEvent in structured mode to the partner's events action (PACT "Action Events"). */
export async function partnerEvent(
  p: Partner,
  token: Token,
  url: string,
  event: Record<string, unknown>,
  limits?: Limits,
): Promise<void> {
  const answer = await partnerRequest(
    p.baseUrl,
    url,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'content-type': 'application/cloudevents+json; charset=UTF-8',
      },
      body: JSON.stringify(event),
    },
    limits,
  );
  if (answer.status < 200 || answer.status >= 300) throw refused(answer);
}
