import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRoute, MODULES, type ResourceKind, apiRoutes } from '@klimadesk/contract';
import {
  type CompanyFixture,
  type TestApp,
  createCompanyFixture,
  createTestApp,
} from '../../test/harness.ts';
import type { Json } from '../../test/calls.ts';
import { multipart, postForm } from '../../test/multipart.ts';
import { detailsOf, uploadImport } from '../../test/imports.ts';
import { insertExportJob } from '../modules/exports/exports.repository.ts';
import { insertPartnerFootprintForTest } from '../modules/exchange/exchange.connections.repository.ts';
import { insertSalesData } from '../modules/customers/customers.repository.ts';
import { asCompanyId } from './tenant.ts';
import { importTours } from '../../test/tours.ts';
import { insertBooking, insertTariff } from '../modules/tariffs/tariffs.repository.ts';
import { insertInvoice } from '../modules/invoicing/invoicing.repository.ts';
import { insertNote, insertVersion } from '../modules/releases/releases.repository.ts';
import * as emissionDb from '../modules/emission-db/emission-db.repository.ts';
import * as cfcRepo from '../modules/cfc/cfc.repository.ts';
import { createTaxActivity, createTaxYear, taxActivityBody } from '../../test/taxonomy.ts';
import { bookTariff } from '../../test/calls.ts';

/**
 * Route-table driven checks: every route that names a tenant object by id is tried with another
 * company's id, and every write route with a read-only user. A new module's routes are covered
 * as soon as they are in the table; the test fails until it knows how to make their objects.
 */

let t: TestApp;
let a: CompanyFixture;
let b: CompanyFixture;
const ids = { a: {} as Record<string, string>, b: {} as Record<string, string> };

type Factory<T> = (t: TestApp, f: CompanyFixture) => Promise<T>;

/** The objects `make` creates, made once per company and shared by the kinds that read them. */
function oncePerCompany<T>(make: Factory<T>): Factory<T> {
  const made = new Map<string, Promise<T>>();
  return (t, f) => {
    if (!made.has(f.id)) made.set(f.id, make(t, f));
    return made.get(f.id) as Promise<T>;
  };
}

/** Signs in the company's `who`, sends the POST and answers the answer's JSON. */
async function postedBy(
  t: TestApp,
  f: CompanyFixture,
  who: keyof CompanyFixture['users'],
  url: string,
  payload: Record<string, unknown>,
) {
  const token = await t.login(f.users[who].email);
  return (await t.call({ method: 'POST', url, token, payload })).json();
}

/** Uploads a small PDF for the owner named in `fields` (id and type) and answers the file's id. */
async function postedPdf(
  t: TestApp,
  url: string,
  token: string,
  fields: Record<string, string>,
  fileName: string,
) {
  const file = { fileName, contentType: 'application/pdf', data: Buffer.from(`%PDF-1.4 ${fileName}`) };
  return (await postForm(t, url, token, { ...fields, file })).json().id as string;
}

/** A tour template reading the columns Tour, Datum, Gewicht and Typ. */
const tourMapping = (templateName: string) => ({
  templateName,
  mappingFieldCategory: 'tour',
  mappingFormat: 'csv',
  mappingDetails: detailsOf(['Tour', 'Datum', 'Gewicht', 'Typ']),
});

/** One imported tour with one shipment per company, shared by the `tour` and `shipment` kinds. */
const importedTour = oncePerCompany((t, f) =>
  importTours(t, f, [
    {
      reference: `SEC-T-${f.id.slice(0, 4)}`,
      departureDate: '2026-03-02',
      glecVehicleType: 'road_in_12_20t_diesel',
      distanceKm: 120,
      shipments: [
        { reference: `SEC-S-${f.id.slice(0, 4)}`, weightKg: 800, shipper: `Kunde ${f.id.slice(0, 4)}` },
      ],
    },
  ]),
);

/** One CFC business unit, report, entry and document per company, shared by their kinds. */
const cfcOf = oncePerCompany(async (t, f) => {
  const c = asCompanyId(f.id);
  const unit = await cfcRepo.insertUnit(t.ctx.db, c, {
    name: `Einheit ${f.id.slice(0, 4)}`,
    urlId: `einheit-${f.id.slice(0, 4)}`,
    country: 'DE',
  });
  const report = (await cfcRepo.insertReport(t.ctx.db, c, unit.id, 2025)) as { id: string };
  const entry = await cfcRepo.insertEntry(t.ctx.db, c, {
    reportId: report.id,
    section: 'process-emissions',
    data: { amount: 1, unit: 't', emissionFactor: 1 },
    co2eKg: 1,
  });
  const document = await cfcRepo.insertDocument(t.ctx.db, c, {
    entryId: entry.id,
    fileName: 'beleg.pdf',
    mimeType: 'application/pdf',
    data: Buffer.from('%PDF-1.4'),
  });
  return { unit: unit.id, report: report.id, entry: entry.id, document: document.id };
});

