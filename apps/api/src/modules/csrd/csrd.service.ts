import type { z } from 'zod';
import {
  CSRD_SCOPES,
  CSRD_UNITS,
  CSRD_UNIT_TYPES,
  type CsrdCategory,
  type CsrdScopeCode,
  type CsrdStatus,
  type CsrdUnitType,
  type Language,
  categoryOfScope,
  csrdSchemas as s,
  defaultEsrsVersion,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  DISCLOSURE_REQUIREMENTS,
  DR_BY_CODE,
  MATTERS,
  SECTORS,
  drsOf,
  scopeName,
  sectorsIn,
} from './csrd.catalogue.ts';
import * as repo from './csrd.repository.ts';
import {
  type Category,
  categoryOf,
  initialCategories,
  mergeCategories,
  owedCodes,
  processDisclosures,
} from './csrd.applicability.ts';
import { assertActive, csrdCompany, deletionInstant, iso, neighbours } from './csrd.common.ts';
import { fullAnalysis } from './csrd.materiality.ts';

// The use cases of analyses live in csrd.materiality.ts; callers keep importing them from here.
export { csrdCompany } from './csrd.common.ts';
export * from './csrd.materiality.ts';

type Out<T extends z.ZodType> = z.output<T>;
export type AnalysisDto = Out<typeof s.materialityAnalysis>;
export type EntryDto = Out<typeof s.iroEntry>;
export type ReportDto = Out<typeof s.csrdReport>;

// ---------- static data ----------

export function csrdScopes(lang: Language = 'en') {
  const all = CSRD_SCOPES.map((id) => ({
    id,
    category: categoryOfScope(id),
    name: scopeName(id),
    disclosureRequirements: drsOf(id, lang),
  }));
  return list(all, all.length);
}

export function maSectors(lang: Language = 'en') {
  return list(sectorsIn(lang), SECTORS.length);
}

export function maScopes() {
  const all = CSRD_SCOPES.map((id) => ({
    id,
    category: categoryOfScope(id),
    name: scopeName(id),
    matterCount: MATTERS.filter((m) => m.scope === id).length,
  }));
  return list(all, all.length);
}

export function unitTypes() {
  const all = CSRD_UNIT_TYPES.map((id) => {
    const units = CSRD_UNITS.filter((u) => u.unitType === id).map((u) => ({ id: u.id, toBase: u.toBase }));
    return { id, baseUnit: units[0].id, units };
  });
  return list(all, all.length);
}

// ---------- reports ----------

export { initialCategories } from './csrd.applicability.ts';

export function reportDto(r: repo.ReportRow): ReportDto {
  return {
    id: r.id,
    year: r.year,
    materialityAnalysisId: r.materialityAnalysisId,
    materialityAnalysisName: r.materialityAnalysisName,
    categories: r.categories.map(categoryOf),
    standardVersion: r.standardVersion as ReportDto['standardVersion'],
    employees: r.employees,
    netRevenueCents: r.netRevenueCents,
    balanceSheetCents: r.balanceSheetCents,
    isPublicInterest: r.isPublicInterest,
    deletedAt: iso(r.deletedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function reportOf(db: DbOrTx, companyId: CompanyId, id: string) {
  return notFoundUnless(await repo.findReport(db, companyId, id));
}

export async function listReports(ctx: AppContext, actor: Actor, q: Out<typeof s.csrdReportListQuery>) {
  const companyId = csrdCompany(actor);
  const { rows, total } = await repo.listReports(ctx.db, companyId, q.withDeleted !== 'false', pageWindow(q));
  return list(rows.map(reportDto), total);
}

export async function getReport(ctx: AppContext, actor: Actor, id: string) {
  return reportDto(await reportOf(ctx.db, csrdCompany(actor), id));
}

/** The preset of a report made from an analysis (seed 001 §7 csrd-report-initial). */
export async function reportInitial(ctx: AppContext, actor: Actor, maId: string) {
  const companyId = csrdCompany(actor);
  const { dto } = await fullAnalysis(ctx.db, companyId, maId);
  if (!dto.iroEntryCount) throw new AppError('CompanyHasNoSettings', { materialityAnalysis: maId });
  const categories = initialCategories(dto.results, dto.matterResults ?? []);
  return {
    materialityAnalysisId: dto.id,
    categories,
    results: dto.results,
    processDisclosures: processDisclosures(categories),
  };
}

export async function createReport(ctx: AppContext, actor: Actor, body: Out<typeof s.csrdReportBody>) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    let mandatory: Category[] = initialCategories([], []);
    let analysis: repo.AnalysisRow | null = null;
    if (body.maId) {
      const full = await fullAnalysis(tx, companyId, body.maId);
      assertActive(full.row);
      analysis = full.row;
      mandatory = initialCategories(full.dto.results, full.dto.matterResults ?? []);
    }
    const row = await repo.insertReport(tx, {
      companyId,
      year: body.year,
      standardVersion: defaultEsrsVersion(body.year),
      materialityAnalysisId: analysis?.id ?? null,
      materialityAnalysisName: analysis?.name ?? null,
      categories: mergeCategories(
        body.categories.map((c) => c.id),
        mandatory,
      ),
    });
    if (!row) throw new AppError('ReportForYearExists', { year: body.year });
    return reportDto(row);
  });
}

