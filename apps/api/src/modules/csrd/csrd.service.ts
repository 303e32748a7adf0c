import type { z } from 'zod';
import {
  ALWAYS_MANDATORY_SCOPES,
  CSRD_CATEGORIES,
  CSRD_RESTORE_HOURS,
  CSRD_SCOPES,
  CSRD_UNITS,
  CSRD_UNIT_TYPES,
  type CsrdCategory,
  type CsrdScopeCode,
  type CsrdStatus,
  type CsrdUnitType,
  IRO_CATEGORIES,
  IRO_TIMES,
  type IroCategory,
  type IroTime,
  type Role,
  categoryOfScope,
  csrdSchemas as s,
  probabilityBand,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, hasAnyRole, isReadOnlyUser } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  DISCLOSURE_REQUIREMENTS,
  DR_BY_CODE,
  MATTERS,
  MATTER_BY_ID,
  SECTORS,
  SECTOR_IDS,
  drsOf,
  scopeName,
} from './csrd.catalogue.ts';
import * as repo from './csrd.repository.ts';
import { entryScore, isMaterial, topicResults } from './csrd.scoring.ts';

type Out<T extends z.ZodType> = z.output<T>;
export type AnalysisDto = Out<typeof s.materialityAnalysis>;
export type EntryDto = Out<typeof s.iroEntry>;
export type ReportDto = Out<typeof s.csrdReport>;

const READ: Role[] = ['ROLE_CSRD_READ_ONLY'];
const WRITE: Role[] = ['ROLE_CSRD_USER'];

/**
 * The company a CSRD use case works in, after the module's own check (the route table checked the
 * role already; this keeps a service call from elsewhere honest): read, or write and not read-only.
 */
