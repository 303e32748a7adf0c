import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { TRANSPORT_MODES } from '../emissions/api.ts';
import { calendarDay } from '../calendar.ts';
import { co2 } from '../tours/schemas.ts';

export const STATEMENT_FORMATS = ['pdf', 'xlsx'] as const;

/** A shipper and a period (both days included); at most about ten years. */
export const statementQuery = z.strictObject({
  shipper: z.string().trim().min(1).max(200),
  from: calendarDay,
  to: calendarDay,
});
export const statementFileQuery = statementQuery.extend({
  format: z.enum(STATEMENT_FORMATS),
  /** Language of the document; the request language when absent. */
  lang: z.enum(LANGUAGES).optional(),
});

const modeFigures = z.object({
  mode: z.enum(TRANSPORT_MODES),
  shipments: z.number().int(),
  tkm: z.number(),
  co2: co2,
  /** g CO2e per tkm (WTW). */
  intensity: z.number().nullable(),
});

/**
 * Emission statement of one shipper for a period, as ISO 14083 / GLEC v3.1 ask a carrier to
 * report it to its customer: WTW, TTW, WTT, transport activity and intensity per mode, the
 * methods and factor set versions used and the share of primary (fuel-based) data.
 * Per shipment the reported figure is the individual (fuel-based) result where one exists and
 * the default (modelled) result otherwise.
 */
export const shipperStatement = z.object({
  shipper: z.string(),
  from: calendarDay,
  to: calendarDay,
  company: z.object({
    name: z.string(),
    street: z.string().nullable(),
    zipcode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
  }),
  generatedAt: z.string(),
  shipments: z.number().int(),
  weightKg: z.number(),
  tkm: z.number(),
  /** kg CO2e: TTW and WTT of the transport legs; WTW of the legs plus the hubs (`hubWtw`). */
  co2: co2,
  /** kg CO2e WTW of the hubs (GLEC hub values are WTW only), included in `co2.wtw` and `intensity`. */
  hubWtw: z.number(),
  /** g CO2e per tkm: WTW with hubs over the legs' tkm (ISO 14083 / GLEC v3.1 §5.1). */
  intensity: z.number().nullable(),
  /** Transport legs by mode (hubs have no mode). */
  byMode: z.array(modeFigures),
  /** Share (0..100 %) of the reported WTW that comes from fuel-based (primary) data. */
  primaryDataShare: z.number().nullable(),
  methods: z.array(z.enum(['default', 'fuel'])),
  /** The factor sets of the reported results and the GWP basis of their factors (DESNZ: IPCC AR5). */
  factorSets: z.array(z.object({ id: z.string(), version: z.string(), gwp: z.string().nullable() })),
  standard: z.string(),
});
export type ShipperStatement = z.infer<typeof shipperStatement>;
