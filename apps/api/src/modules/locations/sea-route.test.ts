import { describe, expect, it } from 'vitest';
import { KM_PER_NAUTICAL_MILE, greatCircleKm } from './geo.ts';
import { buildSeaGraph, seaGraph, seaRoute, shortestPathKm } from './sea-route.ts';
import { seaports } from './builtin.ts';

const port = (code: string) => {
  const p = seaports().find((x) => x.locode === code);
  if (!p) throw new Error(`no port ${code}`);
  return p;
};
const nm = (a: string, b: string) => {
  const r = seaRoute(port(a), port(b));
  if (!r.ok) throw new Error(`no route ${a}-${b}: ${r.reason}`);
  return r.route.km / KM_PER_NAUTICAL_MILE;
};

describe('sea routes on the marnet network', () => {
  it('Rotterdam → Shanghai is about 10,600 nm via Suez (published figure)', () => {
    const d = nm('NLRTM', 'CNSHA');
    expect(d).toBeGreaterThan(10_600 * 0.97);
    expect(d).toBeLessThan(10_600 * 1.03);
  });

  it('Hamburg → Shanghai matches the reference run (20,211 km on the network plus snaps)', () => {
    const r = seaRoute(port('DEHAM'), port('CNSHA'));
    expect(r.ok && r.route.km).toBeGreaterThan(20_150);
    expect(r.ok && r.route.km).toBeLessThan(20_400);
  });

  it('crosses the antimeridian: Shanghai → Los Angeles goes over the Pacific, not Suez and Panama', () => {
    const d = nm('CNSHA', 'USLAX') * KM_PER_NAUTICAL_MILE;
    const gcd = greatCircleKm(port('CNSHA'), port('USLAX'));
    expect(d).toBeLessThan(gcd * 1.15);
    expect(d).toBeGreaterThan(gcd);
  });

  it('routes are symmetric', () => {
    expect(nm('DEHAM', 'USNYC')).toBeCloseTo(nm('USNYC', 'DEHAM'), 6);
  });

  it('finds no route from the Caspian Sea to the North Sea', () => {
    const baku = { lat: 40.35, lon: 49.9 };
    expect(seaRoute(baku, port('DEHAM'))).toEqual({ ok: false, reason: 'notConnected' });
  });

  it('refuses to snap inland points (Munich) to a far-away coast', () => {
    const r = seaRoute({ lat: 48.137, lon: 11.575 }, port('USNYC'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe('offNetwork');
  });

  it('merges -180 and +180 into one vertex', () => {
    const g = buildSeaGraph([
      {
        geometry: {
          type: 'LineString',
          coordinates: [
            [170, 0],
            [180, 0],
          ],
        },
      },
      {
        geometry: {
          type: 'LineString',
          coordinates: [
            [-180, 0],
            [-170, 0],
          ],
        },
      },
    ]);
    expect(g.lat.length).toBe(3);
    const d = shortestPathKm(g, 0, 2);
    expect(d?.km).toBeCloseTo(greatCircleKm({ lat: 0, lon: 170 }, { lat: 0, lon: -170 }), 6);
  });

  it('answers a route well under 50 ms once the graph is built', () => {
    seaGraph();
    seaRoute(port('NLRTM'), port('SGSIN'));
    const t = performance.now();
    for (let i = 0; i < 10; i++) seaRoute(port('NLRTM'), port('CNSHA'));
    expect((performance.now() - t) / 10).toBeLessThan(50);
  });
});
