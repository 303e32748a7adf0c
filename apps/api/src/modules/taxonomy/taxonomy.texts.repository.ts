import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { taxTexts } from './taxonomy.texts.schema.ts';

/** Provider data without a company (seed 001 §6: platform admins keep the tax texts). */
export type TextKind = (typeof taxTexts.$inferSelect)['kind'];
export type TextRow = typeof taxTexts.$inferSelect;

/** The provider's texts of one kind, all or for the given keys. */
export async function textRows(db: DbOrTx, kind: TextKind, keys?: readonly string[]): Promise<TextRow[]> {
  if (keys && keys.length === 0) return [];
  return db
    .select()
    .from(taxTexts)
    .where(keys ? and(eq(taxTexts.kind, kind), inArray(taxTexts.key, [...keys])) : eq(taxTexts.kind, kind));
}

/** Writes the languages given (undefined keeps the stored value, null clears it back to the default). */
export async function upsertText(
  db: DbOrTx,
  kind: TextKind,
  key: string,
  texts: { textDe?: string | null; textEn?: string | null },
): Promise<TextRow> {
  const set = { ...texts, updatedAt: new Date() };
  const [row] = await db
    .insert(taxTexts)
    .values({ kind, key, textDe: texts.textDe ?? null, textEn: texts.textEn ?? null })
    .onConflictDoUpdate({ target: [taxTexts.kind, taxTexts.key], set })
    .returning();
  return row;
}
