import { describe, expect, it } from 'vitest';
import { appWithCompanies, createTestApp } from '../../../test/harness.ts';

describe('maintenance gate', () => {
  const { t } = appWithCompanies(
    { m: 'M' },
    { env: { MAINTENANCE_PASSWORD: 'geheim', MAINTENANCE_UNTIL: '2999-12-15T20:00:00+01:00' } },
  );

  it('closes the API until the access password is given', async () => {
    const status = (await t.call({ method: 'GET', url: '/api/maintenance' })).json();
    expect(status).toEqual({ active: true, until: '2999-12-15T20:00:00+01:00', granted: false });
    const blocked = await t.loginAttempt('admin@m.test');
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().message).toBe('maintenance');

    const access = (password: string) =>
      t.call({ method: 'POST', url: '/api/maintenance/access', payload: { password } });
    const wrong = await access('falsch');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('maintenancePasswordWrong');

    const right = await access('geheim');
    expect(right.statusCode).toBe(200);
    const cookie = String(right.headers['set-cookie']).split(';')[0];
    const login = await t.call({
      method: 'POST',
      url: '/api/login',
      headers: { cookie },
      payload: { username: 'admin@m.test', password: 'test-password' },
    });
    expect(login.statusCode).toBe(200);
    // A forged cookie value does not pass.
    const forged = await t.call({
      method: 'GET',
      url: '/api/countries',
      headers: { cookie: 'kd_maintenance=granted' },
    });
    expect(forged.statusCode).toBe(503);
  });

  it('is open once the opening time has passed', async () => {
    const open = await createTestApp({
      env: { MAINTENANCE_PASSWORD: 'geheim', MAINTENANCE_UNTIL: '2024-12-15T20:00:00+01:00' },
    });
    try {
      expect((await open.call({ method: 'GET', url: '/api/maintenance' })).json().active).toBe(false);
      expect((await open.call({ method: 'GET', url: '/api/countries' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
