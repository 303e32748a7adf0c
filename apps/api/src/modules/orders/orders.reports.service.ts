import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  type Language,
  type OrderDashboard,
  type OrderSummary,
  MASTER_LABELS,
  ORDER_TRANSPORT_MODES,
  orderSchemas,
} from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';
import { documentIssuer } from '../../platform/pdf-company.ts';
import { type Column, type Label, XLSX_MIME, workbookBase64 } from '../../platform/spreadsheet.ts';
import * as repo from './orders.repository.ts';
import { certificateFileName, renderCertificatePdf } from './orders.pdf.ts';
import { getOrder, summaryDto } from './orders.service.ts';
import { texts } from '@klimadesk/contract/messages';

type DashboardQuery = z.output<typeof orderSchemas.orderDashboardQuery>;
type ExportQuery = z.output<typeof orderSchemas.orderExportQuery>;

/** The most orders one export holds (a basic company has 50 a month; a professional one more). */
export const ORDER_EXPORT_MAX_ROWS = 100_000;

/** g CO2e (WTW) per tkm of summed figures, as an order's own intensity (orders.totals.ts). */
const withIntensity = <T extends repo.FigureSums>(s: T) => ({
  ...s,
  intensity: s.tkm > 0 ? (s.co2Wtw * 1000) / s.tkm : 0,
});

// ---- Dashboard ------------------------------------------------------------------------------------

/** Seed 000 §2 /basic/overview: the basic tours (first alternatives) in total and by mode. */
export async function orderDashboard(
  ctx: AppContext,
  actor: Actor,
  q: DashboardQuery,
): Promise<OrderDashboard> {
  const totals = await repo.dashboardTotals(ctx.db, actor.companyId, q);
  const modes = await repo.dashboardByMode(ctx.db, actor.companyId, q);
  const rank = (m: string) => ORDER_TRANSPORT_MODES.indexOf(m as (typeof ORDER_TRANSPORT_MODES)[number]);
  return {
    ...withIntensity(totals),
    byMode: modes
      .sort((x, y) => rank(x.transportMode) - rank(y.transportMode))
      .map((m) => ({ ...withIntensity(m), transportMode: m.transportMode as OrderSummary['modes'][number] })),
  };
}

const nextMonth = (m: string) => {
  const [y, mo] = m.split('-').map(Number);
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
};

/** The chart's months: every month from the first to the last with orders, empty ones as zero. */
export async function orderClimateMonths(ctx: AppContext, actor: Actor, q: DashboardQuery) {
  const rows = await repo.dashboardMonths(ctx.db, actor.companyId, q);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const out = [];
  if (rows.length) {
    const last = rows[rows.length - 1].month;
    for (let m = rows[0].month; m <= last; m = nextMonth(m)) {
      const r = byMonth.get(m) ?? { month: m, orders: 0, co2Ttw: 0, co2Wtt: 0, co2Wtw: 0, tkm: 0 };
      out.push(withIntensity(r));
    }
  }
  return list(out, out.length);
}

// ---- Export ---------------------------------------------------------------------------------------

const names = (listName: string) =>
  new Map<string, Label>(Object.entries(MASTER_LABELS[listName]).map(([code, l]) => [code, l]));

/** The export's columns; the modes are one text cell in the reader's language. */
const exportColumns = (lang: Language): Column<OrderSummary>[] => [
  { key: 'number', header: texts('orders.reports.orderNumber') },
  { key: 'client', header: texts('orders.reports.client'), width: 28 },
  { key: 'date', header: texts('orders.reports.date'), type: 'day' },
  { key: 'status', header: texts('orders.reports.status'), names: names('orderStatus') },
  { key: 'position', header: texts('orders.reports.alternative'), type: 'integer', width: 10 },
  { key: 'cargoType', header: texts('orders.reports.cargo'), names: names('cargo') },
  { key: 'freightType', header: texts('orders.reports.freightType'), names: names('freightType') },
  { key: 'quantity', header: texts('orders.reports.quantity'), type: 'integer', width: 10 },
  { key: 'grossWeight', header: texts('orders.reports.grossWeight'), type: 'number', digits: 3 },
  { key: 'grossWeightUnit', header: texts('orders.reports.unit'), width: 8 },
  {
    key: 'modes',
    header: texts('orders.reports.transportModes'),
    width: 30,
    value: (o) => o.modes.map((m) => MASTER_LABELS.transportMode[m][lang]).join(', '),
  },
  { key: 'co2Ttw', header: texts('orders.reports.ttwKgCO2e'), type: 'number', digits: 2 },
  { key: 'co2Wtt', header: texts('orders.reports.wttKgCO2e'), type: 'number', digits: 2 },
  { key: 'co2Wtw', header: texts('orders.reports.wtwKgCO2e'), type: 'number', digits: 2 },
  {
    key: 'hubCo2Wtw',
    header: texts('orders.reports.ofWhichHubsWTWKg'),
    type: 'number',
    digits: 2,
  },
  { key: 'tkm', header: 'tkm', type: 'number', digits: 2 },
  {
    key: 'intensity',
    header: texts('orders.reports.intensityGCO2eTkm'),
    type: 'number',
    digits: 1,
  },
  { key: 'label', header: texts('orders.reports.label') },
  { key: 'note', header: texts('orders.reports.note'), width: 40 },
];

/** Seed 000 §7: the filtered order list as a spreadsheet (base64 with a file name). */
export async function exportOrders(ctx: AppContext, actor: Actor, q: ExportQuery, lang: Language) {
  const { rows } = await repo.listOrders(
    ctx.db,
    actor.companyId,
    { ...q, page: 1, limit: ORDER_EXPORT_MAX_ROWS, pagination: 'false' },
    ORDER_EXPORT_MAX_ROWS,
  );
  if (rows.length === 0) throw new AppError('emptyExport');
  const de = lang === 'de';
  const data = await workbookBase64(de ? 'Aufträge' : 'Orders', exportColumns(lang), rows.map(summaryDto), {
    lang,
    timeZone: 'UTC',
  });
  const date = new Date().toISOString().slice(0, 10);
  return { fileName: `${de ? 'auftraege' : 'orders'}-${date}.xlsx`, mimeType: XLSX_MIME, data };
}

// ---- Certificate ----------------------------------------------------------------------------------

/** The emission certificate of one order as a PDF in the request language. */
export async function orderCertificate(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
  reply: FastifyReply,
  now = new Date(),
) {
  const order = await getOrder(ctx, actor, id, lang);
  reply.header('content-disposition', `attachment; filename="${certificateFileName(order, lang)}"`);
  reply.header('cache-control', 'private, no-store');
  reply.header('content-type', 'application/pdf');
  const { company, logo } = await documentIssuer(ctx.db, actor.companyId);
  return renderCertificatePdf(order, lang, now, { company, logo });
}