/** One CSRD analysis, IRO entry, report, scope entry, value and file per company, shared by their kinds. */
const csrdOf = oncePerCompany(async (t, f) => {
  const token = await t.login(f.users.user.email);
  const post = async (url: string, payload: Record<string, unknown>) =>
    (await t.call({ method: 'POST', url, token, payload })).json().id as string;
  const analysis = await post('/api/csrd/ma-materiality-analyses', {
    name: `MA ${f.id.slice(0, 4)}`,
    scale: 5,
    threshold: 3,
  });
  const entry = await post('/api/csrd/ma-iro-entries', {
    materialityAnalysis: analysis,
    iro: 'E1.2',
    category: 'risk',
    entryScale: 3,
    probability: 50,
    time: 'short',
  });
  const report = await post('/api/csrd/csrd-reports', { year: 2025, categories: [{ id: 'E1' }] });
  const scopeEntry = await post('/api/csrd/csrd-scope-entries', { report, scope: 'E1' });
  const value = await post('/api/csrd/csrd-indicator-values', {
    scopeEntry,
    indicator: 'E1-1',
    textValue: 'Plan',
  });
  const file = await postedPdf(
    t,
    '/api/csrd/files',
    token,
    { id: value, type: 'indicator-value' },
    'nachweis.pdf',
  );
  return { analysis, entry, report, scopeEntry, value, file };
});

// Counts templates made, so each gets its own name.
let mappingCount = 0;
// Counts release versions made, so each gets its own number.
let releaseCount = 0;

/** One financial year, tag, activity and file of the taxonomy per company, shared by their kinds. */
const taxOf = oncePerCompany(async (t, f) => {
  // A running paid taxonomy tariff: the company may write whatever else it books.
  const tariff = await insertTariff(t.ctx.db, { ...securityTariff(), module: 'tax' });
  await insertBooking(t.ctx.db, {
    companyId: asCompanyId(f.id),
    tariffId: tariff.id,
    beginDate: '2020-01-01',
    emailBooking: f.users.admin.email,
  });
  const admin = await t.login(f.users.admin.email);
  const year = (await createTaxYear(t, admin, { taxYear: 2024 })).id;
  const tag = (
    await postedBy(t, f, 'admin', '/api/tax/tags', { value: `Tag ${f.id.slice(0, 4)}`, color: '#336699' })
  ).id;
  const activity = (await createTaxActivity(t, admin, taxActivityBody(year, { tags: [tag] }))).id;
  const file = await postedPdf(t, '/api/tax/files', admin, { id: activity, type: 'activity' }, 'beleg.pdf');
  return { year, tag, activity, file };
});

/** Kinds made by one POST of a user of the company: who sends what where, and the id in the answer. */
type PostedKind = {
  who: keyof CompanyFixture['users'];
  url: string;
  body: (f: CompanyFixture) => Record<string, unknown>;
  id?: (answer: Json) => string;
};
const postedKinds: Record<string, PostedKind> = {
  vehicle: {
    who: 'user',
    url: '/api/vehicles',
    body: (f) => ({ licensePlate: `V-${f.id.slice(0, 4)}`, glecVehicleType: 'road_in_12_20t_diesel' }),
    id: (r) => r.vehicle.id,
  },
  trailer: {
    who: 'user',
    url: '/api/trailers',
    body: (f) => ({ licensePlate: `T-${f.id.slice(0, 4)}`, glecTrailerType: 'box' }),
    id: (r) => r.trailer.id,
  },
  tagGroup: {
    who: 'user',
    url: '/api/tag-groups',
    body: (f) => ({ name: 'G', colorCode: '#336699', tags: [{ value: `T-${f.id.slice(0, 4)}` }] }),
  },
  tag: {
    who: 'user',
    url: '/api/tag-groups',
    body: (f) => ({ name: 'H', colorCode: '#663399', tags: [{ value: `U-${f.id.slice(0, 4)}` }] }),
    id: (r) => r.tags[0].id,
  },
  // Template names are unique per company; the import-task factory makes a second one.
  mapping: {
    who: 'cftAdmin',
    url: '/api/mappings',
    body: (f) => tourMapping(`M ${f.id.slice(0, 4)} ${++mappingCount}`),
  },
  apiKey: { who: 'admin', url: '/api/api-keys', body: () => ({ name: 'ERP' }), id: (r) => r.apiKey.id },
  exchangeClient: { who: 'admin', url: '/api/exchange-clients', body: () => ({ name: 'Shipper ERP' }) },
  exchangeConnection: {
    who: 'admin',
    url: '/api/exchange-connections',
    body: () => ({
      name: 'Partner',
      baseUrl: 'https://partner.example/pact',
      clientId: 'c',
      clientSecret: 's',
    }),
  },
  order: { who: 'user', url: '/api/orders', body: (f) => securityOrder(`Kunde ${f.id.slice(0, 4)}`) },
  // A push with no orders is a task at once (failed, with its message): no job needed.
  orderImportTask: { who: 'user', url: '/api/orders/import', body: () => ({ orders: [] }) },
  userGroup: {
    who: 'admin',
    url: '/api/user-groups/create',
    body: (f) => ({ name: `G ${f.id.slice(0, 6)}` }),
  },
  task: {
    who: 'admin',
    url: '/api/tasks',
    body: (f) => ({ description: `Aufgabe ${f.id.slice(0, 6)}`, assignee: f.users.user.id }),
  },
};

