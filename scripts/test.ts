/**
 * Runs every suite (unit, web components, API integration on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, browser e2e) and prints one plain summary line
 * `N passed, N failed` over all of them; the exit code is non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const out = join(root, '.tmp');
mkdirSync(out, { recursive: true });

type Result = {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  exitCode: number;
  seconds: number;
};
const results: Result[] = [];

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function vitest(suite: string, projects: string[], env: NodeJS.ProcessEnv = {}): void {
  const started = Date.now();
  const file = join(out, `vitest-${suite}.json`);
  rmSync(file, { force: true });
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const exitCode = run('vitest', args, env);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    passed = json.numPassedTests;
    failed = json.numFailedTests;
    skipped = json.numPendingTests + json.numTodoTests;
  }
  // A crashed run (no report, or a failing file without failed tests) counts as one failure.
  if (exitCode !== 0 && failed === 0) failed = 1;
  results.push({ suite, passed, failed, skipped, exitCode, seconds: (Date.now() - started) / 1000 });
}

function e2e(): void {
  const started = Date.now();
  const file = join(root, 'e2e/artifacts/results.json');
  rmSync(file, { force: true });
  const exitCode = run('npm', ['run', 'test:e2e', '--silent']);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    passed = json.stats.expected + json.stats.flaky;
    failed = json.stats.unexpected;
    skipped = json.stats.skipped;
  }
  if (exitCode !== 0 && failed === 0) failed = 1;
  results.push({ suite: 'e2e', passed, failed, skipped, exitCode, seconds: (Date.now() - started) / 1000 });
}

const only = process.argv.slice(2);
const want = (s: string) => only.length === 0 || only.includes(s);

if (want('unit')) vitest('unit', ['unit', 'web']);
if (want('integration')) {
  vitest('integration-pglite', ['integration'], { TEST_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) vitest('integration-postgres', ['integration']);
}
if (want('e2e')) e2e();

const total = results.reduce(
  (acc, r) => ({
    passed: acc.passed + r.passed,
    failed: acc.failed + r.failed,
    skipped: acc.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('');
for (const r of results)
  console.log(
    `  ${r.suite.padEnd(22)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped in ${Math.round(r.seconds)} s`,
  );
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(results.some((r) => r.failed > 0 || r.exitCode !== 0) ? 1 : 0);
