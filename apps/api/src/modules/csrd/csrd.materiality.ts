/**
 * Double materiality analyses (seed 001 §3, ESRS 1 chapter 3): their settings and scoring rules,
 * the IRO inventory and the IRO entries with their scores.
 */
import type { z } from 'zod';
import {
  CSRD_CATEGORIES,
  CSRD_SCOPES,
  type CsrdCategory,
  type CsrdScopeCode,
  IRO_CATEGORIES,
  IRO_TIMES,
  type IroCategory,
  type IroTime,
  type Language,
  categoryOfScope,
  csrdSchemas as s,
  probabilityBand,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { MATTERS, MATTER_BY_ID, SECTOR_IDS, localizedMatter, scopeName } from './csrd.catalogue.ts';
import * as repo from './csrd.repository.ts';
import { entryScore, isMaterial, matterResults, rulesOf, thresholdOf, topicResults } from './csrd.scoring.ts';
import { requirementsOfMatter } from './csrd.applicability.ts';
import { assertActive, csrdCompany, deletionInstant, iso, neighbours } from './csrd.common.ts';

type Out<T extends z.ZodType> = z.output<T>;
export type AnalysisDto = Out<typeof s.materialityAnalysis>;
export type EntryDto = Out<typeof s.iroEntry>;

// ---------- materiality analyses ----------

type AnalysisBody = Out<typeof s.materialityAnalysisBody>;
type AnalysisPatch = Out<typeof s.materialityAnalysisPatch>;

async function analysisOf(db: DbOrTx, companyId: CompanyId, id: string) {
  return notFoundUnless(await repo.findAnalysis(db, companyId, id));
}

type Limits = {
  scale: number;
  scaleUpperLimit: number;
  threshold: number;
  financialThreshold?: number | null;
};

/** Seed 001 §5: the thresholds and every entered value lie within the scale. */
function checkLimits(l: Limits) {
  if (l.scaleUpperLimit > l.scale)
    throw new AppError('ValueAboveLimitProvided', { field: 'scaleUpperLimit' });
  for (const field of ['threshold', 'financialThreshold'] as const) {
    const t = l[field];
    if (t === null || t === undefined) continue;
    if (t > l.scale) throw new AppError('ValueAboveLimitProvided', { field });
    if (l.scaleUpperLimit < t) throw new AppError('LimitLessThanThreshold', { field });
  }
}

function checkSectors(sectors: string[] | undefined) {
  for (const sector of sectors ?? [])
    if (!SECTOR_IDS.has(sector)) throw new AppError('validationFailed', { field: 'sectors', value: sector });
}

type CustomMap = Map<string, repo.CustomIroRow>;

function entryDto(
  e: repo.EntryRow,
  a: repo.AnalysisRow,
  customs: CustomMap,
  lang: Language = 'en',
): EntryDto {
  const custom = e.customIroId ? customs.get(e.customIroId) : undefined;
  const found = e.iro ? MATTER_BY_ID.get(e.iro) : undefined;
  const matter = found && localizedMatter(found, lang);
  const scope = (custom?.scope ?? matter?.scope ?? 'ESRS 2') as CsrdScopeCode;
  const score = entryScore(
    {
      category: e.category as IroCategory,
      actual: e.actual,
      entryScale: e.entryScale,
      entryScope: e.entryScope,
      remediability: e.remediability,
      probability: e.probability,
      scope,
    },
    rulesOf(a),
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
    material: isMaterial(score, thresholdOf(e.category as IroCategory, rulesOf(a))),
  };
}

/** AR 16 position of an entry's matter; custom IROs after every AR 16 row. */
const MATTER_ORDER = new Map(MATTERS.map((m, i) => [m.id, i]));
const orderOf = (e: EntryDto) => (e.iro ? (MATTER_ORDER.get(e.iro) ?? MATTERS.length) : MATTERS.length + 1);

/** The entries scored per matter (ESRS 1 §28), in AR 16 order. */
function mattersOf(entries: EntryDto[], a: repo.AnalysisRow) {
  const keyed = [...entries]
    .sort((x, y) => orderOf(x) - orderOf(y))
    .map((e) => ({ ...e, iro: e.iro ?? e.customIro?.id ?? e.id, custom: !e.iro }));
  return matterResults(keyed, rulesOf(a));
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
    financialThreshold: a.financialThreshold,
    severityFormula: rulesOf(a).severityFormula,
    irremediabilityWeight: a.irremediabilityWeight,
    reasons: a.reasons,
    sectors: a.sectors,
    scopes: a.scopes as CsrdCategory[],
    iroEntryCount: entries.length,
    results: topicResults(entries, rulesOf(a)),
    matterResults: mattersOf(entries, a),
    deletedAt: iso(a.deletedAt),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** Entries of an analysis as the API answers them (with names and scores). */
async function entriesOf(
  db: DbOrTx,
  companyId: CompanyId,
  a: repo.AnalysisRow,
  lang: Language = 'en',
): Promise<EntryDto[]> {
  const customs: CustomMap = new Map((await repo.listCustomIros(db, companyId, a.id)).map((c) => [c.id, c]));
  return (await repo.listEntries(db, companyId, [a.id])).map((e) => entryDto(e, a, customs, lang));
}

/** An analysis with its entries, their matters named in `lang` (English by default: codes and files). */
export async function fullAnalysis(db: DbOrTx, companyId: CompanyId, id: string, lang: Language = 'en') {
  const a = await analysisOf(db, companyId, id);
  const entries = await entriesOf(db, companyId, a, lang);
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
    financialThreshold: body.financialThreshold ?? null,
  };
  checkLimits(limits);
  checkSectors(body.sectors);
  const row = await repo.insertAnalysis(ctx.db, {
    companyId,
    name: body.name,
    ...limits,
    severityFormula: body.severityFormula ?? 'mean',
    irremediabilityWeight: body.irremediabilityWeight ?? 1,
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
      financialThreshold:
        fields.financialThreshold !== undefined ? fields.financialThreshold : a.financialThreshold,
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
      ...(fields.severityFormula !== undefined ? { severityFormula: fields.severityFormula } : {}),
      ...(fields.irremediabilityWeight !== undefined
        ? { irremediabilityWeight: fields.irremediabilityWeight }
        : {}),
      ...(fields.reasons !== undefined ? { reasons: fields.reasons } : {}),
      ...(fields.sectors !== undefined ? { sectors: [...new Set(fields.sectors)] } : {}),
      ...(fields.scopes !== undefined ? { scopes: [...new Set(fields.scopes)] } : {}),
      ...(deletedAt !== undefined ? { deletedAt: deletedAt === null ? null : deletionInstant() } : {}),
    });
    return (await fullAnalysis(tx, companyId, id)).dto;
  });
}

