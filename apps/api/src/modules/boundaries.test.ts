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
 * Drizzle reads need the table's const, which only its own module can import (see above).
 */
const tableOwners = () => {
  const owner = new Map<string, string>();
  for (const module of moduleDirs) for (const t of tablesOf(module).sqlNames) owner.set(t, module);
  return owner;
};

/** The foreign tables one file's SQL names, as `<module>.<table>`. */
function foreignTablesIn(code: string, module: string, owner: Map<string, string>): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...bare.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/gi)]
    .filter((m) => owner.has(m[1]) && owner.get(m[1]) !== module)
    .map((m) => `${owner.get(m[1])}.${m[1]}`);
}

function foreignSql(): string[] {
  const owner = tableOwners();
  const found = new Set<string>();
  for (const module of moduleDirs)
    for (const file of filesOf(module))
      for (const t of foreignTablesIn(readFileSync(file, 'utf8'), module, owner))
        found.add(`${relative(modulesDir, file)} reads ${t}`);
  return [...found];
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
    const owner = tableOwners();
    const sqlText = 'sql`select 1 from cfc_entries e join emission_factors f on f.id = e.factor_id`';
    expect(foreignTablesIn(sqlText, 'emission-db', owner)).toEqual(['cfc.cfc_entries']);
    expect(foreignTablesIn(`// from cfc_entries\n${sqlText}`, 'cfc', owner)).toEqual([
      'emission-db.emission_factors',
    ]);
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
