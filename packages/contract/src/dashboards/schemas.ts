import { z } from 'zod';
import { co2, emissionFilters } from '../tours/schemas.ts';

/** Stats take the list filters (text search aside): tags, shippers, departure date range. */
export const dashboardQuery = z.strictObject({
  tag: emissionFilters.tag,
  shipper: emissionFilters.shipper,
  'departureDate[after]': emissionFilters['departureDate[after]'],
  'departureDate[before]': emissionFilters['departureDate[before]'],
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** Rows in the "top" charts (vehicles, shippers). */
export const DASHBOARD_TOP = 10;

/** One calendar month (`YYYY-MM`, departure date in the user's time zone). */
export const monthPoint = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** kg CO2e WTW. */
  co2Default: z.number(),
  co2Individual: z.number().nullable(),
  tkm: z.number(),
  /** g CO2e per tkm (default WTW); null without transport activity. */
  intensity: z.number().nullable(),
  count: z.number().int(),
});

export const vehicleTypePoint = z.object({
  glecVehicleType: z.string(),
  co2Default: z.number(),
  co2Individual: z.number().nullable(),
  tkm: z.number(),
  count: z.number().int(),
});

/**
 * Carrier dashboard (seed 000 §3 "Tour stats"). Emissions in kg CO2e WTW, distance in km,
 * intensity in g CO2e/tkm (default WTW), emptyDistancePercentage = GLEC empty running as the engine
 * applies it: empty km / (loaded km + empty km) * 100.
 * `trips` counts tours that carry at least one shipment; `tours` counts all tours.
 */
export const tourStats = z.object({
  hubEmissions: z.number(),
  vehicles: z.number().int(),
  tours: z.number().int(),
  distance: z.number(),
  glecCo2Default: z.number(),
  glecCo2Individual: z.number().nullable(),
  trips: z.number().int(),
  intensity: z.number().nullable(),
  shipments: z.number().int(),
  emptyDistancePercentage: z.number().nullable(),
  co2Default: co2,
  co2Individual: co2.nullable(),
  tkm: z.number(),
  byMonth: z.array(monthPoint),
  byVehicleType: z.array(vehicleTypePoint),
  topVehicles: z.array(
    z.object({
      vehicleId: z.uuid().nullable(),
      licensePlate: z.string().nullable(),
      tours: z.number().int(),
      distance: z.number(),
      co2Default: z.number(),
      intensity: z.number().nullable(),
    }),
  ),
  /** Basic companies see the seed's sample data (seed 000 §6) with an upgrade hint. */
  sample: z.boolean(),
  /**
   * The shippers an external read-only user's group allows, so the dashboard can say why its
   * figures are limited (or empty); null: no limit.
   */
  shipperScope: z.array(z.string()).nullable(),
});
export type TourStats = z.infer<typeof tourStats>;

/**
 * Shipper dashboard (seed 000 §3 "Shipment stats"). glecCo2Generic is the default (GLEC
 * intensity) WTW, transportActivity in tkm, weight in kg.
 */
export const shipmentStats = z.object({
  glecCo2Generic: z.number(),
  glecCo2Individual: z.number().nullable(),
  hubEmissions: z.number(),
  intensity: z.number().nullable(),
  numShippers: z.number().int(),
  shipments: z.number().int(),
  transportActivity: z.number(),
  weight: z.number(),
  co2Default: co2,
  co2Individual: co2.nullable(),
  byMonth: z.array(monthPoint),
  byVehicleType: z.array(vehicleTypePoint),
  byShipper: z.array(
    z.object({
      shipper: z.string().nullable(),
      shipments: z.number().int(),
      weight: z.number(),
      transportActivity: z.number(),
      co2Default: z.number(),
      co2Individual: z.number().nullable(),
      intensity: z.number().nullable(),
    }),
  ),
  sample: z.boolean(),
});
export type ShipmentStats = z.infer<typeof shipmentStats>;
