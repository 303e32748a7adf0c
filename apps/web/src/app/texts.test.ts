import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, REPORTING_MESSAGE_KEYS } from '@klimadesk/contract';
import { MESSAGES } from '@klimadesk/contract/messages';
import catalogue from '../../../../packages/contract/src/messages/de.json';
import { webTexts } from '../test/messages.ts';

const src = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const quoted = (list: string) => [...list.matchAll(/['"`](\w+)['"`]/g)].map((m) => m[1]);

/** The namespaces a source file names: `useTranslation('x')`, `t('x:…')`, `{ ns: […] }`, `ns="x"`, … */
function namespacesOf(code: string): string[] {
  return [
    ...[...code.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap((m) => quoted(m[1])),
    ...[...code.matchAll(/\bt\(\s*['"`](\w+):/g)].map((m) => m[1]),
    ...[...code.matchAll(/\{\s*ns:\s*(\[[^\]]*\]|'\w+'(?=\s*[,}]))/g)].flatMap((m) => quoted(m[1])),
    ...[...code.matchAll(/\bns="(\w+)"/g)].map((m) => m[1]),
    ...[...code.matchAll(/getFixedT\([^,]*,\s*(\[[^\]]*\]|'\w+')/g)].flatMap((m) => quoted(m[1])),
    ...[...code.matchAll(/loadNamespaces\(\s*(\[[^\]]*\]|'\w+')/g)].flatMap((m) => quoted(m[1])),
  ];
}

describe('the screens’ texts in the message catalogue', () => {
  it('holds every namespace the code asks for, in both languages', () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(src))
      for (const ns of namespacesOf(readFileSync(file, 'utf8'))) used.set(ns, relative(src, file));
    expect([...used.keys()]).toEqual(expect.arrayContaining(['common', 'auth', 'errors', 'app', 'orders']));
    for (const lang of ['de', 'en'] as const) {
      const missing = [...used]
        .filter(([ns]) => !(ns in webTexts[lang]))
        .map(([ns, file]) => `${ns} (${file})`);
      expect(missing, lang).toEqual([]);
    }
  });

  it('the check finds the namespaces in each way of naming them', () => {
    const code = `useTranslation(['cfc', 'common']); t('app:nav'); t(\`errors:\${code}\`);
      translate(key, { ns: ['tours'] }); <AdminHome ns="emissionDb" />; i18n.getFixedT(null, 'fleet');
      await i18n.loadNamespaces('legal'); const x: { ns: 'vehicles' | 'trailers' } = y;`;
    expect(namespacesOf(code).sort()).toEqual([
      'app',
      'cfc',
      'common',
      'emissionDb',
      'errors',
      'fleet',
      'legal',
      'tours',
    ]);
  });

  it('are only in the catalogue: no JSON file of texts under apps/web/src', () => {
    const json = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const path = join(dir, e.name);
        if (e.isDirectory()) return json(path);
        return e.name.endsWith('.json') ? [relative(src, path)] : [];
      });
    // A new text goes into packages/contract/src/messages/<lang>.json under `web.<namespace>`.
    expect(json(src)).toEqual([]);
  });

  it('every error of the catalogue has a German and an English text', () => {
    for (const lang of ['de', 'en'] as const) {
      const errors: Record<string, unknown> = webTexts[lang].errors;
      const missing = [...ERROR_KEYS, ...REPORTING_MESSAGE_KEYS].filter(
        (k) => typeof errors[k] !== 'string' || !errors[k],
      );
      expect(missing, lang).toEqual([]);
    }
  });

  it('reach the app only by namespace: the catalogue its code imports has no screen texts', () => {
    // The build plugin (`vite/messages.ts`) takes the `web` section out of the catalogue the
    // contract's labels import, so the labels' chunk does not carry every screen's texts.
    expect(Object.keys(catalogue)).not.toContain('web');
    expect(Object.keys(catalogue)).toEqual(expect.arrayContaining(['mail', 'orders']));
    expect(Object.keys(MESSAGES.de)).not.toContain('web');
  });
});
