import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import { isCommonPassword, parsePasswordList } from '@klimadesk/contract';
import { AppError } from '../errors.ts';

// OWASP's argon2id baseline (m = 19 MiB, t = 2, p = 1): about 16 ms per hash on the 2-core machine.
// algorithm 2 is Argon2id in @node-rs/argon2's (const enum) Algorithm.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verified against when the account does not exist, so both paths cost the same time. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('klimadesk-timing-equaliser');
  return dummy;
}

let commonList: Set<string> | null = null;
function commonPasswords(): Set<string> {
  commonList ??= parsePasswordList(
    readFileSync(fileURLToPath(import.meta.resolve('@klimadesk/contract/common-passwords.txt')), 'utf8'),
  );
  return commonList;
}

/** Every new password (registration, user dialog, profile, reset) passes here first. */
export function assertAllowedPassword(password: string): void {
  if (isCommonPassword(commonPasswords(), password)) {
    throw new AppError('passwordTooCommon', { field: 'password' });
  }
}
