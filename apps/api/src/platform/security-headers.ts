import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web shell, the API answers and the API documentation
 * (issue 32). Everything the app loads comes from its own origin: the Vite build emits only
 * external module scripts, so scripts need no nonce and no inline allowance.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // Emotion (MUI, data grid, charts) inserts <style> elements at run time, and the rich-text editor
  // and Swagger UI write style attributes into markup, which no nonce can allow (CSP Level 3: a
  // nonce marks an element, never an attribute). Inline style cannot run script and script-src
  // stays strict, so 'unsafe-inline' is allowed for styles alone.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** HSTS for a year when the app is served over HTTPS (APP_URL), never over plain http. */
const HSTS = { maxAge: 365 * 86_400, includeSubDomains: true };

export function securityHeaderOptions(https: boolean): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: https ? { ...CSP_DIRECTIVES, 'upgrade-insecure-requests': [] } : CSP_DIRECTIVES,
    },
    // frame-ancestors 'none' says it to current browsers, DENY to older ones.
    frameguard: { action: 'deny' },
    // Links to other sites (help texts, attributions) send the origin only, never paths with ids.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? HSTS : false,
  };
}

/** Security headers on every answer of the app: API, web shell, static files, documentation. */
export async function registerSecurityHeaders(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(helmet, securityHeaderOptions(appUrl.startsWith('https://')));
}

/** Headers for answers written before any hook runs (router and HTTP parser errors). */
export const BARE_SECURITY_HEADERS = { 'x-content-type-options': 'nosniff' } as const;
