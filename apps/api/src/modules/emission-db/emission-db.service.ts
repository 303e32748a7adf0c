import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { z } from 'zod';
import {
  type Activity,
  type ActivityDetail,
  FACTOR_WITHDRAWN_REASONS,
  type Factor,
  type Language,
  SECTIONS,
  TREATMENTS,
  UNITS,
  UNIT_TYPES,
  UNIT_TYPE_NAMES,
  emissionDbSchemas as s,
  sectionsUnder,
  unitOf,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, assertCompanyAccess, isPlatformAdmin } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { findCompany } from '../companies/index.ts';
import {
  DATASET_FILES,
  DESNZ_SOURCE,
  type DatasetKey,
  type DatasetSource,
  GEG_SOURCE,
  GRID_SOURCE,
  GWP_AR5_SOURCE,
  GWP_SOURCE,
} from './emission-db.datasets.ts';
import { builtinManifest } from './emission-db.import.ts';
import * as repo from './emission-db.repository.ts';
import type { ActivityTranslations } from './emission-db.schema.ts';
import { fold, searchNames, searchText } from './emission-db.search.ts';
import {
  type FactorUsers,
  factorIdsOfActivity,
  insertNextVersion,
  withdrawDeletedFactor,
} from './emission-db.versions.ts';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/de.json'));
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

type SourceBody = z.output<typeof s.sourceBody>;
type FactorInput = z.output<typeof s.factorInput>;
type FactorBody = z.output<typeof s.factorBody>;
type ActivityBody = z.output<typeof s.activityBody>;
type ActivityUpdateBody = z.output<typeof s.activityUpdateBody>;
type SearchQuery = z.output<typeof s.activitySearchQuery>;

/** The reader's scope: its company, and whether it keeps the provider data (platform admin). */
export function scopeOf(actor: Actor): repo.Scope {
  return { companyId: actor.companyId, isAdmin: isPlatformAdmin(actor) };
}

// ---------- static lists (seed 001 §3) ----------

export function units(lang: Language) {
  const all = UNITS.map((u) => ({
    id: u.id,
    internalName: u.id,
    unitType: u.unitType,
    name: u.names[lang],
    toBase: u.toBase,
  }));
  return list(all, all.length);
}

export function unitTypes(lang: Language) {
  const all = UNIT_TYPES.map((t) => ({
    id: t,
    internalName: t,
    name: UNIT_TYPE_NAMES[t][lang],
    baseUnit: UNITS.find((u) => u.unitType === t && u.toBase === 1)?.id ?? '',
  }));
  return list(all, all.length);
}

export function sections(lang: Language) {
  const all = SECTIONS.map((x) => ({
    id: x.id,
    internalName: x.id,
    scope: x.scope,
    parentSection: x.parent,
    weight: x.weight,
    name: x.names[lang],
  }));
  return list(all, all.length);
}

