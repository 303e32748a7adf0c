import { defineRoutes, fileResponse, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const SMP: Role[] = ['ROLE_SMP_ADMIN'];
// Shipment invoicing is the freight admin's (seed 000 §6); the company admin gets the documents too.
const CFT_ADMIN: Role[] = ['ROLE_CFT_ADMIN'];
const BILLING: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'];
const kit = routeKit('invoicing', { module: null, read: SMP });
const invoices = kit.collection('/api/invoices', 'invoice', { item: s.invoice, list: s.invoiceList });

export const invoicingRoutes = defineRoutes({
  invoicingStats: kit.read(
    '/api/dashboard-invoicing-stats',
    "The own company's usage and price this month, the trial limits and the last 12 months",
    { access: CFT_ADMIN, response: { 200: s.invoicingStats } },
  ),
  pricingTariff: kit.read(
    '/api/invoicing/pricing-tariff',
    'The tariff the price calculator prices with: the booked freight tariff or the standard price',
    { access: ['ROLE_CFT_READ_ONLY'], response: { 200: s.pricingTariff } },
  ),
  invoiceDocuments: kit.read(
    '/api/invoicing/documents',
    "The company's monthly invoice documents (platform admin: any company)",
    {
      access: BILLING,
      query: s.invoiceDocumentsQuery,
      resources: { company: 'company' },
      response: { 200: s.invoiceDocumentList },
    },
  ),
  invoiceDocument: kit.read(
    '/api/invoicing/documents/file',
    "A month's invoice document (default: this month) as PDF in the company's communication language",
    { access: BILLING, query: s.invoiceDocumentQuery, resources: { company: 'company' }, file: true },
  ),
  invoices: invoices.list(
    'Consulting invoices (filters company, createdAt after and before; no pagination)',
    {
      query: s.invoiceListQuery,
      resources: { company: 'company' },
    },
  ),
  createInvoice: invoices.create(
    'Create a consulting invoice with positions (cents; positions sum to the total)',
    { body: s.invoiceBody, resources: { company: 'company' } },
  ),
  updateInvoice: invoices.update('Change a consulting invoice; positions given replace the old ones', {
    body: s.invoicePatchBody,
  }),
  deleteInvoice: invoices.remove('Delete a consulting invoice and its positions'),
  invoiceReport: kit.read(
    '/api/invoices/invoice-report',
    'Invoice report of a month: one row per company with consulting and the basic, pro, cfc and tax blocks',
    { query: s.invoiceReportQuery, response: { 200: s.invoiceReport } },
  ),
  exportInvoiceReport: kit.read(
    '/api/invoices/invoice-report/export',
    'The invoice report of a month as xlsx (base64 with a file name)',
    { query: s.invoiceReportExportQuery, response: { 200: fileResponse } },
  ),
});