/** How to get an object of each kind in a company. */
const factories: Record<string, Factory<string>> = {
  ...Object.fromEntries(
    Object.entries(postedKinds).map(([kind, { who, url, body, id = (r: Json) => r.id }]) => [
      kind,
      async (t: TestApp, f: CompanyFixture) => id(await postedBy(t, f, who, url, body(f))),
    ]),
  ),
  user: async (_t, f) => f.users.user.id,
  company: async (_t, f) => f.id,
  // Fetched partner footprints come from a partner's host system; the fixture stores one directly.
  partnerFootprint: async (t, f) =>
    insertPartnerFootprintForTest(t.ctx.db, asCompanyId(f.id), await factories.exchangeConnection!(t, f)),
  importTask: async (t, f) => {
    const mappingId = await factories.mapping(t, f);
    const token = await t.login(f.users.user.email);
    const csv = 'Tour;Datum;Gewicht;Typ\nT1;01.03.2026;100;road_in_12_20t_diesel\n';
    const file = { fileName: 'tours.csv', contentType: 'text/csv', data: Buffer.from(csv) };
    return (await uploadImport(t, token, mappingId, file)).json().id;
  },
  // A vehicle import of the company's user (the import kit's run, issue 38).
  importRun: async (t, f) => {
    const token = await t.login(f.users.user.email);
    const csv = 'Kennzeichen *;GLEC-Fahrzeugtyp *\nSEC-1;road_in_tractor_30_60t_diesel\n';
    const file = { fileName: 'fahrzeuge.csv', contentType: 'text/csv', data: Buffer.from(csv) };
    return (await postForm(t, '/api/vehicles/import', token, { file })).json().id;
  },
  tour: async (t, f) => (await importedTour(t, f)).tours[`SEC-T-${f.id.slice(0, 4)}`],
  shipment: async (t, f) => (await importedTour(t, f)).shipments[`SEC-S-${f.id.slice(0, 4)}`],
  exportJob: async (t, f) => {
    const job = await insertExportJob(t.ctx.db, {
      companyId: f.id,
      kind: 'tours',
      totalRows: 1,
      filters: {},
      language: 'de',
      timeZone: 'Europe/Berlin',
      exportedBy: f.users.user.id,
      fileName: 'touren.xlsx',
    });
    return job.id;
  },
  // Sales rows are written by the platform admin only; the fixture writes one straight away.
  salesData: async (t, f) =>
    insertSalesData(t.ctx.db, asCompanyId(f.id), {
      month: '2026-01-01',
      licensesCents: 100,
      consultingCents: 0,
    }),
  invoice: async (t, f) => {
    const row = await insertInvoice(
      t.ctx.db,
      asCompanyId(f.id),
      {
        number: `INV-${f.id.slice(0, 4)}`,
        type: 'fee',
        description: null,
        sentDate: null,
        paymentDate: null,
        totalPriceCents: 100,
      },
      f.users.admin.id,
    );
    return row.id;
  },
  // Tariffs are the provider's catalogue; each call makes one, so A's and B's differ.
  tariff: async (t) => (await insertTariff(t.ctx.db, securityTariff())).id,
  tariffBooking: async (t, f) => {
    const tariff = await insertTariff(t.ctx.db, securityTariff());
    const booking = await insertBooking(t.ctx.db, {
      companyId: asCompanyId(f.id),
      tariffId: tariff.id,
      beginDate: '2026-01-01',
      emailBooking: f.users.admin.email,
    });
    return booking.id;
  },
  // Texts and help texts are the provider's content, read by every user and written only by the
  // platform admin: nothing of a company to find, so an id of no row stands for one.
  text: async () => randomUUID(),
  helpText: async () => randomUUID(),
  // Release versions and notes are the provider's content; each call makes its own.
  releaseVersion: async (t) => insertVersion(t.ctx.db, { version: `9.0.${++releaseCount}` }),
  releaseNote: async (t) => {
    const version = await insertVersion(t.ctx.db, { version: `9.0.${++releaseCount}` });
    return insertNote(t.ctx.db, { releaseVersionId: version, module: 'cft', titleDe: 'S', titleEn: 'S' });
  },
  // Legs with given distances: the order needs no location data to be computed.
  // Carbon footprint (issue 19): one business unit with a report, an entry and a document per company.
  cfcBusinessUnit: async (t, f) => (await cfcOf(t, f)).unit,
  cfcReport: async (t, f) => (await cfcOf(t, f)).report,
  cfcEntry: async (t, f) => (await cfcOf(t, f)).entry,
  cfcDocument: async (t, f) => (await cfcOf(t, f)).document,
  // Emission database (issue 18): a company's own source, edition, custom activity and customer
  // factor; a provider only that company may use (blocked for every other company).
  emissionSource: async (t, f) =>
    (await emissionDb.insertSource(t.ctx.db, { companyId: f.id, name: `Quelle ${f.id.slice(0, 4)}` })).id,
  sourceVersion: async (t, f) => {
    const source = await emissionDb.insertSource(t.ctx.db, {
      companyId: f.id,
      name: `Ausgabe ${f.id.slice(0, 4)}`,
    });
    return (
      await emissionDb.insertVersion(t.ctx.db, {
        sourceId: source.id,
        companyId: f.id,
        version: '1',
        validFrom: '2026-01-01',
      })
    ).id;
  },
  activity: async (t, f) => (await emissionFactorOf(t, f)).activityId,
  emissionFactor: async (t, f) => (await emissionFactorOf(t, f)).id,
  emissionProvider: async (t, f) => {
    const provider = (await emissionDb.insertProvider(t.ctx.db, `Anbieter ${f.id.slice(0, 8)}`)) as {
      id: string;
    };
    const others = await t.ctx.db.execute(sql`select id from companies where id <> ${f.id}`);
    for (const { id } of (others as unknown as { rows: { id: string }[] }).rows)
      await emissionDb.setBlockedProviders(t.ctx.db, asCompanyId(id), [
        ...(await emissionDb.blockedProviders(t.ctx.db, asCompanyId(id))),
        provider.id,
      ]);
    return provider.id;
  },
  taxFinancialYear: async (t, f) => (await taxOf(t, f)).year,
  taxTag: async (t, f) => (await taxOf(t, f)).tag,
  taxActivity: async (t, f) => (await taxOf(t, f)).activity,
  // A file goes to an activity unless the form names another owner type.
  taxFileOwner: async (t, f) => (await taxOf(t, f)).activity,
  taxFile: async (t, f) => (await taxOf(t, f)).file,
  // CSRD reporting (issue 21).
  materialityAnalysis: async (t, f) => (await csrdOf(t, f)).analysis,
  iroEntry: async (t, f) => (await csrdOf(t, f)).entry,
  csrdReport: async (t, f) => (await csrdOf(t, f)).report,
  csrdScopeEntry: async (t, f) => (await csrdOf(t, f)).scopeEntry,
  csrdIndicatorValue: async (t, f) => (await csrdOf(t, f)).value,
  csrdFile: async (t, f) => (await csrdOf(t, f)).file,
  // VSME reports (issue 40).
  vsmeReport: oncePerCompany(async (t, f) => {
    const token = await t.login(f.users.user.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/vsme/vsme-reports',
      token,
      payload: { year: 2025 },
    });
    return res.json().id as string;
  }),
};

