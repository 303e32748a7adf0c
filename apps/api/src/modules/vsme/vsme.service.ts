/**
 * VSME reports (issue 40): one per company and year, its values per datapoint of the catalogue,
 * prefilled from the carbon footprint of the year, completeness per disclosure. The VSME roles
 * decide access (admins and users write, read-only users read); each CSRD role holds the VSME role
 * of its level (ROLE_HIERARCHY), as a CSRD booking includes VSME.
 */
import {
  type Language,
  type Role,
  type VsmeCompleteness,
  type VsmeFact,
  type VsmeReport,
  type VsmeValue,
  type vsmeSchemas,
  isNumericKind,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, hasAnyRole, isReadOnlyUser } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { catalogueAnswer, placementOf, vsmeCatalogue } from './vsme.catalogue.ts';
import { PREFILLABLE, type Prefills, TURNOVER, factKey, prefillsOf } from './vsme.prefill.ts';
import * as repo from './vsme.repository.ts';
import type { StoredValue } from './vsme.schema.ts';
import { type ReportFrame, applies, fitsType } from './vsme.validate.ts';

const READ: Role[] = ['ROLE_VSME_READ_ONLY'];
const WRITE: Role[] = ['ROLE_VSME_USER'];

/** The company a VSME use case works in, after the VSME role check (read, or write and not read-only). */
export function vsmeCompany(actor: Actor, write = false): CompanyId {
  if (!actor.companyId) throw new AppError('InvalidRequestNoCompany');
  if (!hasAnyRole(actor, write ? WRITE : READ)) throw new AppError('noRights');
  if (write && isReadOnlyUser(actor.roles)) throw new AppError('readOnly');
  return actor.companyId;
}

export function catalogue(actor: Actor, lang: Language) {
  vsmeCompany(actor);
  return catalogueAnswer(lang, PREFILLABLE);
}

export const frameOf = (r: repo.ReportRow): ReportFrame => ({
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  comprehensive: r.comprehensive,
  notApplicable: r.notApplicable,
  identifierScheme: r.identifierScheme,
  identifier: r.identifier,
});

const sameValue = (a: VsmeValue, b: VsmeValue) =>
  typeof a === 'number' && typeof b === 'number'
    ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b))
    : JSON.stringify(a) === JSON.stringify(b);

/** Stored values over the prefills: an entered value where there is one, the footprint's figure elsewhere. */
export function mergeFacts(stored: repo.ValueRow[], prefills: Prefills): VsmeFact[] {
  const out = new Map<string, VsmeFact>();
  for (const [key, p] of prefills) {
    const [concept, member] = key.split('|');
    out.set(key, {
      concept,
      member,
      value: p.value,
      origin: 'prefilled',
      prefill: p,
      overrideReason: null,
      updatedAt: null,
    });
  }
  for (const v of stored) {
    const key = factKey(v.concept, v.member);
    const prefill = prefills.get(key) ?? null;
    out.set(key, {
      concept: v.concept,
      member: v.member,
      value: v.value.v,
      origin: prefill ? 'overridden' : 'entered',
      prefill,
      overrideReason: prefill ? v.overrideReason : null,
      updatedAt: v.updatedAt.toISOString(),
    });
  }
  return [...out.values()];
}

/** Applicable and filled datapoints per disclosure; a table's datapoint counts as filled with one row. */
export function completenessOf(frame: ReportFrame, facts: VsmeFact[]): VsmeCompleteness[] {
  const values = new Map(facts.map((f) => [factKey(f.concept, f.member), f.value]));
  const filledIn = new Set<string>();
  for (const f of facts) {
    const p = placementOf(f.concept, f.member);
    if (p) filledIn.add(`${p.group.id}|${f.concept}`);
  }
  return vsmeCatalogue().disclosures.map((d) => {
    let applicable = 0;
    let filled = 0;
    for (const g of d.groups)
      for (const dp of g.datapoints) {
        if (!applies(dp.applicableWhen, values)) continue;
        applicable += 1;
        if (filledIn.has(`${g.id}|${dp.concept}`)) filled += 1;
      }
    return {
      code: d.code,
      module: d.module,
      included: d.module === 'basic' || frame.comprehensive,
      notApplicable: frame.notApplicable.includes(d.code),
      applicable,
      filled,
    };
  });
}

const numberOf = (v: VsmeValue | undefined) => (typeof v === 'number' ? v : null);

/** A report with its values (stored over prefilled) and completeness. */
export async function loadReport(ctx: Pick<AppContext, 'db'>, companyId: CompanyId, row: repo.ReportRow) {
  const stored = (await repo.valuesOf(ctx.db, companyId, [row.id])).get(row.id) ?? [];
  const turnover = numberOf(stored.find((v) => v.concept === TURNOVER && v.member === '')?.value.v);
  const { prefills, footprint } = await prefillsOf(ctx, companyId, row, turnover);
  const facts = mergeFacts(stored, prefills);
  return { row, facts, prefills, footprint, completeness: completenessOf(frameOf(row), facts) };
}

