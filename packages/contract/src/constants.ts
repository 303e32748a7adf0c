/** Business constants of seed 000 §9 and seed 002 §9. */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
export const LANGUAGE_COOKIE_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 6;
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;
export const ACTIVATION_LINK_DAYS = 7;
export const RESET_LINK_HOURS = 24;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20, 30] as const;
export const PAGE_SIZE_MAX = 100;
export const SNACKBAR_MS = 4000;
export const SNACKBAR_ERROR_MS = 7000;
export const LIST_DEBOUNCE_MS = 200;
export const EXPORT_DEBOUNCE_MS = 500;
export const MOBILE_BREAKPOINT_PX = 992;
export const UPLOAD_MAX_BYTES = 10_000_000;
export const MAPPING_UPLOAD_MAX_BYTES = 20_000_000;
/** A company logo (issue 37): PNG or JPEG of at most 512 KB and 2000 px a side, at least 16 px. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_MAX_PIXELS = 2000;
export const LOGO_MIN_PIXELS = 16;
export const PRODUCT_VERSION = '2.9.0';
/** Professional edition price per shipment in cents (seed 000 §9). */
export const PRICE_PER_SHIPMENT_CENTS = 25;
/** From this many shipments a month the price is an individual offer (seed 000 §9). */
export const INDIVIDUAL_OFFER_FROM_SHIPMENTS = 40_000;
export const CARBON_PRICE_EUR_PER_TONNE = 50;

export const SALUTATIONS = ['mr', 'mrs', 'mx'] as const;
export const POSITIONS = ['ceo', 'cfo', 'employee', 'head', 'manager', 'other'] as const;
export const DEPARTMENTS = [
  'accounting',
  'controlling',
  'disposition',
  'environment_quality',
  'it_ict',
  'management',
  'purchasing',
  'sales',
  'sustainability',
  'vehicle_fleet',
] as const;
export const EMAIL_NOTIFICATION_DELAYS = ['immediately', '1m', '5m', '30m', '1h', '1d'] as const;

/** User status of seed 000 §3. */
export const USER_STATUS = { active: 1, deleted: 3 } as const;
