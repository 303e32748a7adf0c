import type { PartnerFootprint } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import { recordAction } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  type LegCo2,
  type LegFigures,
  type PrimaryDataState,
  findRestatement,
  primaryFigures,
  restateLeg,
  restoreLeg,
} from '../tours/index.ts';
import * as repo from './exchange.connections.repository.ts';
import { type LegRef, legsOf, toDto } from './exchange.partner-footprints.ts';

/**
 * A partner's footprint as primary data of one leg of an own shipment (decision 0018). Applying it
 * is the user's acceptance of a restatement: in one transaction the leg's stored figures become the
 * partner's (ISO 14083:2023 §5.2 and GLEC v3.1: primary, supplier-specific data before default
 * values), everything summed from the leg follows (tours), and the user action log gets
 * `shipmentLegRestated` with the figure before and after, partner, footprint id and version, as
 * `cfcEntryRestated` does for a carbon footprint entry. Stopping restores the figures from before,
 * logged the same way. A newer version fetched later is only offered (primaryDataStates).
 */
export const LEG_RESTATED = 'shipmentLegRestated';

type Row = repo.PartnerFootprintRow;
type Reason = 'primaryData' | 'newerVersion' | 'primaryDataRemoved';

/** The figure in use on a leg, with how it was made. */
function inUse(f: LegFigures, restated: boolean) {
  const method = restated ? 'primary' : f.individual ? 'fuel' : 'default';
  return { method, ...(f.individual ?? f.default) };
}

async function log(
  tx: DbOrTx,
  actor: Actor,
  row: Row,
  partner: string,
  e: { reason: Reason; tourId: string; leg: LegFigures; before: object; after: object; replaced?: object },
) {
  await recordAction(tx, {
    companyId: actor.companyId,
    actor,
    action: LEG_RESTATED,
    entity: 'tours',
    entityId: row.shipmentId,
    status: 'success',
    detail: {
      reason: e.reason,
      shipmentReference: e.leg.shipmentReference,
      tour: e.tourId,
      tourReference: e.leg.tourReference,
      partner,
      partnerFootprintId: row.id,
      footprintId: row.pfId,
      version: row.pfVersion,
      ...(e.replaced ? { replaced: e.replaced } : {}),
      before: e.before,
      after: e.after,
    },
  });
}

/** Whether `row` follows the footprint now on the leg: the same PfId newer, or a successor naming it. */
function follows(row: Row, current: { sourceId: string; source: { footprintId: string } }) {
  const preceding = (row.data as { precedingPfIds?: unknown }).precedingPfIds;
  return (
    current.sourceId === row.id ||
    (Array.isArray(preceding) && preceding.includes(current.source.footprintId))
  );
}

/** Ends the use of `row` on its leg inside `tx`: figures from before back, logged. */
async function stopUsing(tx: DbOrTx, actor: Actor, row: Row, partner: string): Promise<void> {
  if (!row.appliedTourId || !row.shipmentId) return;
  const leg = { tourId: row.appliedTourId, shipmentId: row.shipmentId };
  const current = await findRestatement(tx, actor.companyId, leg);
  if (current?.sourceId === row.id) {
    const done = await restoreLeg(tx, actor.companyId, leg);
    if (done?.before) {
      const after = done.restored
        ? { method: 'fuel', ...done.restored }
        : { method: 'default', ...done.before.default };
      await log(tx, actor, row, partner, {
        reason: 'primaryDataRemoved',
        tourId: leg.tourId,
        leg: done.before,
        before: inUse(done.before, true),
        after,
      });
    }
  }
  await repo.setApplied(tx, actor.companyId, row.id, {
    appliedTourId: null,
    appliedBy: null,
    appliedAt: null,
    appliedVersion: null,
  });
}

