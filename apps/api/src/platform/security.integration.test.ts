import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRoute, type ResourceKind, apiRoutes } from '@klimadesk/contract';
import {
  type CompanyFixture,
  type TestApp,
  createCompanyFixture,
  createTestApp,
} from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { insertExportJob } from '../modules/exports/exports.repository.ts';
import { insertSalesData } from '../modules/customers/customers.repository.ts';
import { asCompanyId } from './tenant.ts';
import { importTours } from '../../test/tours.ts';
import { insertBooking, insertTariff } from '../modules/tariffs/tariffs.repository.ts';
import { insertInvoice } from '../modules/invoicing/invoicing.repository.ts';
import { insertNote, insertVersion } from '../modules/releases/releases.repository.ts';
import * as emissionDb from '../modules/emission-db/emission-db.repository.ts';

/**
 * Route-table driven checks: every route that names a tenant object by id is tried with another
 * company's id, and every write route with a read-only user. A new module's routes are covered
 * as soon as they are in the table; the test fails until it knows how to make their objects.
 */

let t: TestApp;
let a: CompanyFixture;
let b: CompanyFixture;
const ids = { a: {} as Record<string, string>, b: {} as Record<string, string> };

/** One imported tour with one shipment per company, shared by the `tour` and `shipment` kinds. */
const imported = new Map<string, ReturnType<typeof importTours>>();
function importedTour(t: TestApp, f: CompanyFixture) {
  let done = imported.get(f.id);
  if (!done) {
    done = importTours(t, f, [
      {
        reference: `SEC-T-${f.id.slice(0, 4)}`,
        departureDate: '2026-03-02',
        glecVehicleType: 'road_in_12_20t_diesel',
        distanceKm: 120,
        shipments: [
          { reference: `SEC-S-${f.id.slice(0, 4)}`, weightKg: 800, shipper: `Kunde ${f.id.slice(0, 4)}` },
        ],
      },
    ]);
    imported.set(f.id, done);
  }
  return done;
}

// Counts templates made, so each gets its own name.
let mappingCount = 0;
// Counts release versions made, so each gets its own number.
let releaseCount = 0;