function securityOrder(client: string, parentId?: string) {
  return {
    number: 'SEC-O',
    client,
    cargoType: 'general',
    freightType: 'unit_cargo',
    grossWeight: 1000,
    grossWeightUnit: 'kg',
    date: '2026-03-02',
    ...(parentId ? { parentId } : {}),
    activities: [
      {
        activity: 'main_carriage',
        legs: [
          {
            transportMode: 'road',
            origin: { country: 'DE', city: 'Kassel' },
            destination: { country: 'DE', city: 'Fulda' },
            glecVehicleType: 'road_eu_artic_40t_avg_diesel',
            distance: 100,
          },
        ],
      },
    ],
  };
}

/** A custom activity of the company with one customer factor (made once per company). */
const emissionFactorOf = oncePerCompany(async (t, f) => {
  const source = await emissionDb.insertSource(t.ctx.db, {
    companyId: f.id,
    name: `Zähler ${f.id.slice(0, 4)}`,
  });
  const activity = await emissionDb.insertActivity(t.ctx.db, {
    companyId: f.id,
    categories: ['waste'],
    translations: {
      de: { name: `Eigene ${f.id.slice(0, 4)}`, description: null, synonyms: [] },
      en: { name: `Own ${f.id.slice(0, 4)}`, description: null, synonyms: [] },
    },
  });
  const [factor] = await emissionDb.insertFactors(t.ctx.db, [
    {
      activityId: activity.id,
      companyId: f.id,
      baseUnit: 'kg',
      co2Factor: 1,
      sourceId: source.id,
      validFrom: '2026-01-01',
      isPublic: false,
    },
  ]);
  return { id: factor.id, activityId: activity.id };
});

function securityTariff() {
  return {
    module: 'cfc',
    type: 'individual',
    translations: [
      { locale: 'de' as const, name: 'Sicherheit', shortDescription: 'S', longDescription: 'S' },
    ],
  };
}

