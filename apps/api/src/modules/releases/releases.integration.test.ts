import { beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseNote, ReleaseVersion } from '@klimadesk/contract';
import { appWithCompanies } from '../../../test/harness.ts';
import { RELEASE_HISTORY, seedReleaseHistory } from './releases.seed.ts';
import { sanitizeHtml } from '../../platform/html.ts';

const { t, a, smp } = appWithCompanies({ a: 'Releases' }, { platformAdmin: true });
let admin: string;
let user: string;
let external: string;

type List<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

beforeAll(async () => {
  admin = await t.login(smp.email);
  user = await t.login(a.users.user.email);
  external = await t.login(a.users.external.email);
});

const createVersion = async (version: string, releaseDate: string | null = null) => {
  const res = await t.call({
    method: 'POST',
    url: '/api/release-versions',
    token: admin,
    payload: { version, releaseDate },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReleaseVersion>();
};

const note = (releaseVersion: string, extra: Record<string, unknown> = {}) => ({
  releaseVersion,
  module: 'cft',
  position: 1,
  titleDe: 'Neuer Import',
  titleEn: 'New import',
  shortDescriptionDe: 'Kurz',
  shortDescriptionEn: 'Short',
  descriptionDe: 'Lang',
  descriptionEn: 'Long',
  ...extra,
});

const postNote = (payload: Record<string, unknown>, token = admin) =>
  t.call({ method: 'POST', url: '/api/release-notes', token, payload });

const createNote = async (body: Record<string, unknown>) => {
  const res = await postNote(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReleaseNote>();
};

const release = (id: string, token = admin) =>
  t.call({ method: 'PATCH', url: `/api/release-versions/${id}`, token, payload: { released: 1 } });

const versions = async (token: string, query = '') =>
  (await t.call({ method: 'GET', url: `/api/release-versions${query}`, token })).json<List<ReleaseVersion>>();

describe('release versions', () => {
  it('needs a session and refuses unknown query names', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/release-versions?limit=1&released=1' })).statusCode,
    ).toBe(401);
    const res = await t.call({ method: 'GET', url: '/api/release-versions?releasedOnly=1', token: user });
    expect(res.statusCode).toBe(400);
  });

  it('lists newest first by version number; limit 1 and released 1 give the latest released one', async () => {
    const v9 = await createVersion('1.9.0', '2025-01-10');
    const v10 = await createVersion('1.10.0', '2025-03-01');
    const v11 = await createVersion('1.11.0');
    expect(v11).toMatchObject({ released: 0, notes: 0, releaseDate: null });
    expect((await release(v9.id)).json()).toMatchObject({ released: 1 });
    expect((await release(v10.id)).statusCode).toBe(200);

    // The platform admin sees all three, 1.11.0 before 1.10.0 before 1.9.0 (not text order).
    const all = await versions(admin);
    expect(all['hydra:member'].map((v) => v.version)).toEqual(['1.11.0', '1.10.0', '1.9.0']);
    const latest = await versions(user, '?limit=1&released=1');
    expect(latest['hydra:member'].map((v) => v.version)).toEqual(['1.10.0']);
    expect(latest['hydra:totalItems']).toBe(2);
  });

  it('shows a user only released versions, whatever the query asks', async () => {
    const mine = await versions(external);
    expect(mine['hydra:member'].every((v) => v.released === 1)).toBe(true);
    expect(mine['hydra:member'].map((v) => v.version)).not.toContain('1.11.0');
    expect((await versions(user, '?released=0'))['hydra:totalItems']).toBe(0);
    expect((await versions(admin, '?released=0'))['hydra:member'].map((v) => v.version)).toEqual(['1.11.0']);
  });

  it('lets only the platform admin write', async () => {
    const v = await createVersion('1.12.0');
    for (const token of [user, await t.login(a.users.admin.email)]) {
      const post = await t.call({
        method: 'POST',
        url: '/api/release-versions',
        token,
        payload: { version: '1.13.0' },
      });
      expect(post.statusCode).toBe(403);
      expect((await release(v.id, token)).statusCode).toBe(403);
      expect(
        (await t.call({ method: 'DELETE', url: `/api/release-versions/${v.id}`, token })).statusCode,
      ).toBe(403);
      const n = await postNote(note(v.id), token);
      expect(n.statusCode).toBe(403);
    }
    expect((await versions(admin, '?released=0'))['hydra:member'].map((x) => x.version)).toContain('1.12.0');
  });

  it('refuses a version number twice and one that is not a version', async () => {
    await createVersion('1.14.0');
    const again = await t.call({
      method: 'POST',
      url: '/api/release-versions',
      token: admin,
      payload: { version: '1.14.0' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('releaseVersionExists');
    const bad = await t.call({
      method: 'POST',
      url: '/api/release-versions',
      token: admin,
      payload: { version: 'v1' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('releases once and never back; version and date stay editable', async () => {
    const v = await createVersion('1.15.0');
    expect((await release(v.id)).json()).toMatchObject({ released: 1 });
    const back = await t.call({
      method: 'PATCH',
      url: `/api/release-versions/${v.id}`,
      token: admin,
      payload: { released: 0 },
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('releaseAlreadyReleased');
    const renamed = await t.call({
      method: 'PATCH',
      url: `/api/release-versions/${v.id}`,
      token: admin,
      payload: { version: '1.15.1', releaseDate: '2025-05-05' },
    });
    expect(renamed.json()).toMatchObject({ version: '1.15.1', releaseDate: '2025-05-05', released: 1 });
  });

  it('deletes only versions without notes', async () => {
    const v = await createVersion('1.16.0');
    const n = await createNote(note(v.id));
    expect((await versions(admin, '?released=0'))['hydra:member'].find((x) => x.id === v.id)?.notes).toBe(1);
    const refused = await t.call({ method: 'DELETE', url: `/api/release-versions/${v.id}`, token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('releaseHasNotes');
    expect(
      (await t.call({ method: 'DELETE', url: `/api/release-notes/${n.id}`, token: admin })).statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/release-versions/${v.id}`, token: admin })).statusCode,
    ).toBe(200);
    const gone = await t.call({ method: 'DELETE', url: `/api/release-versions/${v.id}`, token: admin });
    expect(gone.statusCode).toBe(404);
  });
});

describe('release notes', () => {
  let v: ReleaseVersion;
  beforeAll(async () => {
    v = await createVersion('3.0.0', '2025-06-01');
  });

  it('parses the position as an integer and orders by it', async () => {
    const third = await createNote(note(v.id, { position: '3', titleDe: 'Dritte', titleEn: 'Third' }));
    const first = await createNote(note(v.id, { position: 1.8, titleDe: 'Erste', titleEn: 'First' }));
    await createNote(note(v.id, { position: '2', titleDe: 'Zweite', titleEn: 'Second' }));
    await createNote(note(v.id, { module: 'cfc', position: 1, titleDe: 'CFC', titleEn: 'CFC' }));
    expect(third.position).toBe(3);
    expect(first.position).toBe(1);
    const bad = await postNote(note(v.id, { position: 'erste' }));
    expect(bad.statusCode).toBe(400);

    const res = await t.call({
      method: 'GET',
      url: '/api/release-notes/texts?module=cft&version=3.0.0',
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    const list = res.json<List<ReleaseNote>>();
    expect(list['hydra:member'].map((x) => [x.position, x.title])).toEqual([
      [1, 'First'],
      [2, 'Second'],
      [3, 'Third'],
    ]);
    // Both languages for the editor, the request language in title etc.
    expect(list['hydra:member'][0]).toMatchObject({
      titleDe: 'Erste',
      titleEn: 'First',
      version: '3.0.0',
      released: 0,
    });
  });

  it('answers in German by default and filters by module', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/release-notes/texts?module=cfc&version=3.0.0',
      token: admin,
    });
    expect(
      res.json<List<ReleaseNote>>()['hydra:member'].map((x) => [x.module, x.title, x.shortDescription]),
    ).toEqual([['cfc', 'CFC', 'Kurz']]);
  });

  it('hides notes of unreleased versions from users until the version is released', async () => {
    const url = '/api/release-notes/texts?module=cft&version=3.0.0';
    expect((await t.call({ method: 'GET', url, token: user })).json()['hydra:totalItems']).toBe(0);
    await release(v.id);
    expect((await t.call({ method: 'GET', url, token: user })).json()['hydra:totalItems']).toBe(3);
  });

  it('changes and deletes a note (platform admin only)', async () => {
    const n = await createNote(note(v.id, { position: 9, titleDe: 'Alt', titleEn: 'Old' }));
    const denied = await t.call({
      method: 'PATCH',
      url: `/api/release-notes/${n.id}`,
      token: user,
      payload: { titleDe: 'Fremd' },
    });
    expect(denied.statusCode).toBe(403);
    const changed = await t.call({
      method: 'PATCH',
      url: `/api/release-notes/${n.id}`,
      token: admin,
      payload: { titleDe: 'Neu', position: '4', module: 'csrd' },
    });
    expect(changed.json()).toMatchObject({ titleDe: 'Neu', titleEn: 'Old', position: 4, module: 'csrd' });
    expect(
      (await t.call({ method: 'DELETE', url: `/api/release-notes/${n.id}`, token: user })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/release-notes/${n.id}`, token: admin })).statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/release-notes/${n.id}`, token: admin })).statusCode,
    ).toBe(404);
  });

  it('sanitises HTML descriptions and keeps titles as plain text', async () => {
    const n = await createNote(
      note(v.id, {
        titleDe: 'Fracht & Flotte <neu>',
        descriptionDe:
          '<h2>Neu</h2><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a><a href="https://example.org">ok</a>',
        descriptionEn: 'plain\ntext',
      }),
    );
    expect(n.titleDe).toBe('Fracht & Flotte <neu>');
    expect(n.descriptionDe).toBe('<h2>Neu</h2><a>x</a><a href="https://example.org">ok</a>');
    expect(n.descriptionEn).toBe('plain\ntext');
    const patched = await t.call({
      method: 'PATCH',
      url: `/api/release-notes/${n.id}`,
      token: admin,
      payload: { descriptionEn: '<p onclick="x()">p</p><script>1</script>' },
    });
    expect(patched.json().descriptionEn).toBe('<p>p</p>');
  });

  it('refuses a note for a version that does not exist', async () => {
    const res = await postNote(note('0196a7a6-1111-7000-8000-000000000001'));
    expect(res.statusCode).toBe(404);
  });

  it('lists all released notes without a version for the help page', async () => {
    const res = await t.call({ method: 'GET', url: '/api/release-notes/texts', token: user });
    const list = res.json<List<ReleaseNote>>()['hydra:member'];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((x) => x.released === 1)).toBe(true);
  });
});

describe('release history seed', () => {
  it('writes the released history once, with German and English texts that pass the sanitiser', async () => {
    const ctx = { ...t.ctx, config: { ...t.ctx.config, seedDemo: true } };
    await seedReleaseHistory(ctx);
    await seedReleaseHistory(ctx);
    const list = await versions(user, '?limit=100');
    for (const r of RELEASE_HISTORY) {
      const found = list['hydra:member'].filter((x) => x.version === r.version);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ released: 1, notes: r.notes.length });
    }
    const notes = await t.call({
      method: 'GET',
      url: '/api/release-notes/texts?module=cft&version=2.9.0',
      token: user,
    });
    const cft = notes.json<List<ReleaseNote>>()['hydra:member'];
    expect(cft.map((x) => x.position)).toEqual([1, 2, 3, 4]);
    for (const r of RELEASE_HISTORY)
      for (const n of r.notes) {
        expect(sanitizeHtml(n.de[2])).toBe(n.de[2]);
        expect(sanitizeHtml(n.en[2])).toBe(n.en[2]);
      }
  });
});
