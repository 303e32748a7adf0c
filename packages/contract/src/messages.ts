/**
 * The message catalogue of the server and the contract (decision 0015): one JSON file per language
 * (`messages/de.json`, `messages/en.json`) holds every text of mails, PDFs, spreadsheet headers,
 * exports and coded labels. Placeholders are written `{{name}}`, as in the web app's i18next texts.
 */
import type { Language } from './constants.ts';
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };

type Tree = { readonly [key: string]: string | Tree };
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the catalogue: the dotted path of a text in `messages/de.json`. */
export type MessageKey = Paths<typeof de>;
export type MessageParams = Readonly<Record<string, string | number>>;

export const MESSAGES: Readonly<Record<Language, Tree>> = { de, en };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills `{{name}}` placeholders; a placeholder without a value stays as written, so it shows in tests. */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The text of `key` in `lang` with its placeholders filled. */
export function t(lang: Language, key: MessageKey, params?: MessageParams): string {
  const text = lookup(MESSAGES[lang], key);
  if (text === undefined) throw new Error(`no text ${lang}:${key}`);
  return interpolate(text, params);
}

/**
 * The text of `key` in both languages, for labels the contract and the spreadsheet kit keep per
 * language; `params` may differ per language (e.g. a translated name inside a header).
 */
export function texts(
  key: MessageKey,
  params?: MessageParams | ((lang: Language) => MessageParams),
): Record<Language, string> {
  const of = (lang: Language) => (typeof params === 'function' ? params(lang) : params);
  return { de: t('de', key, of('de')), en: t('en', key, of('en')) };
}
