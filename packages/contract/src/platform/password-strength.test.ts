import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, parsePasswordList, passwordStrength } from './password-strength.ts';

const list = parsePasswordList(readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8'));

describe('common passwords', () => {
  it('ships a few thousand lower-cased entries of at least the minimum length', () => {
    expect(list.size).toBe(3000);
    expect([...list].every((p) => p.length >= 6 && p === p.toLowerCase())).toBe(true);
    expect(list.has('# the 3,000 most common passwords')).toBe(false);
  });

  it('compares case-insensitively and rates the rest by length and mix', () => {
    expect(isCommonPassword(list, 'QWERTY')).toBe(true);
    expect(isCommonPassword(list, 'Klimadesk-Sommer-26')).toBe(false);
    expect(passwordStrength('abc', list)).toBe('tooShort');
    expect(passwordStrength('Passw0rd', list)).toBe('common');
    expect(passwordStrength('aaaaaaaaaaaa', list)).toBe('weak');
    expect(passwordStrength('lkwfahrt', list)).toBe('weak');
    expect(passwordStrength('Lkw-Fahrt7', list)).toBe('fair');
    expect(passwordStrength('Klimadesk-Sommer-26', list)).toBe('strong');
  });
});
