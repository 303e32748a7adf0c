import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/harness.ts';
import { DEMO_LOGINS, seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('creates every printed login once, with working passwords and roles', async () => {
    expect(await seedDemo(t.ctx, 'demo-password')).toEqual({ created: true });
    expect(await seedDemo(t.ctx, 'demo-password')).toEqual({ created: false });
    for (const login of DEMO_LOGINS) {
      const token = await t.login(login.email, 'demo-password');
      const me = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
      expect(me.roles).toEqual(login.roles);
      expect(me.company.name).toBe(login.company);
    }
  });

  it('gives the professional company a fleet and the basic company the sample fleet', async () => {
    const pro = await t.login('user@demo-pro.local', 'demo-password');
    const basic = await t.login('admin@demo-basic.local', 'demo-password');
    const proVehicles = (await t.call({ method: 'GET', url: '/api/vehicles', token: pro })).json();
    expect(proVehicles['hydra:totalItems']).toBe(3);
    expect(proVehicles['hydra:member'].some((v: { sample: boolean }) => v.sample)).toBe(false);
    const basicTrailers = (await t.call({ method: 'GET', url: '/api/trailers', token: basic })).json();
    expect(basicTrailers['hydra:member'].every((v: { sample: boolean }) => v.sample)).toBe(true);
  });
});
