import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/harness.ts';
import { DEMO_LOGINS, seedDemo } from './demo.ts';
import { demoTourRows } from './demo-tours.ts';
import { shipments as shipmentsTable } from '../modules/tours/tours.schema.ts';

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

describe('demo tours', () => {
  it('imports six months of tours and shipments for the professional company, all accepted', async () => {
    await t.ctx.jobs.drain();
    const pro = await t.login('user@demo-pro.local', 'demo-password');
    const tasks = (await t.call({ method: 'GET', url: '/api/mapping-import-tasks', token: pro })).json();
    const task = tasks['hydra:member'][0];
    expect(task).toMatchObject({ state: 'success', rejected: 0 });
    const rows = demoTourRows(new Date());
    const tours = (await t.call({ method: 'GET', url: '/api/tours?limit=1', token: pro })).json();
    expect(tours['hydra:totalItems']).toBe(new Set(rows.map((r) => r.tourReference)).size);
    const shipments = (await t.call({ method: 'GET', url: '/api/shipments?limit=1', token: pro })).json();
    expect(shipments['hydra:totalItems']).toBe(rows.length);
    // Every demo shipment names where it was picked up and delivered (lists and exports show them).
    const [first] = await t.ctx.db.select().from(shipmentsTable).limit(1);
    expect(first.origin?.city).toBeTruthy();
    expect(first.destination?.city).toBeTruthy();
    const stats = (await t.call({ method: 'GET', url: '/api/dashboard-tour-stats', token: pro })).json();
    // Tours with measured fuel give fuel-based results next to the default ones of every tour.
    expect(stats.glecCo2Default).toBeGreaterThan(0);
    expect(stats.glecCo2Individual).toBeGreaterThan(0);
    expect(stats.tours).toBe(tours['hydra:totalItems']);
  });

  it('shows the external login the tours of the shippers its group allows, not an empty dashboard', async () => {
    await t.ctx.jobs.drain();
    const ext = await t.login('external@demo-pro.local', 'demo-password');
    const stats = (await t.call({ method: 'GET', url: '/api/dashboard-tour-stats', token: ext })).json();
    expect(stats.shipperScope).toEqual(['Nordfrost GmbH', 'Weser Getränke GmbH']);
    expect(stats.tours).toBeGreaterThan(0);
    const shippers = (
      await t.call({ method: 'GET', url: '/api/filter-shipment-tags/shippers', token: ext })
    ).json();
    expect(shippers['hydra:member'].map((s: { value: string }) => s.value).sort()).toEqual([
      'Nordfrost GmbH',
      'Weser Getränke GmbH',
    ]);
  });
});
