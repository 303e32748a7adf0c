import { describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';

/** The catalogue calls and the provider's text edits (seed 001 §6, §7): read by taxonomy users, edited by platform admins. */
const f = appWithCompanies({ a: 'TaxTextA' }, { platformAdmin: true });

const get = async (url: string, email: string, lang = 'de') =>
  f.t.call({ method: 'GET', url, token: await f.t.login(email), headers: { 'accept-language': lang } });
const patch = async (url: string, email: string, payload: Record<string, string>, lang = 'de') =>
  f.t.call({
    method: 'PATCH',
    url,
    token: await f.t.login(email),
    payload,
    headers: { 'accept-language': lang },
  });

describe('taxonomy catalogue calls', () => {
  it('answers the criteria navigation and DNSH entries in the request language', async () => {
    const de = (await get('/api/tax/tax-criterias', f.a.users.readonly.email)).json();
    expect(de['hydra:totalItems']).toBe(6);
    expect(de['hydra:member'][0]).toMatchObject({
      id: 'CCM',
      name: 'Klimaschutz',
      weight: 1,
      abbreviation: 'CCM',
    });
    expect(de['hydra:member'][0].dnsh.map((d: { id: string }) => d.id)).toEqual([
      'CCA',
      'WTR',
      'CE',
      'PPC',
      'BIO',
    ]);
    const en = (await get('/api/tax/tax-dnshes', f.a.users.readonly.email, 'en')).json();
    expect(en['hydra:member'][5]).toMatchObject({
      id: 'BIO',
      name: 'Biodiversity and ecosystems',
      title: 'Do no significant harm to biodiversity and ecosystems',
    });
  });

  it('lists EU activities, NACE codes, tax years and the 14 minimum safeguards', async () => {
    const reader = f.a.users.readonly.email;
    const all = (await get('/api/tax/tax-eu-activities', reader)).json();
    expect(all['hydra:totalItems']).toBe(154);
    const ce = (await get('/api/tax/tax-eu-activities?criteria=CE', reader)).json();
    // 2023/2486 Annex II lists 21 activities for the circular economy (1.1-1.2, 2.1-2.7, 3.1-3.5, 4.1, 5.1-5.6).
    expect(ce['hydra:totalItems']).toBe(21);
    // Each activity answers its category per objective: cement is transitional under mitigation (2021/2139 Annex I 3.7).
    expect(all['hydra:member'].find((a: { id: string }) => a.id === '2021-2139-3.7').categories).toEqual([
      { objective: 'CCM', category: 'T', isKnown: true },
      { objective: 'CCA', category: null, isKnown: true },
    ]);
    const nace = (await get('/api/tax/tax-nace-codes', reader)).json();
    expect(nace['hydra:member'].find((n: { code: string }) => n.code === 'D35.11').euActivities).toContain(
      '2021-2139-4.1',
    );
    const years = (await get('/api/tax/tax-years', reader)).json()['hydra:member'];
    expect(years[0]).toEqual({ id: 2022, year: 2022 });
    expect(years.at(-1).year).toBe(new Date().getUTCFullYear() + 1);
    const safeguards = (await get('/api/tax/tax-minimum-safeguards', reader, 'en')).json();
    expect(safeguards['hydra:totalItems']).toBe(14);
  });

  it('answers one EU activity with its criteria and DNSH texts; unknown ids are not found', async () => {
    const reader = f.a.users.user.email;
    const pv = (await get('/api/tax/tax-eu-activities/2021-2139-4.1', reader)).json();
    expect(pv).toMatchObject({
      id: '2021-2139-4.1',
      ref: '4.1',
      delegatedAct: '2021/2139',
      objectives: ['CCM', 'CCA'],
    });
    expect(pv.description).toMatch(/^Construction or operation of electricity generation facilities/);
    expect((await get('/api/tax/tax-eu-activities/2099-1-9.9', reader)).statusCode).toBe(404);
    const criteria = (await get('/api/tax/tax-eu-activities/2021-2139-4.1/criteria', reader)).json()[
      'hydra:member'
    ];
    expect(criteria.map((c: { id: string }) => c.id)).toEqual(['2021-2139-4.1_CCM', '2021-2139-4.1_CCA']);
    // No German in the sources: German readers see the English text until the provider writes one.
    expect(criteria[0]).toMatchObject({
      textDe: null,
      text: criteria[0].textEn,
      dnsh: null,
      isEdited: false,
    });
    const dnsh = (
      await get('/api/tax/tax-eu-activity-criteria/dnsh?euActivity=2021-2139-4.1&criteria=CCM', reader)
    ).json()['hydra:member'];
    expect(dnsh.map((d: { dnsh: string }) => d.dnsh)).toEqual(['CCA', 'WTR', 'CE', 'PPC', 'BIO']);
    expect(dnsh[0].id).toBe('2021-2139-4.1_CCM_CCA');
    // The DNSH text to adaptation refers to Appendix A, whose text no source of the catalogue carries.
    expect(dnsh[0].appendices).toEqual([
      {
        id: 'A',
        dnsh: 'CCA',
        title: 'Generic criteria for DNSH to climate change adaptation',
        text: null,
        referencedBy: expect.any(Number),
      },
    ]);
  });

  it('answers the edition of each text, the text as first adopted where an amendment changed it, and the category', async () => {
    const reader = f.a.users.readonly.email;
    const [ccm] = (await get('/api/tax/tax-eu-activities/2021-2139-3.3/criteria', reader, 'en')).json()[
      'hydra:member'
    ];
    expect(ccm.edition).toMatch(
      /^Delegated Regulations \(EU\) 2021\/2139 as amended by 2022\/1214 and 2023\/2485/,
    );
    expect(ccm.firstAdoptedEn).toEqual(expect.any(String));
    expect(ccm.firstAdoptedEn).not.toBe(ccm.text);
    expect(ccm.category).toEqual({ objective: 'CCM', category: 'E', isKnown: true });
    // German: the edition in German, the act's text in English (no German source exists).
    const [ccmDe] = (await get('/api/tax/tax-eu-activities/2021-2139-3.3/criteria', reader, 'de')).json()[
      'hydra:member'
    ];
    expect(ccmDe.edition).toMatch(/^Delegierte Verordnungen \(EU\) 2021\/2139 in der Fassung/);
    expect(ccmDe.text).toBe(ccm.text);
    // An activity of the Environmental Delegated Act: its text, edition and category from the Navigator.
    const [wtr] = (await get('/api/tax/tax-eu-activities/2023-2486-WTR-1.1/criteria', reader, 'en')).json()[
      'hydra:member'
    ];
    expect(wtr).toMatchObject({ firstAdoptedEn: null, category: { category: 'E', isKnown: true } });
    expect(wtr.text).toMatch(/^1\. The activity manufactures, installs or provides maintenance/);
  });
});

describe('tax text edits', () => {
  const criterionUrl = '/api/tax/tax-eu-activity-criterion-text/2021-2139-4.1_CCM';

  it('refuses every company role, also the company and taxonomy admins', async () => {
    for (const user of [f.a.users.admin, f.a.users.user, f.a.users.readonly]) {
      const res = await patch(criterionUrl, user.email, { textDe: 'Versuch' });
      expect(res.statusCode, user.email).toBe(403);
      const help = await patch('/api/tax/tax-help-texts/core', user.email, { textDe: 'Versuch' });
      expect(help.statusCode, user.email).toBe(403);
    }
    const after = (
      await get('/api/tax/tax-eu-activities/2021-2139-4.1/criteria', f.a.users.readonly.email)
    ).json();
    expect(after['hydra:member'][0].textDe).toBeNull();
  });

  it('lets the platform admin write German and English; companies read it; an empty text restores the default', async () => {
    const smp = f.smp.email;
    const res = await patch(criterionUrl, smp, { textDe: 'Die Tätigkeit erzeugt Strom mit Photovoltaik.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      textDe: 'Die Tätigkeit erzeugt Strom mit Photovoltaik.',
      textEn: 'The activity generates electricity using solar PV technology.',
      isEdited: true,
    });
    const de = (
      await get('/api/tax/tax-eu-activity-criteria-text?euActivity=2021-2139-4.1', f.a.users.readonly.email)
    ).json();
    expect(de['hydra:member'][0].text).toBe('Die Tätigkeit erzeugt Strom mit Photovoltaik.');
    const en = (
      await get(
        '/api/tax/tax-eu-activity-criteria-text?euActivity=2021-2139-4.1',
        f.a.users.readonly.email,
        'en',
      )
    ).json();
    expect(en['hydra:member'][0].text).toBe('The activity generates electricity using solar PV technology.');

    // The provider writes both languages over an act's DNSH text of 2023/2486.
    const added = '/api/tax/tax-eu-activity-criteria-dnsh-text/2023-2486-WTR-2.1_WTR_BIO';
    const before = (
      await get('/api/tax/tax-eu-activity-criteria-dnsh-text?euActivity=2023-2486-WTR-2.1&dnsh=BIO', smp)
    ).json();
    // Water supply is WTR 2.1 of 2023/2486 only: one DNSH text to biodiversity, referring to Appendix D.
    expect(before['hydra:member']).toEqual([
      expect.objectContaining({
        id: '2023-2486-WTR-2.1_WTR_BIO',
        text: 'The activity complies with the criteria set out in Appendix D to this Annex.',
        isEdited: false,
      }),
    ]);
    expect(
      (await patch(added, smp, { textEn: 'See Appendix D.', textDe: 'Siehe Anlage D.' })).json(),
    ).toMatchObject({
      text: 'Siehe Anlage D.',
      criteria: 'WTR',
      dnsh: 'BIO',
    });
    // A language not sent keeps its text.
    expect(
      (await patch(added, smp, { textDe: 'Siehe Anlage D der Verordnung.' }, 'en')).json(),
    ).toMatchObject({
      text: 'See Appendix D.',
      textDe: 'Siehe Anlage D der Verordnung.',
    });

    const cleared = await patch(criterionUrl, smp, { textDe: '' }, 'en');
    expect(cleared.json()).toMatchObject({ textDe: null, isEdited: false });
  });

  it('edits help texts by key and refuses unknown keys and criteria', async () => {
    const smp = f.smp.email;
    const list = (await get('/api/tax/tax-help-texts', f.a.users.readonly.email, 'en')).json();
    expect(list['hydra:totalItems']).toBe(15);
    expect(list['hydra:member'].map((h: { internalName: string }) => h.internalName)).toContain('dnshPPC');
    const changed = await patch('/api/tax/tax-help-texts/minSafe', smp, {
      textEn: 'Check the 14 safeguards.',
    });
    expect(changed.json()).toMatchObject({ id: 'minSafe', textEn: 'Check the 14 safeguards.' });
    const one = (await get('/api/tax/tax-help-texts/minSafe', f.a.users.user.email, 'en')).json();
    expect(one.text).toBe('Check the 14 safeguards.');
    // The German default stays.
    expect(one.textDe).toMatch(/^Mindestschutz/);
    expect((await patch('/api/tax/tax-help-texts/nonsense', smp, { textEn: 'x' })).statusCode).toBe(404);
    expect(
      (await patch('/api/tax/tax-eu-activity-criterion-text/2021-2139-4.1_WTR', smp, { textEn: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await patch('/api/tax/tax-eu-activity-criteria-dnsh-text/2021-2139-4.1_CCM_CCM', smp, { textEn: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});