export async function updateScopes(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: Out<typeof s.updateScopesBody>,
) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    const r = await reportOf(tx, companyId, id);
    assertActive(r);
    const current = r.categories.map(categoryOf);
    let categories = current;
    if (body.categories) {
      const chosen = new Set(body.categories.map((c) => c.id));
      const dropped = current.find((c) => c.mandatory && !chosen.has(c.id));
      if (dropped) throw new AppError('MandatoryScopeNotDeselectable', { scope: dropped.id });
      categories = mergeCategories(
        [...chosen],
        current.filter((c) => c.mandatory),
        current,
      );
    }
    const statuses = { ...r.statuses };
    const selected = new Set(categories.map((c) => c.id));
    for (const st of body.statuses ?? []) {
      if (!selected.has(st.id))
        throw new AppError('RequiredInformationMissing', { field: 'scope', scope: st.id });
      statuses[st.id] = st.status;
    }
    return reportDto(notFoundUnless(await repo.updateReport(tx, companyId, id, { categories, statuses })));
  });
}

export async function patchReport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: Out<typeof s.csrdReportPatch>,
) {
  const companyId = csrdCompany(actor, true);
  const r = await reportOf(ctx.db, companyId, id);
  const { deletedAt, ...setup } = body;
  // The setup changes only on an active report; marking and restoring work on any.
  if (Object.values(setup).some((v) => v !== undefined) && deletedAt === undefined) assertActive(r);
  const row = await repo.updateReport(ctx.db, companyId, id, {
    ...Object.fromEntries(Object.entries(setup).filter(([, v]) => v !== undefined)),
    ...(deletedAt !== undefined ? { deletedAt: deletedAt === null ? null : deletionInstant() } : {}),
  });
  return reportDto(notFoundUnless(row));
}

export async function reportScopes(ctx: AppContext, actor: Actor, id: string) {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  const codes = await repo.valueCodes(ctx.db, companyId, r.id);
  const all = r.categories.map(categoryOf).map((c) => {
    // Filled and total count the requirements the topic owes (ESRS 1 §29-§30).
    const owed = owedCodes(c);
    const withValue = new Set(codes.get(c.id) ?? []);
    return {
      id: c.id,
      category: categoryOfScope(c.id),
      name: scopeName(c.id),
      mandatory: c.mandatory,
      status: (r.statuses[c.id] ?? 'todo') as CsrdStatus,
      filled: owed.filter((code) => withValue.has(code)).length,
      total: owed.length,
    };
  });
  return list(all, all.length);
}

export async function reportNavigation(ctx: AppContext, actor: Actor, id: string, category: CsrdCategory) {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  const counts = await repo.valueCounts(ctx.db, companyId, r.id);
  const scopes = r.categories
    .map(categoryOf)
    .filter((c) => categoryOfScope(c.id) === category)
    .map((c) => ({
      id: c.id,
      name: scopeName(c.id),
      status: (r.statuses[c.id] ?? 'todo') as CsrdStatus,
      flagged: c.mandatory,
      count: counts.get(c.id) ?? 0,
    }));
  return { category, scopes, ...neighbours(category) };
}

