/**
 * The factor import on the import kit (issue 38): the request settles who owns the factors and
 * checks the file's type; the job checks every row (`checkedFactors`) and writes all factors in one
 * transaction, or none.
 */
import { z } from 'zod';
import type { ImportIssue } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { AppError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/files.ts';
import { defineImport } from '../../platform/import-kit.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import * as repo from './emission-db.repository.ts';
import { checkedFactors, factorOwner } from './emission-db.spreadsheet.ts';

/** Factors per insert statement. */
const BATCH = 500;

type RowError = { row: number; code: string; field: string | null };

export const factorImport = defineImport({
  kind: 'emissionFactors',
  // null: provider factors (platform admin); else the company whose customer factors they become.
  params: z.object({ owner: z.uuid().nullable() }),
  run: async (step) => {
    const owner = step.params.owner === null ? null : asCompanyId(step.params.owner);
    const factors = await checkedFactors(
      step.ctx,
      owner,
      owner ?? step.companyId,
      step.upload as Upload,
      step.tick,
    );
    return step.write(async (tx) => {
      for (let i = 0; i < factors.length; i += BATCH) {
        await step.progress(i, factors.length);
        await repo.insertFactors(tx, factors.slice(i, i + BATCH));
      }
      return { created: factors.length };
    });
  },
  issuesOf: (err: AppError): ImportIssue[] =>
    err.key === 'importFailed' && Array.isArray(err.detail?.errors)
      ? (err.detail.errors as RowError[]).map((r) => ({
          row: r.row,
          column: r.field,
          code: r.code,
          value: null,
        }))
      : [],
});

/** `POST /api/emission-factors/import`: the owner is checked here (another company only for the platform admin). */
export function importFactors(ctx: AppContext, actor: Actor, upload: Upload) {
  return factorImport.start(ctx, actor, upload, { owner: factorOwner(actor, upload.fields.company) });
}
