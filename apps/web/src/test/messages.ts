import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type catalogue from '../../../../packages/contract/src/messages/de.json';

/** The screens' texts of one language: the `web` section of the message catalogue, by namespace. */
export type WebTexts = (typeof catalogue)['web'];

const catalogueDir = resolve(import.meta.dirname, '../../../../packages/contract/src/messages');

// Read from the file: the build plugin hands the app's code the catalogue without this section.
const read = (lang: 'de' | 'en') =>
  (JSON.parse(readFileSync(resolve(catalogueDir, `${lang}.json`), 'utf8')) as typeof catalogue).web;

/** Every namespace of both languages, for tests that bundle a feature's texts instead of loading them. */
export const webTexts: Record<'de' | 'en', WebTexts> = { de: read('de'), en: read('en') };
