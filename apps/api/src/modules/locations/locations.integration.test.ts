import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoImportReport, LegDistance, Location, ZipCode } from '@klimadesk/contract';
import {
  type CompanyFixture,
  type TestApp,
  createCompanyFixture,
  createPlatformAdmin,
  createTestApp,
} from '../../../test/harness.ts';
import { cityNames } from './builtin.ts';
import { ensureBuiltinLocations } from './builtin-loader.ts';
import { importGeoFolder } from './importer.ts';
import { countLocations, datasetVersion } from './locations.repository.ts';

// The raw data folder next to the repository (or GEO_DATA_DIR) is only for the import tests; every
// other test runs on the tables the product ships, as a fresh installation does.
const GEO_DIR = process.env.GEO_DATA_DIR || resolve(import.meta.dirname, '../../../../../../shared/data/geo');
const HAS_GEO_DIR = existsSync(GEO_DIR);
if (!HAS_GEO_DIR)
  console.warn(`locations: import tests skipped, no geo data folder at ${GEO_DIR} (GEO_DATA_DIR)`);
// A small real subset keeps the file fast; the full import is for the benchmark.
const COUNTRIES = ['DE', 'NL', 'AT'];
const BUILTIN_COUNTRIES = ['DE', 'NL', 'AT', 'CH', 'IT', 'CN', 'US', 'SG', 'GB', 'IE', 'AZ', 'PT'];

let t: TestApp;
let a: CompanyFixture;
let token: string;
let healthBefore: { locations?: string };

beforeAll(async () => {
  t = await createTestApp({ env: { GEO_DATA_DIR: GEO_DIR } });
  a = await createCompanyFixture(t.ctx, 'Loc');
  healthBefore = (await t.call({ method: 'GET', url: '/health' })).json();
  await ensureBuiltinLocations(t.ctx.db, { countries: BUILTIN_COUNTRIES });
  token = await t.login(a.users.user.email);
  // Loading about 80,000 places with their names takes a while on a busy machine.
}, 240_000);
afterAll(async () => {
  await t.close();
});