// ---------- IROs and entries ----------

function matterIro(found: (typeof MATTERS)[number], lang: Language) {
  const m = localizedMatter(found, lang);
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
    disclosureRequirements: requirementsOfMatter(m.id),
  };
}

function customIro(c: repo.CustomIroRow, lang: Language) {
  const scope = c.scope as CsrdScopeCode;
  return {
    id: c.id,
    name: c.name,
    topic: scopeName(scope)[lang],
    subTopic: null,
    level: 'custom' as const,
    scope,
    category: categoryOfScope(scope),
    iroCategory: 'negative' as const,
    sector: c.sector,
    custom: true,
    disclosureRequirements: null,
  };
}

/**
 * AR 16 lists the sustainability matters every undertaking assesses, whatever its sector (sector
 * standards were never adopted), so each sector gets the whole list; custom IROs carry their sector.
 */
export async function maIros(
  ctx: AppContext,
  actor: Actor,
  q: Out<typeof s.iroQuery>,
  lang: Language = 'en',
) {
  const companyId = csrdCompany(actor);
  const sectors = q.sectors
    ? q.sectors
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
  checkSectors(sectors);
  const all = MATTERS.map((m) => matterIro(m, lang)) as
    ReturnType<typeof customIro>[] | ReturnType<typeof matterIro>[];
  const out: (ReturnType<typeof matterIro> | ReturnType<typeof customIro>)[] = [...all];
  if (q.materialityAnalysis) {
    const a = await analysisOf(ctx.db, companyId, q.materialityAnalysis);
    const customs = await repo.listCustomIros(ctx.db, companyId, a.id);
    out.push(
      ...customs
        .filter((c) => !sectors.length || !c.sector || sectors.includes(c.sector))
        .map((c) => customIro(c, lang)),
    );
  }
  return list(out, out.length);
}

export async function inventory(ctx: AppContext, actor: Actor, id: string, lang: Language = 'en') {
  const companyId = csrdCompany(actor);
  const a = await analysisOf(ctx.db, companyId, id);
  const entries = await entriesOf(ctx.db, companyId, a, lang);
  const customs = await repo.listCustomIros(ctx.db, companyId, a.id);
  const categories = new Set(a.scopes);
  const items = [
    ...MATTERS.filter((m) => categories.has(m.category)).map((m) => ({
      ...matterIro(m, lang),
      entries: entries.filter((e) => e.iro === m.id),
    })),
    ...customs.map((c) => ({
      ...customIro(c, lang),
      entries: entries.filter((e) => e.customIro?.id === c.id),
    })),
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

export async function listEntries(
  ctx: AppContext,
  actor: Actor,
  q: Out<typeof s.iroEntryQuery>,
  lang: Language = 'en',
) {
  const companyId = csrdCompany(actor);
  const a = await repo.findAnalysis(ctx.db, companyId, q.materialityAnalysis);
  if (!a) return list([], 0);
  const entries = (await entriesOf(ctx.db, companyId, a, lang)).filter(
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

export async function createEntry(
  ctx: AppContext,
  actor: Actor,
  body: Out<typeof s.iroEntryBody>,
  lang: Language = 'en',
) {
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
    return entryDto(row, a, customs, lang);
  });
}

export async function updateEntry(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: EntryFields,
  lang: Language = 'en',
) {
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
    return entryDto(row, a, customs, lang);
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
