import { describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { WORKED_EXAMPLE } from '../../../test/cfc.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { seedDemoCfc } from './index.ts';

const { t, a } = appWithCompanies({ a: 'CfcDemo' });

describe('demo carbon footprint', () => {
  it('gives the demo company a unit in Hamburg and this year’s report with computed entries', async () => {
    const year = new Date().getFullYear();
    await seedDemoCfc(t.ctx.db, asCompanyId(a.id), year, [a.users.user.id, a.users.readonly.id]);
    const user = await t.login(a.users.user.email);
    const reports = (await t.call({ method: 'GET', url: '/api/cfc/reports', token: user })).json();
    expect(reports['hydra:member']).toEqual([
      expect.objectContaining({
        year,
        entryCount: 5,
        hasIncompleteEntries: false,
        canWrite: true,
        businessUnit: expect.objectContaining({
          name: 'Zentrale Hamburg',
          urlId: 'zentrale-hamburg',
          country: 'DE',
        }),
      }),
    ]);
    const id = reports['hydra:member'][0].id;
    const entries = (
      await t.call({ method: 'GET', url: `/api/cfc/entries?report=${id}`, token: user })
    ).json();
    const waste = entries['hydra:member'].find((e: { section: string }) => e.section === 'waste-solid');
    expect(waste.co2eKg).toBeCloseTo(WORKED_EXAMPLE.wasteKg, 6);
    const readOnly = await t.login(a.users.readonly.email);
    const settings = (
      await t.call({ method: 'GET', url: '/api/cfc/company-settings', token: readOnly })
    ).json();
    expect(settings).toMatchObject({ baseYear: year - 1, hasBusinessUnits: true });
    const seen = (await t.call({ method: 'GET', url: '/api/cfc/reports', token: readOnly })).json();
    expect(seen['hydra:member'][0].canWrite).toBe(false);
  });
});
