import { z } from 'zod';

/**
 * A calendar day as `YYYY-MM-DD`: the one date schema of every body and query. The day must exist
 * (`z.iso.date` knows month lengths and leap years: no 2026-02-30, 2026-04-31 or 2026-02-29), in
 * the years 0001-9999: PostgreSQL has no year 0, so 0000-01-01 would fail in the database.
 */
export const calendarDay = z.iso.date().refine((v) => !v.startsWith('0000-'), { message: 'calendarDay' });

/** A calendar month as `YYYY-MM`. */
export const calendarMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
  .refine((v) => !v.startsWith('0000-'), { message: 'calendarMonth' });
