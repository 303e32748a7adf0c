import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The message catalogue (decision 0015): one file per language in the contract. Its `web`
 * section holds the screens' texts by i18next namespace; the rest are the API's and the contract's.
 */
export const CATALOGUE_DIR = resolve(
  fileURLToPath(new URL('../../../packages/contract/src/messages', import.meta.url)),
);
/** The catalogue's section of the web app's texts (`messages.ts` of the contract leaves it out too). */
const WEB = 'web';

/** `virtual:messages` lists a loader per language and namespace; `virtual:messages/de/common` is one. */
const ID = 'virtual:messages';
const RESOLVED = `\0${ID}`;

type Texts = Record<string, unknown>;

const CATALOGUE_FILE = /^[a-z]{2}\.json$/;
const catalogueFile = (lng: string) => join(CATALOGUE_DIR, `${lng}.json`);

/** The languages of the catalogue: one `<lng>.json` each. */
export function catalogueLanguages(): string[] {
  return readdirSync(CATALOGUE_DIR)
    .filter((f) => CATALOGUE_FILE.test(f))
    .map((f) => f.slice(0, 2))
    .sort();
}

// A build asks for some 60 namespaces of two files; each file is read once per change.
const cache = new Map<string, { mtimeMs: number; web: Record<string, Texts> }>();

/** The screens' namespaces of one language, read from the catalogue file. */
export function webTexts(lng: string): Record<string, Texts> {
  const file = catalogueFile(lng);
  const { mtimeMs } = statSync(file);
  const hit = cache.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.web;
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as { [WEB]?: Record<string, Texts> };
  const web = catalogue[WEB] ?? {};
  cache.set(file, { mtimeMs, web });
  return web;
}

/** The catalogue as the web app's code imports it: the contract's labels, without the screens' texts. */
export function withoutWebTexts(json: string): string {
  const { [WEB]: _screens, ...server } = JSON.parse(json) as Texts;
  return JSON.stringify(server);
}

const isCatalogue = (id: string) => dirname(id) === CATALOGUE_DIR && CATALOGUE_FILE.test(basename(id));

/**
 * Cuts the catalogue at build time: each language's namespace is a module of its own (its own small
 * chunk, loaded when a screen needs it), and the catalogue that the contract's labels import reaches
 * the browser without the `web` section. So the web app never bundles the whole catalogue. Vite and
 * the web project of vitest both use it.
 */
export function messages(): Plugin {
  return {
    name: 'klimadesk-messages',
    // Before vite's JSON plugin turns the catalogue into a module.
    enforce: 'pre',
    resolveId(source) {
      if (source === ID || source.startsWith(`${ID}/`)) return `\0${source}`;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return;
      const languages = catalogueLanguages();
      for (const lng of languages) this.addWatchFile(catalogueFile(lng));
      if (id === RESOLVED) {
        const loaders = languages.flatMap((lng) =>
          Object.keys(webTexts(lng)).map(
            (ns) =>
              `  ${JSON.stringify(`${lng}/${ns}`)}: () => import(${JSON.stringify(`${ID}/${lng}/${ns}`)}),`,
          ),
        );
        return `export default {\n${loaders.join('\n')}\n};\n`;
      }
      const [lng, ns, ...rest] = id.slice(RESOLVED.length + 1).split('/');
      const texts = languages.includes(lng) && rest.length === 0 ? webTexts(lng)[ns] : undefined;
      if (!texts) this.error(`no texts ${lng}/${ns} in the message catalogue (${CATALOGUE_DIR})`);
      return `export default ${JSON.stringify(texts)};\n`;
    },
    transform: {
      filter: { id: /[\\/]messages[\\/][a-z]{2}\.json$/ },
      handler(code, id) {
        if (isCatalogue(id)) return { code: withoutWebTexts(code), map: null };
      },
    },
    // A changed catalogue: i18next keeps the texts it has loaded, so the page loads again.
    hotUpdate({ file }) {
      if (!isCatalogue(file)) return;
      const graph = this.environment.moduleGraph;
      for (const [id, mod] of graph.idToModuleMap) if (id.startsWith(RESOLVED)) graph.invalidateModule(mod);
      this.environment.hot.send({ type: 'full-reload' });
      return [];
    },
  };
}
