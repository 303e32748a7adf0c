import { z } from 'zod';
import { defineRoutes, listOf, routeKit } from '../http.ts';

export const TRANSPORT_MODES = ['road', 'rail', 'sea', 'inland_waterway', 'air'] as const;

export const glecVehicleType = z.object({
  id: z.string(),
  mode: z.enum(TRANSPORT_MODES),
  name: z.string(),
  haul: z.enum(['short', 'long']).optional(),
  aircraft: z.enum(['belly', 'freighter', 'unknown']).optional(),
});
export const glecTrailerType = z.object({
  id: z.string(),
  name: z.string(),
  temperatureControlled: z.boolean(),
});
export const fuelType = z.object({
  id: z.string(),
  name: z.string(),
  units: z.array(z.enum(['L', 'kg', 'kWh'])),
});
export const sourceVersion = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  published: z.string(),
  note: z.string(),
});

/**
 * One rule for negative and zero inputs: a quantity that can never be valid at zero or below
 * (weight, distance, TEU, container count, tonnes per TEU) is refused here with 400
 * validationFailed, negative and zero alike; a quantity that may be zero (a fuel slot, refrigerant
 * leaked) is refused only below zero, also 400. 422 invalidCalculationInput is for well-formed
 * input the engine cannot compute (e.g. a vehicle type of another mode).
 */
const positive = z
  .number()
  .finite()
  .positive()
  .describe('Above zero; zero or below answers 400 validationFailed (never 422).');
const nonNegative = z
  .number()
  .finite()
  .min(0)
  .describe('Zero or more; below zero answers 400 validationFailed.');

/** Every distance type `POST /api/legs/distance` answers, plus `actual`. */
export const EMISSION_DISTANCE_TYPES = ['SFD', 'GCD', 'GCD+95', 'estimate', 'actual'] as const;

/** `POST /api/legs/emission` (issue contract): one leg, default or fuel-based. */
export const legEmissionBody = z.strictObject({
  transportMode: z.enum(TRANSPORT_MODES),
  glecVehicleType: z.string().min(1).max(100),
  weight: positive,
  weightUnit: z.enum(['kg', 't', 'TEU']),
  distance: positive,
  distanceType: z.enum(EMISSION_DISTANCE_TYPES),
  temperatureControl: z.boolean().default(false),
  fuel: z
    .array(
      z.strictObject({
        fuelType: z.string().min(1).max(50),
        amount: nonNegative,
        unit: z.enum(['L', 'kg', 'kWh']),
      }),
    )
    .max(2)
    .optional(),
  teu: positive.optional(),
  containers: z
    .array(z.strictObject({ size: z.enum(['20ft', '40ft', '45ft']), count: positive }))
    .max(10)
    .optional(),
  tonnesPerTeu: positive.optional(),
  refrigerant: z.strictObject({ refrigerant: z.string().max(20), leakedKg: nonNegative }).optional(),
  origin: z.string().max(100).optional(),
  destination: z.string().max(100).optional(),
});

const scalar = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const traceStep = z.object({
  step: z.string(),
  label: z.string(),
  formula: z.string(),
  inputs: z.record(z.string(), scalar),
  factor: z
    .object({ id: z.string(), value: z.number(), unit: z.string(), source: z.string(), edition: z.string() })
    .optional(),
  output: z.record(z.string(), scalar),
  note: z.string().optional(),
  /** Names of the `inputs` and `output` keys in the request language (e.g. massT: "Masse (t)"). */
  names: z.record(z.string(), z.string()).optional(),
});

export const legEmissionResult = z.object({
  co2Ttw: z.number(),
  co2Wtt: z.number(),
  co2Wtw: z.number(),
  tkm: z.number(),
  intensity: z.number(),
  distance: z.number(),
  distanceType: z.enum(EMISSION_DISTANCE_TYPES),
  method: z.enum(['default', 'fuel']),
  glecVehicleType: z.string(),
  /** The factor set and the GWP basis of its CO2e values (e.g. IPCC AR6 GWP100). */
  factorSet: z.object({ id: z.string(), version: z.string(), gwp: z.string() }),
  trace: z.array(traceStep),
  /** The trace as a readable calculation sheet. */
  sheet: z.string(),
});

// Reference data and the single-leg calculation are for anyone signed in and change nothing.
const kit = routeKit('emissions', { module: null, read: 'session' });

export const emissionsRoutes = defineRoutes({
  glecVehicleTypes: kit.read(
    '/api/glec-vehicle-types',
    'GLEC vehicle types per mode, named in the request language; Europe, global and the regions the company chose',
    {
      query: z.strictObject({
        mode: z.enum(TRANSPORT_MODES).optional(),
        /** `all`: every region, for naming stored types; default: Europe, global and the company's regions. */
        regions: z.enum(['all']).optional(),
      }),
      response: { 200: listOf(glecVehicleType) },
    },
  ),
  glecTrailerTypes: kit.read('/api/glec-trailer-types', 'Trailer types', {
    response: { 200: listOf(glecTrailerType) },
  }),
  fuelTypes: kit.read('/api/fuel-types', 'Fuel types with their allowed units', {
    response: { 200: listOf(fuelType) },
  }),
  // `GET /api/source-versions` (seed 000 §7 and seed 002 §7) lists the editions of the emission
  // database's sources, DESNZ 2025 among them: the emission-db module answers it (issue 18).
  legEmission: kit.act(
    'POST',
    '/api/legs/emission',
    'Emissions of one transport leg (GLEC v3.1 / ISO 14083) with its calculation trace',
    { body: legEmissionBody, response: { 200: legEmissionResult } },
  ),
});