/** Restates the leg `tourId` of the row's shipment with the row's figures inside `tx`, logged. */
async function useFor(tx: DbOrTx, actor: Actor, row: Row, partner: string, tourId: string) {
  const companyId = actor.companyId;
  const shipmentId = row.shipmentId!;
  // A footprint applies to one leg: moved to another, the leg it left gets its figures back.
  if (row.appliedTourId && row.appliedTourId !== tourId) await stopUsing(tx, actor, row, partner);
  const current = await findRestatement(tx, companyId, { tourId, shipmentId });
  await repo.clearAppliedLeg(tx, companyId, shipmentId, tourId);
  const figures: LegCo2 & { wtw: number } = primaryFigures(row);
  const done = await restateLeg(
    tx,
    companyId,
    { tourId, shipmentId },
    {
      sourceId: row.id,
      source: { partnerName: partner, footprintId: row.pfId, version: row.pfVersion, tkm: row.tkm },
      figures,
      userId: actor.userId,
    },
  );
  if (!done) throw new AppError('partnerFootprintNotUsable');
  await repo.setApplied(tx, companyId, row.id, {
    appliedTourId: tourId,
    appliedBy: actor.userId,
    appliedAt: new Date(),
    appliedVersion: row.pfVersion,
  });
  await log(tx, actor, row, partner, {
    reason: current && follows(row, current) ? 'newerVersion' : 'primaryData',
    tourId,
    leg: done.before,
    before: inUse(done.before, current !== null),
    after: { method: 'primary', ...figures },
    ...(current
      ? { replaced: { footprintId: current.source.footprintId, version: current.source.version } }
      : {}),
  });
}

/**
 * `POST /api/exchange-partner-footprints/:id/apply`: the footprint's figures for one leg of the own
 * shipment (`tourId`), also to accept a newer version offered for a leg; null stops using it. Only an
 * active footprint matched to an own shipment, for one of that shipment's legs.
 */
export async function applyPartnerFootprint(
  ctx: AppContext,
  actor: Actor,
  id: string,
  tourId: string | null,
): Promise<PartnerFootprint> {
  const companyId = actor.companyId;
  const row = notFoundUnless(await repo.findPartnerFootprint(ctx.db, companyId, id));
  const partner = (await repo.findConnection(ctx.db, companyId, row.connectionId))?.name ?? '';
  let legs: LegRef[] = [];
  if (row.shipmentId) legs = (await legsOf(ctx, companyId, [row.shipmentId])).get(row.shipmentId) ?? [];
  if (tourId !== null) {
    if (!row.shipmentId || row.status !== 'Active') throw new AppError('partnerFootprintNotUsable');
    if (!legs.some((l) => l.tourId === tourId)) throw new AppError('partnerFootprintNotUsable');
    await ctx.db.transaction((tx) => useFor(tx, actor, row, partner, tourId));
  } else await ctx.db.transaction((tx) => stopUsing(tx, actor, row, partner));
  const fresh = notFoundUnless(await repo.findPartnerFootprint(ctx.db, companyId, id));
  return toDto({ ...fresh, connectionName: partner }, legs);
}

const offer = (r: Row) => ({
  partnerFootprintId: r.id,
  footprintId: r.pfId,
  version: r.pfVersion,
  co2eWtwKg: r.co2eWtwKg,
  co2eTtwKg: r.co2eTtwKg,
});

/** The newest active successor of a footprint along `precedingPfIds` (at most 10 steps). */
async function successor(db: DbOrTx, companyId: CompanyId, row: Row): Promise<Row | null> {
  let found: Row | null = null;
  let at = row;
  for (let step = 0; step < 10 && at.shipmentId; step++) {
    const [next] = await repo.successorsOf(db, companyId, {
      connectionId: at.connectionId,
      shipmentId: at.shipmentId,
      pfId: at.pfId,
    });
    if (!next || next.id === row.id) break;
    if (next.status === 'Active') found = next;
    at = next;
  }
  return found;
}

/**
 * The reader tours asks for the shipment detail (registered at start-up, exchange/index.ts): per
 * applied footprint whether the partner withdrew it and which newer version is on offer: the same
 * PfId fetched with a higher `version`, or an active successor naming it in `precedingPfIds`.
 */
export async function primaryDataStates(
  db: DbOrTx,
  companyId: CompanyId,
  sourceIds: string[],
): Promise<PrimaryDataState[]> {
  const rows = await repo.partnerFootprintsByIds(db, companyId, sourceIds);
  const out: PrimaryDataState[] = [];
  for (const { row } of rows) {
    const applied = row.appliedVersion ?? row.pfVersion;
    const newer =
      row.status === 'Active' && row.pfVersion > applied ? row : await successor(db, companyId, row);
    out.push({ sourceId: row.id, deprecated: row.status === 'Deprecated', newer: newer && offer(newer) });
  }
  return out;
}
