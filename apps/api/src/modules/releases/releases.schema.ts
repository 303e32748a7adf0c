import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';

/** Release versions of the product (seed 002 §3 Release); provider data, not tenant data. */
export const releaseVersions = pgTable(
  'release_versions',
  {
    id: idColumn(),
    version: text('version').notNull(),
    releaseDate: date('release_date'),
    released: boolean('released').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('release_versions_version_uq').on(t.version)],
);

/** One note of a release for one module, in German and English. */
export const releaseNotes = pgTable(
  'release_notes',
  {
    id: idColumn(),
    releaseVersionId: uuid('release_version_id')
      .notNull()
      .references(() => releaseVersions.id),
    module: text('module').notNull(),
    position: integer('position').notNull().default(0),
    titleDe: text('title_de').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    shortDescriptionDe: text('short_description_de').notNull().default(''),
    shortDescriptionEn: text('short_description_en').notNull().default(''),
    descriptionDe: text('description_de').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('release_notes_version_idx').on(t.releaseVersionId, t.module, t.position)],
);