/** A valid body per route, so the access check is what answers, not validation. */
const sampleBodies: Record<string, (ids: Record<string, string>) => unknown> = {
  createMaterialityAnalysis: () => ({ name: 'RO', scale: 5, threshold: 3 }),
  updateMaterialityAnalysis: () => ({ name: 'Renamed' }),
  createIroEntry: (ids) => ({
    materialityAnalysis: ids.materialityAnalysis,
    iro: 'E1.1',
    category: 'risk',
    entryScale: 2,
    probability: 10,
    time: 'short',
  }),
  updateIroEntry: () => ({ probability: 90 }),
  createCsrdReport: (ids) => ({ year: 2030, categories: [], maId: ids.materialityAnalysis }),
  updateCsrdReportScopes: () => ({ statuses: [{ id: 'ESRS 2', status: 'done' }] }),
  updateCsrdReport: () => ({ deletedAt: '2030-01-01T00:00:00Z' }),
  createCsrdScopeEntry: (ids) => ({ report: ids.csrdReport, scope: 'ESRS 2', responsibleUser: ids.user }),
  updateCsrdScopeEntry: (ids) => ({ status: 'done', responsibleUser: ids.user }),
  createCsrdIndicatorValue: (ids) => ({ scopeEntry: ids.csrdScopeEntry, indicator: 'E1-2', textValue: 'RO' }),
  updateCsrdIndicatorValue: () => ({ textValue: 'Changed' }),
  createVsmeReport: () => ({ year: 2030 }),
  updateVsmeReport: () => ({ comprehensive: true }),
  updateVsmeValues: () => ({ values: [{ concept: 'vsme:NumberOfEmployees', value: 12 }] }),
  cfcCreateReport: (ids) => ({ businessUnit: ids.cfcBusinessUnit, year: 2025 }),
  cfcPowerMethod: (ids) => ({ report: ids.cfcReport, isMarketBased: true }),
  cfcThermalMethod: (ids) => ({ report: ids.cfcReport, isMarketBased: true }),
  cfcSaveEntry: (ids) => ({
    id: ids.cfcEntry,
    report: ids.cfcReport,
    section: 'process-emissions',
    activity: ids.activity,
    amount: 2,
    unit: 't',
    emissionFactor: 1,
  }),
  cfcDeleteEntries: (ids) => ({ entries: [ids.cfcEntry] }),
  cfcUpdateHelpText: () => ({ de: 'RO' }),
  cfcCreateBusinessUnit: () => ({ name: 'RO Einheit' }),
  cfcUpdateBusinessUnit: () => ({ name: 'RO Einheit' }),
  cfcSetBaseYear: () => ({ baseYear: 2024 }),
  cfcSetSections: () => ({ sections: ['scope1'] }),
  cfcSaveSettings: () => ({ baseYear: 2024 }),
  cfcCreateAccessRight: (ids) => ({
    group: ids.userGroup,
    businessUnit: ids.cfcBusinessUnit,
    report: ids.cfcReport,
    accessRights: ['read'],
  }),
  cfcReplaceAccessRights: (ids) => ({
    rights: [{ businessUnit: ids.cfcBusinessUnit, accessRights: ['read'] }],
  }),
  saveLastEditedCfcSection: (ids) => ({
    businessUnit: ids.cfcBusinessUnit,
    year: 2025,
    section: 'waste-solid',
  }),
  cfcExportReports: (ids) => ({ year: 2025, businessUnits: [ids.cfcBusinessUnit], format: 'xlsx' }),
  cfcApplyFreightSuggestions: () => ({ items: [{ kind: 'ownFleetTtw' }] }),
  updateUser: () => ({ firstName: 'Changed' }),
  updateUserPreferencesById: () => ({ isEmailNotificationEnabled: false }),
  createText: () => ({ type: 'faq', name: 'ro', lang: 'de', value: '<p>RO</p>' }),
  updateText: () => ({ value: '<p>RO</p>' }),
  updateHelpText: () => ({ text: { de: '<p>RO</p>' } }),
  setLanguage: () => ({ language: 'en' }),
  introShown: () => ({ introShown: true }),
  releaseNotesShown: () => ({ version: '9.9.9' }),
  deleteUserAndCompany: (ids) => ({ userId: ids.user }),
  createUserGroup: (ids) => ({ name: 'RO group', users: [ids.user] }),
  updateUserGroup: (ids) => ({ name: 'Renamed', users: [ids.user] }),
  createAccessRight: (ids) => ({ groupId: ids.userGroup, accessRights: ['read'] }),
  replaceAccessRights: () => ({ rights: [{ businessUnit: 'X', accessRights: ['write'] }] }),
  updateCompany: () => ({ city: 'Changed' }),
  unlockCompany: () => ({
    name: 'N',
    street: 'Street 1',
    zipcode: '1',
    city: 'C',
    country: 'DE',
    acceptTerms: true,
  }),
  createUser: (ids) => ({
    companyId: ids.company,
    firstName: 'R',
    lastName: 'O',
    email: 'ro-created@x.test',
    password: 'secret1',
    roles: ['ROLE_CFT_READ_ONLY'],
  }),
  importGeoData: () => ({ countries: ['LU'], datasets: ['zipCodes'] }),
  createVehicle: () => ({ licensePlate: 'RO 1', glecVehicleType: 'road_in_12_20t_diesel' }),
  updateVehicle: () => ({ description: 'changed' }),
  createTrailer: () => ({ licensePlate: 'RO 2', glecTrailerType: 'box' }),
  updateTrailer: () => ({ description: 'changed' }),
  createTagGroup: () => ({ name: 'RO', colorCode: '#000000', tags: [] }),
  createTask: (ids) => ({ description: 'RO', assignee: ids.user, responsible: ids.user }),
  updateTask: (ids) => ({ description: 'Changed', assignee: ids.user, responsible: ids.user }),
  createCsrdTask: (ids) => ({
    description: 'RO',
    assignee: ids.user,
    responsible: ids.user,
    csrdScopeTask: { report: ids.csrdReport, scope: 'ESRS 2' },
  }),
  updateCsrdTask: (ids) => ({ description: 'Changed', assignee: ids.user, responsible: ids.user }),
  updateTagGroup: (ids) => ({ name: 'Renamed', tags: [{ id: ids.tag, value: 'Renamed' }] }),
  createMapping: () => tourMapping('RO'),
  updateMapping: () => ({ templateName: 'Renamed' }),
  checkRequiredField: () => ({ mappingFieldCategory: 'tour', mappingDetails: [] }),
  createApiKey: () => ({ name: 'RO' }),
  createExchangeClient: () => ({ name: 'RO' }),
  applyPartnerFootprint: (ids) => ({ tourId: ids.tour }),
  createExchangeConnection: (ids) => ({
    name: 'RO',
    baseUrl: 'https://partner.example/pact',
    clientId: 'c',
    clientSecret: 's',
    eventsClientId: ids.exchangeClient,
  }),
  updateExchangeConnection: (ids) => ({ eventsClientId: ids.exchangeClient }),
  confirmExchangeConnection: () => ({ baseUrl: 'https://partner.example/pact' }),
  mailCompanyAdmin: (ids) => ({ companyId: ids.company, subject: 'Rechte', message: 'Bitte' }),
  pushToursShipments: () => ({
    category: 'tour',
    rows: [
      {
        tourReference: 'RO',
        departureDate: '2026-03-01',
        weight: 100,
        glecTransportType: 'road_in_12_20t_diesel',
        distance: 10,
      },
    ],
  }),
  pushBulk: () => ({
    category: 'tour',
    rows: [
      {
        tourReference: 'RO',
        departureDate: '2026-03-01',
        weight: 100,
        glecTransportType: 'road_in_12_20t_diesel',
        distance: 10,
      },
    ],
  }),
  createSalesData: (ids) => ({ company: ids.company, month: '2026-02-01', licenses: '1' }),
  updateSalesData: () => ({ licenses: '2' }),
  createInvoice: (ids) => ({ company: ids.company, number: 'RO-1', totalPrice: 100, type: 'fee' }),
  updateInvoice: () => ({ number: 'RO-2' }),
  createTariff: () => ({
    type: 'default',
    module: 'cft',
    translations: [{ locale: 'de', name: 'RO', shortDescription: 'RO', longDescription: 'RO' }],
  }),
  updateTariff: () => ({ basicFee: 100 }),
  createTariffBooking: (ids) => ({
    company: ids.company,
    tariff: ids.tariff,
    beginDate: '2026-01-01',
    userBooking: ids.user,
  }),
  updateTariffBooking: (ids) => ({ tariff: ids.tariff, userBookingChange: ids.user }),
  cancelTariffBooking: (ids) => ({ endDate: '2026-12-31', userCancellation: ids.user }),
  createReleaseVersion: () => ({ version: '7.7.7' }),
  updateReleaseVersion: () => ({ releaseDate: '2026-01-01' }),
  createReleaseNote: (ids) => ({
    releaseVersion: ids.releaseVersion,
    module: 'cft',
    titleDe: 'RO',
    titleEn: 'RO',
  }),
  updateReleaseNote: () => ({ titleDe: 'Renamed' }),
  createOrder: (ids) => securityOrder('RO', ids.order),
  updateOrder: () => ({ note: 'changed' }),
  changeOrderStatus: () => ({ status: 'cancelled' }),
  importOrders: () => ({ orders: [] }),
  createSource: () => ({ name: 'RO source' }),
  updateSource: () => ({ name: 'Renamed source' }),
  createEmissionProvider: () => ({ name: 'RO provider' }),
  createSourceVersion: (ids) => ({ source: ids.emissionSource, version: 'RO', validFrom: '2026-01-01' }),
  createActivity: (ids) => ({
    translations: { de: { name: 'RO Aktivität' } },
    categories: ['waste'],
    factors: [{ baseUnit: 'kg', co2Factor: 1, validFrom: '2026-01-01', sourceId: ids.emissionSource }],
  }),
  updateActivity: () => ({ translations: { de: { name: 'Umbenannt' } }, categories: ['waste'] }),
  createEmissionFactor: (ids) => ({
    activityId: ids.activity,
    company: ids.company,
    sourceId: ids.emissionSource,
    sourceVersionId: ids.sourceVersion,
    providerId: ids.emissionProvider,
    baseUnit: 'kg',
    co2Factor: 2,
    validFrom: '2027-01-01',
  }),
  updateEmissionFactor: (ids) => ({
    sourceId: ids.emissionSource,
    sourceVersionId: ids.sourceVersion,
    providerId: ids.emissionProvider,
    baseUnit: 'kg',
    co2Factor: 3,
    validFrom: '2026-01-01',
  }),
  setProviderAccess: (ids) => ({ allowedProviderIds: [ids.emissionProvider] }),
  createTaxFinancialYear: () => ({ taxYear: 2023 }),
  updateTaxFinancialYear: () => ({ totalTurnover: 2e9 }),
  createTaxActivity: (ids) => ({
    ...taxActivityBody(ids.taxFinancialYear, { name: 'RO' }),
    tags: [ids.taxTag],
  }),
  updateTaxActivity: (ids) => ({ name: 'Changed', year: ids.taxFinancialYear, tags: [ids.taxTag] }),
  createTaxTag: () => ({ value: 'RO', color: '#000000' }),
  updateTaxTag: () => ({ value: 'Renamed' }),
  updateTaxCriterionText: () => ({ textDe: 'RO' }),
  updateTaxDnshText: () => ({ textDe: 'RO' }),
  updateTaxHelpText: () => ({ textDe: 'RO' }),
  createCompany: () => ({
    company: { name: 'RO GmbH', street: 'Weg 1', zipcode: '1', city: 'C', country: 'DE' },
    user: { firstName: 'R', lastName: 'O', email: 'ro-company@x.test', password: 'secret1' },
    module: ['cft'],
  }),
};

