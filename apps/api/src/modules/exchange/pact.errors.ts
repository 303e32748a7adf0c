/**
 * Error answers of the exchange, as the specifications define them:
 * - PACT v2.3 "Error responses" and v3.0 components.schemas.Error: `{ code, message }` with the
 *   HTTP status of the code (AccessDenied 403, BadRequest 400, NoSuchFootprint 404, NotImplemented
 *   400, TokenExpired 401, InternalError 500); v3 names the 404 code `NotFound`.
 * - The token endpoint answers as RFC 6749 §5.2 (`{ error, error_description }`).
 */
export type PactCode =
  | 'AccessDenied'
  | 'BadRequest'
  | 'NoSuchFootprint'
  | 'NotFound'
  | 'NotImplemented'
  | 'TokenExpired'
  | 'InternalError';

const STATUS: Record<PactCode, number> = {
  AccessDenied: 403,
  BadRequest: 400,
  NoSuchFootprint: 404,
  NotFound: 404,
  NotImplemented: 400,
  TokenExpired: 401,
  InternalError: 500,
};

export class PactError extends Error {
  readonly code: PactCode;
  readonly status: number;
  constructor(code: PactCode, message: string, status = STATUS[code]) {
    super(message);
    this.code = code;
    this.status = status;
  }
  body() {
    return { code: this.code, message: this.message };
  }
}

/** RFC 6749 §5.2 error codes of the token endpoint. */
export type OAuthCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

export class OAuthError extends Error {
  readonly error: OAuthCode | 'temporarily_unavailable';
  readonly status: number;
  constructor(error: OAuthError['error'], description: string, status = 400) {
    super(description);
    this.error = error;
    this.status = status;
  }
  body() {
    return { error: this.error, error_description: this.message };
  }
}

/** Which surface a request is on: the error rules differ (see tokenRejection). */
export type Surface = 'v2' | 'v3' | 'tad' | 'auth';

/**
 * The answer to a missing, unknown or revoked bearer token:
 * - v2 footprints and events: BadRequest (PACT v2 ListFootprints/GetFootprint: "In all other
 *   cases, the body SHOULD be an error response with code BadRequest"; conformance test cases 6,
 *   7 and 16 expect 400 or 401 with code BadRequest);
 * - iLEAP TAD: AccessDenied 403 (iLEAP v1.0.1 §7.1.4 TadResponseBody; its test case 007);
 * - v3: 401 (v3 "Using the Access Token": "MUST check the Access Token and return a 401 when it
 *   has expired or is invalid"), body code BadRequest as the v3 test cases 6, 7 and 16 recommend.
 */
export function tokenRejection(surface: Surface, message = 'Invalid access token'): PactError {
  if (surface === 'tad') return new PactError('AccessDenied', message);
  if (surface === 'v3') return new PactError('BadRequest', message, 401);
  return new PactError('BadRequest', message);
}

/** An expired token: TokenExpired 401 everywhere (v2/v3 error table; iLEAP test case 008). */
export const tokenExpired = () => new PactError('TokenExpired', 'The specified access token has expired');

/** An unknown footprint id: NoSuchFootprint in v2, NotFound in v3 (v3 Error enum; v3 test case 8). */
export const noSuchFootprint = (surface: Surface, id: string) =>
  surface === 'v3'
    ? new PactError('NotFound', `Footprint with ID '${id}' does not exist`)
    : new PactError('NoSuchFootprint', 'The specified footprint does not exist.');
