import { type SQL, and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { pageWindow, type ListQuery } from '../../platform/lists.ts';
import { releaseNotes, releaseVersions } from './releases.schema.ts';

// Release versions and notes are the provider's content, not tenant data: no function takes a company.

export type VersionRow = typeof releaseVersions.$inferSelect & { notes: number };
export type VersionInsert = typeof releaseVersions.$inferInsert;
export type NoteRow = typeof releaseNotes.$inferSelect;
export type NoteInsert = typeof releaseNotes.$inferInsert;
/** A note with the version it belongs to, as every answer shows it. */
export type NoteWithVersion = { note: NoteRow; version: typeof releaseVersions.$inferSelect };

const noteCount = () =>
  sql<number>`(select count(*)::int from release_notes n where n.release_version_id = "release_versions"."id")`.mapWith(
    Number,
  );

/** Newest first by the numeric parts of the version (`2.10.0` after `2.9.0`), which the contract guarantees. */
const newestFirst = () => [
  desc(sql`string_to_array(${releaseVersions.version}, '.')::int[]`),
  desc(releaseVersions.createdAt),
];

export async function listVersions(
  db: DbOrTx,
  q: ListQuery & { released?: boolean },
): Promise<{ rows: VersionRow[]; total: number }> {
  const where = q.released === undefined ? undefined : eq(releaseVersions.released, q.released);
  const { offset, limit } = pageWindow(q, 1000);
  const rows = await db
    .select({ ...releaseVersionColumns, notes: noteCount() })
    .from(releaseVersions)
    .where(where)
    .orderBy(...newestFirst())
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(releaseVersions).where(where);
  return { rows, total };
}

const releaseVersionColumns = {
  id: releaseVersions.id,
  version: releaseVersions.version,
  releaseDate: releaseVersions.releaseDate,
  released: releaseVersions.released,
  createdAt: releaseVersions.createdAt,
  updatedAt: releaseVersions.updatedAt,
};

export async function findVersion(db: DbOrTx, id: string): Promise<VersionRow | null> {
  const [row] = await db
    .select({ ...releaseVersionColumns, notes: noteCount() })
    .from(releaseVersions)
    .where(eq(releaseVersions.id, id));
  return row ?? null;
}

export async function findVersionByNumber(db: DbOrTx, version: string): Promise<VersionRow | null> {
  const [row] = await db
    .select({ ...releaseVersionColumns, notes: noteCount() })
    .from(releaseVersions)
    .where(eq(releaseVersions.version, version));
  return row ?? null;
}

export async function insertVersion(db: DbOrTx, values: VersionInsert): Promise<string> {
  const [row] = await db.insert(releaseVersions).values(values).returning({ id: releaseVersions.id });
  return row.id;
}

export async function updateVersion(db: DbOrTx, id: string, values: Partial<VersionInsert>): Promise<void> {
  await db
    .update(releaseVersions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(releaseVersions.id, id));
}

/** Deletes a version only while it has no notes; false when it had some (or was gone). */
export async function deleteVersionWithoutNotes(db: DbOrTx, id: string): Promise<boolean> {
  const gone = await db
    .delete(releaseVersions)
    .where(
      and(
        eq(releaseVersions.id, id),
        sql`not exists (select 1 from release_notes n where n.release_version_id = "release_versions"."id")`,
      ),
    )
    .returning({ id: releaseVersions.id });
  return gone.length > 0;
}

/** Notes by version (newest first), module and position; `releasedOnly` for readers other than the platform admin. */
export async function listNotes(
  db: DbOrTx,
  q: { module?: string; version?: string; releasedOnly: boolean },
): Promise<NoteWithVersion[]> {
  const parts: SQL[] = [];
  if (q.module) parts.push(eq(releaseNotes.module, q.module));
  if (q.version) parts.push(eq(releaseVersions.version, q.version));
  if (q.releasedOnly) parts.push(eq(releaseVersions.released, true));
  return db
    .select({ note: releaseNotes, version: releaseVersions })
    .from(releaseNotes)
    .innerJoin(releaseVersions, eq(releaseVersions.id, releaseNotes.releaseVersionId))
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(
      ...newestFirst(),
      asc(releaseNotes.module),
      asc(releaseNotes.position),
      asc(releaseNotes.createdAt),
    )
    .limit(5000);
}

export async function findNote(db: DbOrTx, id: string): Promise<NoteWithVersion | null> {
  const [row] = await db
    .select({ note: releaseNotes, version: releaseVersions })
    .from(releaseNotes)
    .innerJoin(releaseVersions, eq(releaseVersions.id, releaseNotes.releaseVersionId))
    .where(eq(releaseNotes.id, id));
  return row ?? null;
}

export async function insertNote(db: DbOrTx, values: NoteInsert): Promise<string> {
  const [row] = await db.insert(releaseNotes).values(values).returning({ id: releaseNotes.id });
  return row.id;
}

export async function updateNote(db: DbOrTx, id: string, values: Partial<NoteInsert>): Promise<void> {
  await db
    .update(releaseNotes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(releaseNotes.id, id));
}

export async function deleteNote(db: DbOrTx, id: string): Promise<boolean> {
  const gone = await db
    .delete(releaseNotes)
    .where(eq(releaseNotes.id, id))
    .returning({ id: releaseNotes.id });
  return gone.length > 0;
}
