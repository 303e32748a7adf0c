/**
 * Runs every suite (unit, web components, API integration on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, browser e2e) and prints one plain summary line
 * `N passed, N failed` over all of them; the exit code is non-zero if anything failed.
 *
 * The browser suite spends most of its time waiting on pages, not computing, so it runs beside
 * the others: E2E_SHARDS (default 2) Playwright processes, each with its own server, database
 * and mail server, start first; the vitest suites run one after the other meanwhile.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
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

type Shard = { index: number; log: string; results: string; done: Promise<number> };

/** Starts one Playwright process per shard; their output goes to a log each, printed at the end. */
function startE2e(shards: number): { started: number; shards: Shard[] } {
  const started = Date.now();
  const build = run('npm', ['run', 'build', '-w', 'apps/web', '--silent']);
  if (build !== 0) {
    results.push({ suite: 'e2e', passed: 0, failed: 1, skipped: 0, exitCode: build, seconds: 0 });
    return { started, shards: [] };
  }
  const list: Shard[] = [];
  for (let index = 1; index <= shards; index++) {
    const dir = join(root, 'e2e/artifacts', shards > 1 ? `shard-${index}` : '.');
    mkdirSync(dir, { recursive: true });
    const results = join(dir, 'results.json');
    rmSync(results, { force: true });
    const log = join(out, `e2e-${index}.log`);
    const fd = openSync(log, 'w');
    const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts'];
    if (shards > 1) args.push(`--shard=${index}/${shards}`);
    const child: ChildProcess = spawn('npx', args, {
      cwd: root,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, E2E_PORT: String(3100 + index), E2E_OUTPUT: dir },
    });
    closeSync(fd);
    const done = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
    list.push({ index, log, results, done });
  }
  return { started, shards: list };
}

async function finishE2e(e2e: { started: number; shards: Shard[] }): Promise<void> {
  if (e2e.shards.length === 0) return;
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let exitCode = 0;
  for (const shard of e2e.shards) {
    const code = await shard.done;
    console.log(`\n== e2e shard ${shard.index}/${e2e.shards.length} (exit ${code})`);
    console.log(readFileSync(shard.log, 'utf8'));
    let shardFailed = 0;
    if (existsSync(shard.results)) {
      const json = JSON.parse(readFileSync(shard.results, 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      };
      passed += json.stats.expected + json.stats.flaky;
      shardFailed = json.stats.unexpected;
      skipped += json.stats.skipped;
    }
    // A crashed shard (no report, or a non-zero exit without failed tests) counts as one failure.
    if (code !== 0 && shardFailed === 0) shardFailed = 1;
    failed += shardFailed;
    if (code !== 0) exitCode = code;
  }
  results.push({
    suite: 'e2e',
    passed,
    failed,
    skipped,
    exitCode,
    seconds: (Date.now() - e2e.started) / 1000,
  });
}

const only = process.argv.slice(2);
const want = (s: string) => only.length === 0 || only.includes(s);

const e2e = want('e2e') ? startE2e(Math.max(1, Number(process.env.E2E_SHARDS ?? 2))) : null;
if (want('unit')) vitest('unit', ['unit', 'web']);
if (want('integration')) {
  vitest('integration-pglite', ['integration'], { TEST_DATABASE_URL: '', TEST_REPLICA_URL: '' });
  if (process.env.TEST_DATABASE_URL) vitest('integration-postgres', ['integration']);
}
if (e2e) await finishE2e(e2e);

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
