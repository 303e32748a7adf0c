import { expandRoles, tagTextColour } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { list } from '../../platform/lists.ts';
import * as repo from './filters.repository.ts';

type Page = { page: number; limit: number; term?: string };

/** External read-only users see only the shippers their group allows; everyone else all. */
export async function shipperScope(ctx: AppContext, actor: Actor): Promise<string[] | null> {
  const roles = expandRoles(actor.roles);
  if (roles.has('ROLE_CFT_READ_ONLY') || !roles.has('ROLE_CFT_READ_ONLY_EXTERNAL')) return null;
  return repo.allowedShippers(ctx.db, actor.companyId, actor.userId);
}

/** Tag values for the list filters; an external user sees only those on rows of their shippers. */
export async function tagSuggestions(ctx: AppContext, actor: Actor, table: 'tours' | 'shipments', q: Page) {
  const scope = await shipperScope(ctx, actor);
  const { rows, total } = await repo.tagSuggestions(ctx.db, actor.companyId, table, q, scope);
  return list(
    rows.map((r) => ({
      value: r.value,
      colorCode: r.color_code,
      textColor: r.color_code ? tagTextColour(r.color_code) : null,
    })),
    total,
  );
}

export async function shipperSuggestions(ctx: AppContext, actor: Actor, q: Page) {
  const scope = await shipperScope(ctx, actor);
  const { rows, total } = await repo.shipperSuggestions(ctx.db, actor.companyId, q, scope);
  return list(rows, total);
}