// ---------- scope entries ----------

type ScopeEntryFields = Out<typeof s.scopeEntryPatch>;

async function checkResponsible(db: DbOrTx, companyId: CompanyId, userId: string | null | undefined) {
  if (!userId) return;
  if (!(await repo.userNames(db, companyId, [userId])).size) throw new AppError('notFound');
}

function selectedScope(r: repo.ReportRow, scope: string) {
  if (!r.categories.some((c) => c.id === scope))
    throw new AppError('RequiredInformationMissing', { field: 'scope', scope });
}

export async function scopeEntriesOf(db: DbOrTx, companyId: CompanyId, reportId: string, scope?: string) {
  const rows = await repo.listScopeEntries(db, companyId, reportId, scope);
  const values = await valuesOf(db, companyId, { reportId, scope });
  const names = await repo.userNames(
    db,
    companyId,
    rows.map((r) => r.responsibleUserId).filter((x): x is string => !!x),
  );
  return rows.map((r) => ({
    id: r.id,
    reportId: r.reportId,
    scope: r.scope as CsrdScopeCode,
    deadline: r.deadline,
    note: r.note,
    responsibleUser: r.responsibleUserId,
    responsibleUserName: r.responsibleUserId ? (names.get(r.responsibleUserId) ?? null) : null,
    status: r.status as CsrdStatus,
    indicatorValues: values.filter((v) => v.scopeEntryId === r.id),
  }));
}

export async function listScopeEntries(ctx: AppContext, actor: Actor, q: Out<typeof s.scopeEntryQuery>) {
  const companyId = csrdCompany(actor);
  const r = await repo.findReport(ctx.db, companyId, q.report);
  if (!r) return list([], 0);
  const out = await scopeEntriesOf(ctx.db, companyId, r.id, q.scope);
  return list(out, out.length);
}

async function oneScopeEntry(db: DbOrTx, companyId: CompanyId, id: string) {
  const row = notFoundUnless(await repo.findScopeEntry(db, companyId, id));
  const [out] = (await scopeEntriesOf(db, companyId, row.reportId, row.scope)).filter((e) => e.id === id);
  return out;
}

export async function createScopeEntry(ctx: AppContext, actor: Actor, body: Out<typeof s.scopeEntryBody>) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    const r = await reportOf(tx, companyId, body.report);
    assertActive(r);
    selectedScope(r, body.scope);
    await checkResponsible(tx, companyId, body.responsibleUser);
    const row = await repo.insertScopeEntry(tx, {
      companyId,
      reportId: r.id,
      scope: body.scope,
      deadline: body.deadline ?? null,
      note: body.note ?? null,
      responsibleUserId: body.responsibleUser ?? null,
      status: body.status ?? 'todo',
    });
    if (!row) throw new AppError('ScopeEntryExists', { scope: body.scope });
    return oneScopeEntry(tx, companyId, row.id);
  });
}

export async function updateScopeEntry(ctx: AppContext, actor: Actor, id: string, body: ScopeEntryFields) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    const e = notFoundUnless(await repo.findScopeEntry(tx, companyId, id));
    assertActive(await reportOf(tx, companyId, e.reportId));
    await checkResponsible(tx, companyId, body.responsibleUser);
    await repo.updateScopeEntry(tx, companyId, id, {
      ...(body.deadline !== undefined ? { deadline: body.deadline } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.responsibleUser !== undefined ? { responsibleUserId: body.responsibleUser } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
    return oneScopeEntry(tx, companyId, id);
  });
}

/** The scope entry of a report's topic, made when the first value of that topic arrives. */
export async function ensureScopeEntry(
  db: DbOrTx,
  companyId: CompanyId,
  reportId: string,
  scope: CsrdScopeCode,
) {
  const [found] = await repo.listScopeEntries(db, companyId, reportId, scope);
  if (found) return found;
  const row = await repo.insertScopeEntry(db, { companyId, reportId, scope });
  return row ?? (await repo.listScopeEntries(db, companyId, reportId, scope))[0];
}

