import type { FastifyReply } from 'fastify';
import type { Language, ShipperStatement, statementsSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { XLSX_MIME } from '../../platform/spreadsheet.ts';
import { documentIssuer } from '../../platform/pdf-company.ts';
import { assertUnlocked } from '../companies/index.ts';
import {
  type Filters,
  resolveFilterScope,
  shipmentFactorSets,
  shipmentSumsByMode,
  shipmentTotals,
} from '../tours/index.ts';
import { assembleStatement, vehicleTypeModes } from './statements.math.ts';
import * as repo from './statements.repository.ts';
import { renderStatementPdf, renderStatementXlsx } from './statements.render.ts';

type StatementQuery = z.output<typeof statementsSchemas.statementQuery>;
type StatementFileQuery = z.output<typeof statementsSchemas.statementFileQuery>;

/**
 * A shipper's emission statement for a period (both days included, in the user's time zone).
 * The shipments are chosen with the shared list filters (shipper and departure days), so the
 * statement covers exactly what the shipment list shows for the same filter.
 */
export async function shipperStatement(
  ctx: AppContext,
  actor: Actor,
  q: StatementQuery,
  timeZone: string,
  now = new Date(),
): Promise<ShipperStatement> {
  if (q.from > q.to) throw new AppError('invalidDateRange', { from: q.from, to: q.to });
  assertUnlocked(actor);
  const filters: Filters = {
    shipper: [q.shipper],
    'departureDate[after]': q.from,
    'departureDate[before]': q.to,
  };
  const scope = await resolveFilterScope(ctx, actor, timeZone, filters);
  const company = notFoundUnless(await repo.companyAddress(ctx.db, actor.companyId));
  // The sums read from the replica when there is one (docs/scaling.md).
  const totals = await shipmentTotals(ctx.readDb, filters, scope);
  const modes = await shipmentSumsByMode(ctx.readDb, filters, scope, vehicleTypeModes());
  const factorSets = await shipmentFactorSets(ctx.readDb, filters, scope);
  return assembleStatement({
    shipper: q.shipper,
    from: q.from,
    to: q.to,
    company: {
      name: company.name,
      street: company.street || null,
      zipcode: company.zipcode || null,
      city: company.city || null,
      country: company.country,
    },
    generatedAt: now,
    shipments: totals.shipments,
    weightKg: totals.weightKg,
    modes,
    factorSets,
  });
}

function fileName(s: ShipperStatement, ext: string): string {
  const shipper =
    s.shipper
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'shipper';
  return `statement-${shipper}-${s.from}-${s.to}.${ext}`;
}

/** The statement as a PDF (streamed) or xlsx download in the asked language. */
export async function shipperStatementFile(
  ctx: AppContext,
  actor: Actor,
  q: StatementFileQuery,
  requestLang: Language,
  timeZone: string,
  reply: FastifyReply,
) {
  const statement = await shipperStatement(ctx, actor, q, timeZone);
  const lang = q.lang ?? requestLang;
  const name = fileName(statement, q.format);
  reply.header(
    'content-disposition',
    `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  reply.header('cache-control', 'private, no-store');
  if (q.format === 'pdf') {
    reply.header('content-type', 'application/pdf');
    const { logo } = await documentIssuer(ctx.db, actor.companyId);
    return renderStatementPdf(statement, lang, timeZone, { logo });
  }
  reply.header('content-type', XLSX_MIME);
  return renderStatementXlsx(statement, lang, timeZone);
}
