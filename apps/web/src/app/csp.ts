import { z } from 'zod';

// The server's Content-Security-Policy forbids eval (script-src 'self'): zod must not compile its
// object parsers with `new Function`, nor even probe for it, which the browser reports as a
// violation. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
