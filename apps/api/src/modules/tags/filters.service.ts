import { tagTextColour } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { list } from '../../platform/lists.ts';
import { shipperValues, tagValues } from '../tours/index.ts';
import { shipperScope } from '../user-groups/index.ts';
import * as repo from './filters.repository.ts';

type Page = { page: number; limit: number; term?: string };

/**
 * Tag values for the list filters: those in use on tours or shipments and those the tag groups
 * define, with their group's colour; an external user sees only those on rows of their shippers.
 */
export async function tagSuggestions(ctx: AppContext, actor: Actor, table: 'tours' | 'shipments', q: Page) {
  const scope = await shipperScope(ctx, actor);
  const defined = scope === null ? await repo.definedTagValues(ctx.db, actor.companyId) : [];
  const { rows, total } = await tagValues(ctx.db, actor.companyId, table, q, scope, defined);
  const colours = await repo.tagColours(
    ctx.db,
    actor.companyId,
    rows.map((r) => r.value),
  );
  return list(
    rows.map((r) => {
      const colorCode = colours.get(r.value) ?? null;
      return { value: r.value, colorCode, textColor: colorCode ? tagTextColour(colorCode) : null };
    }),
    total,
  );
}

export async function shipperSuggestions(ctx: AppContext, actor: Actor, q: Page) {
  const scope = await shipperScope(ctx, actor);
  const { rows, total } = await shipperValues(ctx.db, actor.companyId, q, scope);
  return list(rows, total);
}
