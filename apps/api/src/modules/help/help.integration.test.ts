import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { helpTexts, texts } from './help.schema.ts';
import { CONTENT_DIR, seedHelpContent } from './help.seed.ts';

const { t, a, basic, smp } = appWithCompanies(
  { a: 'HelpA', basic: { key: 'HelpBasic', isBasic: true } },
  { platformAdmin: true },
);
const tokens = {} as Record<'smp' | 'admin' | 'user' | 'readonly' | 'external' | 'basic', string>;

beforeAll(async () => {
  tokens.smp = await t.login(smp.email);
  for (const who of ['admin', 'user', 'readonly', 'external'] as const)
    tokens[who] = await t.login(a.users[who].email);
  tokens.basic = await t.login(basic.users.admin.email);
});

const post = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/texts', token, payload });
const patch = (token: string, url: string, payload: unknown) =>
  t.call({
    method: 'PATCH',
    url,
    token,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/merge-patch+json' },
  });

const HOSTILE =
  '<h2 onclick="steal()">Frage</h2><p>Antwort<script>alert(1)</script><img src="x" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">böse</a> <a href="JaVaScRiPt:alert(4)">auch</a> ' +
  '<a href="https://example.com/a">web</a> <a href="mailto:hilfe@example.com">mail</a> <a href="tel:+4940123">tel</a></p>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img/i);
  expect(html).toContain('<h2>Frage</h2>');
  expect(html).toContain('<a href="https://example.com/a">web</a>');
  expect(html).toContain('<a href="mailto:hilfe@example.com">mail</a>');
  expect(html).toContain('<a href="tel:+4940123">tel</a>');
}

