import type { LocationInput } from '@klimadesk/contract';
import { glecVehicleTypes } from '@klimadesk/glec';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { legDistance } from '../locations/index.ts';
import { type LandMode, type RoutingProvider, routingProviders } from '../locations/index.ts';
import type { RoutingConfig } from '../../platform/config.ts';
import type { Place } from './tours.schema.ts';

export type Measured = { km: number } | { code: 'locationNotFound' | 'distanceMissing'; detail: string };

const legMode = new Map(
  glecVehicleTypes().map((v) => [
    v.id,
    v.mode === 'inland_waterway' ? 'sea' : (v.mode as 'road' | 'rail' | 'sea' | 'air'),
  ]),
);
/** Distinct routes remembered per import; a file repeats the same lanes many times. */
const CACHE_MAX = 20_000;

function locationOf(p: Place): LocationInput | null {
  const country = p.country?.trim().toUpperCase();
  if (!country || !/^[A-Z]{2}$/.test(country)) return null;
  if (p.zip) return { country, zipCode: p.zip };
  const city = p.city ?? p.name;
  return city ? { country, city } : null;
}

/**
 * Distances a row leaves empty, measured between departure and arrival by the locations module
 * (the same calculation as POST /api/legs/distance), remembered per lane.
 */
export class DistanceResolver {
  private readonly cache = new Map<string, Measured>();
  private readonly db: DbOrTx;
  private readonly providers: Record<LandMode, RoutingProvider>;

  constructor(db: DbOrTx, routing: RoutingConfig) {
    this.db = db;
    this.providers = routingProviders(routing);
  }

  async measure(glecVehicleType: string, from: Place, to: Place): Promise<Measured> {
    const origin = locationOf(from);
    const destination = locationOf(to);
    if (!origin || !destination)
      return { code: 'distanceMissing', detail: 'no departure or arrival with country' };
    const transportMode = legMode.get(glecVehicleType) ?? 'road';
    const key = JSON.stringify([transportMode, origin, destination]);
    const hit = this.cache.get(key);
    if (hit) return hit;
    let result: Measured;
    try {
      const d = await legDistance(
        { db: this.db, providers: this.providers },
        { transportMode, origin, destination },
      );
      result = { km: d.distance };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result =
        err.key === 'locationNotFound'
          ? { code: 'locationNotFound', detail: JSON.stringify(err.detail?.location ?? {}) }
          : { code: 'distanceMissing', detail: err.key };
    }
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, result);
    return result;
  }
}
