import type { FastifyInstance, FastifyReply } from 'fastify';
import { platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import { SESSION_COOKIE } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import * as access from './access.service.ts';

export function accessRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  ipLimit: { max: number; timeWindow: number },
): void {
  const setSession = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.config.secureCookies,
      maxAge: 30 * 86_400,
    });

  mount(
    app,
    r.login,
    async ({ body, reply, ip }) => {
      const token = await access.login(ctx, body.username, body.password, ip);
      setSession(reply, token);
      return { token };
    },
    { rateLimit: ipLimit },
  );
  mount(app, r.logout, async ({ actor, reply }) => {
    await access.logout(ctx, actor);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok('loggedOut');
  });
  mount(
    app,
    r.requestResetPassword,
    async ({ body, lang }) => {
      await access.requestPasswordReset(ctx, body.email, { chosen: body.lang, header: lang });
      return ok('resetRequested');
    },
    { rateLimit: ipLimit },
  );
  mount(
    app,
    r.resetPassword,
    async ({ params, body }) => {
      if (body.repeatPassword !== undefined && body.repeatPassword !== body.password) {
        throw new AppError('validationFailed', {
          issues: [{ path: 'body/repeatPassword', message: 'mismatch' }],
        });
      }
      await access.resetPassword(ctx, params.token, body.password);
      return ok('passwordReset');
    },
    { rateLimit: ipLimit },
  );
  mount(app, r.sendSupportMessage, async ({ actor, body, ip }) => {
    await access.sendSupportMessage(ctx, actor, body.subject, body.message, ip);
    return ok('sent');
  });
  mount(app, r.impersonate, async ({ actor, body, reply }) => {
    const token = await access.impersonate(ctx, actor, body.username);
    setSession(reply, token);
    return { token };
  });
  mount(app, r.stopImpersonating, async ({ actor, reply }) => {
    const token = await access.stopImpersonating(ctx, actor);
    setSession(reply, token);
    return { token };
  });
}