function resourceParams(route: ApiRoute): [string, ResourceKind][] {
  return Object.entries(route.resources ?? {});
}

/** The fields of a route's query schema (empty without one). */
function queryFields(route: ApiRoute): string[] {
  return route.query ? Object.keys(route.query.shape) : [];
}

/**
 * A request naming the given company's objects wherever the route takes ids: path parameters,
 * query fields, form fields and (through the sample body, checked here) body fields.
 */
function buildRequest(route: ApiRoute, values: Record<string, string>) {
  let url = route.path;
  const kinds = Object.fromEntries(resourceParams(route).map(([, kind]) => [kind, values[kind]]));
  const query = new URLSearchParams();
  const formFields: Record<string, string> = {};
  for (const [name, kind] of resourceParams(route)) {
    if (url.includes(`:${name}`)) url = url.replace(`:${name}`, values[kind]);
    else if (queryFields(route).includes(name)) query.set(name, values[kind]);
    else if (route.multipart) formFields[name] = values[kind];
  }
  if (query.size) url += `?${query}`;
  if (route.multipart) {
    const csv = 'Kennzeichen *;GLEC-Aufliegertyp *\nX 1;box\n';
    const form = multipart({
      ...formFields,
      file: { fileName: 'file.csv', contentType: 'text/csv', data: Buffer.from(csv) },
    });
    return { method: route.method, url, payload: form.body, headers: form.headers };
  }
  // A DELETE carries a body only where the route takes one and a sample names it (entries/delete).
  const needsBody =
    route.body && route.method !== 'GET' && (route.method !== 'DELETE' || route.id in sampleBodies);
  let payload: Record<string, unknown> | Buffer | undefined;
  if (needsBody) {
    const sample = sampleBodies[route.id];
    if (!sample) throw new Error(`security test: add a sample body for route ${route.id}`);
    payload = sample(kinds) as Record<string, unknown>;
    for (const [name, kind] of resourceParams(route)) {
      if (name in payload && !JSON.stringify(payload[name]).includes(values[kind]))
        throw new Error(`security test: the sample body of ${route.id} must send the ${kind} id in ${name}`);
    }
  }
  return { method: route.method, url, payload };
}

