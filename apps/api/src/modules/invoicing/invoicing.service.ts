import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  type Invoice,
  type InvoiceReportRow,
  type InvoicingStats,
  type Language,
  type PricingTariffDto,
  type UsageSource,
  INDIVIDUAL_OFFER_FROM_SHIPMENTS,
  STANDARD_PROFESSIONAL_TARIFF,
  USAGE_MONTHS_LISTED,
  USAGE_TEST_LIMITS,
  invoiceTotals,
  invoicingSchemas as s,
  positionTotalCents,
  roundCents,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, assertCompanyAccess } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import { providerIssuer } from '../../platform/pdf-company.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { XLSX_MIME, workbookBase64 } from '../../platform/spreadsheet.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import { bookingsInMonth, standardFreightTariff } from '../tariffs/index.ts';
import * as repo from './invoicing.repository.ts';
import {
  type ModuleCharge,
  addMonths,
  asPricing,
  blockOf,
  chargesOfMonth,
  monthBounds,
  monthOf,
  tariffName,
} from './invoicing.pricing.ts';
import { DOCUMENT_TEXTS, MODULE_NAMES } from './invoicing.texts.ts';
import { type DocumentPosition, renderInvoicePdf } from './invoicing.pdf.ts';
import { reportColumns } from './invoicing.report.ts';

type InvoiceBody = z.output<typeof s.invoiceBody>;
type InvoicePatch = z.output<typeof s.invoicePatchBody>;
type ReportQuery = z.output<typeof s.invoiceReportQuery>;

/**
 * Adds evaluated shipments and uploads to the company's current month. Call it inside the
 * transaction that stores the shipments, so usage exists exactly when they do.
 */
export async function recordUsage(
  tx: DbOrTx,
  companyId: CompanyId,
  source: UsageSource,
  shipments: number,
  uploads: number,
  now = new Date(),
): Promise<void> {
  if (shipments <= 0 && uploads <= 0) return;
  await repo.addUsage(
    tx,
    companyId,
    `${monthOf(now)}-01`,
    source,
    Math.max(0, shipments),
    Math.max(0, uploads),
  );
}

/** Shipments recorded for a company's month (`YYYY-MM-01`) from one source, e.g. the orders a quota counts. */
export function usageOfMonth(
  db: DbOrTx,
  companyId: CompanyId,
  month: string,
  source: UsageSource,
): Promise<number> {
  return repo.usageOf(db, companyId, month, source);
}

async function standardTariff(db: DbOrTx, lang: Language) {
  const row = await standardFreightTariff(db);
  return row
    ? { name: tariffName(row, lang), pricing: asPricing(row) }
    : { name: DOCUMENT_TEXTS[lang].standardTariff, pricing: STANDARD_PROFESSIONAL_TARIFF };
}

/** The charges of one company's month, with the data they come from. */
async function companyMonth(ctx: AppContext, company: repo.BillingCompany, month: string, lang: Language) {
  const companyId = asCompanyId(company.id);
  const { first, last } = monthBounds(month);
  const bookings = await bookingsInMonth(ctx.db, [companyId], first, last);
  const usage = (await repo.usageOfCompanies(ctx.db, [companyId], first)).get(company.id);
  const standard = await standardTariff(ctx.db, lang);
  return { charges: chargesOfMonth(company, bookings, usage, month, standard, lang), bookings };
}

// ---- usage and statistics (own company) ----

export async function invoicingStats(
  ctx: AppContext,
  actor: Actor,
  lang: Language,
  now = new Date(),
): Promise<InvoicingStats> {
  const company = notFoundUnless(await repo.billingCompany(ctx.db, actor.companyId));
  const current = monthOf(now);
  const from = addMonths(current, -(USAGE_MONTHS_LISTED - 1));
  const usage = await repo.usageByMonth(ctx.db, actor.companyId, `${from}-01`);
  const months = [];
  let thisMonth: ModuleCharge | undefined;
  for (let i = 0; i < USAGE_MONTHS_LISTED; i++) {
    const month = addMonths(from, i);
    const u = usage.find((x) => x.month.startsWith(month));
    const { charges } = await companyMonth(ctx, company, month, lang);
    const freight = charges.find((c) => c.module === 'cft');
    if (month === current) thisMonth = freight;
    months.push({
      month,
      shipments: u?.shipments ?? 0,
      uploads: u?.uploads ?? 0,
      priceCents: freight?.price.totalCents ?? 0,
    });
  }
  const now_ = months[months.length - 1];
  const pricing = thisMonth?.pricing ?? (await pricingFor(ctx, company, lang)).pricing;
  const billable = Math.max(0, now_.shipments - pricing.freeNumberOfShipments);
  return {
    month: current,
    tariffName: thisMonth?.tariff || (await pricingFor(ctx, company, lang)).name,
    freeMonthlyShipments: pricing.freeNumberOfShipments,
    totalShipments: now_.shipments,
    totalPrice: thisMonth?.price.totalCents ?? 0,
    totalPriceBasic: pricing.isFreeOfCharge ? 0 : roundCents(billable * pricing.staticCostPerShipmentCents),
    totalShipmentsBasic: billable,
    ...USAGE_TEST_LIMITS,
    months,
  };
}

