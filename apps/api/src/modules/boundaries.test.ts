import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiSrc,
  cycles,
  documentedBlock,
  graphBlock,
  importsOf,
  moduleGraph,
  moduleImports,
  modulesDir,
  sourceFiles,
} from '../../../../scripts/module-graph.ts';

/**
 * A module's files are its own: other modules, the platform and the app's entry points import only
 * a module's `index.ts`, and an index offers functions and types, never the module's tables or a
 * whole repository, so a module's rows are read through functions of the module that owns them.
 * The modules import each other without cycles. Tests may reach inside (fixtures).
 */
const moduleDirs = readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const filesOf = (module: string) => sourceFiles(join(modulesDir, module));

/** `x`, `type X`, `x as y` of an export clause `{ … }` (null for `*` forms). */
const exportedNames = (clause: string) =>
  clause.startsWith('{')
    ? clause
        .slice(1, -1)
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : null;

/** The tables a module declares (`export const x = pgTable('sql_name', …)` and the like), by const and SQL name. */
function tablesOf(module: string) {
  const consts = new Set<string>();
  const sqlNames = new Set<string>();
  for (const file of filesOf(module).filter((f) => f.endsWith('.schema.ts'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+) = \w*[tT]able\(\s*'(\w+)'/g)) {
      consts.add(m[1]);
      sqlNames.add(m[2]);
    }
  }
  return { consts, sqlNames };
}

function importViolations(): string[] {
  return moduleImports().flatMap((i) => {
    const where = `${relative(apiSrc, i.file)} → ${i.spec}`;
    if (!relative(join(apiSrc, 'platform'), i.file).startsWith('..'))
      return [`${where} (the platform imports no module)`];
    return relative(join(modulesDir, i.to), i.target) === 'index.ts' ? [] : [where];
  });
}

/** What an index hands out that it must not: whole modules (`export *`), tables, values of a schema file. */
function indexViolations(): string[] {
  return moduleDirs.flatMap((module) => {
    const index = join(modulesDir, module, 'index.ts');
    if (!existsSync(index)) return [];
    const { consts } = tablesOf(module);
    return importsOf(index)
      .filter((s) => s.kind === 'export')
      .flatMap((s) => {
        const names = exportedNames(s.clause);
        if (names === null) return [`${module}/index.ts: export ${s.clause} from '${s.spec}'`];
        if (s.typeOnly) return [];
        return names
          .filter((n) => !n.startsWith('type '))
          .filter((n) => s.spec.endsWith('.schema.ts') || consts.has(n.split(/\s+as\s+/)[0]))
          .map((n) => `${module}/index.ts: ${n} from '${s.spec}'`);
      });
  });
}

/**
 * Reads of another module's table in SQL text (`from`, `join`, `into`, `update`), comments left out.
 * The one left, with its reason: the emission database withdraws rather than deletes a factor that
 * footprint entries used, and asks cfc_entries so; cfc imports the emission database, so the
 * question cannot go through cfc's index without a cycle (a port the cfc module fills is the next step).
 */
const FOREIGN_SQL_KNOWN = ['emission-db/emission-db.versions.ts reads cfc.cfc_entries'];

function foreignSql(): string[] {
  const owner = new Map<string, string>();
  for (const module of moduleDirs) for (const t of tablesOf(module).sqlNames) owner.set(t, module);
  const found = new Set<string>();
  for (const module of moduleDirs) {
    for (const file of filesOf(module)) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const m of code.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/gi)) {
        const table = owner.get(m[1]);
        if (table && table !== module) found.add(`${relative(modulesDir, file)} reads ${table}.${m[1]}`);
      }
    }
  }
  return [...found].filter((f) => !FOREIGN_SQL_KNOWN.includes(f));
}

describe('module boundaries', () => {
  it('reads the modules and their imports', () => {
    expect(moduleDirs.length).toBeGreaterThan(10);
    expect(importsOf(join(modulesDir, 'index.ts')).map((s) => s.spec)).toContain('./tours/index.ts');
    expect(tablesOf('tours').consts).toContain('shipments');
    expect(tablesOf('tours').sqlNames).toContain('tour_shipments');
    expect(moduleGraph().get('dashboards')).toContain('tours');
  });

  it('other modules import only a module’s index.ts', () => {
    expect(importViolations()).toEqual([]);
  });

  it('an index.ts exports functions and types, not tables, schema files or whole repositories', () => {
    expect(indexViolations()).toEqual([]);
  });

  it('a module’s SQL names only its own tables (and the platform’s)', () => {
    expect(foreignSql()).toEqual([]);
  });

  it('the modules import each other without cycles', () => {
    expect(cycles(moduleGraph())).toEqual([]);
  });

  it('finds a cycle and a table export when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(exportedNames('{ tours, type Place, x as y }')).toEqual(['tours', 'type Place', 'x as y']);
    expect(exportedNames('* as toursRepository')).toBeNull();
  });

  it('docs/architecture.md shows the module graph as it is (npx node scripts/module-graph.ts)', () => {
    expect(documentedBlock()).toBe(graphBlock());
  });

  it('every module has an index.ts that defines it', () => {
    for (const d of moduleDirs) {
      const index = readFileSync(join(modulesDir, d, 'index.ts'), 'utf8');
      expect([d, index.includes(`name: '${d}'`)]).toEqual([d, true]);
    }
  });
});
