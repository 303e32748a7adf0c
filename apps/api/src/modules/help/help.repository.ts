import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TEXT_TYPES } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { helpTexts, texts } from './help.schema.ts';

// Texts and help texts are the provider's content, not tenant data: the functions take no company.

export type TextRow = typeof texts.$inferSelect;
export type TextInsert = typeof texts.$inferInsert;
export type HelpTextRow = typeof helpTexts.$inferSelect;

/** The texts of the known types (other rows are not public), by type, language and name. */
export async function listTexts(
  db: DbOrTx,
  q: { type?: string; lang?: string; name?: string },
): Promise<TextRow[]> {
  return db
    .select()
    .from(texts)
    .where(
      and(
        inArray(texts.type, [...TEXT_TYPES]),
        q.type ? eq(texts.type, q.type) : undefined,
        q.lang ? eq(texts.lang, q.lang) : undefined,
        q.name !== undefined ? eq(texts.name, q.name) : undefined,
      ),
    )
    .orderBy(asc(texts.type), asc(texts.lang), asc(texts.name));
}

/** Inserts a text unless one of its type, name and language exists; answers the new row or null. */
export async function insertTextIfMissing(db: DbOrTx, values: TextInsert): Promise<TextRow | null> {
  const [row] = await db.insert(texts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateTextValue(db: DbOrTx, id: string, value: string): Promise<TextRow | null> {
  const [row] = await db
    .update(texts)
    .set({ value, updatedAt: sql`now()` })
    .where(and(eq(texts.id, id), inArray(texts.type, [...TEXT_TYPES])))
    .returning();
  return row ?? null;
}

export async function listHelpTexts(db: DbOrTx): Promise<HelpTextRow[]> {
  return db.select().from(helpTexts).orderBy(asc(helpTexts.internalName));
}

export async function updateHelpText(
  db: DbOrTx,
  id: string,
  values: { textDe?: string; textEn?: string },
): Promise<HelpTextRow | null> {
  const [row] = await db
    .update(helpTexts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(helpTexts.id, id))
    .returning();
  return row ?? null;
}

/**
 * Adds a help text of the content files: a new name is inserted; of an existing one only a language
 * still empty is filled, so a text the platform admin wrote stays as written.
 */
export async function addHelpText(
  db: DbOrTx,
  internalName: string,
  textDe: string,
  textEn: string,
): Promise<HelpTextRow> {
  const [row] = await db
    .insert(helpTexts)
    .values({ internalName, textDe, textEn })
    .onConflictDoUpdate({
      target: helpTexts.internalName,
      set: {
        textDe: sql`case when ${helpTexts.textDe} = '' then excluded.text_de else ${helpTexts.textDe} end`,
        textEn: sql`case when ${helpTexts.textEn} = '' then excluded.text_en else ${helpTexts.textEn} end`,
      },
    })
    .returning();
  return row;
}
