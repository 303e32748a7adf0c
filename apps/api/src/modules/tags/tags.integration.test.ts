import { beforeAll, describe, expect, it } from 'vitest';
import { tagTextColour } from '@klimadesk/contract';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';

const { t, a } = appWithCompanies({ a: 'TagA' });
let token: string;

beforeAll(async () => {
  token = await t.login(a.users.user.email);
});

const create = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/tag-groups', token, payload });

describe('tag groups', () => {
  it('text colour is black above brightness 150, else white', () => {
    expect(tagTextColour('#ffffff')).toBe('#000000');
    expect(tagTextColour('#000000')).toBe('#ffffff');
    // (200*299 + 150*587 + 0*114) / 1000 = 147.85 -> white
    expect(tagTextColour('#c89600')).toBe('#ffffff');
    // (200*299 + 160*587) / 1000 = 153.7 -> black
    expect(tagTextColour('#c8a000')).toBe('#000000');
  });

  it('creates, lists, changes and deletes a group with tags', async () => {
    const res = await create({
      name: 'Kunden',
      colorCode: '#FFEE00',
      tags: [{ value: 'Bio' }, { value: 'Express' }],
    });
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g.colorCode).toBe('#ffee00');
    expect(g.textColor).toBe('#000000');
    expect(g.tags.map((x: { value: string }) => x.value)).toEqual(['Bio', 'Express']);

    const list = await t.call({ method: 'GET', url: '/api/tag-groups?search=expr', token });
    expect(list.json()['hydra:totalItems']).toBe(1);

    const bio = g.tags.find((x: { value: string }) => x.value === 'Bio');
    const patched = await t.call({
      method: 'PATCH',
      url: `/api/tag-groups/${g.id}`,
      token,
      payload: { colorCode: '#102030', tags: [{ id: bio.id, value: 'Bio-Ware' }, { value: 'Kühl' }] },
    });
    expect(patched.statusCode).toBe(200);
    const p = patched.json();
    expect(p.textColor).toBe('#ffffff');
    expect(p.tags.map((x: { value: string }) => x.value)).toEqual(['Bio-Ware', 'Kühl']);
    expect(p.tags.find((x: { value: string }) => x.value === 'Bio-Ware').id).toBe(bio.id);

    const del = await t.call({ method: 'DELETE', url: `/api/tag-groups/${g.id}`, token });
    expect(del.statusCode).toBe(200);
    const gone = await t.call({ method: 'GET', url: `/api/tag-groups/${g.id}`, token });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a tag value another group already has, and duplicates in one request', async () => {
    expect(
      (await create({ name: 'A', colorCode: '#000000', tags: [{ value: 'Gefahrgut' }] })).statusCode,
    ).toBe(201);
    const clash = await create({ name: 'B', colorCode: '#000000', tags: [{ value: 'gefahrgut' }] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('tagExists');
    const twice = await create({ name: 'C', colorCode: '#000000', tags: [{ value: 'X' }, { value: 'x' }] });
    expect(twice.statusCode).toBe(409);
  });

  it('rejects an invalid colour and lets read-only users list only', async () => {
    expect((await create({ name: 'Bad', colorCode: 'red', tags: [] })).statusCode).toBe(400);
    const ro = await t.login(a.users.readonly.email);
    expect((await t.call({ method: 'GET', url: '/api/tag-groups', token: ro })).statusCode).toBe(200);
    const w = await t.call({
      method: 'POST',
      url: '/api/tag-groups',
      token: ro,
      payload: { name: 'RO', colorCode: '#000000' },
    });
    expect(w.statusCode).toBe(403);
  });

  it('refuses a tag id of another group or company and changes nothing (issue 12 F10)', async () => {
    const b = await createCompanyFixture(t.ctx, 'TagB');
    const tokenB = await t.login(b.users.user.email);
    const foreign = (
      await t.call({
        method: 'POST',
        url: '/api/tag-groups',
        token: tokenB,
        payload: { name: 'Fremd', colorCode: '#000000', tags: [{ value: 'Fremd-Tag' }] },
      })
    ).json();
    const other = (
      await create({ name: 'Andere', colorCode: '#000000', tags: [{ value: 'Andere-1' }] })
    ).json();
    const own = (await create({ name: 'Eigen', colorCode: '#000000', tags: [{ value: 'Eigen-1' }] })).json();
    for (const id of [foreign.tags[0].id, other.tags[0].id]) {
      const res = await t.call({
        method: 'PATCH',
        url: `/api/tag-groups/${own.id}`,
        token,
        payload: { name: 'Geändert', tags: [{ id, value: 'Übernommen' }] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('notFound');
    }
    const after = await t.call({ method: 'GET', url: `/api/tag-groups/${own.id}`, token });
    expect(after.json()).toMatchObject({ name: 'Eigen', tags: [{ id: own.tags[0].id, value: 'Eigen-1' }] });
    const otherAfter = await t.call({ method: 'GET', url: `/api/tag-groups/${other.id}`, token });
    expect(otherAfter.json().tags).toEqual(other.tags);
    const foreignAfter = await t.call({ method: 'GET', url: `/api/tag-groups/${foreign.id}`, token: tokenB });
    expect(foreignAfter.json().tags).toEqual(foreign.tags);
  });
});
