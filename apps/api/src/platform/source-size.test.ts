import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Files that fit in a head (issue 38): no source file of the repository over 700 lines, data tables
 * (`data/` folders) and generated files (`*.gen.ts`, migrations) aside. The files below are over it
 * and not yet split; a file leaves the list when it is split, and no other file may grow past it.
 */
const MAX_LINES = 700;
const NOT_YET_SPLIT = [
  'apps/api/src/modules/cfc/cfc.results.integration.test.ts',
  'apps/api/src/modules/csrd/csrd.integration.test.ts',
  'apps/api/src/modules/mappings/import.integration.test.ts',
  'apps/api/src/platform/security.integration.test.ts',
];

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE = /\.(ts|tsx|js|mjs|css)$/;
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'drizzle',
  'test-results',
  'playwright-report',
]);
const isGenerated = (path: string) => path.endsWith('.gen.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) || e.name.startsWith('.') ? [] : sourceFiles(path);
    return SOURCE.test(e.name) && !isGenerated(e.name) ? [relative(root, path)] : [];
  });
}

const lineCount = (file: string) => readFileSync(join(root, file), 'utf8').split('\n').length - 1;

const files = ['apps', 'packages', 'scripts', 'e2e'].flatMap((d) => sourceFiles(join(root, d)));
const long = files.filter((f) => lineCount(f) > MAX_LINES);

describe('source file size', () => {
  it('reads the repository’s source files, data tables and generated files left out', () => {
    expect(files).toContain('apps/api/src/platform/source-size.test.ts');
    expect(files).toContain('apps/web/src/features/taxonomy/ActivityWizard.tsx');
    expect(
      files.some((f) => f.includes('/data/') || f.endsWith('.gen.ts') || f.includes('node_modules')),
    ).toBe(false);
  });

  it(`no file outside the list is over ${MAX_LINES} lines`, () => {
    expect(long.filter((f) => !NOT_YET_SPLIT.includes(f)).map((f) => `${f}: ${lineCount(f)}`)).toEqual([]);
  });

  it('every file on the list is still over it (remove a split file from the list)', () => {
    expect(NOT_YET_SPLIT.filter((f) => !long.includes(f))).toEqual([]);
  });
});
