import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';

/**
 * Texts by type and language (seed 002 §3 Text): FAQ, glossary, error explanations, tender guide,
 * welcome text, first steps. `value` is sanitised HTML. Provider data, not tenant data.
 */
export const texts = pgTable(
  'texts',
  {
    id: idColumn(),
    type: text('type').notNull(),
    /** Several texts of one type are told apart by name (e.g. one tutorial step each). */
    name: text('name').notNull().default(''),
    lang: text('lang').notNull(),
    value: text('value').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('texts_type_name_lang_uq').on(t.type, t.name, t.lang)],
);

/** Contextual help texts keyed by internal name, in German and English (sanitised HTML). */
export const helpTexts = pgTable(
  'help_texts',
  {
    id: idColumn(),
    internalName: text('internal_name').notNull(),
    textDe: text('text_de').notNull().default(''),
    textEn: text('text_en').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('help_texts_internal_name_uq').on(t.internalName)],
);
