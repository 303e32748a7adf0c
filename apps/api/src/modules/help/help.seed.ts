import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language, TUTORIAL_STEPS, type TextType } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { sanitizeHtml } from '../../platform/html.ts';
import * as repo from './help.repository.ts';

/** Where the German and English help content lives (`<file>.<lang>.html`, `help-texts.<lang>.json`). */
export const CONTENT_DIR = fileURLToPath(new URL('./content/', import.meta.url));

/** The content file of each text type. */
export const CONTENT_FILES: Record<Exclude<TextType, 'tutorial'>, string> = {
  firstSteps: 'first-steps',
  faq: 'faq',
  glossary: 'glossary',
  errors: 'errors',
  tenderGuide: 'tender-guide',
  welcome: 'welcome',
};

function read(dir: string, file: string): string | null {
  const path = join(dir, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** The inner HTML of each `<section>` of the tutorial file, in order. */
export function tutorialSteps(html: string): string[] {
  return [...html.matchAll(/<section\b[^>]*>([\s\S]*?)<\/section\s*>/gi)].map((m) => m[1].trim());
}

/**
 * Loads the content files into the texts and help texts (idempotent, on every start). A text is
 * inserted only when missing, so one the platform admin edited is never overwritten; a missing
 * file is skipped.
 */
export async function seedHelpContent(db: DbOrTx, dir: string = CONTENT_DIR): Promise<void> {
  const help = new Map<string, Record<Language, string>>();
  for (const lang of LANGUAGES) {
    for (const [type, file] of Object.entries(CONTENT_FILES)) {
      const html = read(dir, `${file}.${lang}.html`);
      if (html !== null)
        await repo.insertTextIfMissing(db, { type, name: '', lang, value: sanitizeHtml(html) });
    }
    const tutorial = read(dir, `tutorial.${lang}.html`);
    if (tutorial !== null) {
      const steps = tutorialSteps(tutorial);
      for (const [i, name] of TUTORIAL_STEPS.entries()) {
        if (steps[i] === undefined) break;
        await repo.insertTextIfMissing(db, { type: 'tutorial', name, lang, value: sanitizeHtml(steps[i]) });
      }
    }
    const json = read(dir, `help-texts.${lang}.json`);
    if (json !== null) {
      for (const [name, html] of Object.entries(JSON.parse(json) as Record<string, unknown>)) {
        if (typeof html !== 'string') continue;
        const entry = help.get(name) ?? { de: '', en: '' };
        entry[lang] = sanitizeHtml(html);
        help.set(name, entry);
      }
    }
  }
  for (const [name, text] of help) await repo.addHelpText(db, name, text.de, text.en);
}