export function csrdCompany(actor: Actor, write = false): CompanyId {
  if (!actor.companyId) throw new AppError('InvalidRequestNoCompany');
  if (!hasAnyRole(actor, write ? WRITE : READ)) throw new AppError('noRights');
  if (write && isReadOnlyUser(actor.roles)) throw new AppError('readOnly');
  return actor.companyId;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Seed 001 §4: deletion sets deletedAt to now plus one day; restore clears it. */
const deletionInstant = (now = new Date()) => new Date(now.getTime() + CSRD_RESTORE_HOURS * 3_600_000);

// ---------- static data ----------

export function csrdScopes() {
  const all = CSRD_SCOPES.map((id) => ({
    id,
    category: categoryOfScope(id),
    name: scopeName(id),
    disclosureRequirements: drsOf(id),
  }));
  return list(all, all.length);
}

export function maSectors() {
  return list(SECTORS, SECTORS.length);
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

function neighbours(category: CsrdCategory) {
  const i = CSRD_CATEGORIES.indexOf(category);
  return {
    previousCategory: i > 0 ? CSRD_CATEGORIES[i - 1] : null,
    nextCategory: i < CSRD_CATEGORIES.length - 1 ? CSRD_CATEGORIES[i + 1] : null,
  };
}

// ---------- materiality analyses ----------

type AnalysisBody = Out<typeof s.materialityAnalysisBody>;
type AnalysisPatch = Out<typeof s.materialityAnalysisPatch>;

async function analysisOf(db: DbOrTx, companyId: CompanyId, id: string) {
  return notFoundUnless(await repo.findAnalysis(db, companyId, id));
}

/** A write to an analysis or report marked for deletion fails until it is restored. */
function assertActive(row: { deletedAt: Date | null }) {
  if (row.deletedAt) throw new AppError('SaveFailed', { reason: 'markedForDeletion' });
}

type Limits = { scale: number; scaleUpperLimit: number; threshold: number };

/** Seed 001 §5: the threshold and every entered value lie within the scale. */
function checkLimits(l: Limits) {
  if (l.scaleUpperLimit > l.scale)
    throw new AppError('ValueAboveLimitProvided', { field: 'scaleUpperLimit' });
  if (l.threshold > l.scale) throw new AppError('ValueAboveLimitProvided', { field: 'threshold' });
  if (l.scaleUpperLimit < l.threshold) throw new AppError('LimitLessThanThreshold');
}

function checkSectors(sectors: string[] | undefined) {
  for (const sector of sectors ?? [])
    if (!SECTOR_IDS.has(sector)) throw new AppError('validationFailed', { field: 'sectors', value: sector });
}

type CustomMap = Map<string, repo.CustomIroRow>;

function entryDto(e: repo.EntryRow, a: repo.AnalysisRow, customs: CustomMap): EntryDto {
  const custom = e.customIroId ? customs.get(e.customIroId) : undefined;
  const matter = e.iro ? MATTER_BY_ID.get(e.iro) : undefined;
  const scope = (custom?.scope ?? matter?.scope ?? 'ESRS 2') as CsrdScopeCode;
  const score = entryScore(
    {
      category: e.category as IroCategory,
      actual: e.actual,
      entryScale: e.entryScale,
      entryScope: e.entryScope,
      remediability: e.remediability,
      probability: e.probability,
    },
    a.scale,
  );
  return {
    id: e.id,
    materialityAnalysisId: e.materialityAnalysisId,
    iro: e.iro,
    customIro: custom
      ? { id: custom.id, name: custom.name, scope: custom.scope as CsrdScopeCode, sector: custom.sector }
      : null,
    name: custom?.name ?? matter?.name ?? e.iro ?? '',
    scope,
    category: e.category as IroCategory,
    actual: e.actual,
    entryScope: e.entryScope,
    entryScale: e.entryScale,
    remediability: e.remediability,
    probability: e.probability,
    probabilityBand: probabilityBand(e.probability, a.scale),
    time: e.time as IroTime,
    scoreInternal: e.scoreInternal,
    scoreExternal: e.scoreExternal,
    note: e.note,
    score,
    material: isMaterial(score, a.threshold),
  };
}

function analysisDto(a: repo.AnalysisRow, entries: EntryDto[]): AnalysisDto {
  return {
    id: a.id,
    name: a.name,
    scale: a.scale as AnalysisDto['scale'],
    scaleNote: a.scaleNote,
    scaleUpperLimit: a.scaleUpperLimit,
    threshold: a.threshold,
    thresholdNote: a.thresholdNote,
    reasons: a.reasons,
    sectors: a.sectors,
    scopes: a.scopes as CsrdCategory[],
    iroEntryCount: entries.length,
    results: topicResults(entries, a.scale, a.threshold),
    deletedAt: iso(a.deletedAt),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** Entries of an analysis as the API answers them (with names and scores). */
async function entriesOf(db: DbOrTx, companyId: CompanyId, a: repo.AnalysisRow): Promise<EntryDto[]> {
  const customs: CustomMap = new Map((await repo.listCustomIros(db, companyId, a.id)).map((c) => [c.id, c]));
  return (await repo.listEntries(db, companyId, [a.id])).map((e) => entryDto(e, a, customs));
}

export async function fullAnalysis(db: DbOrTx, companyId: CompanyId, id: string) {
  const a = await analysisOf(db, companyId, id);
  const entries = await entriesOf(db, companyId, a);
  return { row: a, entries, dto: analysisDto(a, entries) };
}

export async function listAnalyses(
  ctx: AppContext,
  actor: Actor,
  q: Out<typeof s.materialityAnalysisListQuery>,
) {
  const companyId = csrdCompany(actor);
  const { rows, total } = await repo.listAnalyses(
    ctx.db,
    companyId,
    q.withDeleted !== 'false',
    pageWindow(q),
  );
  // One query each for the page's entries and custom IROs.
  const ids = rows.map((a) => a.id);
  const customs: CustomMap = new Map(
    (await repo.listCustomIrosOf(ctx.db, companyId, ids)).map((c) => [c.id, c]),
  );
  const entries = await repo.listEntries(ctx.db, companyId, ids);
  const out = rows.map((a) =>
    analysisDto(
      a,
      entries.filter((e) => e.materialityAnalysisId === a.id).map((e) => entryDto(e, a, customs)),
    ),
  );
  return list(out, total);
}

export async function getAnalysis(ctx: AppContext, actor: Actor, id: string) {
  return (await fullAnalysis(ctx.db, csrdCompany(actor), id)).dto;
}

export async function createAnalysis(ctx: AppContext, actor: Actor, body: AnalysisBody) {
  const companyId = csrdCompany(actor, true);
  const limits = {
    scale: body.scale,
    scaleUpperLimit: body.scaleUpperLimit ?? body.scale,
    threshold: body.threshold,
  };
  checkLimits(limits);
  checkSectors(body.sectors);
  const row = await repo.insertAnalysis(ctx.db, {
    companyId,
    name: body.name,
    ...limits,
    scaleNote: body.scaleNote ?? null,
    thresholdNote: body.thresholdNote ?? null,
    reasons: body.reasons ?? null,
    sectors: [...new Set(body.sectors ?? [])],
    scopes: [...new Set(body.scopes ?? [...CSRD_CATEGORIES])],
  });
  return analysisDto(row, []);
}

export async function updateAnalysis(ctx: AppContext, actor: Actor, id: string, body: AnalysisPatch) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    const a = await analysisOf(tx, companyId, id);
    const { deletedAt, ...fields } = body;
    const changesFields = Object.values(fields).some((v) => v !== undefined);
    // Marking for deletion and restoring work on any analysis; other changes only on an active one.
    if (changesFields && a.deletedAt && deletedAt !== null) assertActive(a);
    const scale = fields.scale ?? a.scale;
    const limits = {
      scale,
      // A new scale without a limit takes the scale as its limit.
      scaleUpperLimit: fields.scaleUpperLimit ?? (fields.scale !== undefined ? scale : a.scaleUpperLimit),
      threshold: fields.threshold ?? a.threshold,
    };
    checkLimits(limits);
    checkSectors(fields.sectors);
    if (limits.scaleUpperLimit < a.scaleUpperLimit) {
      const over = (await repo.listEntries(tx, companyId, [a.id])).find((e) =>
        [e.entryScale, e.entryScope, e.remediability, e.scoreInternal, e.scoreExternal].some(
          (v) => v !== null && v > limits.scaleUpperLimit,
        ),
      );
      if (over) throw new AppError('ValueAboveLimitProvided', { field: 'scaleUpperLimit', entry: over.id });
    }
    await repo.updateAnalysis(tx, companyId, id, {
      ...limits,
      ...(fields.name !== undefined ? { name: fields.name } : {}),
      ...(fields.scaleNote !== undefined ? { scaleNote: fields.scaleNote } : {}),
      ...(fields.thresholdNote !== undefined ? { thresholdNote: fields.thresholdNote } : {}),
      ...(fields.reasons !== undefined ? { reasons: fields.reasons } : {}),
      ...(fields.sectors !== undefined ? { sectors: [...new Set(fields.sectors)] } : {}),
      ...(fields.scopes !== undefined ? { scopes: [...new Set(fields.scopes)] } : {}),
      ...(deletedAt !== undefined ? { deletedAt: deletedAt === null ? null : deletionInstant() } : {}),
    });
    return (await fullAnalysis(tx, companyId, id)).dto;
  });
}

// ---------- IROs and entries ----------

function matterIro(m: (typeof MATTERS)[number]) {
  return {
    id: m.id,
    name: m.name,
    topic: m.topic,
    subTopic: m.subSubTopic ? m.subTopic : null,
    level: m.level,
    scope: m.scope,
    category: m.category,
    iroCategory: 'negative' as const,
    sector: null,
    custom: false,
  };
}

function customIro(c: repo.CustomIroRow) {
  const scope = c.scope as CsrdScopeCode;
  return {
    id: c.id,
    name: c.name,
    topic: scopeName(scope).en,
    subTopic: null,
    level: 'custom' as const,
    scope,
    category: categoryOfScope(scope),
    iroCategory: 'negative' as const,
    sector: c.sector,
    custom: true,
  };
}

/**
 * AR 16 lists the sustainability matters every undertaking assesses, whatever its sector (sector
 * standards were never adopted), so each sector gets the whole list; custom IROs carry their sector.
 */
export async function maIros(ctx: AppContext, actor: Actor, q: Out<typeof s.iroQuery>) {
  const companyId = csrdCompany(actor);
  const sectors = q.sectors
    ? q.sectors
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
  checkSectors(sectors);
  const all = MATTERS.map(matterIro) as ReturnType<typeof customIro>[] | ReturnType<typeof matterIro>[];
  const out: (ReturnType<typeof matterIro> | ReturnType<typeof customIro>)[] = [...all];
  if (q.materialityAnalysis) {
    const a = await analysisOf(ctx.db, companyId, q.materialityAnalysis);
    const customs = await repo.listCustomIros(ctx.db, companyId, a.id);
    out.push(
      ...customs.filter((c) => !sectors.length || !c.sector || sectors.includes(c.sector)).map(customIro),
    );
  }
  return list(out, out.length);
}

export async function inventory(ctx: AppContext, actor: Actor, id: string) {
  const companyId = csrdCompany(actor);
  const a = await analysisOf(ctx.db, companyId, id);
  const entries = await entriesOf(ctx.db, companyId, a);
  const customs = await repo.listCustomIros(ctx.db, companyId, a.id);
  const categories = new Set(a.scopes);
  const items = [
    ...MATTERS.filter((m) => categories.has(m.category)).map((m) => ({
      ...matterIro(m),
      entries: entries.filter((e) => e.iro === m.id),
    })),
    ...customs.map((c) => ({ ...customIro(c), entries: entries.filter((e) => e.customIro?.id === c.id) })),
  ];
  return { materialityAnalysisId: a.id, items };
}

export async function maNavigation(ctx: AppContext, actor: Actor, q: Out<typeof s.maNavigationQuery>) {
  const companyId = csrdCompany(actor);
  const { dto, entries } = await fullAnalysis(ctx.db, companyId, q.materialityAnalysis);
  const scopes = CSRD_SCOPES.filter((x) => categoryOfScope(x) === q.category).map((id) => ({
    id,
    name: scopeName(id),
    status: null,
    flagged: dto.results.some((r) => r.scope === id && r.material),
    count: entries.filter((e) => e.scope === id).length,
  }));
  return { category: q.category, scopes, ...neighbours(q.category) };
}

export async function listEntries(ctx: AppContext, actor: Actor, q: Out<typeof s.iroEntryQuery>) {
  const companyId = csrdCompany(actor);
  const a = await repo.findAnalysis(ctx.db, companyId, q.materialityAnalysis);
  if (!a) return list([], 0);
  const entries = (await entriesOf(ctx.db, companyId, a)).filter(
    (e) => (!q.scope || e.scope === q.scope) && (!q.category || e.category === q.category),
  );
  return list(entries, entries.length);
}

type EntryFields = Out<typeof s.iroEntryPatch>;

/** Seed 001 §8: a category or time outside the lists has its own code, not a validation error. */
function checkEnums(f: EntryFields) {
  if (f.category !== undefined && !(IRO_CATEGORIES as readonly string[]).includes(f.category))
    throw new AppError('ErrorEnumIroCategory', { value: f.category });
  if (f.time !== undefined && !(IRO_TIMES as readonly string[]).includes(f.time))
    throw new AppError('ErrorEnumIroTime', { value: f.time });
}

/** Ratings between 1 and the analysis's upper limit (the contract refuses below 1). */
function checkRatings(f: EntryFields, a: repo.AnalysisRow) {
  for (const field of [
    'entryScale',
    'entryScope',
    'remediability',
    'scoreInternal',
    'scoreExternal',
  ] as const) {
    const v = f[field];
    if (v !== undefined && v !== null && v > a.scaleUpperLimit)
      throw new AppError('ValueAboveLimitProvided', { field, limit: a.scaleUpperLimit });
  }
}

/** What severity needs: scope for impacts, remediability for negative impacts (ESRS 1 §45). */
function checkRequired(e: { category: string; entryScope: number | null; remediability: number | null }) {
  if ((e.category === 'negative' || e.category === 'positive') && e.entryScope === null)
    throw new AppError('RequiredInformationMissing', { field: 'entryScope' });
  if (e.category === 'negative' && e.remediability === null)
    throw new AppError('RequiredInformationMissing', { field: 'remediability' });
}

export async function createEntry(ctx: AppContext, actor: Actor, body: Out<typeof s.iroEntryBody>) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    const a = await analysisOf(tx, companyId, body.materialityAnalysis);
    assertActive(a);
    checkEnums(body);
    checkRatings(body, a);
    if (!!body.iro === !!body.customIro) throw new AppError('RequiredInformationMissing', { field: 'iro' });
    if (body.iro && !MATTER_BY_ID.has(body.iro)) throw new AppError('validationFailed', { field: 'iro' });
    if (body.customIro?.sector) checkSectors([body.customIro.sector]);
    const values = {
      category: body.category,
      time: body.time,
      actual: body.actual ?? false,
      entryScope: body.entryScope ?? null,
      entryScale: body.entryScale,
      remediability: body.remediability ?? null,
      probability: body.probability,
      scoreInternal: body.scoreInternal ?? null,
      scoreExternal: body.scoreExternal ?? null,
      note: body.note ?? null,
    };
    checkRequired(values);
    const custom = body.customIro
      ? await repo.insertCustomIro(tx, {
          companyId,
          materialityAnalysisId: a.id,
          name: body.customIro.name,
          scope: body.customIro.scope,
          sector: body.customIro.sector ?? null,
        })
      : null;
    const row = await repo.insertEntry(tx, {
      companyId,
      materialityAnalysisId: a.id,
      iro: body.iro ?? null,
      customIroId: custom?.id ?? null,
      ...values,
    });
    await repo.updateAnalysis(tx, companyId, a.id, {});
    const customs: CustomMap = new Map(custom ? [[custom.id, custom]] : []);
    return entryDto(row, a, customs);
  });
}

