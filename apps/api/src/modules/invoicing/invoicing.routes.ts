import type { FastifyInstance } from 'fastify';
import { invoicingRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as invoicing from './invoicing.service.ts';

export function invoicingRouteHandlers(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.invoicingStats, ({ actor, lang }) => invoicing.invoicingStats(ctx, actor, lang));
  mount(app, r.pricingTariff, ({ actor, lang }) => invoicing.pricingTariff(ctx, actor, lang));
  mount(app, r.invoiceDocuments, ({ actor, query, lang }) =>
    invoicing.invoiceDocuments(ctx, actor, query, lang),
  );
  mount(app, r.invoiceDocument, ({ actor, query, reply }) =>
    invoicing.invoiceDocumentFile(ctx, actor, query, reply),
  );
  mount(app, r.invoices, ({ actor, query }) => invoicing.listInvoices(ctx, actor, query));
  mount(app, r.createInvoice, ({ actor, body }) => invoicing.createInvoice(ctx, actor, body));
  mount(app, r.updateInvoice, ({ actor, params, body }) =>
    invoicing.updateInvoice(ctx, actor, params.id, body),
  );
  mount(app, r.deleteInvoice, async ({ actor, params }) => {
    await invoicing.deleteInvoice(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.invoiceReport, ({ query, lang }) => invoicing.invoiceReport(ctx, query, lang));
  mount(app, r.exportInvoiceReport, ({ query, lang }) => invoicing.exportInvoiceReport(ctx, query, lang));
}
