import type { z } from 'zod';
import { expandRoles, platformSchemas as s } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import * as repo from './user-groups.repository.ts';
import type { CompanyId } from '../../platform/tenant.ts';

type GroupBody = z.output<typeof s.userGroupBody>;

async function toDtos(db: DbOrTx, companyId: CompanyId, rows: repo.GroupRow[]) {
  const members = await repo.membersOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    activeModules: r.activeModules as ('cfc' | 'cft' | 'tax')[],
    rights: s.userGroupRights.parse(r.rights),
    users: members
      .filter((m) => m.groupId === r.id)
      .map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim(), email: m.email })),
    createdAt: r.createdAt.toISOString(),
  }));
}

async function checkedUsers(db: DbOrTx, companyId: CompanyId, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.activeUserIds(db, companyId, unique);
  // Users of other companies are reported like unknown ids: nothing about them leaks.
  if (found.length !== unique.length) throw new AppError('notFound', { field: 'users' });
  return unique;
}

export async function listGroups(ctx: AppContext, actor: Actor, q: ListQuery) {
  const { rows, total } = await repo.listGroups(ctx.db, actor.companyId, q);
  return list(await toDtos(ctx.db, actor.companyId, rows), total);
}

export async function createGroup(ctx: AppContext, actor: Actor, body: GroupBody) {
  if (await repo.findGroupByName(ctx.db, actor.companyId, body.name)) throw new AppError('groupNameExists');
  const users = await checkedUsers(ctx.db, actor.companyId, body.users);
  const row = await ctx.db.transaction(async (tx) => {
    const group = await repo.insertGroup(tx, {
      companyId: actor.companyId,
      name: body.name,
      activeModules: body.activeModules,
      rights: s.userGroupRights.parse(body.rights ?? {}),
    });
    await repo.setMembers(tx, actor.companyId, group.id, users);
    return group;
  });
  return (await toDtos(ctx.db, actor.companyId, [row]))[0];
}

export async function updateGroup(ctx: AppContext, actor: Actor, id: string, body: Partial<GroupBody>) {
  notFoundUnless(await repo.findGroup(ctx.db, actor.companyId, id));
  if (body.name) {
    const other = await repo.findGroupByName(ctx.db, actor.companyId, body.name);
    if (other && other.id !== id) throw new AppError('groupNameExists');
  }
  const users = body.users ? await checkedUsers(ctx.db, actor.companyId, body.users) : null;
  await ctx.db.transaction(async (tx) => {
    await repo.updateGroup(tx, actor.companyId, id, {
      ...(body.name ? { name: body.name } : {}),
      ...(body.activeModules ? { activeModules: body.activeModules } : {}),
      ...(body.rights ? { rights: s.userGroupRights.parse(body.rights) } : {}),
    });
    if (users) await repo.setMembers(tx, actor.companyId, id, users);
  });
  const row = notFoundUnless(await repo.findGroup(ctx.db, actor.companyId, id));
  return (await toDtos(ctx.db, actor.companyId, [row]))[0];
}

export async function deleteGroup(ctx: AppContext, actor: Actor, id: string) {
  notFoundUnless(await repo.findGroup(ctx.db, actor.companyId, id));
  await repo.deleteGroup(ctx.db, actor.companyId, id);
}

const rightDto = (r: repo.AccessRightRow) => ({
  id: r.id,
  groupId: r.groupId,
  businessUnit: r.businessUnit,
  report: r.report,
  accessRights: r.accessRights as ('read' | 'write')[],
});

export async function listAccessRights(ctx: AppContext, actor: Actor, groupId?: string) {
  if (groupId) notFoundUnless(await repo.findGroup(ctx.db, actor.companyId, groupId));
  const rows = await repo.listAccessRights(ctx.db, actor.companyId, groupId);
  return list(rows.map(rightDto), rows.length);
}

export async function createAccessRight(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof s.accessRightBody>,
) {
  notFoundUnless(await repo.findGroup(ctx.db, actor.companyId, body.groupId));
  const [row] = await repo.insertAccessRights(ctx.db, [
    {
      companyId: actor.companyId,
      groupId: body.groupId,
      businessUnit: body.businessUnit ?? null,
      report: body.report ?? null,
      accessRights: [...new Set(body.accessRights)],
    },
  ]);
  return rightDto(row);
}

export async function replaceAccessRights(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  body: z.output<typeof s.accessRightsForGroupBody>,
) {
  notFoundUnless(await repo.findGroup(ctx.db, actor.companyId, groupId));
  const rows = await ctx.db.transaction(async (tx) => {
    await repo.deleteAccessRights(tx, actor.companyId, groupId);
    return repo.insertAccessRights(
      tx,
      body.rights.map((r) => ({
        companyId: actor.companyId,
        groupId,
        businessUnit: r.businessUnit ?? null,
        report: r.report ?? null,
        accessRights: [...new Set(r.accessRights)],
      })),
    );
  });
  return list(rows.map(rightDto), rows.length);
}

export async function deleteAccessRights(ctx: AppContext, actor: Actor, groupId: string) {
  notFoundUnless(await repo.findGroup(ctx.db, actor.companyId, groupId));
  await repo.deleteAccessRights(ctx.db, actor.companyId, groupId);
}

/** External read-only users see only the shippers their group allows; everyone else all (null). */
export async function shipperScope(ctx: AppContext, actor: Actor): Promise<string[] | null> {
  const roles = expandRoles(actor.roles);
  if (roles.has('ROLE_CFT_READ_ONLY') || !roles.has('ROLE_CFT_READ_ONLY_EXTERNAL')) return null;
  return repo.allowedShippers(ctx.db, actor.companyId, actor.userId);
}
