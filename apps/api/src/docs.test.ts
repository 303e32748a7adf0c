/**
 * The docs say what is true where a test can tell: every file they name exists, and the line
 * width they state is the formatter's.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const read = (p: string) => readFileSync(join(root, p), 'utf8');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'docs/decisions')).map((f) => `docs/decisions/${f}`),
];

describe('docs', () => {
  it('name only files that exist', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root })
      .toString()
      .split('\n')
      .filter(Boolean);
    const names = new Set(files.map((f) => basename(f)));
    const missing: string[] = [];
    for (const doc of docs)
      for (const [, path] of read(doc).matchAll(/`([\w.\-/[\]]+\.(?:ts|tsx|md|json|sh|mjs|css|gz))`/g)) {
        // URL paths of the API and placeholders are not files; another repository's file is written
        // `owner/repo:path`, which this pattern does not take.
        if (path!.startsWith('/') || path!.includes('*')) continue;
        const found = path!.includes('/')
          ? files.some((f) => f === path || f.endsWith(`/${path}`))
          : names.has(path!);
        if (!found) missing.push(`${doc}: ${path}`);
      }
    expect(missing).toEqual([]);
  });

  it('state the formatter’s line width', () => {
    const { printWidth } = JSON.parse(read('.prettierrc.json')) as { printWidth: number };
    expect(read('docs/code-style.md')).toContain(`Prettier (${printWidth} columns`);
  });
});
