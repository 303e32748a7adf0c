import { z } from 'zod';
import type { TFunction } from 'i18next';
import { parseNumber } from './format.ts';

/**
 * Zod messages become translation keys (`validation.*`, optionally `|param`), so the forms show
 * them in the current language. Explicit messages of refinements stay as they are.
 */
export function installZodMessages(): void {
  z.config({
    customError: (iss) => {
      const empty = iss.input === '' || iss.input === undefined || iss.input === null;
      switch (iss.code) {
        case 'too_small':
          if (iss.origin === 'string')
            return Number(iss.minimum) <= 1 ? 'validation.required' : `validation.minLength|${iss.minimum}`;
          if (iss.origin === 'array') return 'validation.required';
          return `validation.min|${iss.minimum}`;
        case 'too_big':
          if (iss.origin === 'string') return `validation.maxLength|${iss.maximum}`;
          return `validation.max|${iss.maximum}`;
        case 'invalid_format':
          if (empty) return 'validation.required';
          return iss.format === 'email' ? 'validation.email' : 'validation.invalid';
        case 'invalid_type':
        case 'invalid_value':
          return empty ? 'validation.required' : 'validation.invalid';
        default:
          return undefined;
      }
    },
  });
}

installZodMessages();

/** The text of a form error message produced above (or by a refinement). */
export function errorMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const [key, param] = message.split('|');
  if (!key.startsWith('validation.')) return message;
  return t(`common:${key}`, { n: param });
}

/** Required e-mail: an empty field says "required", anything else must look like an address. */
export const requiredEmail = z.string().trim().min(1).max(180).pipe(z.email());

export const yearString = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d{4}$/.test(v) && Number(v) >= 1900 && Number(v) <= 2100),
    'validation.year',
  );

/** Zero or more; the input may use comma or dot as decimal separator (seed 000 §5). */
export const numberString = (lang: () => 'de' | 'en') =>
  z.string().refine((v) => v.trim() === '' || parseNumber(v, lang()) >= 0, 'validation.number');

/** Above zero. */
export const positiveNumberString = (lang: () => 'de' | 'en') =>
  z.string().refine((v) => v.trim() === '' || parseNumber(v, lang()) > 0, 'validation.positive');
