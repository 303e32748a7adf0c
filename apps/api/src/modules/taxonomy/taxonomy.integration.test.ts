import { beforeAll, describe, expect, it } from 'vitest';
import type {
  List,
  TaxActivity,
  TaxDashboardStats,
  TaxFile,
  TaxFinancialYear,
  TaxOverviewRow,
} from '@klimadesk/contract';
import { appWithCompanies } from '../../../test/harness.ts';
import { bookTariff, signedIn } from '../../../test/calls.ts';
import { multipart } from '../../../test/multipart.ts';
import { FULLY_ALIGNED } from '../../../test/taxonomy-assessment.ts';
import {
  TAX_WORKED_EXAMPLE as W,
  createTaxActivity,
  createTaxWorkedExample,
  createTaxYear,
  passedCriterion,
  taxActivityBody,
} from '../../../test/taxonomy.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { seedDemoTaxonomy } from './index.ts';

const { t, a, b, c, smp } = appWithCompanies({ a: 'TaxA', b: 'TaxB', c: 'TaxC' }, { platformAdmin: true });
const tk = signedIn(t, () => ({
  admin: a.users.admin,
  user: a.users.user,
  readonly: a.users.readonly,
  other: b.users.admin,
}));
const smpEmail = () => smp.email;
let example: Awaited<ReturnType<typeof createTaxWorkedExample>>;

beforeAll(async () => {
  example = await createTaxWorkedExample(t, a);
}, 120_000);

