import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../test/harness.ts';

function expectHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
}

describe('security headers (issue 32)', () => {
  it('are on every kind of answer over http, without HSTS', async () => {
    await withTestApp({}, async (t) => {
      const answers = [
        await t.call({ method: 'GET', url: '/health' }),
        await t.call({ method: 'GET', url: '/api/users/me' }),
        await t.call({ method: 'POST', url: '/api/login', payload: { username: 'a@b.test', password: 'x' } }),
        await t.call({ method: 'GET', url: '/api/no-such-route' }),
        await t.call({ method: 'GET', url: '/api/docs/json' }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 401, 404, 200]);
      for (const a of answers) {
        expectHeaders(a.headers);
        expect(a.headers['strict-transport-security']).toBeUndefined();
        expect(String(a.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      }
      // A router error answers before any hook runs: it still says nosniff.
      const long = await t.call({ method: 'GET', url: `/api/vehicles/${'x'.repeat(600)}` });
      expect(long.statusCode).toBe(414);
      expect(long.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  it('add HSTS and upgrade-insecure-requests when the app is served over https', async () => {
    await withTestApp({ env: { APP_URL: 'https://klimadesk.example' } }, async (t) => {
      const res = await t.call({ method: 'GET', url: '/health' });
      expectHeaders(res.headers);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    });
  });

  it('an unreadable request answered on the socket says nosniff too', async () => {
    await withTestApp({}, async (t) => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; headers: Record<string, unknown> }>(
        (resolve, reject) => {
          const req = request({
            host: '127.0.0.1',
            port,
            path: '/health',
            headers: { 'x-big': 'y'.repeat(20_000) },
          });
          req.on('response', (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, headers: res.headers });
          });
          req.on('error', reject);
          req.end();
        },
      );
      expect(answer.status).toBe(431);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});
