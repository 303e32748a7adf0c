import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { mount, ok } from '../../platform/http.ts';

export const MAINTENANCE_COOKIE = 'kd_maintenance';

/** The gate is closed while a password is configured and the opening time has not come. */
export function maintenanceActive(ctx: AppContext, now = new Date()): boolean {
  const m = ctx.config.maintenance;
  if (!m) return false;
  return !m.until || now < new Date(m.until);
}

function granted(ctx: AppContext, req: FastifyRequest): boolean {
  const raw = req.cookies[MAINTENANCE_COOKIE];
  if (!raw) return false;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid && unsigned.value === 'granted';
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function maintenanceRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  ipLimit: { max: number; timeWindow: number },
): void {
  // While the gate is closed, the API answers only the gate itself and callers who passed it.
  app.addHook('onRequest', async (req) => {
    if (!maintenanceActive(ctx) || !req.url.startsWith('/api/') || req.url.startsWith('/api/maintenance'))
      return;
    if (!granted(ctx, req))
      throw new AppError('maintenance', { until: ctx.config.maintenance?.until ?? null });
  });

  mount(app, r.maintenanceStatus, ({ req }) => ({
    active: maintenanceActive(ctx),
    until: ctx.config.maintenance?.until ?? null,
    granted: granted(ctx, req),
  }));
  mount(
    app,
    r.maintenanceAccess,
    ({ body, reply }) => {
      const expected = ctx.config.maintenance?.password;
      if (!expected || !timingSafeEqual(digest(body.password), digest(expected))) {
        throw new AppError('maintenancePasswordWrong');
      }
      reply.setCookie(MAINTENANCE_COOKIE, 'granted', {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.secureCookies,
        signed: true,
        maxAge: 7 * 86_400,
      });
      return ok('granted');
    },
    { rateLimit: ipLimit },
  );
}