const get = async <T>(token: string, url: string, status = 200) => {
  const res = await t.call({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
/** Posts a multipart form to the file upload of the Tax API. */
const uploadFile = (token: string, form: ReturnType<typeof multipart>) =>
  t.call({ method: 'POST', url: '/api/tax/files', token, payload: form.body, headers: form.headers });
const send = (token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const code = (res: { json: () => unknown }) => (res.json() as { code: number; message: string }).message;

describe('KPI worked example (issue 20)', () => {
  it('assesses the three activities', async () => {
    expect(example.aligned.assessment).toEqual(FULLY_ALIGNED);
    expect(example.dnshFails.assessment).toMatchObject({ eligible: true, dnsh: false, aligned: false });
    expect(example.notEligible.assessment).toMatchObject({ eligible: false, aligned: false });
  });

  it('answers the hand-computed shares on the dashboard', async () => {
    const d = await get<TaxDashboardStats>(
      tk.user,
      `/api/tax/tax-activity-dashboard-stats?years=${W.taxYear}`,
    );
    for (const kind of ['turnover', 'capex', 'opex'] as const) {
      expect(d.kpis[kind].total).toBe(W.totals[kind]);
      expect(d.kpis[kind].eligible).toBeCloseTo(W.eligibleShare[kind], 12);
      expect(d.kpis[kind].conformShare).toBeCloseTo(W.alignedShare[kind], 12);
      expect(d.charts[kind].eligible).toBe(W.eligible[kind]);
      expect(d.charts[kind].ineligible).toBe(W.totals[kind] - W.eligible[kind]);
      expect(d.charts[kind].conformShare).toBe(W.aligned[kind]);
    }
    expect(d.charts.turnover.byObjective.CCM).toBe(3_000_000);
    expect(d).toMatchObject({ activityCount: 3, years: [W.taxYear] });
  });

  it('drops the aligned share when a company-level safeguard flag is withdrawn', async () => {
    const flags = 16383 & ~(1 << 3);
    expect(
      (
        await send(tk.admin, 'PATCH', `/api/tax/tax-financial-years/${example.year.id}`, {
          minSafeguards: flags,
        })
      ).statusCode,
    ).toBe(200);
    const d = await get<TaxDashboardStats>(tk.user, '/api/tax/tax-activity-dashboard-stats');
    expect(d.kpis.turnover.conformShare).toBe(0);
    expect(d.kpis.turnover.eligible).toBeCloseTo(0.5, 12);
    await send(tk.admin, 'PATCH', `/api/tax/tax-financial-years/${example.year.id}`, {
      minSafeguards: 16383,
    });
  });
});

describe('overview', () => {
  it('lists the 15 columns, newest first, filtered by finished, year and tag', async () => {
    const all = await get<List<TaxOverviewRow>>(tk.user, '/api/tax/tax-activity-overviews');
    expect(all['hydra:totalItems']).toBe(3);
    const row = all['hydra:member'].find((r) => r.id === example.aligned.id) as TaxOverviewRow;
    expect(row).toMatchObject({
      name: 'Solarpark Nord',
      naceCode: 'D35.11',
      euActivity: { id: '2021-2139-4.1' },
      status: 'finished',
      ...FULLY_ALIGNED,
      turnover: 3_000_000,
      capex: 800_000,
      opex: 200_000,
      tags: [],
    });
    expect(row.euActivity.name).toMatch(/photovoltaic/i);
    expect(
      (await get<List<TaxOverviewRow>>(tk.user, '/api/tax/tax-activity-overviews?finished=false'))[
        'hydra:totalItems'
      ],
    ).toBe(0);
    expect(
      (await get<List<TaxOverviewRow>>(tk.user, '/api/tax/tax-activity-overviews?years=2023'))[
        'hydra:totalItems'
      ],
    ).toBe(0);
  });

  it('pages by 15', async () => {
    const year = await createTaxYear(t, await t.login(c.users.admin.email), { taxYear: 2025 });
    const cUser = await t.login(c.users.user.email);
    for (let i = 0; i < 16; i++)
      await createTaxActivity(t, cUser, taxActivityBody(year.id, { name: `A${i}`, status: 'open' }));
    const first = await get<List<TaxOverviewRow>>(cUser, '/api/tax/tax-activity-overviews');
    expect(first['hydra:member']).toHaveLength(15);
    expect(first['hydra:totalItems']).toBe(16);
    const second = await get<List<TaxOverviewRow>>(cUser, '/api/tax/tax-activity-overviews?page=2');
    expect(second['hydra:member']).toHaveLength(1);
  });
});

describe('tags', () => {
  it('creates, filters by, renames and deletes a tag; values are unique', async () => {
    const res = await send(tk.user, 'POST', '/api/tax/tags', { value: 'Werk Süd', color: '#ff0000' });
    expect(res.statusCode, res.body).toBe(201);
    const tag = res.json<{ id: string }>();
    expect(code(await send(tk.user, 'POST', '/api/tax/tags', { value: 'werk süd' }))).toBe('tagExists');
    expect(
      (await send(tk.user, 'PATCH', `/api/tax/tax-activities/${example.dnshFails.id}`, { tags: [tag.id] }))
        .statusCode,
    ).toBe(200);
    const filtered = await get<List<TaxOverviewRow>>(
      tk.user,
      `/api/tax/tax-activity-overviews?tags=${tag.id}`,
    );
    expect(filtered['hydra:member'].map((r) => r.id)).toEqual([example.dnshFails.id]);
    expect(filtered['hydra:member'][0].tags).toEqual([{ id: tag.id, value: 'Werk Süd', color: '#ff0000' }]);
    const tags = await get<List<{ id: string; activityCount: number }>>(tk.readonly, '/api/tax/tags');
    expect(tags['hydra:member'].find((x) => x.id === tag.id)?.activityCount).toBe(1);
    expect(
      (await send(tk.user, 'PATCH', `/api/tax/tags/${tag.id}`, { color: '#00ff00' })).json(),
    ).toMatchObject({ color: '#00ff00' });
    expect((await send(tk.user, 'DELETE', `/api/tax/tags/${tag.id}`)).statusCode).toBe(200);
    const after = await get<TaxActivity>(tk.user, `/api/tax/tax-activities/${example.dnshFails.id}`);
    expect(after.tags).toEqual([]);
  });

  it('refuses another company’s tag in a filter and on an activity', async () => {
    const res = await send(tk.other, 'POST', '/api/tax/tags', { value: 'B-Tag' });
    const foreign = res.json<{ id: string }>().id;
    await get(tk.user, `/api/tax/tax-activity-overviews?tags=${foreign}`, 404);
    const patch = await send(tk.user, 'PATCH', `/api/tax/tax-activities/${example.aligned.id}`, {
      tags: [foreign],
    });
    expect(patch.statusCode).toBe(404);
  });
});

describe('financial years', () => {
  it('converts EUR to cents and back, and lists the activity count', async () => {
    const res = await send(tk.admin, 'POST', '/api/tax/tax-financial-years', {
      taxYear: 2023,
      totalTurnover: 1234.567,
    });
    expect(res.statusCode, res.body).toBe(201);
    const y = res.json<TaxFinancialYear>();
    // Seed 001 §9: amounts rounded to two decimals.
    expect(y.totalTurnover).toBe(1234.57);
    const years = await get<List<TaxFinancialYear>>(tk.readonly, '/api/tax/tax-financial-years');
    expect(years['hydra:member'].map((x) => [x.taxYear, x.activityCount])).toEqual([
      [2024, 3],
      [2023, 0],
    ]);
    expect(years['hydra:member'].every((x) => x.canWrite === false)).toBe(true);
    expect((await send(tk.admin, 'DELETE', `/api/tax/tax-financial-years/${y.id}`)).statusCode).toBe(200);
  });

  it('knows the codes: year exists, unknown tax year, year with activities, negative amounts', async () => {
    expect(code(await send(tk.admin, 'POST', '/api/tax/tax-financial-years', { taxYear: W.taxYear }))).toBe(
      'TaxFinancialYearAlreadyExists',
    );
    expect(code(await send(tk.admin, 'POST', '/api/tax/tax-financial-years', { taxYear: 1990 }))).toBe(
      'TaxYearDoesNotExist',
    );
    const del = await send(tk.admin, 'DELETE', `/api/tax/tax-financial-years/${example.year.id}`);
    expect([del.statusCode, code(del)]).toEqual([409, 'TaxFinancialYearHasActivities']);
    const neg = await send(tk.admin, 'POST', '/api/tax/tax-financial-years', {
      taxYear: 2022,
      totalCapex: -1,
    });
    expect(neg.statusCode).toBe(400);
    expect(
      (await send(tk.admin, 'POST', '/api/tax/tax-financial-years', { taxYear: 2022, minSafeguards: 16384 }))
        .statusCode,
    ).toBe(400);
  });

  it('freezes for review: nothing of the year is writable (50500) until the review is cancelled', async () => {
    const url = `/api/tax/tax-financial-years/${example.year.id}`;
    const frozen = await send(tk.admin, 'PATCH', url, { inReview: true, reviewInstitute: 'Prüf AG' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toMatchObject({ inReview: true, reviewInstitute: 'Prüf AG', canWrite: false });
    const change = await send(tk.admin, 'PATCH', url, { totalTurnover: 1 });
    expect([change.statusCode, change.json()]).toEqual([
      403,
      expect.objectContaining({ code: 50500, message: 'TaxFinancialYearNotWritable' }),
    ]);
    const act = await send(tk.user, 'PATCH', `/api/tax/tax-activities/${example.aligned.id}`, { name: 'X' });
    expect(act.json()).toMatchObject({ code: 50500, message: 'TaxFinancialYearNotWritable' });
    const create = await send(tk.user, 'POST', '/api/tax/tax-activities', taxActivityBody(example.year.id));
    expect(create.json()).toMatchObject({ code: 50500 });
    expect((await get<TaxActivity>(tk.user, `/api/tax/tax-activities/${example.aligned.id}`)).canWrite).toBe(
      false,
    );
    const cancel = await send(tk.admin, 'PATCH', url, { inReview: false });
    expect(cancel.json()).toMatchObject({ inReview: false, canWrite: true });
  });

  it('keeps its files: upload, list, download, delete (tax admin only)', async () => {
    const form = multipart({
      id: example.year.id,
      type: 'financialYear',
      note: 'Prüfbericht',
      file: {
        fileName: 'bericht.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4 bericht'),
      },
    });
    const byUser = await uploadFile(tk.user, form);
    expect(byUser.statusCode).toBe(403);
    const res = await uploadFile(tk.admin, form);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<TaxFile>();
    expect(file).toMatchObject({ name: 'bericht.pdf', note: 'Prüfbericht', type: 'financialYear', size: 16 });
    const years = await get<List<TaxFinancialYear>>(tk.user, '/api/tax/tax-financial-years');
    expect(years['hydra:member'][0].files.map((f) => f.id)).toEqual([file.id]);
    const dl = await t.call({ method: 'GET', url: `/api/tax/file/${file.id}`, token: tk.readonly });
    expect([dl.statusCode, dl.body, dl.headers['content-type']]).toEqual([
      200,
      '%PDF-1.4 bericht',
      'application/pdf',
    ]);
    expect((await send(tk.admin, 'DELETE', `/api/tax/file/activity/${file.id}`)).statusCode).toBe(404);
    expect((await send(tk.admin, 'DELETE', `/api/tax/file/other/${file.id}`)).statusCode).toBe(404);
    expect((await send(tk.admin, 'DELETE', `/api/tax/file/financial-year/${file.id}`)).statusCode).toBe(200);
    await get(tk.readonly, `/api/tax/file/${file.id}`, 404);
  });
});

describe('activities', () => {
  it('answers one activity with criteria, all five DNSH checks and the year', async () => {
    const got = await get<TaxActivity>(tk.readonly, `/api/tax/tax-activities/${example.dnshFails.id}`);
    expect(got.year).toEqual({ id: example.year.id, taxYear: W.taxYear });
    expect(got.activityCriteria).toHaveLength(1);
    const [ccm] = got.activityCriteria;
    expect(ccm).toMatchObject({ criterion: 'CCM', substantialContribution: true, weight: 1 });
    expect(ccm.dnshActivityCriteria.map((d) => [d.dnsh, d.complies])).toEqual([
      ['CCA', true],
      ['WTR', false],
      ['CE', true],
      ['PPC', true],
      ['BIO', true],
    ]);
  });

  it('lists activities by status, year and page, without criteria', async () => {
    const all = await get<List<TaxActivity>>(tk.readonly, '/api/tax/tax-activities?limit=2');
    expect([all['hydra:member'].length, all['hydra:totalItems']]).toEqual([2, 3]);
    expect(all['hydra:member'][0]).not.toHaveProperty('activityCriteria');
    expect(all['hydra:member'][0]).toMatchObject({ year: { taxYear: W.taxYear }, canWrite: false });
    expect(
      (await get<List<TaxActivity>>(tk.readonly, '/api/tax/tax-activities?status=open'))['hydra:totalItems'],
    ).toBe(0);
    const names = (
      await get<List<TaxActivity>>(tk.user, `/api/tax/tax-activities?years=${W.taxYear}&status=finished`)
    )['hydra:member'].map((x) => x.name);
    expect(names.sort()).toEqual(['Bürogebäude', 'Fuhrpark', 'Solarpark Nord']);
  });

  it('validates: EU activity from the catalogue, at least one criterion, no negative amounts, no own-objective DNSH', async () => {
    const body = taxActivityBody(example.year.id);
    expect(
      code(await send(tk.user, 'POST', '/api/tax/tax-activities', { ...body, euActivity: 'nope' })),
    ).toBe('TaxEuActivityUnknown');
    expect(
      (await send(tk.user, 'POST', '/api/tax/tax-activities', { ...body, activityCriteria: [] })).statusCode,
    ).toBe(400);
    expect(
      (await send(tk.user, 'POST', '/api/tax/tax-activities', { ...body, turnover: -5 })).statusCode,
    ).toBe(400);
    const own = { criterion: 'CCM', dnshActivityCriteria: [{ dnsh: 'CCM', complies: true }] };
    expect(
      code(await send(tk.user, 'POST', '/api/tax/tax-activities', { ...body, activityCriteria: [own] })),
    ).toBe('TaxDnshOwnObjective');
    const split = [
      { criterion: 'CCM', turnover: 2_000_000 },
      { criterion: 'CCA', turnover: 1_500_000 },
    ];
    const over = await send(tk.user, 'POST', '/api/tax/tax-activities', { ...body, activityCriteria: split });
    expect([code(over), over.json()]).toEqual([
      'TaxCriterionAmountsExceedActivity',
      expect.objectContaining({ detail: { kind: 'turnover' } }),
    ]);
    expect(
      (await get<List<TaxOverviewRow>>(tk.user, '/api/tax/tax-activity-overviews'))['hydra:totalItems'],
    ).toBe(3);
  });

  it('keeps the EU activity and the year once saved', async () => {
    const url = `/api/tax/tax-activities/${example.aligned.id}`;
    expect(code(await send(tk.user, 'PATCH', url, { euActivity: '2021-2139-7.7' }))).toBe(
      'TaxEuActivityFixed',
    );
    const y2 = await createTaxYear(t, tk.admin, { taxYear: 2025 });
    expect(code(await send(tk.user, 'PATCH', url, { year: y2.id }))).toBe('invalidTaxYear');
    expect(
      (await send(tk.user, 'PATCH', url, { euActivity: '2021-2139-4.1', name: 'Solarpark Nord' })).statusCode,
    ).toBe(200);
    await send(tk.admin, 'DELETE', `/api/tax/tax-financial-years/${y2.id}`);
  });

  it('runs the wizard: add a criterion, answer its checks, deselect it (its data and files go)', async () => {
    const created = await createTaxActivity(
      t,
      tk.user,
      taxActivityBody(example.year.id, {
        name: 'Wizard',
        status: 'open',
        activityCriteria: [{ criterion: 'CCM' }],
        turnover: 100,
        capex: 0,
        opex: 0,
      }),
    );
    expect(created.assessment).toMatchObject({
      eligible: true,
      substantialContribution: false,
      aligned: false,
    });
    expect(created.activityCriteria[0].dnshActivityCriteria.every((d) => d.complies === null)).toBe(true);
    const url = `/api/tax/tax-activities/${created.id}`;
    const two = await send(tk.user, 'PATCH', url, {
      activityCriteria: [{ criterion: 'CCM' }, passedCriterion('CCA')],
    });
    expect(two.statusCode, two.body).toBe(200);
    const cca = two.json<TaxActivity>().activityCriteria.find((x) => x.criterion === 'CCA');
    expect(cca?.dnshActivityCriteria.map((d) => d.dnsh)).toEqual(['CCM', 'WTR', 'CE', 'PPC', 'BIO']);
    const form = multipart({
      id: cca?.dnshActivityCriteria[0].id as string,
      type: 'dnsh',
      file: { fileName: 'nachweis.txt', contentType: 'text/plain', data: Buffer.from('Nachweis') },
    });
    const up = await uploadFile(tk.user, form);
    expect(up.statusCode, up.body).toBe(201);
    const withFile = await get<TaxActivity>(tk.user, url);
    expect(
      withFile.activityCriteria.find((x) => x.criterion === 'CCA')?.dnshActivityCriteria[0].files,
    ).toHaveLength(1);
    expect(withFile.assessment).toMatchObject({ aligned: true, potentiallyConformShare: 1 });
    // Answering CCM leaves CCA's answers as they were (checks not named keep theirs).
    const one = await send(tk.user, 'PATCH', url, {
      activityCriteria: [{ criterion: 'CCM', substantialContribution: false }],
      status: 'finished',
    });
    const after = one.json<TaxActivity>();
    expect(after.activityCriteria.map((x) => x.criterion)).toEqual(['CCM']);
    expect(after).toMatchObject({ status: 'finished', assessment: { aligned: false } });
    await get(tk.user, `/api/tax/file/${up.json<TaxFile>().id}`, 404);
    expect((await send(tk.user, 'DELETE', url)).statusCode).toBe(200);
    await get(tk.user, url, 404);
  });

  it('checks upload types and owners', async () => {
    const bad = multipart({
      id: example.aligned.id,
      file: { fileName: 'x.pdf', contentType: 'application/pdf', data: Buffer.from('MZ not a pdf') },
    });
    const res = await uploadFile(tk.user, bad);
    expect([res.statusCode, code(res)]).toEqual([415, 'invalidFileType']);
    // Seed brief: 10 MB per file.
    const big = multipart({
      id: example.aligned.id,
      file: {
        fileName: 'gross.txt',
        contentType: 'text/plain',
        data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
      },
    });
    const tooBig = await uploadFile(tk.user, big);
    expect(tooBig.statusCode).toBe(413);
    const foreign = multipart({
      id: example.aligned.id,
      file: { fileName: 'x.txt', contentType: 'text/plain', data: Buffer.from('B') },
    });
    const byB = await uploadFile(tk.other, foreign);
    expect(byB.statusCode).toBe(404);
  });

  it('refuses another company’s year and activity', async () => {
    await get(tk.other, `/api/tax/tax-activities/${example.aligned.id}`, 404);
    const bYear = await createTaxYear(t, tk.other, { taxYear: 2024 });
    const res = await send(tk.user, 'POST', '/api/tax/tax-activities', taxActivityBody(bYear.id));
    expect(res.statusCode).toBe(404);
    expect((await send(tk.other, 'DELETE', `/api/tax/tax-activities/${example.aligned.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('roles, groups and tariff state', () => {
  it('read-only users read but never write', async () => {
    expect(
      (await get<List<TaxOverviewRow>>(tk.readonly, '/api/tax/tax-activity-overviews'))['hydra:totalItems'],
    ).toBe(3);
    const res = await send(tk.readonly, 'PATCH', `/api/tax/tax-activities/${example.aligned.id}`, {
      name: 'RO',
    });
    expect([res.statusCode, code(res)]).toEqual([403, 'readOnly']);
    const year = await send(tk.user, 'POST', '/api/tax/tax-financial-years', { taxYear: 2022 });
    expect([year.statusCode, code(year)]).toEqual([403, 'noRights']);
  });

  it('a group limited to selected tax years sees and writes only those; review years are readable in review', async () => {
    const group = await send(tk.admin, 'POST', '/api/user-groups/create', {
      name: 'Steuer 2025',
      activeModules: ['tax'],
      rights: { tax: { read: true, write: true, years: [2025], reviewYears: [W.taxYear] } },
      users: [a.users.user.id],
    });
    expect(group.statusCode, group.body).toBe(201);
    const limited = await t.login(a.users.user.email);
    await get(limited, `/api/tax/tax-activities/${example.aligned.id}`, 404);
    expect(
      (await get<List<TaxFinancialYear>>(limited, '/api/tax/tax-financial-years'))['hydra:totalItems'],
    ).toBe(0);
    expect(
      (await get<TaxDashboardStats>(limited, '/api/tax/tax-activity-dashboard-stats')).activityCount,
    ).toBe(0);
    // While the year is in review, the review grant makes it readable (not writable).
    await send(tk.admin, 'PATCH', `/api/tax/tax-financial-years/${example.year.id}`, { inReview: true });
    const seen = await get<TaxActivity>(limited, `/api/tax/tax-activities/${example.aligned.id}`);
    expect(seen.canWrite).toBe(false);
    await send(tk.admin, 'PATCH', `/api/tax/tax-financial-years/${example.year.id}`, { inReview: false });
    await send(tk.admin, 'PATCH', `/api/user-groups/${group.json<{ id: string }>().id}`, {
      // The group's patch sets modules and members as sent (their defaults are empty lists).
      activeModules: ['tax'],
      users: [a.users.user.id],
      rights: { tax: { read: true, write: false } },
    });
    const readOnlyGroup = await send(limited, 'PATCH', `/api/tax/tax-activities/${example.aligned.id}`, {
      name: 'G',
    });
    expect(readOnlyGroup.json()).toMatchObject({ code: 50500, message: 'TaxFinancialYearNotWritable' });
    await send(tk.admin, 'DELETE', `/api/user-groups/${group.json<{ id: string }>().id}`);
    expect(
      (
        await send(limited, 'PATCH', `/api/tax/tax-activities/${example.aligned.id}`, {
          name: 'Solarpark Nord',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an expired taxonomy trial leaves activities readable, not writable', async () => {
    // A 14-day free trial of the taxonomy that ended long ago (seed 002 §4: EXPIRED), booked on the
    // default tax tariff, which keeps running: without any running tax booking the module is not booked.
    await bookTariff(
      t,
      b.id,
      { module: 'tax', type: 'default', isFreeOfCharge: true },
      { beginDate: '2020-01-01', emailBooking: b.users.admin.email },
    );
    await bookTariff(
      t,
      b.id,
      { module: 'tax', type: 'limited', isFreeOfCharge: true },
      { beginDate: '2020-01-01', endDate: '2020-01-15', emailBooking: b.users.admin.email },
    );
    const bYears = await get<List<TaxFinancialYear>>(tk.other, '/api/tax/tax-financial-years');
    expect(bYears['hydra:member'][0].canWrite).toBe(false);
    const res = await send(tk.other, 'POST', '/api/tax/tags', { value: 'Nach Ablauf' });
    expect([res.statusCode, code(res)]).toEqual([403, 'taxTrialExpired']);
    // A company admin acting as their user stays blocked; the platform admin acting as them continues.
    const asUser = await send(tk.other, 'POST', '/api/impersonate', { username: b.users.user.email });
    expect(asUser.statusCode, asUser.body).toBe(200);
    const byCompanyAdmin = await send(asUser.json<{ token: string }>().token, 'POST', '/api/tax/tags', {
      value: 'X',
    });
    expect(code(byCompanyAdmin)).toBe('taxTrialExpired');
    const smp = await t.login(smpEmail());
    const asB = await send(smp, 'POST', '/api/impersonate', { username: b.users.user.email });
    expect(asB.statusCode, asB.body).toBe(200);
    const bySmp = await send(asB.json<{ token: string }>().token, 'POST', '/api/tax/tags', {
      value: 'Vom Anbieter',
    });
    expect(bySmp.statusCode, bySmp.body).toBe(201);
  });
});

describe('demo data', () => {
  it('seeds a financial year with one aligned finished activity among three', async () => {
    const taxYear = new Date().getFullYear();
    await seedDemoTaxonomy(t.ctx.db, asCompanyId(c.id), taxYear);
    const cUser = await t.login(c.users.user.email);
    const rows = await get<List<TaxOverviewRow>>(cUser, `/api/tax/tax-activity-overviews?years=${taxYear}`);
    expect(rows['hydra:totalItems']).toBe(3);
    expect(rows['hydra:member'].filter((r) => r.aligned && r.status === 'finished')).toHaveLength(1);
    // 1,200,000 EUR aligned photovoltaic turnover of 48,000,000 EUR: 2.5 %.
    const d = await get<TaxDashboardStats>(cUser, `/api/tax/tax-activity-dashboard-stats?years=${taxYear}`);
    expect(d.kpis.turnover.conformShare).toBeCloseTo(0.025, 12);
  });
});