/** The freight tariff the company is priced by today: its booking, else the standard professional price. */
async function pricingFor(ctx: AppContext, company: repo.BillingCompany, lang: Language) {
  const today = new Date().toISOString().slice(0, 10);
  const bookings = await bookingsInMonth(ctx.db, [asCompanyId(company.id)], today, today);
  const freight = bookings.find((b) => b.module === 'cft' && b.type !== 'default' && !b.isFreeOfCharge);
  if (freight)
    return { source: 'booked' as const, name: tariffName(freight, lang), pricing: asPricing(freight) };
  const standard = await standardTariff(ctx.db, lang);
  return { source: 'standard' as const, name: standard.name, pricing: standard.pricing };
}

/**
 * The price calculator's tariff: the company's booked paid freight tariff, or the standard
 * professional price for a basic or trial company (what an upgrade would cost).
 */
export async function pricingTariff(
  ctx: AppContext,
  actor: Actor,
  lang: Language,
): Promise<PricingTariffDto> {
  const company = notFoundUnless(await repo.billingCompany(ctx.db, actor.companyId));
  const { source, name, pricing } = await pricingFor(ctx, company, lang);
  return { source, name, ...pricing, individualOfferFromShipments: INDIVIDUAL_OFFER_FROM_SHIPMENTS };
}

// ---- monthly invoice documents ----

function documentNumber(company: repo.BillingCompany, month: string): string {
  return `KD-${company.customerNr}-${month.replace('-', '')}`;
}

/** The positions of a company's month: usage per module by its tariff, then the consulting invoices. */
async function documentOf(ctx: AppContext, company: repo.BillingCompany, month: string, lang: Language) {
  const t = DOCUMENT_TEXTS[lang];
  const { charges } = await companyMonth(ctx, company, month, lang);
  const positions: DocumentPosition[] = [];
  for (const c of charges) {
    const module = MODULE_NAMES[c.module][lang];
    if (c.price.billableShipments > 0 && c.price.shipmentCents > 0)
      positions.push({
        description: t.shipments(module, c.tariff),
        quantity: c.price.billableShipments,
        unitPriceCents: c.price.unitPriceCents,
        totalCents: c.price.shipmentCents,
      });
    if (c.price.uploadCents > 0)
      positions.push({
        description: t.uploads(module),
        quantity: c.price.uploads,
        unitPriceCents: c.pricing.costPerUploadCents,
        totalCents: c.price.uploadCents,
      });
    if (c.price.basicFeeCents > 0)
      positions.push({
        description: t.basicFee(module, c.tariff),
        quantity: 1,
        unitPriceCents: c.price.basicFeeCents,
        totalCents: c.price.basicFeeCents,
      });
  }
  const { first, next } = monthBounds(month);
  for (const inv of await repo.invoicesInMonth(ctx.db, [asCompanyId(company.id)], first, next)) {
    positions.push({
      description: `${t.consulting(inv.number)}${inv.description ? `: ${inv.description}` : ''}`,
      quantity: 1,
      unitPriceCents: inv.totalPriceCents,
      totalCents: inv.totalPriceCents,
    });
  }
  return {
    number: documentNumber(company, month),
    positions,
    ...invoiceTotals(positions.map((p) => p.totalCents)),
  };
}

function documentCompany(ctx: AppContext, actor: Actor, company: string | undefined): CompanyId {
  return company ? assertCompanyAccess(actor, company) : actor.companyId;
}

/** Months with usage or consulting invoices in the last two years, newest first. */
export async function invoiceDocuments(
  ctx: AppContext,
  actor: Actor,
  q: { company?: string },
  lang: Language,
  now = new Date(),
) {
  const companyId = documentCompany(ctx, actor, q.company);
  const company = notFoundUnless(await repo.billingCompany(ctx.db, companyId));
  const months = await repo.billedMonths(ctx.db, companyId, `${addMonths(monthOf(now), -23)}-01`);
  const out = [];
  for (const first of months) {
    const month = first.slice(0, 7);
    const doc = await documentOf(ctx, company, month, lang);
    out.push({ month, number: doc.number, netCents: doc.netCents, grossCents: doc.grossCents });
  }
  return list(out, out.length);
}

