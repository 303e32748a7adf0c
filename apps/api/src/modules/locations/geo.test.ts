import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greatCircleKm } from './geo.ts';
import { joinedByLand } from './landmass.ts';
import { circuityProvider, osrmProvider } from './routing.ts';
import { parseCsvLine } from './csv.ts';
import { mainPlace, repairName, unlocodeRepair } from './importer.ts';
import { keysFor } from './locations.repository.ts';

const FRA = { lat: 50.048952, lon: 8.573678 };
const JFK = { lat: 40.642335, lon: -73.78817 };
const HH_20095 = { lat: 53.5521, lon: 10.0004 };
const M_80331 = { lat: 48.1345, lon: 11.571 };

describe('great-circle distance', () => {
  it('FRA → JFK is 6,189.4 km (haversine on airport-data-js coordinates)', () => {
    expect(greatCircleKm(FRA, JFK)).toBeCloseTo(6189.4, 0);
  });
  it('is the same across the antimeridian as near Greenwich', () => {
    expect(greatCircleKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(
      greatCircleKm({ lat: 0, lon: -0.5 }, { lat: 0, lon: 0.5 }),
      9,
    );
  });
});

describe('road and rail providers', () => {
  it('estimate road as GCD × 1.3 and rail as GCD × 1.2 (Hamburg 20095 → München 80331)', async () => {
    const road = await circuityProvider.route('road', HH_20095, M_80331);
    const rail = await circuityProvider.route('rail', HH_20095, M_80331);
    expect(road?.km).toBeCloseTo(612.0 * 1.3, -1);
    expect(rail?.km).toBeCloseTo(612.0 * 1.2, -1);
    expect(road?.distanceType).toBe('estimate');
    expect(road?.method).toContain('estimate');
  });

  describe('OSRM provider against a fake server', () => {
    let url = '';
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.url?.includes('/0,0;'))
        return res.end(JSON.stringify({ code: 'NoRoute', message: 'Impossible route' }));
      if (req.url?.includes('/1,1;')) {
        res.statusCode = 500;
        return res.end(JSON.stringify({ code: 'InternalError' }));
      }
      res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 791_234.5, duration: 27_000 }] }));
    });
    beforeAll(async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('uses the routed distance as SFD and sends lon,lat pairs', async () => {
      const r = await osrmProvider(url).route('road', HH_20095, M_80331);
      expect(r).toEqual({ km: 791.2345, distanceType: 'SFD', method: 'road: OSRM route (driving)' });
      expect(seen.at(-1)).toMatch(/^\/route\/v1\/driving\/10\.0004,53\.5521;11\.571,48\.1345\?/);
    });
    it('maps NoRoute to no route', async () => {
      expect(await osrmProvider(url).route('road', { lat: 0, lon: 0 }, M_80331)).toBeNull();
    });
    it('falls back to the estimate when the router fails, and says so', async () => {
      const r = await osrmProvider(url).route('road', { lat: 1, lon: 1 }, M_80331);
      expect(r?.distanceType).toBe('estimate');
      expect(r?.method).toContain('InternalError');
    });
  });
});

describe('landmasses', () => {
  it('join the European mainland, GB (Channel Tunnel) and China; not the Americas or Ireland', () => {
    expect(joinedByLand('DE', 'CN')).toBe(true);
    expect(joinedByLand('DE', 'GB')).toBe(true);
    expect(joinedByLand('DE', 'US')).toBe(false);
    expect(joinedByLand('GB', 'IE')).toBe(false);
    expect(joinedByLand('PA', 'CO')).toBe(false);
    expect(joinedByLand('IS', 'IS')).toBe(true);
  });
});

describe('import helpers', () => {
  it('parse quoted CSV cells', () => {
    expect(parseCsvLine('DE,10115,Berlin,"Berlin, Stadt",11000')).toEqual([
      'DE',
      '10115',
      'Berlin',
      'Berlin, Stadt',
      '11000',
    ]);
    expect(parseCsvLine('a,"say ""hi""",')).toEqual(['a', 'say "hi"', '']);
  });
  it('name a postal code after the place the others extend', () => {
    expect(mainPlace(['Hamburg Altstadt', 'Hamburg Klostertor', 'Hamburg Sankt Georg', 'Hamburg'])).toBe(
      'Hamburg',
    );
    expect(mainPlace(['Assen'])).toBe('Assen');
    expect(mainPlace(['A GmbH', 'B GmbH', 'B GmbH'])).toBe('B GmbH');
  });
  it('repair U+FFFD only from a candidate that agrees on every other letter', () => {
    expect(repairName('K\uFFFDln', ['Koln', 'Köln'])).toBe('Köln');
    expect(repairName('M\uFFFDnchen', ['Münchenstein', 'Mönchen'])).toBe('Mönchen');
    expect(repairName('Aasb\uFFFDttel', ['Aasbuettel'])).toBeNull();
  });
  it('index codes, names, transliterations and later words; never a broken name', () => {
    const keys = keysFor({
      type: 'zipCode',
      code: '20095',
      country: 'DE',
      name: 'Hamburg',
      altNames: ['Hamburg Sankt Georg', 'K\uFFFDln'],
      lat: 0,
      lon: 0,
      importance: 0,
      source: 'postal',
    });
    expect(keys).toEqual(
      expect.arrayContaining([
        { key: '20095', kind: 2, further: false },
        { key: 'hamburg', kind: 1, further: false },
        { key: 'hamburg sankt georg', kind: 1, further: false },
        { key: 'sankt georg', kind: 0, further: false },
        { key: 'georg', kind: 0, further: false },
      ]),
    );
    expect(keys.some((k) => k.key.includes('\uFFFD'))).toBe(false);
  });

  it("marks a city's names in other languages as further names, whole and without later words", () => {
    const keys = keysFor({
      type: 'city',
      code: '3173435',
      country: 'IT',
      name: 'Milan',
      altNames: ['Mailand', 'Monaco di Milano', 'Milan'],
      lat: 0,
      lon: 0,
      importance: 1_371_498,
      source: 'builtin',
      codeKeys: [],
    });
    expect(keys).toEqual([
      { key: 'milan', kind: 1, further: false },
      { key: 'mailand', kind: 1, further: true },
      { key: 'monaco di milano', kind: 1, further: true },
    ]);
  });
});

describe('UN/LOCODE row repair', () => {
  it('joins a name split by bad quoting and restores the missing status and IATA cells', () => {
    const header =
      'country,location,name,nameWoDiacritics,subdivision,status,function,iata,lat,lon,geocoded'.split(',');
    const line =
      'DE,3AG,"""Altenau"," M\uFFFDhlberg""","""Altenau"," Muhlberg""",BB,--3-----,51.8034705,10.4472774,true';
    const cells = unlocodeRepair.cells!(parseCsvLine(unlocodeRepair.line!(line)), header);
    const row = Object.fromEntries(header.map((h, i) => [h, cells[i]]));
    expect(row).toMatchObject({
      name: 'Altenau, M\uFFFDhlberg',
      nameWoDiacritics: 'Altenau, Muhlberg',
      subdivision: 'BB',
      status: '',
      function: '--3-----',
      lat: '51.8034705',
      lon: '10.4472774',
    });
  });
});
