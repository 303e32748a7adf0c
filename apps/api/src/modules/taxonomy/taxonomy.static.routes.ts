import type { FastifyInstance } from 'fastify';
import { taxCatalogueRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import * as catalogue from './taxonomy.catalogue.service.ts';
import { exportOverviewExcel } from './taxonomy.export.ts';
import { exportReport } from './taxonomy.report.ts';
import * as texts from './taxonomy.texts.ts';

/** The catalogue, the tax texts and the overview's exports (seed 001 §7 "Tax API"); thin handlers. */
export function taxStaticRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.taxCriterias, ({ lang }) => catalogue.criteria(lang));
  mount(app, r.taxNaceCodes, () => catalogue.naceCodeList());
  mount(app, r.taxDnshes, ({ lang }) => catalogue.dnshes(lang));
  mount(app, r.taxMinimumSafeguards, ({ lang }) => catalogue.safeguards(lang));
  mount(app, r.taxYears, () => catalogue.years());
  mount(app, r.taxEuActivities, ({ query, lang }) => catalogue.activities(query, lang));
  mount(app, r.taxEuActivity, ({ params, lang }) => catalogue.activity(params.id, lang));
  mount(app, r.taxEuActivityCriteria, async ({ params, lang }) =>
    listOf(await texts.activityCriterionTexts(ctx, lang, params.id)),
  );
  mount(app, r.taxEuActivityDnsh, async ({ query, lang }) => listOf(await texts.dnshTexts(ctx, lang, query)));
  mount(app, r.taxCriteriaTexts, async ({ query, lang }) =>
    listOf(await texts.criterionTexts(ctx, lang, query)),
  );
  mount(app, r.taxDnshTexts, async ({ query, lang }) => listOf(await texts.dnshTexts(ctx, lang, query)));
  mount(app, r.taxHelpTexts, async ({ lang }) => listOf(await texts.helpTexts(ctx, lang)));
  mount(app, r.taxHelpText, ({ params, lang }) => texts.helpText(ctx, lang, params.id));
  mount(app, r.updateTaxCriterionText, ({ actor, params, body, lang }) =>
    texts.updateCriterionText(ctx, actor, lang, params.id, body),
  );
  mount(app, r.updateTaxDnshText, ({ actor, params, body, lang }) =>
    texts.updateDnshText(ctx, actor, lang, params.id, body),
  );
  mount(app, r.updateTaxHelpText, ({ actor, params, body, lang }) =>
    texts.updateHelpText(ctx, actor, lang, params.id, body),
  );
  mount(app, r.exportTaxOverviewExcel, ({ actor, query, lang, timeZone }) =>
    exportOverviewExcel(ctx, actor, query, lang, timeZone),
  );
  mount(app, r.exportTaxReport, ({ actor, query, lang, reply }) =>
    exportReport(ctx, actor, query, lang, reply),
  );
}

const listOf = <T>(items: T[]) => ({ 'hydra:member': items, 'hydra:totalItems': items.length });
