/**
 * The message catalogue (decision 0015): one JSON file per language (`messages/de.json`,
 * `messages/en.json`) holds every text of the product. Its `web` section holds the web app's screen
 * texts by i18next namespace; the web build cuts it into one chunk per language and namespace
 * (`apps/web/vite/messages.ts`). The other sections hold the texts of mails, PDFs, spreadsheet
 * headers, exports and coded labels, read here. Placeholders are written `{{name}}`, as in i18next.
 */
import type { Language } from './constants.ts';
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };

type Tree = { readonly [key: string]: string | Tree };
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** The catalogue's section of the web app's screen texts: never read by the API or the contract. */
const WEB = 'web';

/**
 * A key of the API's and the contract's texts: the dotted path of a text in `messages/de.json`
 * outside the `web` section, whose thousands of keys would only slow the type down.
 */
export type MessageKey = Paths<Omit<typeof de, typeof WEB>>;
export type MessageParams = Readonly<Record<string, string | number>>;

/** The catalogue without the screens' texts, so no answer of the API can carry them by mistake. */
function serverTexts(catalogue: object): Tree {
  return Object.fromEntries(Object.entries(catalogue).filter(([section]) => section !== WEB)) as Tree;
}

export const MESSAGES: Readonly<Record<Language, Tree>> = { de: serverTexts(de), en: serverTexts(en) };

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