/** Treatments sorted by name in the request language (seed 002 §3). */
export function treatments(lang: Language) {
  const collator = new Intl.Collator(lang);
  const all = TREATMENTS.map((t) => ({ id: t.id, internalName: t.id, name: t.names[lang] })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
  return list(all, all.length);
}

// ---------- sources, editions, providers ----------

const sourceDto = (r: repo.SourceListRow) => ({
  id: r.id,
  name: r.name,
  url: r.url,
  details: r.details,
  licence: r.licence,
  isCustom: r.companyId !== null,
  companyId: r.companyId,
  versionCount: r.versionCount,
  factorCount: r.factorCount,
});

export async function listSources(ctx: AppContext, actor: Actor, q: z.output<typeof s.sourceListQuery>) {
  const { rows, total } = await repo.listSources(ctx.db, actor.companyId, { term: q.term, ...pageWindow(q) });
  return list(rows.map(sourceDto), total);
}

function sourceValues(body: SourceBody) {
  return {
    name: body.name,
    url: body.url ?? null,
    details: body.details ?? null,
    licence: body.licence ?? null,
  };
}

/** The platform admin creates the provider's sources; everyone else the own company's. */
export async function createSource(ctx: AppContext, actor: Actor, body: SourceBody) {
  const scope = scopeOf(actor);
  const row = await repo.insertSource(ctx.db, {
    ...sourceValues(body),
    companyId: scope.isAdmin ? null : actor.companyId,
  });
  return sourceDto(notFoundUnless(await repo.findSource(ctx.db, actor.companyId, row.id)));
}

/** A source the actor may change: found (else notFound) and its own kind (else forbidden). */
async function writableSource(db: DbOrTx, actor: Actor, id: string) {
  const source = notFoundUnless(await repo.findSource(db, actor.companyId, id));
  if (source.datasetKey !== null && !isPlatformAdmin(actor)) throw new AppError('forbidden');
  if (!isPlatformAdmin(actor) && source.companyId !== actor.companyId) throw new AppError('forbidden');
  return source;
}

export async function updateSource(ctx: AppContext, actor: Actor, id: string, body: SourceBody) {
  await writableSource(ctx.db, actor, id);
  notFoundUnless(await repo.updateSource(ctx.db, scopeOf(actor), id, sourceValues(body)));
  return sourceDto(notFoundUnless(await repo.findSource(ctx.db, actor.companyId, id)));
}

/** A source in use by factors or editions stays (seed 002 §5, message sourceInUse, code 50500). */
export async function deleteSource(ctx: AppContext, actor: Actor, id: string) {
  await writableSource(ctx.db, actor, id);
  if ((await repo.sourceUseCount(ctx.db, id)) > 0) throw new AppError('sourceInUse');
  await repo.deleteSource(ctx.db, scopeOf(actor), id);
}

export async function listVersions(ctx: AppContext, actor: Actor, q: z.output<typeof s.sourceVersionQuery>) {
  const { rows, total } = await repo.listVersions(ctx.db, actor.companyId, {
    sourceId: q.source,
    ...pageWindow(q),
  });
  return list(rows, total);
}

export async function createVersion(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof s.sourceVersionBody>,
) {
  const source = await writableSource(ctx.db, actor, body.source);
  if (body.validUntil && body.validUntil < body.validFrom) throw new AppError('invalidDateRange');
  if (await repo.findVersionByName(ctx.db, source.id, body.version))
    throw new AppError('sourceVersionExists');
  const row = await repo.insertVersion(ctx.db, {
    sourceId: source.id,
    companyId: source.companyId,
    version: body.version,
    validFrom: body.validFrom,
    validUntil: body.validUntil ?? null,
    releaseDate: body.releaseDate ?? null,
  });
  return notFoundUnless(await repo.findVersion(ctx.db, actor.companyId, row.id));
}

/** The providers: all for the platform admin, the ones the company may use for everyone else. */
export async function listProviders(ctx: AppContext, actor: Actor) {
  const all = await repo.listProviders(ctx.db);
  const blocked = isPlatformAdmin(actor)
    ? new Set<string>()
    : new Set(await repo.blockedProviders(ctx.db, actor.companyId));
  const rows = all.filter((p) => !blocked.has(p.id));
  return list(rows, rows.length);
}

export async function createProvider(ctx: AppContext, name: string) {
  const row = await repo.insertProvider(ctx.db, name);
  if (!row) throw new AppError('emissionProviderExists');
  return { id: row.id, name: row.name, factorCount: 0 };
}

/** Which providers' public factors a company may use (platform admin; without a setting: all). */
export async function providerAccess(ctx: AppContext, actor: Actor, id: string) {
  const companyId = assertCompanyAccess(actor, id);
  notFoundUnless(await findCompany(ctx.db, companyId));
  const blocked = new Set(await repo.blockedProviders(ctx.db, companyId));
  const providers = await repo.listProviders(ctx.db);
  return {
    companyId,
    providers: providers.map((p) => ({ id: p.id, name: p.name, allowed: !blocked.has(p.id) })),
  };
}

export async function setProviderAccess(ctx: AppContext, actor: Actor, id: string, allowed: string[]) {
  const companyId = assertCompanyAccess(actor, id);
  notFoundUnless(await findCompany(ctx.db, companyId));
  const providers = await repo.listProviders(ctx.db);
  const known = new Set(providers.map((p) => p.id));
  if (allowed.some((p) => !known.has(p))) throw new AppError('notFound');
  const keep = new Set(allowed);
  await ctx.db.transaction((tx) =>
    repo.setBlockedProviders(
      tx,
      companyId,
      providers.filter((p) => !keep.has(p.id)).map((p) => p.id),
    ),
  );
  return providerAccess(ctx, actor, id);
}

// ---------- activities ----------

function texts(row: { translations: ActivityTranslations }, lang: Language) {
  return row.translations[lang] ?? row.translations.de;
}

function activityDto(
  row: Pick<
    repo.ActivityRow,
    'id' | 'companyId' | 'internalName' | 'categories' | 'translations' | 'treatmentId'
  >,
  facts: repo.ActivityFacts | undefined,
  lang: Language,
): Activity {
  const t = texts(row, lang);
  return {
    id: row.id,
    name: t.name,
    description: t.description,
    synonyms: t.synonyms,
    internalName: row.internalName,
    categories: row.categories,
    translations: row.translations,
    treatmentId: row.treatmentId,
    isCustom: row.companyId !== null,
    companyId: row.companyId,
    factorCount: facts?.factorCount ?? 0,
    baseUnits: facts?.baseUnits ?? [],
    countries: facts?.countries ?? [],
    sources: facts?.sources ?? [],
    factorPreview: facts?.preview ?? [],
  };
}

export async function searchActivities(ctx: AppContext, actor: Actor, q: SearchQuery, lang: Language) {
  const scope = scopeOf(actor);
  const term = fold(q.term ?? '');
  const categories = q.categories?.length ? [...new Set(q.categories.flatMap(sectionsUnder))] : null;
  const { rows, total } = await repo.searchActivities(ctx.db, scope, {
    term: term ? term.split(' ') : [],
    categories,
    country: q.country ?? null,
    providerId: q.provider ?? null,
    sourceId: q.source ?? null,
    custom: q.custom === undefined ? null : q.custom === 'true',
    gwpSet: q.gwpSet ?? null,
    sorting: q.sorting,
    lang,
    ...pageWindow(q),
  });
  const facts = await repo.activityFacts(
    ctx.db,
    scope,
    rows.map((r) => r.id),
  );
  return list(
    rows.map((r) => activityDto(r, facts.get(r.id), lang)),
    total,
  );
}

/** Activities of a section, or of every section of a scope (`scope1`): by name. */
export async function activitiesByCategory(
  ctx: AppContext,
  actor: Actor,
  id: string,
  q: { page: number; limit: number; pagination?: 'true' | 'false' },
  lang: Language,
) {
  return searchActivities(ctx, actor, { ...q, categories: [id], sorting: 'name' }, lang);
}

export async function getActivity(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
): Promise<ActivityDetail> {
  const scope = scopeOf(actor);
  const row = notFoundUnless(await repo.findActivity(ctx.db, actor.companyId, id));
  const factors = await repo.factorsOfActivity(ctx.db, scope, id);
  const facts = await repo.activityFacts(ctx.db, scope, [id]);
  return { ...activityDto(row, facts.get(id), lang), factors: factors.map((f) => factorDto(f, lang)) };
}

/** Both languages filled: a missing one takes the other's texts (the web shows German first). */
function translationsOf(body: ActivityUpdateBody['translations']): ActivityTranslations {
  const of = (t: NonNullable<typeof body.de>) => ({
    name: t.name,
    description: t.description ?? null,
    synonyms: t.synonyms ?? [],
  });
  const de = body.de ?? body.en;
  const en = body.en ?? body.de;
  return { de: of(de as NonNullable<typeof de>), en: of(en as NonNullable<typeof en>) };
}

function activityValues(body: ActivityUpdateBody) {
  const translations = translationsOf(body.translations);
  const names = [translations.de.name, translations.en.name, body.internalName ?? ''];
  return {
    internalName: body.internalName ?? null,
    categories: [...new Set(body.categories)],
    treatmentId: body.treatmentId ?? null,
    translations,
    searchNames: searchNames(names),
    searchText: searchText(names, [...translations.de.synonyms, ...translations.en.synonyms]),
  };
}

/**
 * A new activity with its first factors (seed 002 §5): at least one category and one factor, each
 * with a valid period; a custom (company) activity's factors need a source. The platform admin
 * creates provider activities, everyone else custom activities of the own company.
 */
export async function createActivity(ctx: AppContext, actor: Actor, body: ActivityBody, lang: Language) {
  const scope = scopeOf(actor);
  const companyId = scope.isAdmin ? null : actor.companyId;
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertActivity(tx, {
      ...activityValues(body),
      companyId,
      rankWeight: companyId ? 1 : 5,
    });
    for (const f of body.factors) {
      const values = await factorValues(tx, actor, row, f, companyId);
      await assertNoOverlap(tx, values);
      await repo.insertFactors(tx, [values]);
    }
    return row.id;
  });
  return getActivity(ctx, actor, id, lang);
}

