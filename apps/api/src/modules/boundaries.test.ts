import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module's files are its own: other modules, the platform and the app's entry points import only
 * a module's `index.ts`. The platform imports no module at all. Tests may reach inside (fixtures).
 */
const src = join(import.meta.dirname, '..');
const modulesDir = join(src, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const specifiers = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)\s[^;]*?from\s+'([^']+)'/g)].map((m) => m[1]);

/** Which module a file belongs to (null outside modules/). */
function moduleOf(file: string): string | null {
  const rel = relative(modulesDir, file);
  return rel.startsWith('..') || !rel.includes('/') ? null : rel.split('/')[0];
}

function violations(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = moduleOf(file);
    const inPlatform = !relative(join(src, 'platform'), file).startsWith('..');
    for (const spec of specifiers(file)) {
      if (!spec.startsWith('.')) continue;
      const target = join(file, '..', spec);
      const to = moduleOf(target);
      if (to === null || to === from) continue;
      const where = `${relative(src, file)} → ${spec}`;
      if (inPlatform) out.push(`${where} (the platform imports no module)`);
      else if (relative(join(modulesDir, to), target) !== 'index.ts') out.push(where);
    }
  }
  return out;
}

describe('module boundaries', () => {
  it('reads the modules and their imports', () => {
    expect(readdirSync(modulesDir).length).toBeGreaterThan(10);
    expect(specifiers(join(modulesDir, 'index.ts'))).toContain('./tours/index.ts');
  });

  it('other modules import only a module’s index.ts', () => {
    expect(violations()).toEqual([]);
  });

  it('every module has an index.ts that defines it', () => {
    const dirs = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    for (const d of dirs) {
      const index = readFileSync(join(modulesDir, d.name, 'index.ts'), 'utf8');
      expect([d.name, index.includes(`name: '${d.name}'`)]).toEqual([d.name, true]);
    }
  });
});
