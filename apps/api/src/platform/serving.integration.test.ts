import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '../../../web/precompress.ts';
import { buildApp } from '../app.ts';
import { DEMO_LOGINS } from '../seed/demo.ts';
import { withTestApp } from '../../test/harness.ts';

const SCRIPT = `console.log(${JSON.stringify('Klimadesk '.repeat(400))});\n`;

/** A built web app as vite writes it: index.html and a hashed script, then compressed. */
async function webDist() {
  const dir = mkdtempSync(join(tmpdir(), 'klimadesk-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Klimadesk</title>${'<!-- shell -->'.repeat(100)}`,
  );
  writeFileSync(join(dir, 'assets', 'index-B3x_9kQa.js'), SCRIPT);
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  expect(await precompressDir(dir)).toBe(2);
  return dir;
}

describe('serving the web app (issue 37)', () => {
  it('sends hashed files compressed and cached for a year, the shell compressed and revalidated', async () => {
    const dir = await webDist();
    await withTestApp({ env: { WEB_DIST: dir } }, async (t) => {
      const br = await t.call({
        method: 'GET',
        url: '/assets/index-B3x_9kQa.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
      expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

      const gz = await t.call({
        method: 'GET',
        url: '/assets/index-B3x_9kQa.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

      const plain = await t.call({
        method: 'GET',
        url: '/assets/index-B3x_9kQa.js',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);

      // The shell behind every client route: compressed, never kept without asking.
      for (const url of ['/login', '/index.html']) {
        const shell = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(shell.statusCode).toBe(200);
        expect(shell.headers['content-encoding']).toBe('br');
        expect(shell.headers['cache-control']).toBe('no-cache');
        expect(brotliDecompressSync(shell.rawPayload).toString()).toBe(
          readFileSync(join(dir, 'index.html'), 'utf8'),
        );
      }
      // A file without a hash in its name may change under the same name.
      const icon = await t.call({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
    });
  });

  it('logs requests at debug only, so the start banner is not buried', async () => {
    await withTestApp({}, async (t) => {
      const lines: { level: number; msg: string; url?: string }[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      });
      for (const level of ['info', 'debug'] as const) {
        lines.length = 0;
        const app = await buildApp(t.ctx, { logger: { level, stream } });
        await app.inject({ method: 'GET', url: '/health' });
        await app.inject({ method: 'GET', url: '/api/no-such-route' });
        await app.close();
        const requests = lines.filter((l) => l.url !== undefined);
        // pino levels: 20 debug, 30 info.
        if (level === 'info') expect(requests).toEqual([]);
        else
          expect(requests.map((l) => [l.level, l.url, l.msg])).toEqual([
            [20, '/health', 'request completed'],
            [20, '/api/no-such-route', 'request completed'],
          ]);
      }
    });
  });

  it('the README lists every demo login the start prints', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../../README.md'), 'utf8');
    for (const login of DEMO_LOGINS) expect(readme).toContain(`\`${login.email}\``);
  });
});