/** Every trace of company B an answer must not carry: its ids, names, addresses and references. */
function traceOf(body: string, f: CompanyFixture, values: Record<string, string>): string[] {
  const marks = [
    ...Object.values(values),
    ...Object.values(f.users).map((u) => u.email),
    'Firma B',
    `SEC-T-${f.id.slice(0, 4)}`,
    `SEC-S-${f.id.slice(0, 4)}`,
    `Kunde ${f.id.slice(0, 4)}`,
    `V-${f.id.slice(0, 4)}`,
    `T-${f.id.slice(0, 4)}`,
  ];
  return marks.filter((m) => body.includes(m));
}

/** Mails queued to another company's users (the snapshot leaves the outbox out: it drains). */
async function mailsTo(f: CompanyFixture): Promise<number> {
  const to = Object.values(f.users).map((u) => u.email);
  const res = await t.ctx.db.execute(sql`select count(*)::int as n from outbox_mails where "to" in ${to}`);
  return (res as unknown as { rows: { n: number }[] }).rows[0].n;
}

/** Every row of every tenant table that belongs to a company (found through information_schema). */
async function snapshot(companyId: string): Promise<string> {
  const tables = await t.ctx.db.execute(
    sql`select table_name from information_schema.columns where column_name = 'company_id' and table_schema = 'public' and table_name not in ('user_action_logs', 'sessions', 'jobs', 'outbox_mails') order by table_name`,
  );
  const out: Record<string, unknown> = {};
  for (const { table_name } of (tables as unknown as { rows: { table_name: string }[] }).rows) {
    const rows = await t.ctx.db.execute(
      sql`select * from ${sql.identifier(table_name)} where company_id = ${companyId} order by 1`,
    );
    out[table_name] = (rows as unknown as { rows: unknown[] }).rows;
  }
  const company = await t.ctx.db.execute(sql`select * from companies where id = ${companyId}`);
  out.companies = (company as unknown as { rows: unknown[] }).rows;
  return JSON.stringify(out);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompanyFixture(t.ctx, 'A');
  b = await createCompanyFixture(t.ctx, 'B');
  // Both companies book every module, so each module's routes answer as the company's data decides.
  for (const f of [a, b])
    for (const module of MODULES)
      await bookTariff(t, f.id, { module, type: 'individual' }, { beginDate: '2020-01-01' });
  const kinds = new Set(apiRoutes.flatMap((r) => resourceParams(r).map(([, k]) => k)));
  for (const kind of kinds) {
    const make = factories[kind];
    if (!make) throw new Error(`security test: add a factory for resource kind ${kind}`);
    ids.a[kind] = await make(t, a);
    ids.b[kind] = await make(t, b);
  }
});
afterAll(() => t.close());

const idRoutes = apiRoutes.filter((r) => resourceParams(r).length > 0 && r.access !== 'public');
const writeRoutes = apiRoutes.filter((r) => r.write);

