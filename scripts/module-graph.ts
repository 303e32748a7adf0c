/**
 * The API's modules and who imports whom, read from the source files (tests left out: they may
 * reach inside a module for fixtures). `apps/api/src/modules/boundaries.test.ts` checks the rules
 * on it (imports only through a module's index.ts, no cycles) and that the graph in
 * docs/architecture.md is this one; after a change of the imports between modules:
 *
 *   npx node scripts/module-graph.ts
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const apiSrc = join(root, 'apps/api/src');
export const modulesDir = join(apiSrc, 'modules');
const docsFile = join(root, 'docs/architecture.md');

/** The source files under `dir` (no tests). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The module a file belongs to (null outside modules/, and for modules/index.ts). */
export function moduleOf(file: string): string | null {
  const rel = relative(modulesDir, file);
  return rel.startsWith('..') || !rel.includes('/') ? null : rel.split('/')[0];
}

/** An import or re-export statement: what it names (`{ a, type B }`, `* as x`) and from where. */
export type ImportStatement = { kind: 'import' | 'export'; clause: string; spec: string; typeOnly: boolean };

export function importsOf(file: string): ImportStatement[] {
  const text = readFileSync(file, 'utf8');
  const statements = [
    ...text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'([^']+)'/g),
  ];
  const dynamic = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)];
  return [
    ...statements.map((m) => ({
      kind: m[1] as 'import' | 'export',
      clause: m[3],
      spec: m[4],
      typeOnly: Boolean(m[2]),
    })),
    ...dynamic.map((m) => ({ kind: 'import' as const, clause: '*', spec: m[1], typeOnly: false })),
  ];
}

/** An import of one module by another, or by a file outside the modules. */
export type ModuleImport = { file: string; from: string | null; to: string; target: string; spec: string };

export function moduleImports(): ModuleImport[] {
  const out: ModuleImport[] = [];
  for (const file of sourceFiles(apiSrc)) {
    const from = moduleOf(file);
    for (const { spec } of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const target = join(file, '..', spec);
      const to = moduleOf(target);
      if (to !== null && to !== from) out.push({ file, from, to, target, spec });
    }
  }
  return out;
}

/** Every module with the modules it imports, both sorted. */
export function moduleGraph(): Map<string, string[]> {
  const names = readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const edges = new Map(names.map((n) => [n, new Set<string>()]));
  for (const i of moduleImports()) if (i.from !== null) edges.get(i.from)?.add(i.to);
  return new Map(names.map((n) => [n, [...(edges.get(n) ?? [])].sort()]));
}

/** The import cycles between modules, each as its path back to its start (depth-first search). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) return void found.push([...path.slice(at), node]);
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

const START = '<!-- module-graph: written by scripts/module-graph.ts -->';
const END = '<!-- /module-graph -->';
const id = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The graph as the mermaid block docs/architecture.md shows: one line per module, lone modules as nodes. */
export function graphBlock(graph = moduleGraph()): string {
  const labels = [...graph.keys()].filter((n) => id(n) !== n).map((n) => `  ${id(n)}[${n}]`);
  const lines = [...graph].map(([from, tos]) =>
    tos.length === 0 ? `  ${id(from)}` : `  ${id(from)} --> ${tos.map(id).join(' & ')}`,
  );
  return [START, '```mermaid', 'flowchart LR', ...labels, ...lines, '```', END].join('\n');
}

/** The block docs/architecture.md has now (null without the markers). */
export function documentedBlock(): string | null {
  const text = readFileSync(docsFile, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  return a < 0 || b < a ? null : text.slice(a, b + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(docsFile, 'utf8');
  const old = documentedBlock();
  if (old === null) throw new Error(`docs/architecture.md has no ${START} … ${END} block`);
  writeFileSync(docsFile, text.replace(old, graphBlock()));
  console.log('docs/architecture.md: module graph written');
}
