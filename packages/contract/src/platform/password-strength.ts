import { PASSWORD_MIN_LENGTH } from '../constants.ts';

/** The list file (common-passwords.txt) as a set: one lower-cased password a line, `#` lines are notes. */
export function parsePasswordList(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split('\n')) {
    const p = line.trim();
    if (p && !p.startsWith('#')) out.add(p);
  }
  return out;
}

export function isCommonPassword(list: ReadonlySet<string>, password: string): boolean {
  return list.has(password.toLowerCase());
}

export type PasswordStrength = 'tooShort' | 'common' | 'weak' | 'fair' | 'strong';

/**
 * A rough hint for the password fields: length and mix of character kinds. Only `tooShort` and
 * `common` are refused (by the API); the rest is advice.
 */
export function passwordStrength(password: string, common?: ReadonlySet<string>): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (common && isCommonPassword(common, password)) return 'common';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((r) => r.test(password)).length;
  const distinct = new Set(password).size;
  if (distinct <= 3) return 'weak';
  const score = password.length + kinds * 2;
  if (password.length >= 12 && score >= 18) return 'strong';
  return score >= 14 ? 'fair' : 'weak';
}
