// The catalogue alone (not the whole contract): spreadsheet reader threads load this file too.
import { ERRORS, type ApiErrorBody, type ErrorKey } from '@klimadesk/contract/platform/errors';

/** A failure with a catalogue key; the HTTP status and body code come from the catalogue. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly detail?: Record<string, unknown>;
  constructor(key: ErrorKey, detail?: Record<string, unknown>) {
    super(key);
    this.key = key;
    this.detail = detail;
  }
  get status(): number {
    return ERRORS[this.key].status;
  }
  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { code: ERRORS[this.key].body, message: this.key };
    if (this.detail) body.detail = this.detail;
    return body;
  }
}

export const fail = (key: ErrorKey, detail?: Record<string, unknown>): never => {
  throw new AppError(key, detail);
};

export function notFoundUnless<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new AppError('notFound');
  return value;
}
