import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';

// Company A has the freight tool and the carbon footprint (stored modules, no bookings); B the freight tool only.
const { t, a, b, smp } = appWithCompanies(
  { a: { key: 'ModA', modules: ['cft', 'cfc'] }, b: { key: 'ModB', modules: ['cft'] } },
  { platformAdmin: true },
);
let userA: string;
let userB: string;
let smpToken: string;

beforeAll(async () => {
  userA = await t.login(a.users.user.email);
  userB = await t.login(b.users.user.email);
  smpToken = await t.login(smp.email);
});

type ModuleInfo = { code: string; name: string; booked: boolean; selectable: boolean };
const modules = async (token: string, lang = 'de') => {
  const res = await t.call({
    method: 'GET',
    url: '/api/modules',
    token,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { 'hydra:member': ModuleInfo[] })['hydra:member'];
};

describe('GET /api/modules', () => {
  it('lists every module with its name in the request language and what the company booked', async () => {
    expect(await modules(userA)).toEqual([
      { code: 'cft', name: 'Transport-Emissionen', booked: true, selectable: true },
      { code: 'cfc', name: 'Unternehmens-CO2-Bilanz', booked: true, selectable: true },
      { code: 'tax', name: 'EU-Taxonomie', booked: false, selectable: false },
      { code: 'csrd', name: 'CSRD-Berichterstattung', booked: false, selectable: false },
      { code: 'vsme', name: 'VSME-Bericht', booked: false, selectable: false },
    ]);
    expect((await modules(userB, 'en')).map((m) => [m.name, m.booked, m.selectable])).toEqual([
      ['Transport emissions', true, true],
      ['Carbon footprint', false, false],
      ['EU taxonomy', false, false],
      ['CSRD reporting', false, false],
      ['VSME report', false, false],
    ]);
  });

  it('offers a module only with a role of the user for it', async () => {
    // The company admin alone holds no module role: nothing to select, though A books two.
    const admin = await t.login(a.users.cftAdmin.email);
    expect((await modules(admin)).filter((m) => m.selectable).map((m) => m.code)).toEqual(['cft']);
  });

  it('lets the platform admin select every module', async () => {
    expect((await modules(smpToken)).map((m) => m.selectable)).toEqual([true, true, true, true, true]);
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/modules' })).statusCode).toBe(401);
  });
});

describe('the platform admin in a module (GET /api/users/me)', () => {
  const me = async (module?: string) =>
    (
      await t.call({
        method: 'GET',
        url: `/api/users/me${module ? `?module=${module}` : ''}`,
        token: smpToken,
      })
    ).json();

  it('reaches the provider routes under /cfc after selecting the carbon footprint, and keeps the admin home', async () => {
    const cfc = await me('cfc');
    expect(cfc.module).toBe('cfc');
    expect(cfc.modules).toEqual(['cft', 'cfc', 'tax', 'csrd', 'vsme']);
    expect(cfc.routes).toEqual(
      expect.arrayContaining(['/cfc/smp-admin', '/cfc/customers', '/cfc/invoice-report', '/cfc/tariffs']),
    );
    // Module homes are for the module's own users.
    expect(cfc.routes).not.toContain('/cfc/home');
    expect(cfc.home).toBe('/smp-admin/customers');
  });

  it('works in the freight tool by default, without the /cfc routes', async () => {
    const plain = await me();
    expect(plain.module).toBe('cft');
    expect(plain.routes).toEqual(expect.arrayContaining(['/smp-admin', '/smp-admin/customers']));
    expect(plain.routes.filter((r: string) => r.startsWith('/cfc/'))).toEqual([]);
    expect(plain.home).toBe('/smp-admin/customers');
  });
});
