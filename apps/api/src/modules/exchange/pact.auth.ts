import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { SCOPES, issueToken } from './exchange.service.ts';
import { OAuthError } from './pact.errors.ts';

/**
 * Action Authenticate (PACT v2.3 §6.4, v3.0 "Obtaining an Access Token"): RFC 6749 §4.4 client
 * credentials over `application/x-www-form-urlencoded`, the client authenticated by HTTP Basic
 * (§2.3.1; the body's client_id and client_secret are accepted as the RFC allows, never both).
 */
export type FormBody = Record<string, string[]>;

/** Parses a form body keeping every value, so a repeated parameter can be refused (RFC 6749 §3.2). */
export function parseForm(text: string): FormBody {
  const out: FormBody = {};
  for (const [k, v] of new URLSearchParams(text)) (out[k] ??= []).push(v);
  return out;
}

const isForm = (body: unknown): body is FormBody =>
  typeof body === 'object' &&
  body !== null &&
  Object.values(body).every((v) => Array.isArray(v) && v.every((x) => typeof x === 'string'));

function single(form: FormBody, name: string): string | undefined {
  const v = form[name];
  if (v && v.length > 1) throw new OAuthError('invalid_request', `Parameter ${name} is given more than once`);
  return v?.[0];
}

/** §2.3.1: the id and secret are form-encoded before they are joined for Basic authentication. */
const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

function basicCredentials(header: string): { clientId: string; clientSecret: string } {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  const text = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
  const colon = text.indexOf(':');
  if (!m || colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic authentication', 401);
  try {
    return { clientId: formDecode(text.slice(0, colon)), clientSecret: formDecode(text.slice(colon + 1)) };
  } catch {
    throw new OAuthError('invalid_client', 'Malformed Basic authentication', 401);
  }
}

function credentialsOf(req: FastifyRequest, form: FormBody) {
  const header = req.headers.authorization;
  const bodyId = single(form, 'client_id');
  const bodySecret = single(form, 'client_secret');
  if (header && (bodyId !== undefined || bodySecret !== undefined))
    throw new OAuthError('invalid_request', 'Use one client authentication method only');
  if (header) return basicCredentials(header);
  if (bodyId !== undefined && bodySecret !== undefined) return { clientId: bodyId, clientSecret: bodySecret };
  throw new OAuthError('invalid_client', 'Client authentication is missing', 401);
}

/** POST /pact/auth/token. */
export async function tokenHandler(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  if (
    !req.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded') ||
    !isForm(req.body)
  )
    throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded');
  const form = req.body;
  const credentials = credentialsOf(req, form);
  const grant = single(form, 'grant_type');
  if (grant === undefined) throw new OAuthError('invalid_request', 'grant_type is required');
  if (grant !== 'client_credentials')
    throw new OAuthError('unsupported_grant_type', 'Only client_credentials is supported');
  const answer = await issueToken(ctx, credentials, single(form, 'scope'));
  // RFC 6749 §5.1: token answers are not cached.
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  return answer;
}

/** The OpenID Provider Configuration Document as far as PACT uses it: the token endpoint (v2 §6.3). */
export function openIdConfiguration(base: string) {
  return {
    issuer: base,
    token_endpoint: `${base}/auth/token`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    response_types_supported: ['token'],
    scopes_supported: [...SCOPES],
  };
}
