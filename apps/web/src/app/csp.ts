// The server's Content-Security-Policy forbids eval (script-src 'self'): zod must not compile its
// object parsers with `new Function`, nor even probe for it, which the browser reports as a
// violation. Imported first by main.tsx, before any schema parses.
//
// The setting goes into zod's global configuration object (`globalThis.__zod_globalConfig`, which
// every zod copy reads) rather than through `z.config`: importing zod here would put its core into
// the entry chunk, 3.6 KB gzip of /login's budget (docs/performance.md). csp.test.ts checks that
// zod sees it.
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };
const g = globalThis as ZodGlobal;
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
