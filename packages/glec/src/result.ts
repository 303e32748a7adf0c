/**
 * Result-or-error union returned by every public calculation. Invalid input never yields NaN or a
 * silent zero: it yields `{ ok: false, error }` with a stable `code` the API maps to HTTP 422.
 */

export const GLEC_ERROR_CODES = [
  'INVALID_INPUT',
  'MISSING_FIELD',
  'INVALID_NUMBER',
  'UNKNOWN_TRANSPORT_MODE',
  'UNKNOWN_VEHICLE_TYPE',
  'VEHICLE_TYPE_MODE_MISMATCH',
  'UNKNOWN_FUEL_TYPE',
  'FUEL_UNIT_MISMATCH',
  'TOO_MANY_FUELS',
  'UNKNOWN_WEIGHT_UNIT',
  'UNKNOWN_DISTANCE_TYPE',
  'UNKNOWN_CONTAINER_SIZE',
  'UNKNOWN_HUB_TYPE',
  'UNKNOWN_REFRIGERANT',
  'EQUAL_ORIGIN_DESTINATION',
  'DISTANCE_BELOW_ADJUSTMENT',
  'EMPTY_RUNNING_UNKNOWN',
  'EMPTY_CHAIN',
  'CHAIN_WITHOUT_TRANSPORT',
  'EMPTY_TOUR',
  'INVALID_FACTOR_SET',
] as const;

export type GlecErrorCode = (typeof GLEC_ERROR_CODES)[number];

export interface GlecErrorInfo {
  code: GlecErrorCode;
  message: string;
  /** JSON path of the offending field, e.g. `fuel[1].unit`. */
  path?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: GlecErrorInfo };

/** Thrown inside the engine and converted to a `Result` at each public boundary. */
export class GlecError extends Error {
  readonly code: GlecErrorCode;
  readonly path: string | undefined;

  constructor(code: GlecErrorCode, message: string, path?: string) {
    super(message);
    this.name = 'GlecError';
    this.code = code;
    this.path = path;
  }

  toInfo(): GlecErrorInfo {
    return this.path === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, path: this.path };
  }
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Runs `fn`, turning a thrown GlecError into the error branch; other exceptions are bugs and rethrown. */
export function attempt<T>(fn: () => T): Result<T> {
  try {
    return { ok: true, value: fn() };
  } catch (e) {
    if (e instanceof GlecError) return { ok: false, error: e.toInfo() };
    throw e;
  }
}

/** For callers that prefer exceptions: returns the value or throws a GlecError with the same code. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new GlecError(result.error.code, result.error.message, result.error.path);
}

// Validation helpers shared by all modules. They throw GlecError; public functions wrap with attempt().

export function fail(code: GlecErrorCode, message: string, path?: string): never {
  throw new GlecError(code, message, path);
}

export function requirePositive(value: unknown, path: string): number {
  if (value === undefined || value === null) fail('MISSING_FIELD', `${path} is required`, path);
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    fail('INVALID_NUMBER', `${path} must be a finite number above zero (got ${String(value)})`, path);
  }
  return value;
}

export function requireNonNegative(value: unknown, path: string): number {
  if (value === undefined || value === null) fail('MISSING_FIELD', `${path} is required`, path);
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    fail('INVALID_NUMBER', `${path} must be a finite number of zero or more (got ${String(value)})`, path);
  }
  return value;
}

/** A share such as empty running: 0 <= x < 1 (1 would mean the vehicle never carries anything). */
export function requireShare(value: unknown, path: string): number {
  const v = requireNonNegative(value, path);
  if (v >= 1) fail('INVALID_NUMBER', `${path} must be below 1 (a share, not a percentage)`, path);
  return v;
}

export function requireObject(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('INVALID_INPUT', `${path || 'input'} must be an object`, path || undefined);
  }
  return value as Record<string, unknown>;
}

export function requireString(value: unknown, path: string): string {
  if (value === undefined || value === null || value === '')
    fail('MISSING_FIELD', `${path} is required`, path);
  if (typeof value !== 'string') fail('INVALID_INPUT', `${path} must be a string`, path);
  return value;
}

/** An optional flag: absent means false; anything but a boolean is refused. */
export function optionalFlag(value: unknown, path: string): boolean {
  if (value !== undefined && typeof value !== 'boolean')
    fail('INVALID_INPUT', `${path} must be boolean`, path);
  return value === true;
}

/** The prefix of a field's error path inside the object at `path` (none at the top level). */
export function fieldPrefix(path: string): string {
  return path === '' ? '' : `${path}.`;
}

/** The request object at `path` and the prefix of its fields' error paths. */
export function requireFields<T>(raw: T, path: string): { input: T; prefix: string } {
  return { input: requireObject(raw, path) as T, prefix: fieldPrefix(path) };
}
