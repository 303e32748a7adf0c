import type { AppContext } from '../../platform/context.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import * as repo from './invoicing.repository.ts';
import { addMonths, monthOf } from './invoicing.pricing.ts';

/** Shipments per past month of the demo professional company (oldest first), a growing customer. */
const DEMO_USAGE = [8_400, 9_150, 11_200, 10_480, 12_900, 14_350];

/**
 * Usage of the last six months for the demo professional company, so the invoicing screens and the
 * report have history. Idempotent: a month that has usage is left alone; the current month comes
 * from the demo import itself.
 */
export async function seedDemoUsage(ctx: AppContext, now = new Date()): Promise<void> {
  if (!ctx.config.seedDemo) return;
  const id = await repo.companyOfUserEmail(ctx.db, 'admin@demo-pro.local');
  if (!id) return;
  const current = monthOf(now);
  await repo.insertUsageIfMissing(
    ctx.db,
    asCompanyId(id),
    DEMO_USAGE.map((shipments, i) => ({
      month: `${addMonths(current, i - DEMO_USAGE.length)}-01`,
      source: 'import' as const,
      shipments,
      uploads: 4 + (i % 3),
    })),
  );
}
