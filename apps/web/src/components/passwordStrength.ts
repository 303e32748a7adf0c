import { useEffect, useState } from 'react';
import {
  type PasswordStrength,
  parsePasswordList,
  passwordStrength,
} from '@klimadesk/contract/platform/password-strength';

let common: Promise<Set<string>> | null = null;

/** The common-password list is a chunk of its own, fetched the first time a new password is typed. */
function loadCommonPasswords(): Promise<Set<string>> {
  common ??= import('@klimadesk/contract/common-passwords.txt?raw').then((m) => parsePasswordList(m.default));
  return common;
}

/** The hint for a new password; null while the field is empty. The API has the final word. */
export function usePasswordStrength(value: string, enabled: boolean): PasswordStrength | null {
  const [list, setList] = useState<Set<string> | null>(null);
  const wanted = enabled && value.length > 0;
  useEffect(() => {
    if (!wanted || list) return;
    let live = true;
    loadCommonPasswords()
      .then((l) => live && setList(l))
      .catch(() => {
        // Without the list the hint still rates length and mix; the server checks the list.
      });
    return () => {
      live = false;
    };
  }, [wanted, list]);
  return wanted ? passwordStrength(value, list ?? undefined) : null;
}

export const STRENGTH_COLOR: Record<PasswordStrength, string> = {
  tooShort: 'error.main',
  common: 'error.main',
  weak: 'warning.dark',
  fair: 'text.secondary',
  strong: 'success.dark',
};