/** An activity the actor may change: the provider's for the platform admin, else the own custom one. */
async function writableActivity(db: DbOrTx, actor: Actor, id: string) {
  const row = notFoundUnless(await repo.findActivity(db, actor.companyId, id));
  const own = row.companyId === actor.companyId;
  if (isPlatformAdmin(actor) ? !(row.companyId === null || own) : !own) throw new AppError('forbidden');
  return row;
}

export async function updateActivity(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ActivityUpdateBody,
  lang: Language,
) {
  await writableActivity(ctx.db, actor, id);
  notFoundUnless(await repo.updateActivity(ctx.db, scopeOf(actor), id, activityValues(body)));
  return getActivity(ctx, actor, id, lang);
}

/**
 * Deletes an activity with its own factors; other companies' factors on it keep it (activityInUse),
 * and so do footprint entries calculated with its factors (a published figure keeps its factor, ADR 0013).
 */
export async function deleteActivity(ctx: AppContext, actor: Actor, id: string, users: FactorUsers) {
  const row = await writableActivity(ctx.db, actor, id);
  if ((await repo.foreignFactorCount(ctx.db, row)) > 0) throw new AppError('activityInUse');
  if (await users.usesAnyFactor(ctx.db, await factorIdsOfActivity(ctx.db, id)))
    throw new AppError('activityUsedByEntries');
  await repo.deleteActivity(ctx.db, scopeOf(actor), id);
}

