/**
 * Restatement of an entry (issue 33): the entry keeps its figure until the user accepts the newer
 * factor version (or the replacement of a withdrawn factor); then the figure is computed afresh
 * and the change is written to the user action log with the old and the new figure.
 */
import type { Language } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAction } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { reportFor } from './cfc.access.ts';
import { currentFigures, entryDtos, restatementsOf } from './cfc.entries.ts';
import * as repo from './cfc.repository.ts';

type Ctx = Pick<AppContext, 'db'>;

/** The action log's name of an accepted restatement (entity `cfc`, the entry's id). */
export const RESTATEMENT_ACTION = 'cfcEntryRestated';

/** `POST /api/cfc/entries/{id}/restate`: write access to the report; only an entry with a restatement on offer. */
export async function restateEntry(ctx: Ctx, actor: Actor, id: string, lang: Language) {
  const entry = await repo.findEntry(ctx.db, actor.companyId, id);
  if (!entry) throw new AppError('notFound');
  const { report } = await reportFor(ctx, actor, entry.reportId, { write: 'writeEntryNotAllowed' });
  const offer = (await restatementsOf(ctx, actor.companyId, report, [entry])).get(entry.id);
  if (!offer) throw new AppError('cfcNothingToRestate');
  // The figure offered is the figure written: the factor the offer computed with is kept.
  const figures = await currentFigures(ctx, actor.companyId, report, entry, offer.factorId);
  const before = { co2eKg: entry.co2eKg, factorId: entry.factorId, factorVersion: entry.factorVersion };
  const after = {
    co2eKg: figures.co2eKg ?? null,
    factorId: figures.factorId ?? null,
    factorVersion: figures.factorVersion ?? null,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repo.updateEntry(tx, actor.companyId, entry.id, figures);
    await recordAction(tx, {
      companyId: actor.companyId,
      actor,
      action: RESTATEMENT_ACTION,
      entity: 'cfc',
      entityId: entry.id,
      status: 'success',
      detail: {
        reason: offer.reason,
        report: report.id,
        section: entry.section,
        before: { ...before, co2eMarketKg: entry.co2eMarketKg, wttKg: entry.wttKg, factor: entry.factor },
        after: {
          ...after,
          co2eMarketKg: figures.co2eMarketKg ?? null,
          wttKg: figures.wttKg ?? null,
          factor: figures.factor ?? null,
        },
      },
    });
    return updated as repo.EntryRow;
  });
  const [dto] = await entryDtos(ctx, actor.companyId, report, [row], lang);
  return { entry: dto, before, after };
}