/** How to get an object of each kind in a company. */
const factories: Record<string, (t: TestApp, f: CompanyFixture) => Promise<string>> = {
  user: async (_t, f) => f.users.user.id,
  company: async (_t, f) => f.id,
  vehicle: async (t, f) => {
    const token = await t.login(f.users.user.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      token,
      payload: { licensePlate: `V-${f.id.slice(0, 4)}`, glecVehicleType: 'road_in_12_20t_diesel' },
    });
    return res.json().vehicle.id;
  },
  trailer: async (t, f) => {
    const token = await t.login(f.users.user.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/trailers',
      token,
      payload: { licensePlate: `T-${f.id.slice(0, 4)}`, glecTrailerType: 'box' },
    });
    return res.json().trailer.id;
  },
  tagGroup: async (t, f) => {
    const token = await t.login(f.users.user.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/tag-groups',
      token,
      payload: { name: 'G', colorCode: '#336699', tags: [{ value: `T-${f.id.slice(0, 4)}` }] },
    });
    return res.json().id;
  },
  tag: async (t, f) => {
    const token = await t.login(f.users.user.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/tag-groups',
      token,
      payload: { name: 'H', colorCode: '#663399', tags: [{ value: `U-${f.id.slice(0, 4)}` }] },
    });
    return res.json().tags[0].id;
  },
  mapping: async (t, f) => {
    const token = await t.login(f.users.cftAdmin.email);
    // Template names are unique per company; the import-task factory makes a second one.
    mappingCount += 1;
    const res = await t.call({
      method: 'POST',
      url: '/api/mappings',
      token,
      payload: {
        templateName: `M ${f.id.slice(0, 4)} ${mappingCount}`,
        mappingFieldCategory: 'tour',
        mappingFormat: 'csv',
        mappingDetails: [
          { value: 'Tour', mappingField: 'tourReference' },
          { value: 'Datum', mappingField: 'departureDate' },
          { value: 'Gewicht', mappingField: 'weight' },
          { value: 'Typ', mappingField: 'glecTransportType' },
        ],
      },
    });
    return res.json().id;
  },
  importTask: async (t, f) => {
    const mappingId = await factories.mapping(t, f);
    const token = await t.login(f.users.user.email);
    const form = multipart({
      mappingId,
      file: {
        fileName: 'tours.csv',
        contentType: 'text/csv',
        data: Buffer.from('Tour;Datum;Gewicht;Typ\nT1;01.03.2026;100;road_in_12_20t_diesel\n'),
      },
    });
    const res = await t.call({
      method: 'POST',
      url: '/api/mapping-import-tasks',
      token,
      payload: form.body,
      headers: form.headers,
    });
    return res.json().id;
  },
  apiKey: async (t, f) => {
    const token = await t.login(f.users.admin.email);
    const res = await t.call({ method: 'POST', url: '/api/api-keys', token, payload: { name: 'ERP' } });
    return res.json().apiKey.id;
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
  task: async (t, f) => {
    const token = await t.login(f.users.admin.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/tasks',
      token,
      payload: { description: `Aufgabe ${f.id.slice(0, 6)}`, assignee: f.users.user.id },
    });
    return res.json().id;
  },
  // Release versions and notes are the provider's content; each call makes its own.
  releaseVersion: async (t) => insertVersion(t.ctx.db, { version: `9.0.${++releaseCount}` }),
  releaseNote: async (t) => {
    const version = await insertVersion(t.ctx.db, { version: `9.0.${++releaseCount}` });
    return insertNote(t.ctx.db, { releaseVersionId: version, module: 'cft', titleDe: 'S', titleEn: 'S' });
  },
  // Legs with given distances: the order needs no location data to be computed.
  order: async (t, f) => {
    const token = await t.login(f.users.user.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/orders',
      token,
      payload: securityOrder(`Kunde ${f.id.slice(0, 4)}`),
    });
    return res.json().id;
  },
  // A push with no orders is a task at once (failed, with its message): no job needed.
  orderImportTask: async (t, f) => {
    const token = await t.login(f.users.user.email);
    const res = await t.call({ method: 'POST', url: '/api/orders/import', token, payload: { orders: [] } });
    return res.json().id;
  },
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
  userGroup: async (t, f) => {
    const token = await t.login(f.users.admin.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/user-groups/create',
      token,
      payload: { name: `G ${f.id.slice(0, 6)}` },
    });
    return res.json().id;
  },
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
const customFactors = new Map<string, Promise<{ id: string; activityId: string }>>();
function emissionFactorOf(t: TestApp, f: CompanyFixture) {
  let made = customFactors.get(f.id);
  if (!made) {
    made = (async () => {
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
    })();
    customFactors.set(f.id, made);
  }
  return made;
}

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
  updateUser: () => ({ firstName: 'Changed' }),
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
  updateTagGroup: (ids) => ({ name: 'Renamed', tags: [{ id: ids.tag, value: 'Renamed' }] }),
  createMapping: () => ({
    templateName: 'RO',
    mappingFieldCategory: 'tour',
    mappingFormat: 'csv',
    mappingDetails: [
      { value: 'Tour', mappingField: 'tourReference' },
      { value: 'Datum', mappingField: 'departureDate' },
      { value: 'Gewicht', mappingField: 'weight' },
      { value: 'Typ', mappingField: 'glecTransportType' },
    ],
  }),
  updateMapping: () => ({ templateName: 'Renamed' }),
  checkRequiredField: () => ({ mappingFieldCategory: 'tour', mappingDetails: [] }),
  createApiKey: () => ({ name: 'RO' }),
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
  const needsBody = route.body && !['GET', 'DELETE'].includes(route.method);
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