function reportDto(loaded: Awaited<ReturnType<typeof loadReport>>): VsmeReport {
  const { row } = loaded;
  return {
    id: row.id,
    year: row.year,
    comprehensive: row.comprehensive,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    identifierScheme: row.identifierScheme as VsmeReport['identifierScheme'],
    identifier: row.identifier,
    notApplicable: row.notApplicable as VsmeReport['notApplicable'],
    currency: 'EUR',
    values: loaded.facts,
    completeness: loaded.completeness,
    footprint: loaded.footprint,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function reportOf(db: DbOrTx, companyId: CompanyId, id: string) {
  return notFoundUnless(await repo.findReport(db, companyId, id));
}

type Out<T extends z.ZodType> = z.output<T>;

export async function listReports(
  ctx: AppContext,
  actor: Actor,
  q: Out<typeof vsmeSchemas.vsmeReportListQuery>,
) {
  const companyId = vsmeCompany(actor);
  const { rows, total } = await repo.listReports(ctx.db, companyId, pageWindow(q));
  const items = [];
  for (const row of rows) {
    const {
      values: _values,
      footprint: _footprint,
      ...item
    } = reportDto(await loadReport(ctx, companyId, row));
    items.push(item);
  }
  return list(items, total);
}

export async function getReport(ctx: AppContext, actor: Actor, id: string): Promise<VsmeReport> {
  const companyId = vsmeCompany(actor);
  return reportDto(await loadReport(ctx, companyId, await reportOf(ctx.db, companyId, id)));
}

/** The identifier of the company's latest report: a new report starts from it, the CSRD Inline XBRL uses it. */
export async function lastIdentifier(db: DbOrTx, companyId: CompanyId) {
  const { rows } = await repo.listReports(db, companyId, { offset: 0, limit: 1 });
  return rows[0] ? { scheme: rows[0].identifierScheme, identifier: rows[0].identifier } : null;
}

export async function createReport(
  ctx: AppContext,
  actor: Actor,
  body: Out<typeof vsmeSchemas.vsmeReportBody>,
): Promise<VsmeReport> {
  const companyId = vsmeCompany(actor, true);
  if (await repo.findReportOfYear(ctx.db, companyId, body.year))
    throw new AppError('ReportForYearExists', { year: body.year });
  const last = body.identifier === undefined ? await lastIdentifier(ctx.db, companyId) : null;
  const row = await repo.insertReport(ctx.db, {
    companyId,
    year: body.year,
    comprehensive: body.comprehensive,
    periodStart: body.periodStart ?? `${body.year}-01-01`,
    periodEnd: body.periodEnd ?? `${body.year}-12-31`,
    identifierScheme: last?.scheme ?? body.identifierScheme,
    identifier: last ? last.identifier : (body.identifier ?? null),
  });
  return reportDto(await loadReport(ctx, companyId, row));
}

export async function patchReport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: Out<typeof vsmeSchemas.vsmeReportPatch>,
): Promise<VsmeReport> {
  const companyId = vsmeCompany(actor, true);
  await reportOf(ctx.db, companyId, id);
  const row = notFoundUnless(await repo.updateReport(ctx.db, companyId, id, body));
  return reportDto(await loadReport(ctx, companyId, row));
}

export async function deleteReport(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const companyId = vsmeCompany(actor, true);
  await reportOf(ctx.db, companyId, id);
  await repo.deleteReport(ctx.db, companyId, id);
}

/** An entered value as stored: texts trimmed, years as `YYYY`; refused when it does not fit the datapoint. */
function normalised(concept: string, member: string, value: VsmeValue): StoredValue {
  const place = placementOf(concept, member);
  if (!place) throw new AppError('vsmeValueInvalid', { concept, member, problem: 'member' });
  const dp = place.datapoint;
  let v: VsmeValue = typeof value === 'string' ? value.trim() : value;
  if (dp.kind === 'year' && typeof v === 'number') v = String(v);
  if (!fitsType(dp, v))
    throw new AppError('vsmeValueInvalid', { concept, member, problem: 'dataType', expected: dp.kind });
  if (isNumericKind(dp.kind) && !Number.isFinite(v))
    throw new AppError('vsmeValueInvalid', { concept, member });
  return v;
}

/**
 * `PATCH /api/vsme/vsme-reports/{id}/values`: writes values; a value equal to the footprint's
 * figure is not stored (the datapoint keeps following the footprint), another one needs a reason.
 */
export async function updateValues(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: Out<typeof vsmeSchemas.vsmeValuesBody>,
): Promise<VsmeReport> {
  const companyId = vsmeCompany(actor, true);
  const row = await reportOf(ctx.db, companyId, id);
  const stored = (await repo.valuesOf(ctx.db, companyId, [row.id])).get(row.id) ?? [];
  // Intensities follow the turnover: the prefills are those of the turnover after this change.
  const turnoverChange = body.values.find((v) => v.concept === TURNOVER && v.member === '');
  const turnover = turnoverChange
    ? numberOf(turnoverChange.value ?? undefined)
    : numberOf(stored.find((v) => v.concept === TURNOVER && v.member === '')?.value.v);
  const { prefills } = await prefillsOf(ctx, companyId, row, turnover);
  const changes: repo.ValueChange[] = body.values.map((v) => {
    if (v.value === null) return { concept: v.concept, member: v.member, value: null, overrideReason: null };
    const value = normalised(v.concept, v.member, v.value);
    const prefill = prefills.get(factKey(v.concept, v.member));
    if (!prefill) return { concept: v.concept, member: v.member, value, overrideReason: null };
    if (sameValue(value, prefill.value))
      return { concept: v.concept, member: v.member, value: null, overrideReason: null };
    if (!v.overrideReason)
      throw new AppError('vsmeOverrideReasonRequired', { concept: v.concept, member: v.member });
    return { concept: v.concept, member: v.member, value, overrideReason: v.overrideReason };
  });
  await ctx.db.transaction((tx) => repo.saveValues(tx, companyId, row.id, changes));
  return getReport(ctx, actor, id);
}
