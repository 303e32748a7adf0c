import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGES,
  type Language,
} from '@klimadesk/contract/constants';
import { readCookie, writeCookie } from '../components/cookies.ts';

export const LANGUAGE_COOKIE = 'kd_lang';

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

export function initialLanguage(): Language {
  const fromCookie = readCookie(LANGUAGE_COOKIE);
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Switches the UI language and remembers it in the language cookie (7 days). */
export async function applyLanguage(lang: Language): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, lang, LANGUAGE_COOKIE_DAYS);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

// Each language and namespace is its own small chunk, cut from the message catalogue at build time
// (`vite/messages.ts`) and loaded when a screen needs it. The entry knows only the chunks of /login's
// texts and their error texts; the others are listed beside the screens' chunks (`screenChunks.ts`),
// which have loaded by the time a screen asks for its namespace.
const firstLoadTexts: Record<string, () => Promise<unknown>> = {
  'de/common': () => import('virtual:messages/de/common'),
  'en/common': () => import('virtual:messages/en/common'),
  'de/auth': () => import('virtual:messages/de/auth'),
  'en/auth': () => import('virtual:messages/en/auth'),
  'de/errors': () => import('virtual:messages/de/errors'),
  'en/errors': () => import('virtual:messages/en/errors'),
};

/** The texts of one language and namespace (the module of its part of the catalogue). */
export async function loadLocale(lng: string, ns: string): Promise<unknown> {
  const key = `${lng}/${ns}`;
  const load = firstLoadTexts[key] ?? (await import('./screenChunks.ts')).textChunks[key];
  if (!load) throw new Error(`no texts ${lng}/${ns}`);
  return load();
}

export function setupI18n(lng: Language = initialLanguage()) {
  if (i18n.isInitialized) return i18n;
  document.documentElement.lang = lng;
  void i18n
    .use(resourcesToBackend(loadLocale))
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18n;
}

export default i18n;
