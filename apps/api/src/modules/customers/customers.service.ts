import type { z } from 'zod';
import {
  type CustomerStats,
  type ModuleCode,
  type SalesData,
  centsToEuros,
  customerSchemas as s,
  eurosToCents,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, assertCompanyAccess } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { findCompany } from '../companies/index.ts';
import * as repo from './customers.repository.ts';

type Body = z.output<typeof s.salesDataBody>;
type Patch = z.output<typeof s.salesDataPatchBody>;

/** The longest statistics period: ten years of months. */
const MAX_PERIOD_MONTHS = 120;

function toDto(r: repo.SalesDataRow): SalesData {
  return {
    id: r.id,
    company: { id: r.companyId, name: r.companyName, customerNr: r.customerNr },
    month: r.month,
    licenses: centsToEuros(r.licensesCents),
    consulting: centsToEuros(r.consultingCents),
    licensesCents: r.licensesCents,
    consultingCents: r.consultingCents,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A customer the platform admin may keep sales for: a live company that is not the platform's. */
async function customerOf(ctx: AppContext, actor: Actor, id: string): Promise<CompanyId> {
  const companyId = assertCompanyAccess(actor, id);
  const company = notFoundUnless(await findCompany(ctx.db, companyId));
  if (company.isPlatform) throw new AppError('notFound');
  return companyId;
}

export async function listSalesData(ctx: AppContext, actor: Actor, q: ListQuery & { company?: string }) {
  const companyId = q.company ? assertCompanyAccess(actor, q.company) : undefined;
  const { rows, total } = await repo.listSalesData(ctx.db, { companyId }, q);
  return list(rows.map(toDto), total);
}

async function getSalesData(ctx: AppContext, id: string): Promise<SalesData> {
  return toDto(notFoundUnless(await repo.findSalesDataAnyCompany(ctx.db, id)));
}

export async function createSalesData(ctx: AppContext, actor: Actor, body: Body): Promise<SalesData> {
  const companyId = await customerOf(ctx, actor, body.company);
  const id = await ctx.db.transaction(async (tx) => {
    await repo.lockCompanySales(tx, companyId);
    if (await repo.findSalesDataOfMonth(tx, companyId, body.month)) {
      throw new AppError('salesDataMonthExists', { month: body.month });
    }
    return repo.insertSalesData(tx, companyId, {
      month: body.month,
      licensesCents: eurosToCents(body.licenses),
      consultingCents: eurosToCents(body.consulting),
    });
  });
  return getSalesData(ctx, id);
}

/** The row by id, with its company checked as a tenant id (the row names the company). */
async function ownedRow(ctx: AppContext, actor: Actor, id: string) {
  const row = notFoundUnless(await repo.findSalesDataAnyCompany(ctx.db, id));
  return { row, companyId: assertCompanyAccess(actor, row.companyId) };
}

export async function updateSalesData(ctx: AppContext, actor: Actor, id: string, body: Patch) {
  const { row, companyId } = await ownedRow(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await repo.lockCompanySales(tx, companyId);
    if (body.month && body.month !== row.month) {
      const taken = await repo.findSalesDataOfMonth(tx, companyId, body.month);
      if (taken && taken.id !== id) throw new AppError('salesDataMonthExists', { month: body.month });
    }
    await repo.updateSalesData(tx, companyId, id, {
      ...(body.month ? { month: body.month } : {}),
      ...(body.licenses !== undefined ? { licensesCents: eurosToCents(body.licenses) } : {}),
      ...(body.consulting !== undefined ? { consultingCents: eurosToCents(body.consulting) } : {}),
    });
  });
  return getSalesData(ctx, id);
}

export async function deleteSalesData(ctx: AppContext, actor: Actor, id: string) {
  const { companyId } = await ownedRow(ctx, actor, id);
  await repo.deleteSalesData(ctx.db, companyId, id);
}

/** `YYYY-MM` plus n months. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm);
}

/**
 * The customer statistics (seed 002 §3; each figure defined in docs/glossary.md): counts of
 * today, sales of the period `from`..`to` (months, both included; default the current year).
 */
export async function customerStats(
  ctx: AppContext,
  q: { from?: string; to?: string; module?: ModuleCode },
  now = new Date(),
): Promise<CustomerStats> {
  const year = now.getUTCFullYear();
  const from = q.from ?? `${year}-01`;
  const to = q.to ?? (q.from ? addMonths(from, 11) : `${year}-12`);
  const span = monthsBetween(from, to);
  if (span < 0 || span >= MAX_PERIOD_MONTHS) throw new AppError('invalidDateRange', { from, to });
  const { companies, users } = await repo.customerCounts(ctx.db, q.module);
  const sums = new Map(
    (await repo.salesByMonth(ctx.db, `${from}-01`, `${to}-01`, q.module)).map((r) => [r.month, r]),
  );
  const months = Array.from({ length: span + 1 }, (_, i) => {
    const month = addMonths(from, i);
    const r = sums.get(month);
    const licenses = r?.licenses ?? 0;
    const consulting = r?.consulting ?? 0;
    return { month, licenses, consulting, sales: licenses + consulting };
  });
  const salesLicenses = months.reduce((sum, m) => sum + m.licenses, 0);
  const salesConsulting = months.reduce((sum, m) => sum + m.consulting, 0);
  return {
    payingCustomers: companies.paying,
    freeCustomers: companies.free,
    usersPayingCustomers: users.paying,
    freeUsers: users.free,
    usersTotal: users.paying + users.free,
    salesLicenses,
    salesConsulting,
    sales: salesLicenses + salesConsulting,
    from,
    to,
    months,
  };
}
