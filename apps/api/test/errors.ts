import { expect } from 'vitest';
import { AppError } from '../src/platform/errors.ts';

/** The catalogue key and detail a promise is rejected with (it must be rejected with an AppError). */
export async function appFailure(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { key: (err as AppError).key, detail: (err as AppError).detail };
}
