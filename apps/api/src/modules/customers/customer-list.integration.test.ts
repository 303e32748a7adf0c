import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import {
  type TestApp,
  createCompanyFixture,
  createPlatformAdmin,
  createTestApp,
} from '../../../test/harness.ts';
import { insertCompany } from '../companies/index.ts';

/** The customer list of /smp-admin/customers and /cfc/customers: GET and POST /api/companies. */
let t: TestApp;
let smp: string;

type Row = { name: string; customerNr: number; city: string; modules: string[] };
const names = (body: { 'hydra:member': Row[] }) => body['hydra:member'].map((c) => c.name);

beforeAll(async () => {
  t = await createTestApp();
  // 32 customers "Kunde 01" … "Kunde 32"; every third one also uses the cfc module.
  for (let i = 1; i <= 32; i += 1) {
    await insertCompany(t.ctx.db, {
      name: `Kunde ${String(i).padStart(2, '0')}`,
      street: 'Weg 1',
      zipcode: String(10000 + i),
      city: i % 2 ? 'Berlin' : 'Aachen',
      country: 'DE',
      modules: i % 3 === 0 ? ['cft', 'cfc'] : ['cft'],
      isPayingCustomer: i <= 4,
    });
  }
  smp = await t.login((await createPlatformAdmin(t.ctx)).email);
});
afterAll(() => t.close());

const get = (url: string) => t.call({ method: 'GET', url, token: smp });

describe('customer list', () => {
  it('pages 30 customers at a time, without the platform company', async () => {
    const first = (await get('/api/companies')).json();
    expect(first['hydra:totalItems']).toBe(32);
    expect(first['hydra:member']).toHaveLength(30);
    expect(names(first)[0]).toBe('Kunde 01');
    const second = (await get('/api/companies?page=2')).json();
    expect(names(second)).toEqual(['Kunde 31', 'Kunde 32']);
  });

  it('searches name, city and customer number', async () => {
    const byName = (await get('/api/companies?search=kunde%201')).json();
    expect(byName['hydra:totalItems']).toBe(10);
    expect(names(byName)).toEqual([...Array(10)].map((_, i) => `Kunde 1${i}`));
    const all = (await get('/api/companies?limit=100')).json()['hydra:member'] as Row[];
    const nr = all.find((c) => c.name === 'Kunde 07')?.customerNr;
    expect(names((await get(`/api/companies?search=${nr}`)).json())).toEqual(['Kunde 07']);
  });

  it('sorts on the server by name, customer number and city', async () => {
    expect(names((await get('/api/companies?order[name]=desc&limit=2')).json())).toEqual([
      'Kunde 32',
      'Kunde 31',
    ]);
    expect(names((await get('/api/companies?order[customerNr]=desc&limit=1')).json())).toEqual(['Kunde 32']);
    // Aachen first; equal cities keep the customer number order.
    expect(names((await get('/api/companies?order[city]=asc&limit=2')).json())).toEqual([
      'Kunde 02',
      'Kunde 04',
    ]);
  });

  it('filters by module and paying status', async () => {
    const cfc = (await get('/api/companies?module=cfc&limit=100')).json();
    expect(cfc['hydra:totalItems']).toBe(10);
    expect((cfc['hydra:member'] as Row[]).every((c) => c.modules.includes('cfc'))).toBe(true);
    expect(names((await get('/api/companies?isPayingCustomer=true')).json())).toEqual([
      'Kunde 01',
      'Kunde 02',
      'Kunde 03',
      'Kunde 04',
    ]);
    expect((await get('/api/companies?module=nope')).statusCode).toBe(400);
  });

  it('exports the customers of one module', async () => {
    const res = await get('/api/companies/export?module=cfc');
    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toMatch(/\.xlsx$/);
  });

  it('creates a customer with its first admin and the booked modules', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/companies',
      token: smp,
      payload: {
        company: {
          name: 'Neukunde AG',
          street: 'Hafenstraße 3',
          zipcode: '20457',
          city: 'Hamburg',
          country: 'DE',
          isPayingCustomer: true,
        },
        user: {
          firstName: 'Nora',
          lastName: 'Neu',
          email: 'nora@neukunde.test',
          password: 'Start-Passwort-1',
        },
        module: ['cft', 'cfc'],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Neukunde AG',
      modules: ['cft', 'cfc'],
      initialModule: 'cft',
      isBasic: false,
      isPayingCustomer: true,
    });
    expect(res.json().adminUsers.map((u: { email: string }) => u.email)).toEqual(['nora@neukunde.test']);
    // The first user signs in at once (confirmed) and administers the company and its modules.
    await t.login('nora@neukunde.test', 'Start-Passwort-1');
    const [user] = await t.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'nora@neukunde.test'));
    expect(user.roles).toEqual(['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN', 'ROLE_CFC_ADMIN']);
    const again = await t.call({
      method: 'POST',
      url: '/api/companies',
      token: smp,
      payload: {
        company: { name: 'Andere AG', street: 'Weg 2', zipcode: '1', city: 'C', country: 'DE' },
        user: { firstName: 'N', lastName: 'N', email: 'nora@neukunde.test', password: 'Start-Passwort-1' },
        module: ['cft'],
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('EmailExists');
  });

  it('is for the platform admin only', async () => {
    const a = await createCompanyFixture(t.ctx, 'A');
    const token = await t.login(a.users.admin.email);
    expect((await t.call({ method: 'GET', url: '/api/companies', token })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/companies/export', token })).statusCode).toBe(403);
  });
});