describe('texts', () => {
  let faqId = '';

  it('only the platform admin creates a text; the value comes back sanitised', async () => {
    for (const who of ['admin', 'user', 'readonly', 'external', 'basic'] as const) {
      const res = await post(tokens[who], { type: 'faq', name: 'probe', lang: 'de', value: '<p>x</p>' });
      expect([who, res.statusCode]).toEqual([who, 403]);
    }
    const res = await post(tokens.smp, { type: 'faq', name: 'probe', lang: 'de', value: HOSTILE });
    expect(res.statusCode, res.body).toBe(201);
    const text = res.json();
    expect(text).toMatchObject({ type: 'faq', name: 'probe', lang: 'de' });
    expectClean(text.value);
    faqId = text.id;
  });

  it('refuses a second text of the same type, name and language', async () => {
    const res = await post(tokens.smp, { type: 'faq', name: 'probe', lang: 'de', value: '<p>zwei</p>' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('textExists');
    const en = await post(tokens.smp, { type: 'faq', name: 'probe', lang: 'en', value: '<p>two</p>' });
    expect(en.statusCode).toBe(201);
  });

  it('refuses an unknown type or language', async () => {
    expect((await post(tokens.smp, { type: 'secret', lang: 'de', value: 'x' })).statusCode).toBe(400);
    expect((await post(tokens.smp, { type: 'faq', lang: 'fr', value: 'x' })).statusCode).toBe(400);
  });

  it('every signed-in user reads the texts filtered by type, language and name; a visitor does not', async () => {
    for (const who of ['smp', 'admin', 'user', 'readonly', 'external', 'basic'] as const) {
      const res = await t.call({
        method: 'GET',
        url: '/api/texts?type=faq&lang=de&name=probe',
        token: tokens[who],
      });
      expect([who, res.statusCode]).toEqual([who, 200]);
      const list = res.json();
      expect(list['hydra:totalItems']).toBe(1);
      expect(list['hydra:member'][0].id).toBe(faqId);
    }
    const en = (
      await t.call({ method: 'GET', url: '/api/texts?type=faq&lang=en', token: tokens.user })
    ).json();
    expect(
      en['hydra:member'].every((x: { lang: string; type: string }) => x.lang === 'en' && x.type === 'faq'),
    ).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/texts' })).statusCode).toBe(401);
  });

  it('answers only the public types', async () => {
    await t.ctx.db
      .insert(texts)
      .values({ type: 'internalNote', name: 'n', lang: 'de', value: '<p>intern</p>' });
    const all = (await t.call({ method: 'GET', url: '/api/texts', token: tokens.smp })).json();
    expect(all['hydra:member'].some((x: { type: string }) => x.type === 'internalNote')).toBe(false);
  });

  it('only the platform admin changes a text; the change is sanitised', async () => {
    for (const who of ['admin', 'user', 'readonly', 'basic'] as const) {
      const res = await patch(tokens[who], `/api/texts/${faqId}`, { value: '<p>hack</p>' });
      expect([who, res.statusCode]).toEqual([who, 403]);
    }
    const res = await patch(tokens.smp, `/api/texts/${faqId}`, { value: HOSTILE.replace('Antwort', 'Neu') });
    expect(res.statusCode, res.body).toBe(200);
    expectClean(res.json().value);
    expect(res.json().value).toContain('Neu');
    const missing = await patch(tokens.smp, '/api/texts/00000000-0000-4000-8000-000000000000', {
      value: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a hostile value stored around the API is sanitised on read', async () => {
    await t.ctx.db.insert(texts).values({ type: 'glossary', name: 'raw', lang: 'de', value: HOSTILE });
    const res = await t.call({ method: 'GET', url: '/api/texts?type=glossary&name=raw', token: tokens.user });
    expect(res.json()['hydra:totalItems']).toBe(1);
    expectClean(res.json()['hydra:member'][0].value);
  });
});

describe('help texts', () => {
  let id = '';

  beforeAll(async () => {
    const [row] = await t.ctx.db
      .insert(helpTexts)
      .values({ internalName: 'probeScreen', textDe: HOSTILE, textEn: '<p>Help</p>' })
      .returning();
    id = row.id;
  });

  it('every signed-in user reads them, sanitised, by internal name', async () => {
    for (const who of ['smp', 'admin', 'readonly', 'external', 'basic'] as const) {
      const res = await t.call({ method: 'GET', url: '/api/help-texts.json', token: tokens[who] });
      expect([who, res.statusCode]).toEqual([who, 200]);
      const probe = res.json().find((h: { internalName: string }) => h.internalName === 'probeScreen');
      expectClean(probe.text.de);
      expect(probe.text.en).toBe('<p>Help</p>');
    }
    expect((await t.call({ method: 'GET', url: '/api/help-texts.json' })).statusCode).toBe(401);
  });

  it('only the platform admin changes one, per language, sanitised', async () => {
    for (const who of ['admin', 'user', 'readonly', 'external', 'basic'] as const) {
      const res = await patch(tokens[who], `/api/update-help-text/${id}`, { text: { de: '<p>x</p>' } });
      expect([who, res.statusCode]).toEqual([who, 403]);
    }
    const en = await patch(tokens.smp, `/api/update-help-text/${id}`, {
      text: { en: '<p>New <a href="javascript:alert(1)">x</a></p>' },
    });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().text.en).toBe('<p>New <a>x</a></p>');
    // German was not named, so it stays (sanitised on read).
    expectClean(en.json().text.de);
    const both = await patch(tokens.smp, `/api/update-help-text/${id}`, {
      text: { de: '<p>Neu</p>', en: '<p>New</p>' },
    });
    expect(both.json().text).toEqual({ de: '<p>Neu</p>', en: '<p>New</p>' });
    expect((await patch(tokens.smp, `/api/update-help-text/${id}`, { text: {} })).statusCode).toBe(400);
  });
});

describe('seed', () => {
  it('loads the content files that exist at every start', async () => {
    const files = readdirSync(CONTENT_DIR).filter(
      (f) => /^[a-z-]+\.(de|en)\.html$/.test(f) && !f.startsWith('tutorial'),
    );
    const res = (await t.call({ method: 'GET', url: '/api/texts', token: tokens.user })).json();
    for (const file of files) {
      const [base, lang] = file.split('.');
      const type = base.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      const found = res['hydra:member'].some(
        (x: { type: string; lang: string; name: string }) =>
          x.type === type && x.lang === lang && x.name === '',
      );
      expect([file, found]).toEqual([file, true]);
    }
  });

  it('is idempotent and keeps a text the platform admin edited', async () => {
    await t.ctx.db.delete(texts);
    await t.ctx.db.delete(helpTexts);
    const dir = mkdtempSync(join(tmpdir(), 'help-content-'));
    const steps = [1, 2, 3, 4, 5, 6].map((n) => `<section><h2>Schritt ${n}</h2><p>Text ${n}</p></section>`);
    writeFileSync(join(dir, 'faq.de.html'), '<h2>Frage</h2><p>Antwort<script>x()</script></p>');
    writeFileSync(join(dir, 'tutorial.de.html'), `<div>${steps.join('\n')}</div>`);
    writeFileSync(
      join(dir, 'help-texts.de.json'),
      JSON.stringify({ fleet: '<p>Fuhrpark</p>', mapping: '<p>Zuordnung</p>' }),
    );
    writeFileSync(join(dir, 'help-texts.en.json'), JSON.stringify({ fleet: '<p>Fleet</p>' }));

    await seedHelpContent(t.ctx.db, dir);
    await seedHelpContent(t.ctx.db, dir);
    const list = async (q: string) =>
      (await t.call({ method: 'GET', url: `/api/texts?${q}`, token: tokens.user })).json()[
        'hydra:member'
      ] as {
        id: string;
        name: string;
        value: string;
      }[];
    const faq = await list('type=faq');
    expect(faq).toHaveLength(1);
    expect(faq[0].value).toBe('<h2>Frage</h2><p>Antwort</p>');
    const tutorial = await list('type=tutorial&lang=de');
    expect(tutorial.map((x) => x.name)).toEqual(['step1', 'step2', 'step3', 'step4', 'step5', 'step6']);
    expect(tutorial[2].value).toBe('<h2>Schritt 3</h2><p>Text 3</p>');
    const help = (await t.call({ method: 'GET', url: '/api/help-texts.json', token: tokens.user })).json();
    expect(help.map((h: { internalName: string; text: unknown }) => [h.internalName, h.text])).toEqual([
      ['fleet', { de: '<p>Fuhrpark</p>', en: '<p>Fleet</p>' }],
      ['mapping', { de: '<p>Zuordnung</p>', en: '' }],
    ]);

    // The platform admin edits; the writer changes the files and adds an English mapping text.
    await patch(tokens.smp, `/api/texts/${faq[0].id}`, { value: '<h2>Frage</h2><p>Bearbeitet</p>' });
    const fleet = help.find((h: { internalName: string }) => h.internalName === 'fleet');
    await patch(tokens.smp, `/api/update-help-text/${fleet.id}`, { text: { de: '<p>Eigener Text</p>' } });
    writeFileSync(join(dir, 'faq.de.html'), '<h2>Frage</h2><p>Neu aus der Datei</p>');
    writeFileSync(join(dir, 'faq.en.html'), '<h2>Question</h2><p>Answer</p>');
    writeFileSync(
      join(dir, 'help-texts.de.json'),
      JSON.stringify({ fleet: '<p>Datei</p>', mapping: '<p>Z</p>' }),
    );
    writeFileSync(
      join(dir, 'help-texts.en.json'),
      JSON.stringify({ fleet: '<p>File</p>', mapping: '<p>Mapping</p>' }),
    );
    await seedHelpContent(t.ctx.db, dir);

    expect((await list('type=faq&lang=de'))[0].value).toBe('<h2>Frage</h2><p>Bearbeitet</p>');
    expect((await list('type=faq&lang=en'))[0].value).toBe('<h2>Question</h2><p>Answer</p>');
    const after = (await t.call({ method: 'GET', url: '/api/help-texts.json', token: tokens.user })).json();
    expect(after.map((h: { internalName: string; text: unknown }) => [h.internalName, h.text])).toEqual([
      ['fleet', { de: '<p>Eigener Text</p>', en: '<p>Fleet</p>' }],
      ['mapping', { de: '<p>Zuordnung</p>', en: '<p>Mapping</p>' }],
    ]);
  });
});