/** A valid query for the lists that need one (the rest take their defaults). */
const sampleQueries: Record<string, string> = {
  tourStats: 'startDate=2026-01-01&endDate=2026-12-31',
  shipmentStats: 'startDate=2026-01-01&endDate=2026-12-31',
};

const listRoutes = apiRoutes.filter(
  (r) => r.method === 'GET' && !r.path.includes(':') && r.access !== 'public' && !r.file,
);

describe('tenant isolation: no list or lookup answers with another company’s rows', () => {
  it.each(['admin', 'user', 'readonly', 'external'] as const)('%s of company A', async (who) => {
    const token = await t.login(a.users[who].email);
    const answered: string[] = [];
    for (const route of listRoutes) {
      const query = sampleQueries[route.id];
      const res = await t.call({ method: 'GET', url: query ? `${route.path}?${query}` : route.path, token });
      expect([route.id, res.statusCode < 500]).toEqual([route.id, true]);
      if (res.statusCode === 200) answered.push(route.id);
      expect([route.id, traceOf(res.body, b, ids.b)]).toEqual([route.id, []]);
    }
    // Runs before the calls with B's ids below: A's action log would list those (its own requests).
    // The check means something only if the lists answered: an admin of A reads most of them.
    if (who === 'admin') expect(answered.length).toBeGreaterThanOrEqual(15);
  });
});

describe('tenant isolation: a company admin with every role cannot reach another company', () => {
  it('covers routes', () => {
    expect(idRoutes.length).toBeGreaterThanOrEqual(15);
  });

  it.each(idRoutes.map((r) => [`${r.id}: ${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const token = await t.login(a.users.admin.email);
    const before = await snapshot(b.id);
    const mails = await mailsTo(b);
    const request = buildRequest(route, ids.b);
    const res = await t.call({ ...request, token });
    const onlyFilters = resourceParams(route).every(([name]) => queryFields(route).includes(name));
    if (res.statusCode === 200 && onlyFilters) {
      // A list filtered by a foreign id (`export-jobs/progress?ids`, `tour-codes?taskId`) finds nothing.
      expect(res.json()['hydra:totalItems']).toBe(0);
    } else {
      expect([403, 404]).toContain(res.statusCode);
      expect(res.json().code).toBeGreaterThanOrEqual(50300);
    }
    expect(traceOf(res.body, b, ids.b)).toEqual([]);
    expect(await snapshot(b.id)).toBe(before);
    expect(await mailsTo(b)).toBe(mails);
  });
});

describe('read-only users never write', () => {
  it('covers routes', () => {
    expect(writeRoutes.length).toBeGreaterThanOrEqual(10);
  });

  it.each(writeRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    for (const who of ['readonly', 'external'] as const) {
      const token = await t.login(a.users[who].email);
      const before = await snapshot(a.id);
      const res = await t.call({ ...buildRequest(route, ids.a), token });
      expect(res.statusCode).toBe(403);
      expect(['readOnly', 'noRights']).toContain(res.json().message);
      expect(await snapshot(a.id)).toBe(before);
    }
  });
});

describe('account takeover: only a company admin sets the credentials of another user (issue 12 F1)', () => {
  const actors = ['user', 'readonly', 'external', 'cftAdmin'] as const;
  it.each(actors)('%s', async (who) => {
    const token = await t.login(a.users[who].email);
    const before = await snapshot(a.id);
    for (const target of Object.values(a.users).filter((u) => u.id !== a.users[who].id)) {
      for (const payload of [{ password: 'taken-over-42' }, { email: `taken-${who}@evil.test` }]) {
        const res = await t.call({ method: 'PATCH', url: `/api/users/${target.id}`, token, payload });
        expect([who, target.email, res.statusCode]).toEqual([who, target.email, 403]);
      }
    }
    expect(await snapshot(a.id)).toBe(before);
  });
});

// Last in the file: it ends company A's bookings of every module but freight.
describe('modules only where booked: a company whose booking ended reads and writes nothing of the module (issue 32)', () => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const unbooked = apiRoutes.filter((r) => r.module && r.module !== 'cft');

  beforeAll(async () => {
    // Every booking of A but freight's ended yesterday.
    await t.ctx.db.execute(
      sql`update tariff_bookings set end_date = ${yesterday} where company_id = ${a.id}
          and tariff_id in (select id from tariffs where module <> 'cft')`,
    );
  });

  it('covers the routes of the carbon footprint, the taxonomy and CSRD', () => {
    expect(unbooked.length).toBeGreaterThanOrEqual(100);
  });

  it.each(unbooked.map((r) => [`${r.id}: ${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const token = await t.login(a.users.admin.email);
    const before = await snapshot(a.id);
    const res = await t.call({ ...buildRequest(route, ids.a), token });
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { code: 50300, message: 'moduleNotBooked', detail: { module: route.module } },
    ]);
    expect(await snapshot(a.id)).toBe(before);
  });

  it('the booked freight module keeps answering', async () => {
    const token = await t.login(a.users.admin.email);
    for (const url of ['/api/vehicles', '/api/tours', '/api/orders'])
      expect([url, (await t.call({ method: 'GET', url, token })).statusCode]).toEqual([url, 200]);
  });
});
