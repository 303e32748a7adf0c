import type { FastifyInstance } from 'fastify';
import { platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as companies from './companies.service.ts';
import * as logos from './companies.logo.ts';
import { deleteUserAndCompany } from './companies.sole-user.ts';

export function companiesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  ipLimit: { max: number; timeWindow: number },
): void {
  mount(
    app,
    r.register,
    async ({ body, lang, ip }) => {
      await companies.register(ctx, body, lang, ip);
      return ok('registered');
    },
    { rateLimit: ipLimit },
  );
  mount(
    app,
    r.confirmRegistration,
    async ({ body }) => {
      await companies.confirmRegistration(ctx, body.token);
      return ok('confirmed');
    },
    { rateLimit: ipLimit },
  );
  mount(app, r.companies, ({ query }) => companies.listCompanies(ctx, query));
  mount(app, r.createCompany, ({ actor, body }) => companies.createCompany(ctx, actor, body));
  mount(app, r.exportCompanies, ({ query, lang }) => companies.exportCompanies(ctx, query, lang));
  mount(app, r.getCompany, ({ actor, params }) => companies.getCompany(ctx, actor, params.id));
  mount(app, r.updateCompany, ({ actor, params, body }) =>
    companies.updateCompany(ctx, actor, params.id, body),
  );
  mount(app, r.deleteCompany, async ({ actor, params }) => {
    await companies.deleteCompany(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.deleteUserAndCompany, async ({ actor, body, reply }) => {
    await deleteUserAndCompany(ctx, actor, body.userId);
    reply.clearCookie('kd_session', { path: '/' });
    return ok('deleted');
  });
  mount(app, r.unlockCompany, ({ actor, params, body }) =>
    companies.unlockCompany(ctx, actor, params.id, body),
  );
  mount(app, r.companyLogo, ({ actor, params, reply }) =>
    logos.companyLogoFile(ctx, actor, params.id, reply),
  );
  mount(app, r.uploadCompanyLogo, ({ actor, params, req }) =>
    logos.uploadCompanyLogo(ctx, actor, params.id, req),
  );
  mount(app, r.deleteCompanyLogo, async ({ actor, params }) => {
    await logos.deleteCompanyLogo(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.mailCompanyAdmin, async ({ actor, body, ip }) => {
    const sent = await companies.mailCompanyAdmins(ctx, actor, body, ip);
    return ok(`sent:${sent}`);
  });
}