// ---------- indicator values ----------

const UNIT = new Map<string, (typeof CSRD_UNITS)[number]>(CSRD_UNITS.map((u) => [u.id, u]));
const baseUnitOf = (t: CsrdUnitType) => CSRD_UNITS.find((u) => u.unitType === t)?.id ?? '';

/**
 * A numeric value's unit against its requirement's unit type (seed 001 §8 CSRD messages):
 * a quantity of fuel or material for an energy figure needs the fuel's heating value
 * (Unit2UnitActivityConversion), any quantity for an emissions figure an activity's emission
 * factor (NoActivityConversion); other types do not convert (invalidUnitTypes).
 */
export function unitProblem(
  indicator: string,
  unit: string | null,
): {
  key:
    | 'invalidUnitTypes'
    | 'Unit2UnitActivityConversion'
    | 'NoActivityConversion'
    | 'RequiredInformationMissing';
  detail: Record<string, unknown>;
} | null {
  const dr = DR_BY_CODE.get(indicator);
  const want = dr?.unitType ?? null;
  if (!unit) return want ? { key: 'RequiredInformationMissing', detail: { field: 'unit' } } : null;
  const have = UNIT.get(unit)?.unitType;
  if (!want || !have || have === want) return null;
  const base = baseUnitOf(want);
  if (want === 'emissions') return { key: 'NoActivityConversion', detail: { activity: indicator } };
  if (want === 'energy' && (have === 'volume' || have === 'mass'))
    return { key: 'Unit2UnitActivityConversion', detail: { unit1: unit, unit2: base } };
  return { key: 'invalidUnitTypes', detail: { unit1: unit, unit2: base } };
}

/** The value in its type's base unit; a result beyond a double is a calculation error. */
export function baseValueOf(numeric: number | null, unit: string | null): number | null {
  if (numeric === null) return null;
  const u = unit ? UNIT.get(unit) : undefined;
  const value = u ? numeric * u.toBase : numeric;
  if (!Number.isFinite(value)) throw new AppError('errorInCalculation', { text: `${numeric} ${unit ?? ''}` });
  return value;
}

type ValueDto = Out<typeof s.indicatorValue>;

async function valuesOf(db: DbOrTx, companyId: CompanyId, f: repo.ValueFilter): Promise<ValueDto[]> {
  const rows = await repo.listValues(db, companyId, f);
  const files = await repo.listFiles(
    db,
    companyId,
    rows.map((r) => r.value.id),
  );
  return rows.map(({ value: v }) => ({
    id: v.id,
    scopeEntryId: v.scopeEntryId,
    indicator: v.indicator,
    unit: v.unit as ValueDto['unit'],
    numericValue: v.numericValue,
    baseValue: v.numericValue === null ? null : baseValueOf(v.numericValue, v.unit),
    textValue: v.textValue,
    tableValue: v.tableValue ?? null,
    reconciliationNote: v.reconciliationNote,
    files: files.filter((x) => x.indicatorValueId === v.id).map(fileDto),
    updatedAt: v.updatedAt.toISOString(),
  }));
}

export const fileDto = (f: repo.FileInfoRow) => ({
  id: f.id,
  fileName: f.fileName,
  mimeType: f.mimeType,
  size: f.size,
  note: f.note,
  uploadedAt: f.uploadedAt.toISOString(),
});

export async function listValues(ctx: AppContext, actor: Actor, q: Out<typeof s.indicatorValueQuery>) {
  const companyId = csrdCompany(actor);
  const out = await valuesOf(ctx.db, companyId, {
    reportId: q.report,
    scopeEntryId: q.scopeEntry,
    scope: q.scope,
  });
  return list(out, out.length);
}

async function oneValue(db: DbOrTx, companyId: CompanyId, id: string) {
  const found = notFoundUnless(await repo.findValue(db, companyId, id));
  const [out] = (await valuesOf(db, companyId, { scopeEntryId: found.value.scopeEntryId })).filter(
    (v) => v.id === id,
  );
  return out;
}

type ValueFields = Out<typeof s.indicatorValuePatch>;

