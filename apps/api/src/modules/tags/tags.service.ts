import { type TagGroup, tagSchemas, tagTextColour } from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import * as repo from './tags.repository.ts';
import type { CompanyId } from '../../platform/tenant.ts';

type Body = z.output<typeof tagSchemas.tagGroupBody>;
type Patch = z.output<typeof tagSchemas.tagGroupPatchBody>;

function toDto(g: repo.TagGroupRow, tags: repo.TagRow[]): TagGroup {
  return {
    id: g.id,
    name: g.name,
    colorCode: g.colorCode.toLowerCase(),
    textColor: tagTextColour(g.colorCode),
    tags: tags.filter((t) => t.tagGroupId === g.id).map((t) => ({ id: t.id, value: t.value })),
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

/** Tag values are unique per company (case-insensitive), inside the request and across groups. */
async function assertFreeValues(
  ctx: AppContext,
  companyId: CompanyId,
  groupId: string | null,
  values: string[],
) {
  const seen = new Set<string>();
  for (const v of values) {
    const key = v.toLowerCase();
    if (seen.has(key)) throw new AppError('tagExists', { value: v });
    seen.add(key);
  }
  const taken = await repo.valuesTakenElsewhere(ctx.db, companyId, groupId, values);
  if (taken.length) throw new AppError('tagExists', { value: taken[0] });
}

export async function listTagGroups(ctx: AppContext, actor: Actor, q: ListQuery & { search?: string }) {
  const { rows, total } = await repo.listTagGroups(ctx.db, actor.companyId, q);
  const tags = await repo.tagsOfGroups(
    ctx.db,
    actor.companyId,
    rows.map((r) => r.id),
  );
  return list(
    rows.map((r) => toDto(r, tags)),
    total,
  );
}

export async function getTagGroup(ctx: AppContext, actor: Actor, id: string): Promise<TagGroup> {
  const g = notFoundUnless(await repo.findTagGroup(ctx.db, actor.companyId, id));
  return toDto(g, await repo.tagsOfGroups(ctx.db, actor.companyId, [g.id]));
}

export async function createTagGroup(ctx: AppContext, actor: Actor, body: Body): Promise<TagGroup> {
  await assertFreeValues(
    ctx,
    actor.companyId,
    null,
    body.tags.map((t) => t.value),
  );
  const id = await ctx.db.transaction(async (tx) => {
    const g = await repo.insertTagGroup(tx, {
      companyId: actor.companyId,
      name: body.name,
      colorCode: body.colorCode.toLowerCase(),
    });
    await repo.replaceTags(tx, actor.companyId, g.id, body.tags);
    return g.id;
  });
  return getTagGroup(ctx, actor, id);
}

export async function updateTagGroup(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: Patch,
): Promise<TagGroup> {
  notFoundUnless(await repo.findTagGroup(ctx.db, actor.companyId, id));
  if (body.tags) {
    // A tag id must be one of this group's tags: an id of another group or company would match
    // nothing, and the replace would silently drop the group's own tags.
    const own = new Set((await repo.tagsOfGroups(ctx.db, actor.companyId, [id])).map((t) => t.id));
    const foreign = body.tags.find((t) => t.id !== undefined && !own.has(t.id));
    if (foreign) throw new AppError('notFound', { tagId: foreign.id });
    await assertFreeValues(
      ctx,
      actor.companyId,
      id,
      body.tags.map((t) => t.value),
    );
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateTagGroup(tx, actor.companyId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.colorCode !== undefined ? { colorCode: body.colorCode.toLowerCase() } : {}),
    });
    if (body.tags) await repo.replaceTags(tx, actor.companyId, id, body.tags);
  });
  return getTagGroup(ctx, actor, id);
}

export async function deleteTagGroup(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  notFoundUnless(await repo.findTagGroup(ctx.db, actor.companyId, id));
  await repo.deleteTagGroup(ctx.db, actor.companyId, id);
}