/** A month's invoice document as a PDF, in the company's communication language. */
export async function invoiceDocumentFile(
  ctx: AppContext,
  actor: Actor,
  q: { month?: string; company?: string },
  reply: FastifyReply,
  now = new Date(),
) {
  const month = q.month ?? monthOf(now);
  const companyId = documentCompany(ctx, actor, q.company);
  const company = notFoundUnless(await repo.billingCompany(ctx.db, companyId));
  const lang: Language = company.communicationLanguage === 'en' ? 'en' : 'de';
  const doc = await documentOf(ctx, company, month, lang);
  const name = `${DOCUMENT_TEXTS[lang].fileName}-${doc.number}.pdf`;
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'private, no-store');
  reply.header('content-type', 'application/pdf');
  const issuer = await providerIssuer(ctx.db);
  return renderInvoicePdf({ company, month, lang, issuedAt: now, ...doc }, { issuer });
}

// ---- consulting invoices (platform admin) ----

function toInvoiceDto(row: repo.InvoiceRow, companyName: string, positions: repo.PositionRow[]): Invoice {
  return {
    id: row.id,
    company: row.companyId,
    companyName,
    number: row.number,
    description: row.description,
    paymentDate: row.paymentDate,
    sentDate: row.sentDate,
    totalPrice: row.totalPriceCents,
    type: row.type as Invoice['type'],
    invoicePositions: positions
      .filter((p) => p.invoiceId === row.id)
      .map((p) => ({
        id: p.id,
        description: p.description,
        amount: Number(p.amount),
        unitPrice: p.unitPriceCents,
        totalPrice: p.totalPriceCents,
        createdBy: p.createdBy,
        updatedBy: p.updatedBy,
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Decision 0011: the client sends the total and the positions; each position must be amount ×
 * unit price (rounded once to cents) and, when there are positions, they must add up to the total.
 * The server checks rather than computes, so a typing mistake in the dialog is caught, not hidden.
 */
function checkTotals(totalPrice: number, positions: InvoiceBody['invoicePositions']) {
  for (const [i, p] of positions.entries()) {
    const expected = positionTotalCents(p.amount, p.unitPrice);
    if (p.totalPrice !== expected)
      throw new AppError('invoiceTotalMismatch', { position: i, expected, totalPrice: p.totalPrice });
  }
  if (positions.length === 0) return;
  const sum = positions.reduce((acc, p) => acc + p.totalPrice, 0);
  if (sum !== totalPrice) throw new AppError('invoiceTotalMismatch', { expected: sum, totalPrice });
}

const positionValues = (positions: InvoiceBody['invoicePositions']) =>
  positions.map((p) => ({
    description: p.description,
    amount: p.amount,
    unitPriceCents: p.unitPrice,
    totalPriceCents: p.totalPrice,
  }));

async function invoiceDto(ctx: AppContext, id: string): Promise<Invoice> {
  const row = notFoundUnless(await repo.findInvoiceAnyCompany(ctx.db, id));
  const companyId = asCompanyId(row.companyId);
  const company = notFoundUnless(await repo.billingCompany(ctx.db, companyId));
  return toInvoiceDto(row, company.name, await repo.positionsOf(ctx.db, companyId, [row.id]));
}

export async function listInvoices(ctx: AppContext, actor: Actor, q: z.output<typeof s.invoiceListQuery>) {
  const companyId = q.company ? assertCompanyAccess(actor, q.company) : undefined;
  const rows = await repo.listInvoices(ctx.db, {
    companyId,
    after: q['createdAt[after]'],
    before: q['createdAt[before]'],
  });
  const positions = await repo.positionsOfInvoices(
    ctx.db,
    rows.map((r) => r.id),
  );
  return list(
    rows.map((r) => toInvoiceDto(r, r.companyName, positions)),
    rows.length,
  );
}

export async function createInvoice(ctx: AppContext, actor: Actor, body: InvoiceBody): Promise<Invoice> {
  const companyId = assertCompanyAccess(actor, body.company);
  notFoundUnless(await repo.billingCompany(ctx.db, companyId));
  checkTotals(body.totalPrice, body.invoicePositions);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertInvoice(
      tx,
      companyId,
      {
        number: body.number,
        type: body.type,
        description: body.description ?? null,
        sentDate: body.sentDate ?? null,
        paymentDate: body.paymentDate ?? null,
        totalPriceCents: body.totalPrice,
      },
      actor.userId,
    );
    await repo.replacePositions(tx, companyId, row.id, positionValues(body.invoicePositions), actor.userId);
    return row.id;
  });
  return invoiceDto(ctx, id);
}

export async function updateInvoice(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: InvoicePatch,
): Promise<Invoice> {
  const row = notFoundUnless(await repo.findInvoiceAnyCompany(ctx.db, id));
  const companyId = assertCompanyAccess(actor, row.companyId);
  const positions =
    body.invoicePositions ??
    (await repo.positionsOf(ctx.db, companyId, [id])).map((p) => ({
      description: p.description,
      amount: Number(p.amount),
      unitPrice: p.unitPriceCents,
      totalPrice: p.totalPriceCents,
    }));
  checkTotals(body.totalPrice ?? row.totalPriceCents, positions);
  await ctx.db.transaction(async (tx) => {
    await repo.updateInvoice(
      tx,
      companyId,
      id,
      {
        ...(body.number !== undefined ? { number: body.number } : {}),
        ...(body.type !== undefined ? { type: body.type } : {}),
        ...(body.description !== undefined ? { description: body.description ?? null } : {}),
        ...(body.sentDate !== undefined ? { sentDate: body.sentDate ?? null } : {}),
        ...(body.paymentDate !== undefined ? { paymentDate: body.paymentDate ?? null } : {}),
        ...(body.totalPrice !== undefined ? { totalPriceCents: body.totalPrice } : {}),
      },
      actor.userId,
    );
    if (body.invoicePositions)
      await repo.replacePositions(tx, companyId, id, positionValues(body.invoicePositions), actor.userId);
  });
  return invoiceDto(ctx, id);
}

export async function deleteInvoice(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = notFoundUnless(await repo.findInvoiceAnyCompany(ctx.db, id));
  await repo.deleteInvoice(ctx.db, assertCompanyAccess(actor, row.companyId), id);
}

// ---- invoice report (platform admin) ----

async function reportRows(ctx: AppContext, month: string, offset: number, limit: number, lang: Language) {
  const { rows: companies, total } = await repo.customerPage(ctx.db, offset, limit);
  const ids = companies.map((c) => asCompanyId(c.id));
  const { first, last, next } = monthBounds(month);
  const bookings = await bookingsInMonth(ctx.db, ids, first, last);
  const usage = await repo.usageOfCompanies(ctx.db, ids, first);
  const consulting = await repo.invoicesInMonth(ctx.db, ids, first, next);
  const standard = await standardTariff(ctx.db, lang);
  const rows: InvoiceReportRow[] = companies.map((company) => {
    const charges = chargesOfMonth(company, bookings, usage.get(company.id), month, standard, lang);
    const own = consulting.filter((i) => i.companyId === company.id);
    const consultingCents = own.reduce((sum, i) => sum + i.totalPriceCents, 0);
    const usageCents = charges.reduce((sum, c) => sum + c.price.totalCents, 0);
    return {
      company: company.id,
      customerNr: company.customerNr,
      invoiceId: own[0]?.id ?? null,
      number: own.length ? own.map((i) => i.number).join(', ') : null,
      sentDate: own[0]?.sentDate ?? null,
      paymentDate: own[0]?.paymentDate ?? null,
      consulting: consultingCents,
      name: company.name,
      total: consultingCents + usageCents,
      basic: blockOf(charges, 'basic'),
      pro: blockOf(charges, 'pro'),
      cfc: blockOf(charges, 'cfc'),
      tax: blockOf(charges, 'tax'),
      csrd: blockOf(charges, 'csrd'),
    };
  });
  return { rows, total };
}

export async function invoiceReport(ctx: AppContext, q: ReportQuery, lang: Language, now = new Date()) {
  const month = q.month ?? monthOf(now);
  const { rows, total } = await reportRows(ctx, month, (q.page - 1) * q.limit, q.limit, lang);
  return list(rows, total);
}

export async function exportInvoiceReport(
  ctx: AppContext,
  q: { month?: string },
  lang: Language,
  now = new Date(),
) {
  const month = q.month ?? monthOf(now);
  const { rows } = await reportRows(ctx, month, 0, 100_000, lang);
  if (rows.length === 0) throw new AppError('emptyExport');
  const de = lang === 'de';
  const data = await workbookBase64(de ? 'Rechnungsbericht' : 'Invoice report', reportColumns, rows, {
    lang,
  });
  return {
    fileName: `${de ? 'rechnungsbericht' : 'invoice-report'}-${month}.xlsx`,
    mimeType: XLSX_MIME,
    data,
  };
}