const keyCount = async () =>
  Number(
    (
      (await t.ctx.db.execute(sql`select count(*)::int as n from geo_location_keys`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );

const search = async (query: string) => {
  const res = await t.call({ method: 'GET', url: `/api/locations?${query}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<{ 'hydra:member': Location[]; 'hydra:totalItems': number }>()['hydra:member'];
};

/** A distance request for a leg by this mode between two places, as the leg form sends it. */
const distance = (transportMode: string, origin: object, destination: object) =>
  t.call({
    method: 'POST',
    url: '/api/legs/distance',
    token,
    payload: { transportMode, origin, destination },
  });
const km = async (transportMode: string, origin: object, destination: object) => {
  const res = await distance(transportMode, origin, destination);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LegDistance>();
};

describe('built-in locations', () => {
  it('tells /health whether they are loaded', async () => {
    expect(healthBefore).toMatchObject({ status: 'ok', locations: 'loading' });
    const res = await t.call({ method: 'GET', url: '/health' });
    expect(res.json()).toMatchObject({ status: 'ok', locations: 'ready' });
  });

  it('ship postal-code centroids: one per (country, code), no import needed', async () => {
    expect(await datasetVersion(t.ctx.db, 'zipCodes')).toBeNull();
    const res = await t.call({ method: 'GET', url: '/api/zip-codes?country=DE&zipCode=20095', token });
    const [z] = res.json<{ 'hydra:member': ZipCode[] }>()['hydra:member'];
    expect(z).toMatchObject({ country: 'DE', zipCode: '20095', name: 'Hamburg' });
    expect(z.lat).toBeCloseTo(53.549, 2);
    expect(z.lon).toBeCloseTo(10.007, 2);
    const ch = await t.call({ method: 'GET', url: '/api/zip-codes?country=CH&zipCode=4142', token });
    expect(ch.json<{ 'hydra:member': ZipCode[] }>()['hydra:member'][0]).toMatchObject({
      name: 'Münchenstein',
    });
  });
});

describe('search', () => {
  it('needs a session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/locations?term=hamburg' });
    expect(res.statusCode).toBe(401);
  });

  it('finds a city by its native, German or English name, the exact name before bigger prefixes', async () => {
    const first = async (term: string) => (await search(`term=${encodeURIComponent(term)}`))[0];
    for (const term of ['München', 'Munich', 'muenchen', 'Muenchen', 'munchen']) {
      // Not Garching bei München (a later word) nor Münchenstein (a prefix).
      expect(await first(term), term).toMatchObject({ type: 'city', code: '2867714', name: 'Munich' });
    }
    expect(await first('Wien')).toMatchObject({ type: 'city', name: 'Vienna', country: 'AT' });
    expect(await first('Mailand')).toMatchObject({ type: 'city', name: 'Milan', country: 'IT' });
    expect(await first('Milano')).toMatchObject({ type: 'city', name: 'Milan', country: 'IT' });
    for (const term of ['Köln', 'koeln', 'Cologne']) {
      expect(await first(term), term).toMatchObject({ type: 'city', name: 'Köln', country: 'DE' });
    }
    // An alternate name that is another town's own name is not shipped ("Monaco" is Italian for Munich).
    const names = cityNames();
    expect(names.get(2867714)).toEqual(expect.arrayContaining(['München', 'Muenchen']));
    expect(names.get(2867714)).not.toContain('Monaco');
  });

  it('finds München as Muenchen, München and munchen', async () => {
    for (const term of ['Muenchen', 'M%C3%BCnchen', 'munchen', '%20%20m%C3%BCnchen%20']) {
      const hits = await search(`term=${term}&country=DE`);
      expect(hits.slice(0, 3).map((h) => h.name)).toContain('München');
    }
  });

  it('answers hamburg with type, name, country, coordinates and the codes that exist', async () => {
    const hits = await search('term=hamburg');
    expect(hits.length).toBeGreaterThan(3);
    expect(hits.length).toBeLessThanOrEqual(20);
    for (const h of hits) {
      expect(h).toMatchObject({
        type: expect.any(String),
        name: expect.any(String),
        country: expect.any(String),
      });
      expect(typeof h.lat).toBe('number');
    }
    // Whole-name matches come first, the big city before US towns of the same name.
    expect(hits[0]).toMatchObject({ type: 'city', name: 'Hamburg', country: 'DE' });
    expect(hits.find((h) => h.type === 'seaport')).toMatchObject({ locode: 'DEHAM' });
    const zip = hits.find((h) => h.type === 'zipCode');
    if (zip) expect(zip.zipCode).toBe(zip.code);
  });

  it('ranks an exact code first', async () => {
    expect((await search('term=fra'))[0]).toMatchObject({ type: 'airport', iataCode: 'FRA' });
    expect((await search('term=20095'))[0]).toMatchObject({
      type: 'zipCode',
      zipCode: '20095',
      country: 'DE',
    });
    const deham = await search('term=DE%20HAM');
    expect(deham[0]).toMatchObject({ type: 'seaport', locode: 'DEHAM' });
  });

  it('matches prefixes and later words, filtered by type and country', async () => {
    const hits = await search('term=rotterd&type=seaport');
    expect(hits.every((h) => h.type === 'seaport')).toBe(true);
    expect(hits[0]).toMatchObject({ locode: 'NLRTM' });
    expect((await search('term=altstadt&country=DE&type=city')).length).toBeGreaterThan(0);
    expect(await search('term=hamburg&country=AT&type=city')).toEqual([]);
  });

  it('caps results at 20 and refuses an empty term', async () => {
    expect((await search('term=b')).length).toBe(20);
    const res = await t.call({ method: 'GET', url: '/api/locations?term=%20%20', token });
    expect(res.statusCode).toBe(400);
    const over = await t.call({ method: 'GET', url: '/api/locations?term=b&limit=21', token });
    expect(over.statusCode).toBe(400);
  });

  it('searches postal codes by code or place name', async () => {
    const res = await t.call({ method: 'GET', url: '/api/zip-codes/search?term=1010&country=AT', token });
    const list = res.json<{ 'hydra:member': ZipCode[] }>()['hydra:member'];
    expect(list[0]).toMatchObject({ country: 'AT', zipCode: '1010', name: expect.stringContaining('Wien') });
    const page = await t.call({ method: 'GET', url: '/api/zip-codes?country=NL&limit=5&page=2', token });
    const body = page.json<{ 'hydra:member': ZipCode[]; 'hydra:totalItems': number }>();
    expect(body['hydra:member']).toHaveLength(5);
    expect(body['hydra:totalItems']).toBeGreaterThan(4000);
  });
});

describe('leg distance', () => {
  it('air: FRA → JFK is the great-circle distance + 95 km', async () => {
    const r = await km('air', { iataCode: 'FRA' }, { iataCode: 'JFK' });
    expect(r.distanceType).toBe('GCD+95');
    expect(r.greatCircleKm).toBeCloseTo(6189.4, 0);
    expect(r.distance).toBeCloseTo(6284.4, 0);
  });

  it('air from a postal code uses the nearest commercial airport', async () => {
    const r = await km('air', { country: 'DE', zipCode: '60306' }, { iataCode: 'JFK' });
    expect(r.origin).toMatchObject({ type: 'airport', code: 'FRA' });
  });

  it('sea: Rotterdam → Shanghai is about 10,600 nm via Suez', async () => {
    const r = await km('sea', { locode: 'NLRTM' }, { locode: 'CNSHA' });
    expect(r.distanceType).toBe('SFD');
    expect(r.nauticalMiles).toBeGreaterThan(10_600 * 0.97);
    expect(r.nauticalMiles).toBeLessThan(10_600 * 1.03);
    expect(r.distance).toBeCloseTo(r.nauticalMiles! * 1.852, -1);
  });

  it('sea: Shanghai → Los Angeles crosses the Pacific', async () => {
    const r = await km('sea', { locode: 'CNSHA' }, { locode: 'USLAX' });
    expect(r.distance).toBeLessThan(12_000);
  });

  it('sea from a city snaps to a port nearby; inland places far from a port have no route', async () => {
    const r = await km('sea', { country: 'DE', city: 'Hamburg' }, { locode: 'USNYC' });
    expect(r.origin).toMatchObject({ type: 'seaport', code: 'DEHAM' });
    const munich = await distance('sea', { country: 'DE', zipCode: '80331' }, { locode: 'USNYC' });
    expect(munich.statusCode).toBe(422);
    expect(munich.json()).toMatchObject({
      code: 50400,
      message: 'NoRouteFound',
      detail: { reason: 'noPortNearby' },
    });
  });

  it('road: estimate GCD × 1.3 between shipped postal code centroids, clearly marked', async () => {
    // A fresh database: built-in locations only, no operator import.
    expect(await datasetVersion(t.ctx.db, 'zipCodes')).toBeNull();
    const r = await km('road', { country: 'DE', zipCode: '20095' }, { country: 'DE', zipCode: '80331' });
    expect(r.distanceType).toBe('estimate');
    expect(r.circuityFactor).toBe(1.3);
    expect(r.distance).toBeGreaterThan(780);
    expect(r.distance).toBeLessThan(810);
    expect(r.method).toMatch(/estimate/);
  });

  it('road: a Portuguese street code (CP7) resolves to its area (CP4) without an import', async () => {
    const r = await km(
      'road',
      { country: 'PT', zipCode: '1000-001' },
      { country: 'PT', zipCode: '4000-322' },
    );
    expect(r.origin).toMatchObject({ type: 'zipCode', code: '1000', name: 'Lisboa' });
    expect(r.destination).toMatchObject({ type: 'zipCode', code: '4000' });
    // Lisbon to Porto: about 275 km great-circle, × 1.3.
    expect(r.distance).toBeGreaterThan(330);
    expect(r.distance).toBeLessThan(390);
  });

  it('road: a city given by its German name resolves to the best-ranked exact match', async () => {
    const r = await km('road', { country: 'DE', city: 'Hamburg' }, { country: 'DE', city: 'München' });
    expect(r.destination).toMatchObject({ type: 'city', code: '2867714', name: 'Munich' });
    expect(r.greatCircleKm).toBeGreaterThan(600);
    const vienna = await km('road', { country: 'DE', city: 'Köln' }, { country: 'AT', city: 'Wien' });
    expect(vienna.origin).toMatchObject({ name: 'Köln' });
    expect(vienna.destination).toMatchObject({ name: 'Vienna' });
  });

  it('rail: GCD × 1.2 between cities', async () => {
    const r = await km('rail', { country: 'DE', city: 'Hamburg' }, { country: 'DE', city: 'München' });
    expect(r.circuityFactor).toBe(1.2);
    expect(r.distance).toBeCloseTo(r.greatCircleKm * 1.2, 0);
  });

  it('EqualOriginDestination when both ends are the same place', async () => {
    for (const [mode, origin, destination] of [
      ['sea', { locode: 'DEHAM' }, { locode: 'DEHAM' }],
      ['road', { country: 'DE', zipCode: '20095' }, { country: 'DE', city: 'Hamburg' }],
      ['air', { iataCode: 'FRA' }, { iataCode: 'fra' }],
    ] as const) {
      const res = await distance(mode, origin, destination);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 50400, message: 'EqualOriginDestination' });
    }
  });

  it('NoRouteFound: road across an ocean, sea out of the Caspian', async () => {
    const road = await distance('road', { locode: 'DEHAM' }, { locode: 'USNYC' });
    expect(road.statusCode).toBe(422);
    expect(road.json()).toMatchObject({ message: 'NoRouteFound', detail: { reason: 'noLandConnection' } });
    const caspian = await distance('sea', { locode: 'AZBAK' }, { locode: 'DEHAM' });
    expect(caspian.statusCode).toBe(422);
    expect(caspian.json().message).toBe('NoRouteFound');
  });

  it('unknown locations give a clear error naming the end', async () => {
    const res = await distance('air', { iataCode: 'FRA' }, { iataCode: 'ZZZ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 50400,
      message: 'locationNotFound',
      detail: { end: 'destination', location: { iataCode: 'ZZZ' } },
    });
    const bad = await distance('boat', { iataCode: 'FRA' }, { iataCode: 'JFK' });
    expect(bad.statusCode).toBe(400);
  });
});

describe.skipIf(!HAS_GEO_DIR)(`import of ${GEO_DIR}`, () => {
  let report: GeoImportReport;
  beforeAll(async () => {
    report = await importGeoFolder(t.ctx.db, GEO_DIR, { countries: COUNTRIES });
  });

  it('reports counts of the real files (DE, NL, AT)', () => {
    expect(report.zipCodes.files).toBe(3);
    expect(report.unlocode.files).toBe(3);
    // DE alone has 23,297 rows and 10,814 distinct codes (../shared/reference/geo.md).
    expect(report.zipCodes.rows).toBeGreaterThan(23_297 + 4_000);
    expect(report.zipCodes.codes).toBeGreaterThan(10_814);
    expect(report.zipCodes.codes).toBeLessThan(report.zipCodes.rows);
    expect(report.unlocode.rows).toBeGreaterThan(9_996);
    expect(report.unlocode.repairedNames + report.unlocode.fallbackNames).toBeGreaterThan(500);
    expect(report.unlocode.repairedNames).toBeGreaterThan(report.unlocode.fallbackNames);
  });

  it('reduces postal codes to one entry per (country, code) with its place names and centroid', async () => {
    const res = await t.call({ method: 'GET', url: '/api/zip-codes?country=DE&zipCode=20095', token });
    const [z] = res.json<{ 'hydra:member': ZipCode[] }>()['hydra:member'];
    expect(z).toMatchObject({ country: 'DE', zipCode: '20095', name: 'Hamburg', subdivision: 'Hamburg' });
    expect(z.places).toEqual(expect.arrayContaining(['Hamburg', 'Hamburg Altstadt', 'Hamburg Sankt Georg']));
    expect(z.lat).toBeCloseTo(53.549, 2);
    expect(z.lon).toBeCloseTo(10.007, 2);
  });

  it('adds UN/LOCODEs and the place names of each postal code to the search', async () => {
    const deham = await search('term=DE%20HAM');
    expect(deham.map((h) => h.type).sort()).toEqual(['locode', 'seaport']);
    expect((await search('term=sankt%20georg&country=DE&type=zipCode')).map((h) => h.code)).toContain(
      '20095',
    );
  });

  it('repairs broken characters from known place names, else falls back to the name without diacritics', async () => {
    const [koeln] = await search('term=DECGN&type=locode');
    expect(koeln.name).toBe('Köln');
    const all = await t.ctx.db.execute(sql`select name from geo_locations where type = 'locode'`);
    const names = (all as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    expect(names.some((n) => n.includes('\uFFFD'))).toBe(false);
  });

  it('is idempotent: a second run keeps the same rows and keys', async () => {
    const before = await countLocations(t.ctx.db);
    const keysBefore = await keyCount();
    const again = await importGeoFolder(t.ctx.db, GEO_DIR, { countries: ['NL', 'AT'] });
    expect(again.zipCodes.codes).toBeGreaterThan(0);
    expect(await countLocations(t.ctx.db)).toEqual(before);
    expect(await keyCount()).toBe(keysBefore);
  });

  it('keeps imported postal codes when the built-in locations load again', async () => {
    await ensureBuiltinLocations(t.ctx.db, { countries: ['DE'], force: true });
    const res = await t.call({ method: 'GET', url: '/api/zip-codes?country=DE&zipCode=20095', token });
    const [z] = res.json<{ 'hydra:member': ZipCode[] }>()['hydra:member'];
    expect(z).toMatchObject({ subdivision: 'Hamburg' });
    expect(z.places).toEqual(expect.arrayContaining(['Hamburg Altstadt']));
  });

  it('is an admin-only API call that imports from GEO_DATA_DIR', async () => {
    const body = { countries: ['LU'], datasets: ['zipCodes'] };
    const denied = await t.call({ method: 'POST', url: '/api/geo-data/import', token, payload: body });
    expect(denied.statusCode).toBe(403);
    const admin = await createPlatformAdmin(t.ctx);
    const res = await t.call({
      method: 'POST',
      url: '/api/geo-data/import',
      token: await t.login(admin.email),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GeoImportReport>().zipCodes).toMatchObject({ files: 1 });
    expect((await countLocations(t.ctx.db)).zipCode).toBeGreaterThan(report.zipCodes.codes);
  });
});
