import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { BASE_URL } from './playwright.config.ts';

const root = join(import.meta.dirname, '..');
// The API needs Node 24 (type stripping); the repository pins it as a devDependency.
const pinnedNode = join(root, 'node_modules/.bin/node');
const nodeBin = existsSync(pinnedNode) ? pinnedNode : process.execPath;

/**
 * With TEST_DATABASE_URL (as in CI) the server runs on a PostgreSQL database of its own, created
 * here and dropped at the end: pages load without the embedded database sharing the server's
 * thread. Without it, the server uses the embedded database, as `npm start` does.
 */
async function e2eDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const { default: pg } = await import('pg');
  const name = `kd_e2e_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Starts a real SMTP server that keeps every message as a JSON file, and the API server (which
 * serves the built web app) on a fresh database. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'kd-e2e-'));
  const mailDir = join(dir, 'mails');
  mkdirSync(mailDir);
  let count = 0;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = join(mailDir, `${String(count).padStart(4, '0')}.json`);
        writeFileSync(
          file,
          JSON.stringify({ to, receivedAt: Date.now(), raw: Buffer.concat(chunks).toString('utf8') }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  // A private copy of the built app: a rebuild during the run must not pull files from under the server.
  const webDist = join(dir, 'web');
  cpSync(process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist'), webDist, { recursive: true });

  const port = new URL(BASE_URL).port;
  const database = await e2eDatabase();
  const api: ChildProcess = spawn(nodeBin, [join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: database?.url ?? '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      APP_URL: BASE_URL,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (api.exitCode !== null) throw new Error(`API server exited with code ${api.exitCode}`);
    try {
      const res = await fetch(`${BASE_URL.replace('localhost', '127.0.0.1')}/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('API server did not become healthy within 90 s');
    await new Promise((r) => setTimeout(r, 300));
  }

  process.env.KD_MAIL_DIR = mailDir;

  return async () => {
    api.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      if (api.exitCode !== null) return resolve();
      const timer = setTimeout(() => {
        api.kill('SIGKILL');
        resolve();
      }, 5000);
      api.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
