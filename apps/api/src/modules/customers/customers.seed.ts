import type { AppContext } from '../../platform/context.ts';
import * as repo from './customers.repository.ts';

/** Demo sales in cents: licenses per month and consulting in some months, for the chart and KPIs. */
const DEMO_SALES: Record<string, { licenses: number; consulting: number[] }> = {
  'admin@demo-pro.local': { licenses: 124_900, consulting: [0, 45_000, 0, 0, 120_000, 0] },
  'admin@demo-trial.local': { licenses: 0, consulting: [0, 0, 30_000] },
};

/** `YYYY-MM` plus n months. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Sales rows of the demo customers for the last twelve months up to the current one, so
 * /smp-admin/customers shows figures and a chart. Runs on every start with demo data; idempotent.
 */
export async function seedDemoSales(ctx: AppContext, now = new Date()): Promise<void> {
  if (!ctx.config.seedDemo) return;
  const current = now.toISOString().slice(0, 7);
  for (const [email, sales] of Object.entries(DEMO_SALES)) {
    const companyId = await repo.companyOfLogin(ctx.db, email);
    if (!companyId) continue;
    await repo.insertSalesIfMissing(
      ctx.db,
      companyId,
      Array.from({ length: 12 }, (_, i) => ({
        month: `${addMonths(current, i - 11)}-01`,
        licensesCents: sales.licenses,
        consultingCents: sales.consulting[i % sales.consulting.length],
      })).filter((r) => r.licensesCents + r.consultingCents > 0),
    );
  }
}
