import { type Point, greatCircleKm } from './geo.ts';
import type { RoutingConfig } from '../../platform/config.ts';

/** Road and rail distances come from a provider: a real router when configured, else an estimate. */
export type LandMode = 'road' | 'rail';

export type LandRoute = {
  km: number;
  distanceType: 'SFD' | 'estimate';
  method: string;
  circuityFactor?: number;
};

export type RoutingProvider = {
  readonly name: string;
  /** null: the router found no route between the points. */
  route: (mode: LandMode, from: Point, to: Point) => Promise<LandRoute | null>;
};

/**
 * Circuity factors, documented project defaults (../shared/reference/geo.md §5): road 1.3 ± 0.1
 * ("How much longer do you have to drive than the crow has to fly?", npj Complexity 1, 22, 2024);
 * rail 1.2 (pledge4future/co2calculator, data/detour.csv). The result is an estimate, not an SFD.
 */
export const CIRCUITY: Record<LandMode, number> = { road: 1.3, rail: 1.2 };

export const circuityProvider: RoutingProvider = {
  name: 'circuity',
  route: async (mode, from, to) => ({
    km: greatCircleKm(from, to) * CIRCUITY[mode],
    distanceType: 'estimate',
    method: `${mode}: great-circle distance × ${CIRCUITY[mode]} (circuity factor, estimate)`,
    circuityFactor: CIRCUITY[mode],
  }),
};

/**
 * An OSRM HTTP server (`/route/v1/{profile}/{lon},{lat};{lon},{lat}`). Its answer is the shortest
 * feasible distance on its road (or rail) graph; "NoRoute" means the points are not connected.
 * When the server fails, the estimate is used and the method says so.
 */
export function osrmProvider(baseUrl: string, profile = 'driving', timeoutMs = 10_000): RoutingProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'osrm',
    route: async (mode, from, to) => {
      const url = `${base}/route/v1/${profile}/${from.lon},${from.lat};${to.lon},${to.lat}?overview=false&alternatives=false&steps=false`;
      let body: { code?: string; routes?: { distance: number }[] };
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        body = (await res.json()) as typeof body;
      } catch {
        const fallback = await circuityProvider.route(mode, from, to);
        return fallback && { ...fallback, method: `${fallback.method}; router unavailable` };
      }
      if (body.code === 'NoRoute' || body.code === 'NoSegment') return null;
      const metres = body.routes?.[0]?.distance;
      if (body.code !== 'Ok' || typeof metres !== 'number') {
        const fallback = await circuityProvider.route(mode, from, to);
        return (
          fallback && { ...fallback, method: `${fallback.method}; router answered ${body.code ?? 'nothing'}` }
        );
      }
      return { km: metres / 1000, distanceType: 'SFD', method: `${mode}: OSRM route (${profile})` };
    },
  };
}

/** The configured OSRM servers (road, rail); an unset one means the estimate. */
export function routingProviders(routing: RoutingConfig): Record<LandMode, RoutingProvider> {
  return {
    road: routing.roadUrl ? osrmProvider(routing.roadUrl, routing.roadProfile) : circuityProvider,
    rail: routing.railUrl ? osrmProvider(routing.railUrl, 'train') : circuityProvider,
  };
}
