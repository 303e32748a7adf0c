/**
 * The numeric body codes of an answer (seed 000: 50100 session invalid, 50250 warning,
 * 50300/50310/50350/50400 rejected with message, 50500+ general). A module of its own, so the web
 * app's first load reads them without the error catalogue (`errors.ts` re-exports them).
 */
export const BODY_CODE = {
  success: 20000,
  sessionInvalid: 50100,
  warning: 50250,
  forbidden: 50300,
  notFound: 50310,
  conflict: 50350,
  rejected: 50400,
  general: 50500,
} as const;
