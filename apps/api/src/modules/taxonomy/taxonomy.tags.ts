import type { z } from 'zod';
import { taxonomySchemas as s } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { assertCanWrite, taxAccess } from './taxonomy.access.ts';
import * as repo from './taxonomy.repository.ts';

/** The company's tags of taxonomy activities (seed 001 §3 Tags). */

export async function listTags(ctx: AppContext, actor: Actor) {
  const rows = await repo.listTags(ctx.db, actor.companyId);
  return list(
    rows.map((r) => ({
      id: r.tag.id,
      value: r.tag.value,
      color: r.tag.color,
      activityCount: r.activityCount,
    })),
    rows.length,
  );
}

async function tagDto(ctx: AppContext, actor: Actor, id: string) {
  const rows = await repo.listTags(ctx.db, actor.companyId);
  const r = notFoundUnless(rows.find((x) => x.tag.id === id));
  return { id: r.tag.id, value: r.tag.value, color: r.tag.color, activityCount: r.activityCount };
}

export async function createTag(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof s.taxTagBody>,
  tz: string,
) {
  assertCanWrite(await taxAccess(ctx, actor, tz));
  if (await repo.findTagByValue(ctx.db, actor.companyId, body.value)) throw new AppError('tagExists');
  const row = await repo.insertTag(ctx.db, {
    companyId: actor.companyId,
    value: body.value,
    color: body.color,
  });
  return tagDto(ctx, actor, row.id);
}

export async function updateTag(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: z.output<typeof s.taxTagPatchBody>,
  tz: string,
) {
  assertCanWrite(await taxAccess(ctx, actor, tz));
  notFoundUnless(await repo.findTag(ctx.db, actor.companyId, id));
  if (body.value) {
    const other = await repo.findTagByValue(ctx.db, actor.companyId, body.value);
    if (other && other.id !== id) throw new AppError('tagExists');
  }
  await repo.updateTag(ctx.db, actor.companyId, id, body);
  return tagDto(ctx, actor, id);
}

export async function deleteTag(ctx: AppContext, actor: Actor, id: string, tz: string) {
  assertCanWrite(await taxAccess(ctx, actor, tz));
  notFoundUnless(await repo.findTag(ctx.db, actor.companyId, id));
  await repo.deleteTag(ctx.db, actor.companyId, id);
}

export async function checkedTags(db: DbOrTx, companyId: CompanyId, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.tagsByIds(db, companyId, unique);
  // Another company's tag answers like an unknown one.
  if (found.length !== unique.length) throw new AppError('notFound', { field: 'tags' });
  return unique;
}
