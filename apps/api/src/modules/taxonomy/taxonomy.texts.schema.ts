import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../platform/db/columns.ts';

/**
 * The provider's edits of the taxonomy texts (seed 001 §3 Tax text, §6: platform admins edit them):
 * substantial-contribution texts (`criterion`, key = criteria set id), DNSH texts (`dnsh`, key =
 * DNSH criterion id) and help texts (`help`, key = help key). Provider data, no company; a missing
 * row or language falls back to the catalogue's text.
 */
export const taxTexts = pgTable(
  'tax_texts',
  {
    kind: text('kind', { enum: ['criterion', 'dnsh', 'help'] }).notNull(),
    key: text('key').notNull(),
    textDe: text('text_de'),
    textEn: text('text_en'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);
