/**
 * VSME bookable alone (issue 40, docs/decisions/0017): a company with only a VSME booking works in
 * the VSME screens and routes and is refused every CSRD one; a CSRD booking includes VSME, so a CSRD
 * customer keeps the report inside the CSRD module; without either, the VSME routes are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, createFixtureUser } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls } from '../../../test/calls.ts';

const { t, vsme, csrd, none } = appWithCompanies({
  vsme: { key: 'VsmeAlone', modules: ['cft'] },
  csrd: { key: 'VsmeInCsrd', modules: ['cft'] },
  none: { key: 'VsmeNone', modules: ['cft'] },
});
const { call, json, refused } = jsonCalls(t, 'en');
const YEAR = new Date().getUTCFullYear();
const tk = {} as Record<'vsmeAdmin' | 'vsmeUser' | 'vsmeRead' | 'csrdUser' | 'csrdRead' | 'noneUser', string>;

/** Lists of each module, read by every role of it. */
const VSME_READS = ['/api/vsme/vsme-catalogue', '/api/vsme/vsme-reports'];
const CSRD_READS = ['/api/csrd/csrd-reports', '/api/csrd/ma-materiality-analyses'];

beforeAll(async () => {
  const begin = { beginDate: `${YEAR - 1}-01-01` };
  await bookTariff(t, vsme.id, { module: 'vsme', type: 'individual', name: 'VSME' }, begin);
  await bookTariff(t, csrd.id, { module: 'csrd', type: 'individual', name: 'CSRD' }, begin);
  await bookTariff(t, none.id, { module: 'cft', type: 'default', isFreeOfCharge: true }, begin);
  const users = {
    vsmeAdmin: [vsme.id, 'vsme-admin@vsme-alone.test', ['ROLE_COMPANY_ADMIN', 'ROLE_VSME_ADMIN']],
    vsmeUser: [vsme.id, 'vsme-user@vsme-alone.test', ['ROLE_VSME_USER']],
    vsmeRead: [vsme.id, 'vsme-read@vsme-alone.test', ['ROLE_VSME_READ_ONLY']],
    csrdUser: [csrd.id, 'csrd-user@vsme-in-csrd.test', ['ROLE_CSRD_USER']],
    csrdRead: [csrd.id, 'csrd-read@vsme-in-csrd.test', ['ROLE_CSRD_READ_ONLY']],
    noneUser: [none.id, 'csrd-user@vsme-none.test', ['ROLE_VSME_USER', 'ROLE_CSRD_USER']],
  } as const;
  for (const [key, [companyId, email, roles]] of Object.entries(users) as [
    keyof typeof tk,
    (typeof users)[keyof typeof users],
  ][]) {
    await createFixtureUser(t.ctx, companyId, email, [...roles]);
    tk[key] = await t.login(email);
  }
});

describe('VSME booked alone', () => {
  it('answers the VSME routes and creates a report', async () => {
    for (const path of VSME_READS) expect((await call('GET', path, tk.vsmeRead)).statusCode, path).toBe(200);
    const report = await json(call('POST', '/api/vsme/vsme-reports', tk.vsmeUser, { year: YEAR }), 201);
    expect(report).toMatchObject({ year: YEAR, footprint: null });
    expect((await call('GET', `/api/vsme/vsme-reports/${report.id}`, tk.vsmeAdmin)).statusCode).toBe(200);
    // Read-only stays read-only.
    expect(await refused(call('DELETE', `/api/vsme/vsme-reports/${report.id}`, tk.vsmeRead))).toEqual([
      403,
      'readOnly',
    ]);
  });

  it('refuses every CSRD route with moduleNotBooked, also to the company and VSME admin', async () => {
    // The VSME admin has no CSRD role: the role check answers first.
    for (const path of CSRD_READS)
      expect([path, ...(await refused(call('GET', path, tk.vsmeAdmin)))]).toEqual([path, 403, 'noRights']);
    // A CSRD role in a VSME-only company is refused by the booking, with the catalogue code and module.
    const csrdRole = await createFixtureUser(t.ctx, vsme.id, 'csrd-role@vsme-alone.test', ['ROLE_CSRD_USER']);
    const token = await t.login(csrdRole.email);
    for (const path of CSRD_READS) {
      const res = await call('GET', path, token);
      expect([path, res.statusCode, res.json().message, res.json().detail]).toEqual([
        path,
        403,
        'moduleNotBooked',
        { module: 'csrd' },
      ]);
    }
    // …and works in VSME, which the role includes.
    expect((await call('GET', '/api/vsme/vsme-reports', token)).statusCode).toBe(200);
  });

  it('shows only the VSME module and its screens, home at the VSME reports', async () => {
    const me = await json(call('GET', '/api/users/me', tk.vsmeUser));
    expect(me.module).toBe('vsme');
    expect(me.modules).toEqual(['vsme']);
    // Its bookings rule the company's modules: VSME alone.
    expect(me.company.modules).toEqual(['vsme']);
    expect(me.routes).toEqual(expect.arrayContaining(['/vsme-report/overview', '/vsme-report/{id}']));
    expect(me.routes.filter((r: string) => /^\/(csrd|materiality)/.test(r))).toEqual([]);
    expect(me.home).toBe('/vsme-report/overview');
    const modules = (await json(call('GET', '/api/modules', tk.vsmeUser)))['hydra:member'] as Json[];
    expect(modules.find((m) => m.code === 'vsme')).toMatchObject({ booked: true, selectable: true });
    expect(modules.find((m) => m.code === 'csrd')).toMatchObject({ booked: false, selectable: false });
  });
});

describe('VSME included in a CSRD booking', () => {
  it('keeps the VSME routes for CSRD users, written by users and read by read-only users', async () => {
    for (const path of VSME_READS) expect((await call('GET', path, tk.csrdRead)).statusCode, path).toBe(200);
    await json(call('POST', '/api/vsme/vsme-reports', tk.csrdUser, { year: YEAR }), 201);
    expect(await refused(call('POST', '/api/vsme/vsme-reports', tk.csrdRead, { year: YEAR - 1 }))).toEqual([
      403,
      'readOnly',
    ]);
  });

  it('shows VSME inside the CSRD module, not as a module of its own', async () => {
    const me = await json(call('GET', '/api/users/me', tk.csrdUser));
    expect(me.module).toBe('csrd');
    expect(me.modules).toEqual(['csrd']);
    expect(me.company.modules).toEqual(['csrd', 'vsme']);
    expect(me.routes).toEqual(expect.arrayContaining(['/csrd/home', '/vsme-report/overview']));
    expect(me.home).toBe('/csrd/home');
  });
});

describe('neither VSME nor CSRD booked', () => {
  it('refuses the VSME routes with moduleNotBooked naming the VSME module', async () => {
    for (const path of VSME_READS) {
      const res = await call('GET', path, tk.noneUser);
      expect([path, res.statusCode, res.json().message, res.json().detail]).toEqual([
        path,
        403,
        'moduleNotBooked',
        { module: 'vsme' },
      ]);
    }
    const me = await json(call('GET', '/api/users/me', tk.noneUser));
    expect(me.routes).not.toContain('/vsme-report/overview');
  });
});
