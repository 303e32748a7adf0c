import type { FastifyInstance } from 'fastify';
import { cfcRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as cfc from './cfc.service.ts';

export function mountCfcRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.cfcReports, ({ actor, query }) => cfc.listReports(ctx, actor, query));
  mount(app, r.cfcCreateReport, ({ actor, body, timeZone }) => cfc.createReport(ctx, actor, body, timeZone));
  mount(app, r.cfcDeleteReport, async ({ actor, params }) => {
    await cfc.deleteReport(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.cfcReportByUrl, ({ actor, params, lang }) =>
    cfc.reportByUrl(ctx, actor, params.buId, params.id, lang),
  );
  mount(app, r.cfcSectionCounts, ({ actor, params }) => cfc.sectionCounts(ctx, actor, params.id));
  mount(app, r.cfcPowerMethod, ({ actor, body }) => cfc.setMethod(ctx, actor, 'power', body));
  mount(app, r.cfcThermalMethod, ({ actor, body }) => cfc.setMethod(ctx, actor, 'thermal', body));

  mount(app, r.cfcEntries, ({ actor, query, lang }) => cfc.listEntries(ctx, actor, query, lang));
  mount(app, r.cfcSaveEntry, ({ actor, body, lang }) => cfc.saveEntry(ctx, actor, body, lang));
  mount(app, r.cfcDeleteEntries, ({ actor, body }) => cfc.deleteEntries(ctx, actor, body.entries));
  mount(app, r.cfcRestateEntry, ({ actor, params, lang }) => cfc.restateEntry(ctx, actor, params.id, lang));
  mount(app, r.cfcFile, ({ actor, params, reply }) => cfc.downloadDocument(ctx, actor, params.id, reply));
  mount(app, r.cfcDeleteFile, async ({ actor, params }) => {
    await cfc.deleteDocument(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.cfcUploadFile, ({ actor, req }) => cfc.uploadDocument(ctx, actor, req));

  mount(app, r.cfcTreatments, ({ lang }) => cfc.treatments(lang));
  mount(app, r.cfcUnits, ({ lang }) => cfc.units(lang));
  mount(app, r.cfcUnitTypes, ({ lang }) => cfc.unitTypes(lang));
  mount(app, r.cfcSections, ({ actor, lang }) => cfc.sections(ctx, actor, lang));
  mount(app, r.cfcHelpTexts, () => cfc.helpTexts(ctx));
  mount(app, r.cfcUpdateHelpText, ({ params, body }) => cfc.updateHelpText(ctx, params.id, body));
  mount(app, r.cfcCategoriesTree, ({ actor, lang }) => cfc.categoriesTree(ctx, actor, lang));

  mount(app, r.cfcBusinessUnits, ({ actor }) => cfc.listUnits(ctx, actor));
  mount(app, r.cfcCreateBusinessUnit, ({ actor, body }) => cfc.createUnit(ctx, actor, body));
  mount(app, r.cfcUpdateBusinessUnit, ({ actor, params, body }) =>
    cfc.updateUnit(ctx, actor, params.id, body),
  );
  mount(app, r.cfcDeleteBusinessUnit, async ({ actor, params }) => {
    await cfc.deleteUnit(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.cfcCompanyNames, ({ actor, params }) => cfc.companyNames(ctx, actor, params.text));

  mount(app, r.cfcCompanySettings, ({ actor }) => cfc.companySettings(ctx, actor));
  mount(app, r.cfcSetBaseYear, ({ actor, body, timeZone }) => cfc.saveSettings(ctx, actor, body, timeZone));
  mount(app, r.cfcSetSections, ({ actor, body, timeZone }) => cfc.saveSettings(ctx, actor, body, timeZone));
  mount(app, r.cfcSaveSettings, ({ actor, body, timeZone }) => cfc.saveSettings(ctx, actor, body, timeZone));
  mount(app, r.cfcBaseYears, ({ actor, timeZone }) => cfc.baseYears(ctx, actor, timeZone));
  mount(app, r.cfcBaseYearCheck, ({ actor, query }) => cfc.baseYearCheck(ctx, actor, query.year));
  mount(app, r.cfcActiveTariffs, ({ actor, lang, timeZone }) =>
    cfc.activeTariffs(ctx, actor, lang, timeZone),
  );

  mount(app, r.cfcAccessRights, ({ actor, query }) => cfc.listRights(ctx, actor, query.group));
  mount(app, r.cfcCreateAccessRight, ({ actor, body }) => cfc.createRight(ctx, actor, body));
  mount(app, r.cfcReplaceAccessRights, ({ actor, params, body }) =>
    cfc.replaceRights(ctx, actor, params.group, body),
  );
  mount(app, r.cfcDeleteAccessRights, async ({ actor, params }) => {
    await cfc.deleteRights(ctx, actor, params.group);
    return ok('deleted');
  });
  mount(app, r.saveLastEditedCfcSection, ({ actor, params, body }) =>
    cfc.saveLastSection(ctx, actor, params.id, body),
  );
}