export async function updateEntry(ctx: AppContext, actor: Actor, id: string, body: EntryFields) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    const e = notFoundUnless(await repo.findEntry(tx, companyId, id));
    const a = await analysisOf(tx, companyId, e.materialityAnalysisId);
    assertActive(a);
    checkEnums(body);
    checkRatings(body, a);
    const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    checkRequired({ ...e, ...values } as repo.EntryRow);
    const row = notFoundUnless(await repo.updateEntry(tx, companyId, id, values));
    await repo.updateAnalysis(tx, companyId, a.id, {});
    const customs: CustomMap = new Map(
      (await repo.listCustomIros(tx, companyId, a.id)).map((c) => [c.id, c]),
    );
    return entryDto(row, a, customs);
  });
}

export async function deleteEntry(ctx: AppContext, actor: Actor, id: string) {
  const companyId = csrdCompany(actor, true);
  await ctx.db.transaction(async (tx) => {
    const e = notFoundUnless(await repo.findEntry(tx, companyId, id));
    assertActive(await analysisOf(tx, companyId, e.materialityAnalysisId));
    await repo.deleteEntry(tx, companyId, id);
    if (e.customIroId) await repo.deleteUnusedCustomIro(tx, companyId, e.customIroId);
  });
}

// ---------- reports ----------