export async function countriesByActivity(ctx: AppContext, actor: Actor, activityId: string, lang: Language) {
  notFoundUnless(await repo.findActivity(ctx.db, actor.companyId, activityId));
  const codes = await repo.countriesOfActivity(ctx.db, scopeOf(actor), activityId);
  const collator = new Intl.Collator(lang);
  const all = codes
    .map((code) => ({ code, name: countries.getName(code, lang) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return list(all, all.length);
}

// ---------- factors ----------

export function factorDto(f: repo.FactorRow, lang: Language): Factor {
  return {
    id: f.id,
    activityId: f.activityId,
    activityName: texts({ translations: f.activityTranslations }, lang).name,
    baseUnit: f.baseUnit,
    unitTypes: f.unitTypes as Factor['unitTypes'],
    co2Factor: Number(f.co2Factor),
    biogenicCo2Factor: f.biogenicCo2Factor === null ? null : Number(f.biogenicCo2Factor),
    gases: {
      co2: f.co2 === null ? null : Number(f.co2),
      ch4: f.ch4 === null ? null : Number(f.ch4),
      n2o: f.n2o === null ? null : Number(f.n2o),
    },
    wttFactor: f.wttFactor === null ? null : Number(f.wttFactor),
    countryId: f.country,
    sourceId: f.sourceId,
    source: f.sourceId ? { id: f.sourceId, name: f.sourceName ?? '' } : null,
    sourceVersionId: f.sourceVersionId,
    sourceVersion: f.sourceVersionId ? { id: f.sourceVersionId, version: f.sourceVersion ?? '' } : null,
    translations: f.translations,
    validFrom: f.validFrom,
    validUntil: f.validUntil,
    version: f.version,
    year: f.year,
    releaseDate: f.releaseDate,
    providerId: f.providerId,
    provider: f.providerId ? { id: f.providerId, name: f.providerName ?? '' } : null,
    coverage: f.coverage,
    lcaActivity: f.lcaActivity,
    isPublic: f.isPublic,
    companyId: f.companyId,
    company: f.companyId ? { id: f.companyId, name: f.companyName ?? '' } : null,
    externalId: f.externalId,
    gwpSet: f.gwpSet === 'AR5' || f.gwpSet === 'AR6' ? f.gwpSet : null,
    lineageId: f.lineageId,
    withdrawnAt: f.withdrawnAt === null ? null : new Date(f.withdrawnAt).toISOString(),
    withdrawnReason: (FACTOR_WITHDRAWN_REASONS as readonly string[]).includes(f.withdrawnReason ?? '')
      ? (f.withdrawnReason as Factor['withdrawnReason'])
      : null,
  };
}

/**
 * The stored values of a factor, checked (seed 002 §5): a valid period, a source the actor may use
 * (its edition of that source), an existing provider (platform admin only), and a source for the
 * factors of a custom activity. `companyId` is the owner: null for a provider factor.
 */
async function factorValues(
  db: DbOrTx,
  actor: Actor,
  activity: repo.ActivityRow,
  f: FactorInput,
  companyId: string | null,
): Promise<repo.FactorInsert> {
  if (f.validUntil && f.validUntil < f.validFrom) throw new AppError('invalidDateRange');
  let sourceId = f.sourceId ?? null;
  const versionId = f.sourceVersionId ?? null;
  if (versionId) {
    const version = notFoundUnless(await repo.findVersion(db, actor.companyId, versionId));
    if (sourceId && version.sourceId !== sourceId)
      throw new AppError('validationFailed', { field: 'sourceVersionId' });
    sourceId = version.sourceId;
  }
  if (sourceId) notFoundUnless(await repo.findSource(db, actor.companyId, sourceId));
  if (activity.companyId !== null && !sourceId) throw new AppError('sourceMandatory');
  const providerId = f.providerId ?? null;
  if (providerId) {
    if (companyId !== null) throw new AppError('forbidden');
    notFoundUnless(await repo.findProvider(db, providerId));
  }
  const unit = unitOf(f.baseUnit);
  return {
    activityId: activity.id,
    companyId,
    baseUnit: f.baseUnit,
    unitTypes: unit ? [unit.unitType] : [],
    co2Factor: f.co2Factor,
    biogenicCo2Factor: f.biogenicCo2Factor ?? null,
    co2: f.gases?.co2 ?? null,
    ch4: f.gases?.ch4 ?? null,
    n2o: f.gases?.n2o ?? null,
    wttFactor: f.wttFactor ?? null,
    country: f.countryId ?? null,
    sourceId,
    sourceVersionId: versionId,
    translations: {
      de: { note: f.translations?.de?.note ?? null },
      en: { note: f.translations?.en?.note ?? null },
    },
    validFrom: f.validFrom,
    validUntil: f.validUntil ?? null,
    version: f.version,
    year: f.year ?? null,
    releaseDate: f.releaseDate ?? null,
    providerId,
    coverage: f.coverage ?? null,
    lcaActivity: f.lcaActivity ?? null,
    // Customer factors are private to their company (issue 18).
    isPublic: companyId === null ? f.isPublic : false,
    gwpSet: f.gwpSet ?? null,
  };
}

async function assertNoOverlap(db: DbOrTx, v: repo.FactorInsert, exceptId?: string) {
  const clash = await repo.overlappingFactor(db, {
    activityId: v.activityId,
    country: v.country ?? null,
    providerId: v.providerId ?? null,
    companyId: v.companyId ?? null,
    baseUnit: v.baseUnit,
    validFrom: v.validFrom,
    validUntil: v.validUntil ?? null,
    exceptId,
  });
  if (clash) throw new AppError('factorPeriodOverlap', { factorId: clash });
}

/**
 * The owner of a new factor: a platform admin writes provider factors (or, naming `company`, that
 * company's customer factors); everyone else the own company's customer factors.
 */
function ownerOf(actor: Actor, company: string | undefined): CompanyId | null {
  if (company !== undefined) return assertCompanyAccess(actor, company);
  return isPlatformAdmin(actor) ? null : actor.companyId;
}

export async function getFactor(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  return factorDto(notFoundUnless(await repo.findFactor(ctx.db, scopeOf(actor), id)), lang);
}

export async function createFactor(ctx: AppContext, actor: Actor, body: FactorBody, lang: Language) {
  const companyId = ownerOf(actor, body.company);
  const activity = notFoundUnless(
    await repo.findActivity(ctx.db, companyId ?? actor.companyId, body.activityId),
  );
  // A provider factor belongs to a provider activity; a custom activity takes only its company's factors.
  if (companyId === null && activity.companyId !== null) throw new AppError('forbidden');
  if (activity.companyId !== null && activity.companyId !== companyId) throw new AppError('notFound');
  const id = await ctx.db.transaction(async (tx) => {
    const values = await factorValues(tx, actor, activity, body, companyId);
    await assertNoOverlap(tx, values);
    const [row] = await repo.insertFactors(tx, [values]);
    return row.id;
  });
  return getFactorAs(ctx, actor, companyId, id, lang);
}

/** Reads a factor back for its writer (a platform admin writing a company's factor reads it as that company). */
async function getFactorAs(
  ctx: AppContext,
  actor: Actor,
  companyId: CompanyId | null,
  id: string,
  lang: Language,
) {
  const scope: repo.Scope =
    companyId && companyId !== actor.companyId ? { companyId, isAdmin: false } : scopeOf(actor);
  return factorDto(notFoundUnless(await repo.findFactor(ctx.db, scope, id)), lang);
}

/** A factor the actor may change, with its activity: provider factors for the platform admin, else the own. */
async function writableFactor(db: DbOrTx, actor: Actor, id: string) {
  const admin = isPlatformAdmin(actor);
  const row = notFoundUnless(await repo.findFactor(db, scopeOf(actor), id));
  if (row.companyId === null ? !admin : row.companyId !== actor.companyId) throw new AppError('forbidden');
  const owner = row.companyId === null ? null : (row.companyId as CompanyId);
  const activity = notFoundUnless(await repo.findActivity(db, owner ?? actor.companyId, row.activityId));
  return { row, activity, owner };
}

/**
 * A change of a factor never overwrites it (issue 33, docs/decisions/0013): the new figures become
 * the next version (a new row of the same lineage), the old row is withdrawn and stays for the
 * entries that used it, which are offered a restatement. Answers the new version.
 */
export async function updateFactor(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: FactorInput,
  lang: Language,
) {
  const { row, activity, owner } = await writableFactor(ctx.db, actor, id);
  if (row.withdrawnAt !== null) throw new AppError('factorWithdrawn', { factorId: row.id });
  const newId = await ctx.db.transaction(async (tx) => {
    const values = await factorValues(tx, actor, activity, body, owner);
    await assertNoOverlap(tx, values, id);
    return insertNextVersion(tx, { id: row.id, lineageId: row.lineageId, version: row.version }, values);
  });
  return getFactorAs(ctx, actor, owner, newId, lang);
}

/** The last factor of an activity stays (seed 002 §5: an activity needs at least one factor). */
export async function deleteFactor(ctx: AppContext, actor: Actor, id: string, users: FactorUsers) {
  const { activity, owner } = await writableFactor(ctx.db, actor, id);
  const ownerOfActivity = activity.companyId === null ? null : activity.companyId;
  if (owner === ownerOfActivity && (await repo.ownFactorCount(ctx.db, activity)) <= 1)
    throw new AppError('activityFactorRequired');
  // Issue 33: a factor entries used is withdrawn, not deleted, so their trace stays.
  if (await users.usesAnyFactor(ctx.db, [id])) await withdrawDeletedFactor(ctx.db, id);
  else await repo.deleteFactor(ctx.db, scopeOf(actor), id);
}

export async function customerFactors(
  ctx: AppContext,
  actor: Actor,
  q: z.output<typeof s.customerFactorQuery>,
  lang: Language,
) {
  const companies: CompanyId | 'all' =
    q.company !== undefined
      ? assertCompanyAccess(actor, q.company)
      : isPlatformAdmin(actor)
        ? 'all'
        : actor.companyId;
  const term = fold(q.term ?? '');
  const { rows, total } = await repo.listCustomerFactors(ctx.db, companies, {
    activityId: q.activity,
    term: term ? term.split(' ') : [],
    lang,
    ...pageWindow(q),
  });
  return list(
    rows.map((r) => factorDto(r, lang)),
    total,
  );
}

// ---------- built-in data sets ----------

const SOURCES: Record<DatasetKey, DatasetSource> = {
  desnz: DESNZ_SOURCE,
  'geg-anlage9': GEG_SOURCE,
  'grid-electricity': GRID_SOURCE,
  'refrigerants-ar6': GWP_SOURCE,
  'refrigerants-ar5': GWP_AR5_SOURCE,
};

const DATASET_FACTS: Record<DatasetKey, { licence: string; url: string; attribution: string }> = {
  desnz: {
    licence: 'OGL v3.0',
    url: 'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
    attribution: 'Contains public sector information licensed under the Open Government Licence v3.0.',
  },
  'geg-anlage9': {
    licence: 'Public domain (§ 5 UrhG)',
    url: 'https://www.gesetze-im-internet.de/geg/anlage_9.html',
    attribution: 'Gebäudeenergiegesetz (GEG), Anlage 9',
  },
  'grid-electricity': {
    licence: 'ODbL 1.0',
    url: 'https://www.electricitymaps.com/data-portal',
    attribution: 'Electricity Maps, yearly carbon intensity, ODbL',
  },
  'refrigerants-ar6': {
    licence: 'CC0 1.0 / OGL v3.0',
    url: 'https://github.com/openclimatedata/globalwarmingpotentials',
    attribution: 'IPCC AR6 GWP100 (openclimatedata, CC0); refrigerant list: DESNZ 2025 (OGL v3.0)',
  },
  'refrigerants-ar5': {
    licence: 'CC0 1.0 / OGL v3.0',
    url: 'https://github.com/openclimatedata/globalwarmingpotentials',
    attribution: 'IPCC AR5 GWP100 (openclimatedata, CC0); refrigerant list: DESNZ 2025 (OGL v3.0)',
  },
};

/** The built-in data sets with their shipped edition and whether it is loaded (data sources page). */
export async function datasets(ctx: AppContext) {
  const manifest = builtinManifest();
  const loaded = await repo.loadedEditions(ctx.db);
  const all = (Object.keys(DATASET_FILES) as DatasetKey[]).map((key) => {
    const editions = loaded.filter((e) => e.key === key);
    return {
      key,
      source: SOURCES[key].name,
      version: manifest[key].version,
      ...DATASET_FACTS[key],
      factorCount: editions.reduce((n, e) => n + e.factorCount, 0),
      loaded: editions.some((e) => e.version === manifest[key].version),
    };
  });
  return list(all, all.length);
}
