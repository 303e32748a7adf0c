import { asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import { companyRows } from '../../platform/db/rows.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { tourCodes } from './mappings.schema.ts';

// The bulk push's look-ups: its tasks are import tasks whose job payload carries the caller's requestId.

/**
 * Serialises the calls of one company with one requestId until the transaction ends, so two
 * repeats sent at once queue one job (a transaction-scoped advisory lock, on PGlite as well).
 */
export async function lockRequest(tx: DbOrTx, companyId: CompanyId, requestId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`bulk:${companyId}:${requestId}`}, 0))`,
  );
}

/** The import task a company's earlier bulk push with this requestId queued, if any. */
export async function taskOfRequest(
  db: DbOrTx,
  companyId: CompanyId,
  queue: string,
  requestId: string,
): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select t.id from jobs j
      join mapping_import_tasks t on t.company_id = j.company_id and t.job_id = j.id
      where j.company_id = ${companyId} and j.queue = ${queue} and j.payload ->> 'requestId' = ${requestId}
      order by t.uploaded_at limit 1`),
  );
  return rows[0]?.id ?? null;
}

/** The requestId the job of an import task was queued with (null: none, or not a bulk push). */
export async function requestIdOfJob(
  db: DbOrTx,
  companyId: CompanyId,
  jobId: string,
): Promise<string | null> {
  const rows = rowsOf<{ requestId: string | null }>(
    await db.execute(
      sql`select payload ->> 'requestId' "requestId" from jobs where company_id = ${companyId} and id = ${jobId}`,
    ),
  );
  return rows[0]?.requestId ?? null;
}

/** The first `limit` row issues of a task, by row. */
export function firstTourCodes(db: DbOrTx, companyId: CompanyId, taskId: string, limit: number) {
  return db
    .select({
      row: tourCodes.rowNumber,
      column: tourCodes.column,
      code: tourCodes.code,
      message: tourCodes.message,
      tour: tourCodes.tourReference,
    })
    .from(tourCodes)
    .where(companyRows(tourCodes, companyId, eq(tourCodes.taskId, taskId)))
    .orderBy(asc(tourCodes.rowNumber), asc(tourCodes.id))
    .limit(limit);
}
