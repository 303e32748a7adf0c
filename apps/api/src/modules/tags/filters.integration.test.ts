import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, createCompanyFixture, limitExternalToShippers } from '../../../test/harness.ts';
import { shipments, tours } from '../tours/tours.schema.ts';

const { t, a, b } = appWithCompanies({ a: 'FilA', b: 'FilB' });
let token: string;

const place = { name: null, city: null, zip: null, country: null };

beforeAll(async () => {
  token = await t.login(a.users.user.email);
  await t.ctx.db.insert(shipments).values([
    { companyId: a.id, reference: 'S1', shipper: 'Bio AG', tags: ['Kühl', 'Express'] },
    { companyId: a.id, reference: 'S2', shipper: 'Frisch KG', tags: ['Express'] },
    { companyId: a.id, reference: 'S3', shipper: 'Acme', tags: [] },
    { companyId: b.id, reference: 'S1', shipper: 'Fremd GmbH', tags: ['Geheim'] },
  ]);
  await t.ctx.db
    .insert(tours)
    .values([{ companyId: a.id, reference: 'T1', departure: place, arrival: place, tags: ['Nacht'] }]);
  await t.call({
    method: 'POST',
    url: '/api/tag-groups',
    token,
    payload: { name: 'Temp', colorCode: '#0000ff', tags: [{ value: 'Kühl' }, { value: 'Tief' }] },
  });
});

const get = async (url: string, tk = token) => {
  const res = await t.call({ method: 'GET', url, token: tk });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('tag filters', () => {
  it('shipment tags: used and defined values, with colour, term and paging', async () => {
    const all = await get('/api/filter-shipment-tags');
    expect(all['hydra:member']).toEqual([
      { value: 'Express', colorCode: null, textColor: null },
      { value: 'Kühl', colorCode: '#0000ff', textColor: '#ffffff' },
      { value: 'Tief', colorCode: '#0000ff', textColor: '#ffffff' },
    ]);
    const term = await get('/api/filter-shipment-tags?term=küh');
    expect(term['hydra:member'].map((x: { value: string }) => x.value)).toEqual(['Kühl']);
    const page2 = await get('/api/filter-shipment-tags?page=2&limit=2');
    expect(page2['hydra:member'].map((x: { value: string }) => x.value)).toEqual(['Tief']);
    expect(page2['hydra:totalItems']).toBe(3);
  });

  it('tour tags come from tours', async () => {
    const res = await get('/api/filter-tour-tags?term=na');
    expect(res['hydra:member'].map((x: { value: string }) => x.value)).toEqual(['Nacht']);
  });

  it('shippers; external read-only users see only their group shippers', async () => {
    const all = await get('/api/filter-shipment-tags/shippers');
    expect(all['hydra:member'].map((x: { value: string }) => x.value)).toEqual([
      'Acme',
      'Bio AG',
      'Frisch KG',
    ]);
    const ext = await t.login(a.users.external.email);
    expect((await get('/api/filter-shipment-tags/shippers', ext))['hydra:totalItems']).toBe(0);
    const g = await limitExternalToShippers(t, a, ['Bio AG']);
    expect(g.statusCode).toBeLessThan(300);
    const mine = await get('/api/filter-shipment-tags/shippers', ext);
    expect(mine['hydra:member']).toEqual([{ value: 'Bio AG' }]);
  });

  it('tags for external read-only users come only from rows of their shippers (issue 12 F10)', async () => {
    await t.ctx.db.insert(tours).values([
      {
        companyId: a.id,
        reference: 'T2',
        departure: place,
        arrival: place,
        tags: ['Bio-Tour'],
        shippers: ['Bio AG'],
      },
    ]);
    // The group of the test above allows the external user the shipper "Bio AG" only.
    const ext = await t.login(a.users.external.email);
    const shipmentTags = await get('/api/filter-shipment-tags', ext);
    expect(shipmentTags['hydra:member']).toEqual([
      { value: 'Express', colorCode: null, textColor: null },
      { value: 'Kühl', colorCode: '#0000ff', textColor: '#ffffff' },
    ]);
    expect(shipmentTags['hydra:totalItems']).toBe(2);
    const tourTags = await get('/api/filter-tour-tags', ext);
    expect(tourTags['hydra:member'].map((x: { value: string }) => x.value)).toEqual(['Bio-Tour']);
    const everyone = await get('/api/filter-tour-tags');
    expect(everyone['hydra:member'].map((x: { value: string }) => x.value)).toEqual([
      'Bio-Tour',
      'Kühl',
      'Nacht',
      'Tief',
    ]);
  });

  it('an external user without allowed shippers sees no tags', async () => {
    const b2 = await createCompanyFixture(t.ctx, 'FilC');
    await t.ctx.db
      .insert(shipments)
      .values([{ companyId: b2.id, reference: 'S1', shipper: 'Bio AG', tags: ['Intern'] }]);
    const ext = await t.login(b2.users.external.email);
    expect((await get('/api/filter-shipment-tags', ext))['hydra:totalItems']).toBe(0);
    expect((await get('/api/filter-tour-tags', ext))['hydra:totalItems']).toBe(0);
  });
});
