import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_INPUT_DEPTH, findTooDeep, findUnsafeText } from '@klimadesk/contract';
import { AppError } from './errors.ts';
import { BARE_SECURITY_HEADERS } from './security-headers.ts';

/** Seconds a client waits before retrying when the database connection broke. */
export const DB_RETRY_AFTER_SECONDS = 5;

/**
 * The one text rule of the contract over every parsed part of a request (path parameters,
 * query, JSON body), before schema validation: PostgreSQL would refuse NUL and lone surrogates
 * with a 500 otherwise. Upload file names are checked where the upload is read (files.ts).
 */
export function rejectUnsafeText(req: FastifyRequest): void {
  const parts = { params: req.params, querystring: req.query, body: req.body };
  for (const [part, value] of Object.entries(parts)) {
    // Nesting no schema has (JSON.parse takes thousands of levels) is refused before anything walks it.
    const deep = findTooDeep(value);
    if (deep !== null)
      throw new AppError('validationFailed', {
        issues: [{ path: `${part}${deep}`, message: `nested deeper than ${MAX_INPUT_DEPTH} levels` }],
      });
    const path = findUnsafeText(value);
    if (path !== null) throw new AppError('invalidCharacters', { path: `${part}${path}` });
  }
}

/**
 * Router errors that never reach the error handler: a path parameter over `maxParamLength`
 * (414) and a percent-encoding that does not decode, e.g. an encoded lone surrogate (400).
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const e = new AppError(
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'uriTooLong'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'invalidCharacters'
        : 'internalError',
  );
  void reply.code(e.status).headers(BARE_SECURITY_HEADERS).send(e.toBody());
}

/**
 * Errors of Node's HTTP parser, answered on the socket before any request exists: a request line
 * and headers over 16 KB (431), anything else unreadable (400). Same shape as every other error.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer to.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const e = new AppError(err.code === 'HPE_HEADER_OVERFLOW' ? 'headersTooLarge' : 'invalidJson');
  const body = JSON.stringify(e.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${e.status} ${e.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n` +
        Object.entries(BARE_SECURITY_HEADERS)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** Whether `test` holds for an error or anything in its cause chain (drizzle wraps driver errors). */
function someCause(err: unknown, test: (e: ErrorLike) => boolean, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as ErrorLike;
  if (test(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => someCause(x, test, depth + 1))) return true;
  return someCause(e.cause, test, depth + 1);
}

// admin_shutdown, crash_shutdown, cannot_connect_now; class 08 is "connection exception".
const PG_UNAVAILABLE = /^(57P0[123]|08[0-9A-Z]{3}|ECONNREFUSED|ECONNRESET)$/;
const PG_CLIENT_MESSAGES =
  /^Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/;

/**
 * A broken database connection (restart, failover, a terminated backend): the request may
 * succeed when retried, so 503 with Retry-After, not 500.
 */
export const isDatabaseUnavailable = (err: unknown): boolean =>
  someCause(
    err,
    (e) =>
      (typeof e.code === 'string' && PG_UNAVAILABLE.test(e.code)) ||
      (typeof e.message === 'string' && PG_CLIENT_MESSAGES.test(e.message)),
  );

/**
 * Text PostgreSQL refuses (character_not_in_repertoire, untranslatable_character) that got past
 * the request check, e.g. from a computed value: the client's input, so 400, not 500.
 */
export const isUnstorableText = (err: unknown): boolean =>
  someCause(err, (e) => e.code === '22021' || e.code === '22P05');
