import { defineRoutes, fileResponse, idParams, okResponse } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const SMP: Role[] = ['ROLE_SMP_ADMIN'];
// Shipment invoicing is the freight admin's (seed 000 §6); the company admin gets the documents too.
const CFT_ADMIN: Role[] = ['ROLE_CFT_ADMIN'];
const BILLING: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'];
const tag = 'invoicing';

export const invoicingRoutes = defineRoutes({
  invoicingStats: {
    method: 'GET',
    path: '/api/dashboard-invoicing-stats',
    summary: "The own company's usage and price this month, the trial limits and the last 12 months",
    tag,
    access: CFT_ADMIN,
    write: false,
    response: { 200: s.invoicingStats },
  },
  pricingTariff: {
    method: 'GET',
    path: '/api/invoicing/pricing-tariff',
    summary: 'The tariff the price calculator prices with: the booked freight tariff or the standard price',
    tag,
    access: ['ROLE_CFT_READ_ONLY'],
    write: false,
    response: { 200: s.pricingTariff },
  },
  invoiceDocuments: {
    method: 'GET',
    path: '/api/invoicing/documents',
    summary: "The company's monthly invoice documents (platform admin: any company)",
    tag,
    access: BILLING,
    write: false,
    query: s.invoiceDocumentsQuery,
    resources: { company: 'company' },
    response: { 200: s.invoiceDocumentList },
  },
  invoiceDocument: {
    method: 'GET',
    path: '/api/invoicing/documents/file',
    summary:
      "A month's invoice document (default: this month) as PDF in the company's communication language",
    tag,
    access: BILLING,
    write: false,
    query: s.invoiceDocumentQuery,
    resources: { company: 'company' },
    file: true,
  },
  invoices: {
    method: 'GET',
    path: '/api/invoices',
    summary: 'Consulting invoices (filters company, createdAt after and before; no pagination)',
    tag,
    access: SMP,
    write: false,
    query: s.invoiceListQuery,
    resources: { company: 'company' },
    response: { 200: s.invoiceList },
  },
  createInvoice: {
    method: 'POST',
    path: '/api/invoices',
    summary: 'Create a consulting invoice with positions (cents; positions sum to the total)',
    tag,
    access: SMP,
    write: true,
    body: s.invoiceBody,
    resources: { company: 'company' },
    response: { 201: s.invoice },
  },
  updateInvoice: {
    method: 'PATCH',
    path: '/api/invoices/:id',
    summary: 'Change a consulting invoice; positions given replace the old ones',
    tag,
    access: SMP,
    write: true,
    params: idParams,
    body: s.invoicePatchBody,
    resources: { id: 'invoice' },
    response: { 200: s.invoice },
  },
  deleteInvoice: {
    method: 'DELETE',
    path: '/api/invoices/:id',
    summary: 'Delete a consulting invoice and its positions',
    tag,
    access: SMP,
    write: true,
    params: idParams,
    resources: { id: 'invoice' },
    response: { 200: okResponse },
  },
  invoiceReport: {
    method: 'GET',
    path: '/api/invoices/invoice-report',
    summary:
      'Invoice report of a month: one row per company with consulting and the basic, pro, cfc and tax blocks',
    tag,
    access: SMP,
    write: false,
    query: s.invoiceReportQuery,
    response: { 200: s.invoiceReport },
  },
  exportInvoiceReport: {
    method: 'GET',
    path: '/api/invoices/invoice-report/export',
    summary: 'The invoice report of a month as xlsx (base64 with a file name)',
    tag,
    access: SMP,
    write: false,
    query: s.invoiceReportExportQuery,
    response: { 200: fileResponse },
  },
});