type Category = { id: CsrdScopeCode; mandatory: boolean };

/** ESRS 2 always, then the analysis's material topics: mandatory; in ESRS order. */
export function initialCategories(results: { scope: CsrdScopeCode; material: boolean }[]): Category[] {
  const material = new Set(results.filter((r) => r.material).map((r) => r.scope));
  return CSRD_SCOPES.filter((x) => ALWAYS_MANDATORY_SCOPES.includes(x) || material.has(x)).map((id) => ({
    id,
    mandatory: true,
  }));
}

/** Selected and mandatory categories merged, in ESRS order. */
function mergeCategories(selected: CsrdScopeCode[], mandatory: Category[]): Category[] {
  const must = new Set(mandatory.map((c) => c.id));
  const chosen = new Set([...selected, ...must]);
  return CSRD_SCOPES.filter((x) => chosen.has(x)).map((id) => ({ id, mandatory: must.has(id) }));
}

export function reportDto(r: repo.ReportRow): ReportDto {
  return {
    id: r.id,
    year: r.year,
    materialityAnalysisId: r.materialityAnalysisId,
    materialityAnalysisName: r.materialityAnalysisName,
    categories: r.categories as Category[],
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
  return { materialityAnalysisId: dto.id, categories: initialCategories(dto.results), results: dto.results };
}

export async function createReport(ctx: AppContext, actor: Actor, body: Out<typeof s.csrdReportBody>) {
  const companyId = csrdCompany(actor, true);
  return ctx.db.transaction(async (tx) => {
    let mandatory: Category[] = initialCategories([]);
    let analysis: repo.AnalysisRow | null = null;
    if (body.maId) {
      const full = await fullAnalysis(tx, companyId, body.maId);
      assertActive(full.row);
      analysis = full.row;
      mandatory = initialCategories(full.dto.results);
    }
    const row = await repo.insertReport(tx, {
      companyId,
      year: body.year,
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
    const current = r.categories as Category[];
    let categories = current;
    if (body.categories) {
      const chosen = new Set(body.categories.map((c) => c.id));
      const dropped = current.find((c) => c.mandatory && !chosen.has(c.id));
      if (dropped) throw new AppError('MandatoryScopeNotDeselectable', { scope: dropped.id });
      categories = mergeCategories(
        [...chosen],
        current.filter((c) => c.mandatory),
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
  await reportOf(ctx.db, companyId, id);
  const row = await repo.updateReport(ctx.db, companyId, id, {
    deletedAt: body.deletedAt === null ? null : deletionInstant(),
  });
  return reportDto(notFoundUnless(row));
}

export async function reportScopes(ctx: AppContext, actor: Actor, id: string) {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  const counts = await repo.valueCounts(ctx.db, companyId, r.id);
  const all = (r.categories as Category[]).map((c) => ({
    id: c.id,
    category: categoryOfScope(c.id),
    name: scopeName(c.id),
    mandatory: c.mandatory,
    status: (r.statuses[c.id] ?? 'todo') as CsrdStatus,
    filled: counts.get(c.id) ?? 0,
    total: drsOf(c.id).length,
  }));
  return list(all, all.length);
}

export async function reportNavigation(ctx: AppContext, actor: Actor, id: string, category: CsrdCategory) {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  const counts = await repo.valueCounts(ctx.db, companyId, r.id);
  const scopes = (r.categories as Category[])
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
  if (!(r.categories as Category[]).some((c) => c.id === scope))
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
