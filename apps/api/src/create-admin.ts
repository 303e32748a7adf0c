/**
 * `npm run create-admin -- <email> [--first-name <name>] [--last-name <name>] [--company <name>]`:
 * creates a platform administrator in the configured database (DATABASE_URL, else the embedded
 * one in DATA_DIR). The password comes from ADMIN_PASSWORD or is asked for without echo; it is
 * never printed or logged.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './platform/config.ts';
import { openDb } from './platform/db/index.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, FirstAdminError, createPlatformAdmin } from './seed/first-admin.ts';

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    return Promise.reject(
      new FirstAdminError('no password: set ADMIN_PASSWORD or run the command in a terminal'),
    );
  }
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new FirstAdminError('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function password(fromEnv: string | null): Promise<string> {
  if (fromEnv) return fromEnv;
  const first = await askHidden(`Password (at least ${ADMIN_PASSWORD_MIN_LENGTH} characters): `);
  const again = await askHidden('Repeat the password: ');
  if (first !== again) throw new FirstAdminError('the passwords differ');
  return first;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      company: { type: 'string' },
    },
  });
  if (positionals.length !== 1) {
    throw new FirstAdminError(
      'usage: npm run create-admin -- <email> [--first-name <name>] [--last-name <name>] [--company <name>]',
    );
  }
  const config = loadConfig();
  const secret = await password(config.adminPassword);
  const handle = await openDb(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
  );
  try {
    const result = await createPlatformAdmin(handle.db, {
      email: positionals[0],
      password: secret,
      firstName: values['first-name'],
      lastName: values['last-name'],
      companyName: values.company,
    });
    console.log(
      `Platform administrator ${positionals[0].trim()} created${result.companyCreated ? ' with a new platform company' : ''}.`,
    );
  } finally {
    await handle.close();
  }
}

try {
  await main();
} catch (err) {
  if (!(err instanceof FirstAdminError)) throw err;
  console.error(`create-admin: ${err.message}`);
  process.exitCode = 1;
}