/** Checks a value for its requirement; answers the problem's key rather than throwing (the import counts it). */
export function checkValue(indicator: string, f: ValueFields) {
  if (f.numericValue !== undefined && f.numericValue !== null) {
    const problem = unitProblem(indicator, f.unit ?? null);
    if (problem) throw new AppError(problem.key, problem.detail);
    baseValueOf(f.numericValue, f.unit ?? null);
  }
}

export async function createValue(ctx: AppContext, actor: Actor, body: Out<typeof s.indicatorValueBody>) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    const entry = notFoundUnless(await repo.findScopeEntry(tx, companyId, body.scopeEntry));
    assertActive(await reportOf(tx, companyId, entry.reportId));
    const dr = DR_BY_CODE.get(body.indicator);
    if (!dr || dr.scope !== entry.scope)
      throw new AppError('RequiredInformationMissing', { field: 'indicator', indicator: body.indicator });
    checkValue(body.indicator, body);
    const row = await repo.insertValue(tx, {
      companyId,
      scopeEntryId: entry.id,
      indicator: body.indicator,
      unit: body.unit ?? null,
      numericValue: body.numericValue ?? null,
      textValue: body.textValue ?? null,
      tableValue: body.tableValue ?? null,
      reconciliationNote: body.reconciliationNote ?? null,
    });
    if (!row) throw new AppError('IndicatorValueExists', { indicator: body.indicator });
    return oneValue(tx, companyId, row.id);
  });
}

export async function updateValue(ctx: AppContext, actor: Actor, id: string, body: ValueFields) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    const found = notFoundUnless(await repo.findValue(tx, companyId, id));
    assertActive(await reportOf(tx, companyId, found.reportId));
    const v = found.value;
    const next = {
      unit: body.unit !== undefined ? body.unit : v.unit,
      numericValue: body.numericValue !== undefined ? body.numericValue : v.numericValue,
    };
    checkValue(v.indicator, next as ValueFields);
    await repo.updateValue(
      tx,
      companyId,
      id,
      Object.fromEntries(Object.entries(body).filter(([, x]) => x !== undefined)),
    );
    return oneValue(tx, companyId, id);
  });
}

// ---------- files ----------

export async function uploadFile(
  ctx: AppContext,
  actor: Actor,
  upload: { fileName: string; mimeType: string; buffer: Buffer; fields: Record<string, string> },
) {
  const companyId = csrdCompany(actor, true);
  const { id, type, note } = upload.fields;
  if (!id) throw new AppError('RequiredInformationMissing', { field: 'id' });
  if (type !== undefined && type !== 'indicator-value')
    throw new AppError('validationFailed', { field: 'type' });
  return ctx.db.transaction(async (tx) => {
    // A malformed id finds nothing, like another company's.
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findValue(tx, companyId, id) : null;
    notFoundUnless(found);
    assertActive(await reportOf(tx, companyId, found!.reportId));
    const row = await repo.insertFile(tx, {
      companyId,
      indicatorValueId: id,
      fileName: upload.fileName,
      mimeType: upload.mimeType,
      size: upload.buffer.length,
      note: note?.trim() ? note.trim().slice(0, 1000) : null,
      data: upload.buffer,
    });
    return fileDto(row);
  });
}

export async function getFile(ctx: AppContext, actor: Actor, id: string) {
  return notFoundUnless(await repo.findFile(ctx.db, csrdCompany(actor), id));
}

export async function deleteFile(ctx: AppContext, actor: Actor, id: string) {
  const companyId = csrdCompany(actor, true);
  await ctx.db.transaction(async (tx) => {
    const f = notFoundUnless(await repo.findFile(tx, companyId, id));
    const found = notFoundUnless(await repo.findValue(tx, companyId, f.indicatorValueId));
    assertActive(await reportOf(tx, companyId, found.reportId));
    await repo.deleteFile(tx, companyId, id);
  });
}

// ---------- purge ----------

/** The sweep: analyses and reports whose 24-hour restore window has closed are deleted for good. */
export async function purgeExpired(ctx: AppContext, now = new Date()) {
  return repo.purgeDeleted(ctx.db, now);
}

export { DISCLOSURE_REQUIREMENTS };
