/**
 * Builds the web app and reports the gzip size of the JavaScript a visitor of /login loads
 * (entry, the login screen and the German texts it needs) and the largest chunk.
 * Budget (issue 3): at most 200 KB gzip for /login.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
// WEB_DIST builds and measures in another folder (a private build beside others' servers).
const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const BUDGET_KB = 200;

if (!process.argv.includes('--no-build')) {
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      ...(process.env.WEB_DIST ? ['--outDir', dist, '--emptyOutDir'] : []),
    ],
    {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
}

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue;
    seen.add(k);
    closure(manifest[k]?.imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const byPath = (needle: string) => Object.keys(manifest).filter((k) => k.includes(needle));
if (!entry) throw new Error('no entry chunk in the manifest');
// What the browser fetches to show /login (checked against a real page load): the entry, the
// login screen and the German `common` and `auth` texts. The general error texts are fetched
// only after a failed login that the screen cannot name itself; they are reported separately.
const loginKeys = [
  entry,
  ...byPath('features/auth/LoginPage.tsx'),
  ...byPath('virtual:messages/de/common'),
  ...byPath('virtual:messages/de/auth'),
];
const loginFiles = [...new Set([...closure(loginKeys)].map((k) => manifest[k].file))];
const loginTotal = loginFiles.reduce((s, f) => s + gz(f), 0);
const errorTexts = byPath('virtual:messages/de/errors').reduce((s, k) => s + gz(manifest[k].file), 0);

const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const sizes = allJs.map((f) => ({
  file: f,
  gz: gz(`assets/${f}`),
  raw: readFileSync(join(dist, 'assets', f)).length,
}));
sizes.sort((a, b) => b.gz - a.gz);
const largest = sizes[0];
const total = sizes.reduce((s, c) => s + c.gz, 0);

console.log(
  `JS loaded for /login: ${kb(loginTotal)} gzip in ${loginFiles.length} files (budget ${BUDGET_KB} KB)`,
);
console.log(`Added after a failed login (German error texts): ${kb(errorTexts)} gzip`);
console.log(`Largest chunk: ${largest.file} ${kb(largest.raw)} raw / ${kb(largest.gz)} gzip`);
console.log(`All JS: ${sizes.length} chunks, ${kb(total)} gzip`);
console.log('Top chunks:');
for (const c of sizes.slice(0, 8)) console.log(`  ${c.file.padEnd(40)} ${kb(c.gz).padStart(9)} gzip`);
if (loginTotal > BUDGET_KB * 1024) {
  console.error(`Budget exceeded: /login loads ${kb(loginTotal)} > ${BUDGET_KB} KB`);
  process.exitCode = 1;
}
