import type { FastifyReply } from 'fastify';
import { type TaxFile, type TaxFileOwner, taxonomySchemas as s } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import type { DocumentUpload } from '../../platform/files.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './taxonomy.repository.ts';
import { assertCanWrite, assertYearWritable, taxAccess } from './taxonomy.access.ts';

/** Evidence files of activities, criteria, DNSH checks and financial years (seed 001 §3 Files, §7). */

export const fileDto = (f: repo.FileRow): TaxFile => ({
  id: f.id,
  name: f.name,
  note: f.note,
  mimeType: f.mimeType,
  size: f.size,
  type: f.ownerType as TaxFileOwner,
  ownerId: f.ownerId,
  createdAt: f.createdAt.toISOString(),
});

/** The financial year and activity a file's owner belongs to (null: not the company's). */
async function ownerOf(
  db: DbOrTx,
  companyId: CompanyId,
  type: TaxFileOwner,
  id: string,
): Promise<{ yearId: string; activityId: string | null } | null> {
  if (type === 'financialYear') {
    const y = await repo.findYear(db, companyId, id);
    return y && { yearId: y.id, activityId: null };
  }
  let activityId = id;
  if (type === 'dnsh') {
    const check = await repo.findDnsh(db, companyId, id);
    if (!check) return null;
    const c = await repo.findCriterion(db, companyId, check.criterionId);
    if (!c) return null;
    activityId = c.activityId;
  } else if (type === 'criteria') {
    const c = await repo.findCriterion(db, companyId, id);
    if (!c) return null;
    activityId = c.activityId;
  }
  const a = await repo.findActivity(db, companyId, activityId);
  return a && { yearId: a.financialYearId, activityId: a.id };
}

export async function uploadFile(ctx: AppContext, actor: Actor, upload: DocumentUpload, timeZone: string) {
  const access = await taxAccess(ctx, actor, timeZone);
  assertCanWrite(access);
  const form = s.taxFileForm.safeParse(upload.fields);
  if (!form.success) throw new AppError('validationFailed', { issues: form.error.issues });
  const owner = notFoundUnless(await ownerOf(ctx.db, actor.companyId, form.data.type, form.data.id));
  const year = assertYearWritable(access, await repo.findYear(ctx.db, actor.companyId, owner.yearId));
  // The year's own evidence (review, minimum safeguards) is kept by those who keep the year.
  if (form.data.type === 'financialYear' && !access.isYearAdmin) throw new AppError('noRights');
  const row = await repo.insertFile(ctx.db, {
    companyId: actor.companyId,
    ownerType: form.data.type,
    ownerId: form.data.id,
    financialYearId: year.id,
    activityId: owner.activityId,
    name: upload.fileName.slice(0, 255),
    mimeType: upload.mimeType,
    size: upload.buffer.length,
    note: form.data.note || null,
    data: upload.buffer,
  });
  return fileDto(row);
}

const PATH_TYPES: Record<string, TaxFileOwner> = {
  activity: 'activity',
  criteria: 'criteria',
  dnsh: 'dnsh',
  'financial-year': 'financialYear',
};

export async function deleteFile(
  ctx: AppContext,
  actor: Actor,
  pathType: string,
  id: string,
  timeZone: string,
) {
  const access = await taxAccess(ctx, actor, timeZone);
  assertCanWrite(access);
  const file = await repo.findFileMeta(ctx.db, actor.companyId, id);
  const owner = Object.hasOwn(PATH_TYPES, pathType) ? PATH_TYPES[pathType] : undefined;
  if (!file || file.ownerType !== owner) throw new AppError('notFound');
  assertYearWritable(access, await repo.findYear(ctx.db, actor.companyId, file.financialYearId));
  if (file.ownerType === 'financialYear' && !access.isYearAdmin) throw new AppError('noRights');
  await repo.deleteFile(ctx.db, actor.companyId, id);
}

export async function downloadFile(ctx: AppContext, actor: Actor, id: string, reply: FastifyReply) {
  const access = await taxAccess(ctx, actor);
  const file = notFoundUnless(await repo.findFile(ctx.db, actor.companyId, id));
  const year = await repo.findYear(ctx.db, actor.companyId, file.financialYearId);
  if (!year || !access.readable(year)) throw new AppError('notFound');
  reply.header('content-type', file.mimeType);
  reply.header(
    'content-disposition',
    `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  );
  reply.header('cache-control', 'private, no-store');
  // Stored files are never rendered by the browser as a page of this origin.
  reply.header('x-content-type-options', 'nosniff');
  return file.data;
}
