/** Tariff constants without zod, so the web app's shell can use the rules without the schemas. */

/** Tariffs list 20 per page (seed 002 §9). */
export const TARIFF_PAGE_SIZE = 20;
/** seed 002 §3 and §9. */
export const DEFAULT_REGRESSION_FACTOR = -0.000003;
/** A time-limited free-of-charge tariff booked without an end runs this many days (seed 002 §4, §9). */
export const TRIAL_DAYS = 14;
