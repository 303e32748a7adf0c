import { z } from 'zod';

/** A calendar day as `YYYY-MM-DD` (month 01-12, day 01-31), as the tariff and task dates send it. */
export const calendarDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** A calendar month as `YYYY-MM`. */
export const calendarMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');
