import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { paginationQueryOf } from '../http.ts';
import { TASK_PAGE_SIZE, TASK_STATUSES, type TaskStatus } from '../tasks/schemas.ts';
import { CSRD_SCOPES } from './reference.ts';
import { ESRS_VERSIONS } from './reliefs.ts';

const scope = z.enum(CSRD_SCOPES);
const names = z.object({ de: z.string(), en: z.string() });

// ---------- E1-6 reconciled with the carbon footprint ----------

/** How a report's E1-6 stands against the carbon footprint of its year. */
export const E16_STATUSES = ['footprint', 'matches', 'reconciled', 'unreconciled', 'manual', 'none'] as const;
export type E16Status = (typeof E16_STATUSES)[number];

/**
 * E1-6 as ESRS E1 §44-§55 asks it, from the carbon footprint of the report's year (every business
 * unit), kg CO2e unrounded: gross scope 1, scope 2 both ways, each scope 3 category, totals both
 * ways, biogenic CO2 apart; GHG intensity per net revenue in t CO2e per EUR million. `manual` is an
 * entered E1-6 figure (t CO2e) with its reconciliation note.
 */
export const csrdE16 = z.object({
  year: z.number().int(),
  footprint: z
    .object({
      scope1Kg: z.number(),
      scope2LocationBasedKg: z.number(),
      scope2MarketBasedKg: z.number(),
      /** GHG Protocol scope 3 categories 1-15; null: not assigned to one. */
      scope3Categories: z.array(z.object({ category: z.number().int().nullable(), kg: z.number() })),
      scope3Kg: z.number(),
      totalLocationBasedKg: z.number(),
      totalMarketBasedKg: z.number(),
      biogenicCo2Kg: z.number(),
      reportCount: z.number().int(),
    })
    .nullable(),
  netRevenueCents: z.number().nullable(),
  intensityLocationBased: z.number().nullable(),
  intensityMarketBased: z.number().nullable(),
  manual: z
    .object({
      valueId: z.uuid(),
      tonnes: z.number(),
      note: z.string().nullable(),
      /** Manual minus the footprint total, t CO2e (location-based, market-based). */
      differenceLocationBasedT: z.number().nullable(),
      differenceMarketBasedT: z.number().nullable(),
    })
    .nullable(),
  status: z.enum(E16_STATUSES),
});
export type CsrdE16 = z.infer<typeof csrdE16>;

// ---------- reliefs ----------

export const csrdReliefs = z.object({
  year: z.number().int(),
  standardVersion: z.enum(ESRS_VERSIONS),
  /** The set the year requires at the latest (the revised set from 2027). */
  requiredVersion: z.enum(ESRS_VERSIONS),
  isLarge: z.boolean().nullable(),
  wave: z.number().int().nullable(),
  /** The first financial year the company's wave reports on. */
  firstYear: z.number().int().nullable(),
  /** Whether the report's year is before the wave's first year (voluntary). */
  isVoluntary: z.boolean(),
  phaseIns: z.array(
    z.object({ codes: z.array(z.string()), source: z.string(), note: names, quickFix: z.boolean() }),
  ),
});
export type CsrdReliefs = z.infer<typeof csrdReliefs>;

// ---------- tasks of a report topic (seed 001 §7 "GET /tasks", CSRD API) ----------

const statusQuery = z.coerce
  .number()
  .int()
  .refine((n): n is TaskStatus => (TASK_STATUSES as readonly number[]).includes(n));

/** The tasks of one report, optionally of one topic; archived ones only when asked for. */
export const csrdTaskQuery = z.strictObject({
  ...paginationQueryOf(TASK_PAGE_SIZE),
  report: z.uuid(),
  scope: scope.optional(),
  status: statusQuery.optional(),
});
const status = z.union(
  TASK_STATUSES.map((s) => z.literal(s)) as [z.ZodLiteral<TaskStatus>, ...z.ZodLiteral<TaskStatus>[]],
);
/** A task on a report topic; the link is required and names a report of the own company. */
export const csrdTaskBody = z.strictObject({
  description: z.string().trim().min(1).max(2000),
  assignee: z.uuid().nullable().optional(),
  responsible: z.uuid().nullable().optional(),
  status: status.default(1),
  deadline: calendarDay.nullable().optional(),
  // The report as the tasks module links it (a string); a report of another company is not found.
  csrdScopeTask: z.strictObject({ scope, report: z.string().trim().min(1).max(100) }),
});
export type CsrdTaskBody = z.input<typeof csrdTaskBody>;
export const csrdTaskPatch = z.strictObject({
  description: z.string().trim().min(1).max(2000).optional(),
  assignee: z.uuid().nullable().optional(),
  responsible: z.uuid().nullable().optional(),
  status: status.optional(),
  deadline: calendarDay.nullable().optional(),
});
export type CsrdTaskPatch = z.input<typeof csrdTaskPatch>;
