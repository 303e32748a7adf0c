import { inArray, sql } from 'drizzle-orm';
import type { CompanyLogo } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { companyRows, firstRow } from '../../platform/db/rows.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import type { ImageFacts } from './companies.image.ts';
import { companyLogos as l } from './companies.schema.ts';

const facts = {
  companyId: l.companyId,
  mimeType: l.mimeType,
  width: l.width,
  height: l.height,
  bytes: sql<number>`octet_length(${l.data})::int`,
  updatedAt: l.updatedAt,
};
type FactsRow = { mimeType: string; width: number; height: number; bytes: number; updatedAt: Date };

const toLogo = (r: FactsRow): CompanyLogo => ({
  mimeType: r.mimeType as CompanyLogo['mimeType'],
  width: r.width,
  height: r.height,
  bytes: r.bytes,
  updatedAt: r.updatedAt.toISOString(),
});

/** The logo's facts (no bytes) of each of these companies that has one. */
export async function logosOf(db: DbOrTx, companyIds: CompanyId[]): Promise<Map<string, CompanyLogo>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db.select(facts).from(l).where(inArray(l.companyId, companyIds));
  return new Map(rows.map((r) => [r.companyId, toLogo(r)]));
}

/** The stored logo with its bytes, or null. */
export const findLogo = (db: DbOrTx, companyId: CompanyId) =>
  firstRow(db.select().from(l).where(companyRows(l, companyId)));

/** Stores the company's logo, replacing the one before. */
export async function saveLogo(
  db: DbOrTx,
  companyId: CompanyId,
  image: ImageFacts,
  data: Buffer,
): Promise<CompanyLogo> {
  const values = { mimeType: image.mimeType, width: image.width, height: image.height, data };
  const [row] = await db
    .insert(l)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: l.companyId, set: { ...values, updatedAt: sql`now()` } })
    .returning(facts);
  return toLogo(row);
}

/** Removes the company's logo; true when there was one. */
export async function removeLogo(db: DbOrTx, companyId: CompanyId): Promise<boolean> {
  const rows = await db.delete(l).where(companyRows(l, companyId)).returning({ companyId: l.companyId });
  return rows.length > 0;
}
