/**
 * Rules of the carbon footprint (issue 19, seed 001 §3–§6): settings, business units, reports,
 * entries with their figures, documents, access rights and the last edited section. Every use
 * case checks access first; SQL is in the repository.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CFC_DOCUMENT_MAX_BYTES,
  CFC_ENTRY_CODES,
  CFC_MARKET_BASES,
  type CfcBusinessUnit,
  type CfcCompanySettings,
  type CfcDocument,
  type CfcEntry,
  type CfcEntryData,
  type CfcReport,
  type CfcReportDetail,
  type CfcSectionDef,
  type Language,
  UNITS,
  UNIT_TYPES,
  UNIT_TYPE_NAMES,
  type cfcSchemas as s,
  cfcSection,
  findUnsafeText,
  isCfcLeafSection,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { activitiesByDatasetKey, factorsOfActivity, findActivity } from '../emission-db/index.ts';
import {
  activeTariffs as runningTariffs,
  activeBooking,
  assertBusinessUnitAllowed,
  baseYears as bookedYears,
} from '../tariffs/index.ts';
import { type CalcFactor, GRID_ACTIVITY_KEY, calculateEntry } from './cfc.calc.ts';
import {
  type CfcAccess,
  accessOf,
  canManageReports,
  canRead,
  canWrite,
  isCfcAdmin,
  reportFor,
} from './cfc.access.ts';
import * as repo from './cfc.repository.ts';
import {
  activeLeaves,
  countsWithParents,
  helpOverrides,
  isPaidCfc,
  sectionAvailable,
  sectionList,
  sectionTree,
} from './cfc.sections.ts';

type Ctx = Pick<AppContext, 'db'>;

/** A unique index refused the row (PostgreSQL 23505; drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

// ---------- reference lists ----------

export function units(lang: Language) {
  const all = UNITS.map((u) => ({ id: u.id, internalName: u.id, unitType: u.unitType, name: u.names[lang] }));
  return list(all, all.length);
}

export function unitTypes(lang: Language) {
  const all = UNIT_TYPES.map((t) => ({ id: t, internalName: t, name: UNIT_TYPE_NAMES[t][lang] }));
  return list(all, all.length);
}

/** Seed 001 §3: treatments are sorted by name (in the request language), as the emission database lists them. */
export { treatments } from '../emission-db/index.ts';

export async function sections(ctx: Ctx, actor: Actor, lang: Language) {
  const all = sectionList(lang, await helpOverrides(ctx), await isPaidCfc(ctx, actor.companyId));
  return list(all, all.length);
}

export async function categoriesTree(ctx: Ctx, actor: Actor, lang: Language) {
  return sectionTree(sectionList(lang, await helpOverrides(ctx), await isPaidCfc(ctx, actor.companyId)));
}

export async function helpTexts(ctx: Ctx) {
  const overrides = await helpOverrides(ctx);
  const all = sectionList('de', overrides, true).map((sec) => {
    const def = cfcSection(sec.id) as CfcSectionDef;
    const own = overrides.get(def.id) ?? {};
    return {
      id: def.id,
      section: def.id,
      de: own.de ?? def.help.de,
      en: own.en ?? def.help.en,
      custom: own.de !== undefined || own.en !== undefined,
    };
  });
  return list(all, all.length);
}

/** The platform admin's help text of a section; an empty text restores the built-in one. */
export async function updateHelpText(ctx: Ctx, id: string, body: z.output<typeof s.cfcHelpTextBody>) {
  for (const lang of ['de', 'en'] as const) {
    const text = body[lang];
    if (text === undefined) continue;
    await repo.saveHelpText(ctx.db, id, lang, text === '' ? null : text);
  }
  const all = (await helpTexts(ctx))['hydra:member'];
  return all.find((h) => h.id === id) as (typeof all)[number];
}

// ---------- settings ----------

const currentYear = (timeZone: string) =>
  Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(new Date()));

/** Seed 001 §5: minimum base year (default 0) and latest report year (else the current year). */
export async function baseYears(ctx: AppContext, actor: Actor, timeZone: string) {
  const booked = await bookedYears(ctx, actor, timeZone);
  return { min: booked.minimumBaseYear ?? 0, max: booked.maximumReportYear ?? currentYear(timeZone) };
}

export async function activeTariffs(ctx: AppContext, actor: Actor, lang: Language, timeZone: string) {
  const running = (await runningTariffs(ctx, actor, lang, timeZone))['hydra:member'].filter(
    (t) => t.module === 'cfc',
  );
  const booking = await activeBooking(ctx, actor.companyId, 'cfc');
  const all = running.map((t) => ({
    id: t.id,
    tariffId: t.tariffId,
    name: t.name,
    type: t.type,
    isFreeOfCharge: t.isFreeOfCharge,
    isPaid: !t.isFreeOfCharge,
    businessUnitsLimit: booking?.tariff.id === t.tariffId ? booking.tariff.businessUnitsLimit : null,
    beginDate: t.beginDate,
    endDate: t.endDate,
  }));
  return list(all, all.length);
}

export async function companySettings(ctx: Ctx, actor: Actor): Promise<CfcCompanySettings> {
  const [row, isPaid, unitCount, last] = await Promise.all([
    repo.findSettings(ctx.db, actor.companyId),
    isPaidCfc(ctx, actor.companyId),
    repo.countUnits(ctx.db, actor.companyId),
    repo.findLastSection(ctx.db, actor.companyId, actor.userId),
  ]);
  const selection = row?.sections ?? [];
  return {
    // Before the first save the company's id names its (empty) settings.
    id: row?.id ?? actor.companyId,
    baseYear: row?.baseYear ?? null,
    sections: selection,
    hasBusinessUnits: unitCount > 0,
    isPaid,
    activeSections: activeLeaves(isPaid, selection),
    lastEditedSection: last
      ? {
          businessUnit: last.businessUnitId,
          businessUnitUrlId: last.urlId,
          year: last.year,
          section: last.section,
        }
      : null,
  };
}

/**
 * Saves base year and sections. A base year must be a valid year, not in the future and not
 * before the booked minimum; a later base year deletes the reports of earlier years (seed 001 §4:
 * irreversible; the web confirms first).
 */
export async function saveSettings(
  ctx: AppContext,
  actor: Actor,
  body: { baseYear?: number; sections?: string[] },
  timeZone: string,
) {
  if (body.baseYear !== undefined) {
    const { min } = await baseYears(ctx, actor, timeZone);
    if (body.baseYear > currentYear(timeZone)) throw new AppError('futureBaseYear');
    if (body.baseYear < min) throw new AppError('invalidYear', { min });
  }
  const deletedReports = await ctx.db.transaction(async (tx) => {
    const deleted =
      body.baseYear !== undefined ? await repo.deleteReportsBefore(tx, actor.companyId, body.baseYear) : 0;
    await repo.saveSettings(tx, actor.companyId, body);
    return deleted;
  });
  return { settings: await companySettings(ctx, actor), deletedReports };
}

// ---------- business units ----------

function unitDto(u: repo.UnitRow & { reportCount?: number }, access: CfcAccess): CfcBusinessUnit {
  return {
    id: u.id,
    urlId: u.urlId,
    name: u.name,
    companyName: u.companyName,
    description: u.description,
    city: u.city,
    country: u.country,
    reportCount: u.reportCount ?? 0,
    canWrite: canManageReports(access, u.id),
  };
}

export async function listUnits(ctx: Ctx, actor: Actor) {
  const access = await accessOf(ctx, actor);
  const all = (await repo.listUnits(ctx.db, actor.companyId))
    .filter((u) => canRead(access, u.id))
    .map((u) => unitDto(u, access));
  return list(all, all.length);
}

/** The unit's address part: its name in lower-case ASCII words, numbered when taken. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/ß/g, 'ss')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'unit';
}

async function freeUrlId(ctx: Ctx, companyId: CompanyId, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(await repo.urlIdsStartingWith(ctx.db, companyId, base));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

type UnitBody = z.output<typeof s.cfcBusinessUnitBody>;

export async function createUnit(ctx: Ctx, actor: Actor, body: UnitBody) {
  if (await repo.unitNamed(ctx.db, actor.companyId, body.name))
    throw new AppError('BusinessUnitAlreadyExists');
  await assertBusinessUnitAllowed(ctx, actor.companyId, await repo.countUnits(ctx.db, actor.companyId));
  try {
    const row = await repo.insertUnit(ctx.db, actor.companyId, {
      name: body.name,
      urlId: await freeUrlId(ctx, actor.companyId, body.name),
      companyName: body.companyName ?? null,
      description: body.description ?? null,
      city: body.city ?? null,
      country: body.country ?? null,
    });
    return unitDto(row, await accessOf(ctx, actor));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('BusinessUnitAlreadyExists');
    throw err;
  }
}

export async function updateUnit(ctx: Ctx, actor: Actor, id: string, body: Partial<UnitBody>) {
  const unit = await repo.findUnit(ctx.db, actor.companyId, id);
  if (!unit) throw new AppError('notFound');
  if (body.name !== undefined && (await repo.unitNamed(ctx.db, actor.companyId, body.name, id)))
    throw new AppError('BusinessUnitAlreadyExists');
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (await repo.updateUnit(tx, actor.companyId, id, body)) as repo.UnitRow;
    // Scope 2 figures are looked up in the site country: a new country computes them again.
    if (body.country !== undefined && body.country !== unit.country) {
      for (const e of await repo.entriesOfUnit(tx, actor.companyId, id)) {
        if (!cfcSection(e.section)?.energyMethod) continue;
        const report = await repo.findReport(tx, actor.companyId, e.reportId);
        if (!report) continue;
        const figures = await computeEntry(
          { db: tx },
          actor.companyId,
          report.year,
          updated.country,
          e.section,
          e.data,
        );
        await repo.updateEntry(tx, actor.companyId, e.id, figures);
      }
    }
    return updated;
  });
  // The answer counts the unit's reports like the list does (it showed 0 after a change).
  const reportCount = await repo.unitReportCount(ctx.db, actor.companyId, id);
  return unitDto({ ...row, reportCount }, await accessOf(ctx, actor));
}

/** Seed 001 §5: at least one unit stays; deleting one loses its reports. */
export async function deleteUnit(ctx: Ctx, actor: Actor, id: string) {
  const unit = await repo.findUnit(ctx.db, actor.companyId, id);
  if (!unit) throw new AppError('notFound');
  if ((await repo.countUnits(ctx.db, actor.companyId)) <= 1) throw new AppError('lastBusinessUnit');
  await repo.deleteUnit(ctx.db, actor.companyId, id);
}

export async function companyNames(ctx: Ctx, actor: Actor, text: string) {
  const names = await repo.companyNames(ctx.db, actor.companyId, text);
  return list(names, names.length);
}

// ---------- reports ----------

async function reportDto(
  ctx: Ctx,
  r: repo.ReportWithUnit,
  access: CfcAccess,
  isPaid?: boolean,
): Promise<CfcReport> {
  const settings = await repo.findSettings(ctx.db, r.companyId as CompanyId);
  const paid = isPaid ?? (await isPaidCfc(ctx, r.companyId as CompanyId));
  return {
    id: r.id,
    year: r.year,
    businessUnit: {
      id: r.unit.id,
      name: r.unit.name,
      urlId: r.unit.urlId,
      country: r.unit.country,
      settings: { sections: activeLeaves(paid, settings?.sections ?? []) },
    },
    powerMarketbased: r.powerMarketBased,
    thermalMarketbased: r.thermalMarketBased,
    entryCount: r.entryCount,
    hasIncompleteEntries: r.incompleteCount > 0,
    canWrite: canWrite(access, r.businessUnitId, r.id),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listReports(ctx: Ctx, actor: Actor, q: z.output<typeof s.cfcReportListQuery>) {
  const access = await accessOf(ctx, actor);
  const isPaid = await isPaidCfc(ctx, actor.companyId);
  const rows = (
    await repo.listReports(ctx.db, actor.companyId, {
      unitId: q.businessUnit,
      year: q.year,
    })
  ).filter((r) => canRead(access, r.businessUnitId, r.id));
  const { offset, limit } = pageWindow(q);
  const page = q.pagination === 'false' ? rows : rows.slice(offset, offset + limit);
  return list(await Promise.all(page.map((r) => reportDto(ctx, r, access, isPaid))), rows.length);
}

/** Seed 001 §5: report years run from the base year to the latest booked report year (or now). */
export async function createReport(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof s.cfcReportBody>,
  timeZone: string,
) {
  const unit = await repo.findUnit(ctx.db, actor.companyId, body.businessUnit);
  if (!unit) throw new AppError('notFound');
  const access = await accessOf(ctx, actor);
  if (!canRead(access, unit.id)) throw new AppError('readBusinessUnitNotAllowed');
  if (!canManageReports(access, unit.id)) throw new AppError('createReportNotAllowed');
  const settings = await repo.findSettings(ctx.db, actor.companyId);
  if (settings?.baseYear === null || settings?.baseYear === undefined) throw new AppError('cfcNoSettings');
  const { max } = await baseYears(ctx, actor, timeZone);
  if (body.year < settings.baseYear || body.year > max)
    throw new AppError('invalidYear', { min: settings.baseYear, max });
  const row = await repo.insertReport(ctx.db, actor.companyId, unit.id, body.year);
  if (!row) throw new AppError('cfcReportYearExists');
  return reportDto(
    ctx,
    (await repo.findReport(ctx.db, actor.companyId, row.id)) as repo.ReportWithUnit,
    access,
  );
}

export async function deleteReport(ctx: Ctx, actor: Actor, id: string) {
  const { report, access } = await reportFor(ctx, actor, id);
  if (!canManageReports(access, report.businessUnitId)) throw new AppError('createReportNotAllowed');
  await repo.deleteReport(ctx.db, actor.companyId, id);
}

export async function reportByUrl(ctx: Ctx, actor: Actor, urlId: string, year: number, lang: Language) {
  const unit = await repo.findUnitByUrl(ctx.db, actor.companyId, urlId);
  if (!unit) throw new AppError('notFound');
  const found = await repo.findReportOf(ctx.db, actor.companyId, unit.id, year);
  if (!found) throw new AppError('notFound');
  return reportDetail(ctx, actor, found.id, lang);
}

export async function reportDetail(
  ctx: Ctx,
  actor: Actor,
  id: string,
  lang: Language,
): Promise<CfcReportDetail> {
  const { report, access } = await reportFor(ctx, actor, id);
  const isPaid = await isPaidCfc(ctx, actor.companyId);
  const counts = countsWithParents(await repo.sectionCounts(ctx.db, actor.companyId, id));
  const all = sectionList(lang, await helpOverrides(ctx), isPaid).map((sec) => ({
    ...sec,
    count: counts.get(sec.id)?.count ?? 0,
    hasIncompleteEntries: (counts.get(sec.id)?.incomplete ?? 0) > 0,
  }));
  return { ...(await reportDto(ctx, report, access, isPaid)), sections: all };
}

export async function sectionCounts(ctx: Ctx, actor: Actor, id: string) {
  await reportFor(ctx, actor, id);
  const counts = countsWithParents(await repo.sectionCounts(ctx.db, actor.companyId, id));
  const all = [...counts].map(([section, c]) => ({
    section,
    count: c.count,
    hasIncompleteEntries: c.incomplete > 0,
  }));
  return list(all, all.length);
}

export async function setMethod(
  ctx: Ctx,
  actor: Actor,
  method: 'power' | 'thermal',
  body: z.output<typeof s.cfcMethodBody>,
) {
  const { report, access } = await reportFor(ctx, actor, body.report, { write: 'changeMethodNotAllowed' });
  await repo.setReportMethod(ctx.db, actor.companyId, report.id, method, body.isMarketBased);
  return reportDto(
    ctx,
    (await repo.findReport(ctx.db, actor.companyId, report.id)) as repo.ReportWithUnit,
    access,
  );
}

// ---------- entries ----------

const DATA_KEYS = [
  'activity',
  'amount',
  'unit',
  'country',
  'dataSource',
  'dataQuality',
  'emissionFactor',
  'emissionFactorName',
  'daysPerYear',
  'employees',
  'vehicles',
  'passengers',
  'nights',
  'rooms',
  'substance',
  'fuel',
  'wasteGroup',
  'wasteType',
  'treatment',
  'travelClass',
  'flightType',
  'note',
] as const satisfies readonly (keyof CfcEntryData)[];

export type FullEntryData = { [K in keyof CfcEntryData]-?: Exclude<CfcEntryData[K], undefined> };

/** The entered fields of a body, every one present (null when not given). */
export function entryData(body: Partial<Record<(typeof DATA_KEYS)[number], unknown>>): FullEntryData {
  const out: Record<string, unknown> = {};
  for (const k of DATA_KEYS) out[k] = body[k] ?? null;
  return out as FullEntryData;
}

/**
 * An entry's figures from the emission database (the factors the company may use), for import and
 * flow-in too. An activity of another company counts as none: the entry is incomplete.
 */
export async function computeEntry(
  ctx: Ctx,
  companyId: CompanyId,
  year: number,
  siteCountry: string | null,
  sectionId: string,
  data: CfcEntryData,
): Promise<Omit<repo.EntryInsert, 'reportId' | 'section'>> {
  const section = cfcSection(sectionId) as CfcSectionDef;
  const activity = data.activity ? await findActivity(ctx.db, companyId, data.activity) : null;
  const factors = activity ? await usableFactors(ctx, companyId, activity.id) : [];
  let grid: CalcFactor[] = [];
  if (section.energyMethod === 'power') {
    const gridId = (await activitiesByDatasetKey(ctx.db, [GRID_ACTIVITY_KEY])).get(GRID_ACTIVITY_KEY);
    // The grid series is the provider's only: a company factor on it is a supplier rate, not the grid.
    if (gridId) grid = (await usableFactors(ctx, companyId, gridId)).filter((f) => f.companyId === null);
  }
  const result = calculateEntry({
    section,
    data,
    factors,
    hasActivity: activity !== null,
    reportYear: year,
    siteCountry,
    grid,
  });
  return {
    activityId: activity?.id ?? null,
    data,
    dataQuality: data.dataQuality ?? null,
    ...result,
  };
}

/** The factors of an activity the company may use, as the calculation reads them. */
async function usableFactors(ctx: Ctx, companyId: CompanyId, activityId: string): Promise<CalcFactor[]> {
  return (await factorsOfActivity(ctx.db, { companyId, isAdmin: false }, activityId)).map((f) => ({
    co2Factor: f.co2Factor,
    wttFactor: f.wttFactor,
    baseUnit: f.baseUnit,
    country: f.country,
    validFrom: f.validFrom,
    validUntil: f.validUntil,
    year: f.year,
    sourceName: f.sourceVersion ? `${f.sourceName} ${f.sourceVersion}` : f.sourceName,
    companyId: f.companyId,
    co2: f.co2,
    ch4: f.ch4,
    n2o: f.n2o,
    bio: f.biogenicCo2Factor,
  }));
}

/** The report must allow the section: open in the tariff and selected (seed 001 §1, §6). */
async function assertSectionOpen(ctx: Ctx, companyId: CompanyId, sectionId: string) {
  const def = cfcSection(sectionId);
  if (!def || !isCfcLeafSection(sectionId))
    throw new AppError('cfcSectionNotAvailable', { section: sectionId });
  const isPaid = await isPaidCfc(ctx, companyId);
  const settings = await repo.findSettings(ctx.db, companyId);
  if (!sectionAvailable(def, isPaid) || !activeLeaves(isPaid, settings?.sections ?? []).includes(sectionId))
    throw new AppError('cfcSectionNotAvailable', { section: sectionId });
  return def;
}

async function activityNames(ctx: Ctx, companyId: CompanyId, rows: repo.EntryRow[], lang: Language) {
  const ids = [...new Set(rows.map((r) => r.activityId).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  await Promise.all(
    ids.map(async (id) => {
      const a = await findActivity(ctx.db, companyId, id);
      if (a) names.set(id, a.translations[lang]?.name ?? a.translations.de.name);
    }),
  );
  return names;
}

const documentDto = (d: repo.DocumentMeta): CfcDocument => ({
  id: d.id,
  entryId: d.entryId,
  fileName: d.fileName,
  mimeType: d.mimeType,
  size: d.size,
  createdAt: d.createdAt.toISOString(),
});

async function entryDtos(
  ctx: Ctx,
  companyId: CompanyId,
  rows: repo.EntryRow[],
  lang: Language,
): Promise<CfcEntry[]> {
  const [names, docs] = await Promise.all([
    activityNames(ctx, companyId, rows, lang),
    repo.documentsOf(
      ctx.db,
      companyId,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    report: r.reportId,
    section: r.section,
    ...entryData(r.data),
    activityName: r.activityId ? (names.get(r.activityId) ?? null) : null,
    co2eKg: r.co2eKg,
    co2eMarketKg: r.co2eMarketKg,
    marketBasis: (CFC_MARKET_BASES as readonly string[]).includes(r.marketBasis ?? '')
      ? (r.marketBasis as CfcEntry['marketBasis'])
      : null,
    marketFactor: r.marketFactor,
    marketFactorUnit: r.marketFactorUnit,
    marketFactorSource: r.marketFactorSource,
    wttKg: r.wttKg,
    co2Kg: r.co2Kg,
    ch4Kg: r.ch4Kg,
    n2oKg: r.n2oKg,
    biogenicCo2Kg: r.biogenicCo2Kg,
    factor: r.factor,
    factorUnit: r.factorUnit,
    factorSource: r.factorSource,
    factorYear: r.factorYear,
    quantity: r.quantity,
    errorCode: (CFC_ENTRY_CODES as readonly string[]).includes(r.errorCode ?? '')
      ? (r.errorCode as CfcEntry['errorCode'])
      : null,
    origin: r.originKind && r.originId ? { kind: r.originKind, id: r.originId, label: r.originLabel } : null,
    documents: docs.filter((d) => d.entryId === r.id).map(documentDto),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listEntries(
  ctx: Ctx,
  actor: Actor,
  q: z.output<typeof s.cfcEntryQuery>,
  lang: Language,
) {
  await reportFor(ctx, actor, q.report);
  const window = q.pagination === 'false' ? { offset: 0, limit: 100_000 } : pageWindow(q);
  const { rows, total } = await repo.listEntries(ctx.db, actor.companyId, q.report, q.section, window);
  return list(await entryDtos(ctx, actor.companyId, rows, lang), total);
}

export async function saveEntry(
  ctx: Ctx,
  actor: Actor,
  body: z.output<typeof s.cfcEntryBody>,
  lang: Language,
) {
  const existing = body.id ? await repo.findEntry(ctx.db, actor.companyId, body.id) : null;
  if (body.id && (!existing || existing.reportId !== body.report)) throw new AppError('notFound');
  const { report } = await reportFor(ctx, actor, body.report, { write: 'writeEntryNotAllowed' });
  if (body.activity && !(await findActivity(ctx.db, actor.companyId, body.activity)))
    throw new AppError('notFound');
  const def = await assertSectionOpen(ctx, actor.companyId, body.section);
  // Seed 001 §5: scope 2 needs the site country first.
  if (def.scope === 2 && !report.unit.country) throw new AppError('siteCountryRequired');
  const data = entryData(body);
  const figures = await computeEntry(ctx, actor.companyId, report.year, report.unit.country, def.id, data);
  const row = existing
    ? await repo.updateEntry(ctx.db, actor.companyId, existing.id, { section: def.id, ...figures })
    : await repo.insertEntry(ctx.db, actor.companyId, { reportId: report.id, section: def.id, ...figures });
  const [dto] = await entryDtos(ctx, actor.companyId, [row as repo.EntryRow], lang);
  return dto;
}

export async function deleteEntries(ctx: Ctx, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.findEntries(ctx.db, actor.companyId, unique);
  if (rows.length !== unique.length) throw new AppError('notFound');
  for (const reportId of new Set(rows.map((r) => r.reportId)))
    await reportFor(ctx, actor, reportId, { write: 'deleteEntryNotAllowed' });
  return { deleted: await repo.deleteEntries(ctx.db, actor.companyId, unique) };
}

// ---------- documents ----------

/**
 * The document's type by its content (seed 001: PDF, images, office files), whatever name and
 * declared type say; null for anything else. ZIP-based office files are told apart by extension.
 */
export function documentType(fileName: string, data: Buffer): string | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const head = data.subarray(0, 12);
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (starts([0x50, 0x4b, 0x03, 0x04])) {
    const zipTypes: Record<string, string> = {
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ods: 'application/vnd.oasis.opendocument.spreadsheet',
      odt: 'application/vnd.oasis.opendocument.text',
    };
    return zipTypes[ext] ?? null;
  }
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (ext === 'xls') return 'application/vnd.ms-excel';
    if (ext === 'doc') return 'application/msword';
    return null;
  }
  if (ext === 'csv' && !data.includes(0)) return 'text/csv';
  return null;
}

/** Reads the multipart upload: one file (at most 10 MB, 413 beyond) and the form fields before it. */
async function readDocumentUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('unsupportedMediaType');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  let buffer: Buffer;
  try {
    file = await req.file({ limits: { fileSize: CFC_DOCUMENT_MAX_BYTES, files: 1, fields: 10 } });
    if (!file) throw new AppError('validationFailed', { issues: [{ path: 'file', message: 'missing' }] });
    buffer = await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payloadTooLarge', { limit: CFC_DOCUMENT_MAX_BYTES });
    if (typeof code === 'string' && code.startsWith('FST_')) throw err;
    throw new AppError('uploadIncomplete');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(file.fields)) {
    const v = value as { type?: string; value?: unknown } | undefined;
    if (v && v.type === 'field' && typeof v.value === 'string') fields[key] = v.value;
  }
  const fileName = file.filename.trim().slice(0, 255) || 'document';
  if (findUnsafeText({ fileName, fields }) !== null) throw new AppError('invalidCharacters');
  return { fileName, buffer, fields };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function uploadDocument(ctx: Ctx, actor: Actor, req: FastifyRequest) {
  const upload = await readDocumentUpload(req);
  const entryId = upload.fields.entry ?? '';
  if (!UUID.test(entryId))
    throw new AppError('validationFailed', { issues: [{ path: 'entry', message: 'uuid' }] });
  if (upload.fields.type !== undefined && upload.fields.type !== 'entry')
    throw new AppError('validationFailed', { issues: [{ path: 'type', message: 'entry' }] });
  const entry = await repo.findEntry(ctx.db, actor.companyId, entryId);
  if (!entry) throw new AppError('notFound');
  await reportFor(ctx, actor, entry.reportId, { write: 'uploadFileNotAllowed' });
  const mimeType = documentType(upload.fileName, upload.buffer);
  if (!mimeType) throw new AppError('invalidFileType', { fileName: upload.fileName });
  return documentDto(
    await repo.insertDocument(ctx.db, actor.companyId, {
      entryId: entry.id,
      fileName: upload.fileName,
      mimeType,
      data: upload.buffer,
    }),
  );
}

export async function downloadDocument(ctx: Ctx, actor: Actor, id: string, reply: FastifyReply) {
  const doc = await repo.findDocument(ctx.db, actor.companyId, id);
  if (!doc) throw new AppError('notFound');
  const entry = (await repo.findEntry(ctx.db, actor.companyId, doc.entryId)) as repo.EntryRow;
  await reportFor(ctx, actor, entry.reportId);
  const ascii = doc.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply.header(
    'content-disposition',
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
  );
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-type', doc.mimeType);
  return doc.data;
}

export async function deleteDocument(ctx: Ctx, actor: Actor, id: string) {
  const doc = await repo.findDocumentMeta(ctx.db, actor.companyId, id);
  if (!doc) throw new AppError('notFound');
  const entry = (await repo.findEntry(ctx.db, actor.companyId, doc.entryId)) as repo.EntryRow;
  await reportFor(ctx, actor, entry.reportId, { write: 'deleteFileNotAllowed' });
  await repo.deleteDocument(ctx.db, actor.companyId, id);
}

// ---------- access rights ----------

function rightDto(r: repo.AccessRightRow) {
  return {
    id: r.id,
    group: r.groupId,
    groupName: r.groupName,
    company: r.companyId,
    businessUnit: r.businessUnitId,
    report: r.reportId,
    accessRights: (['read', 'write'] as const).filter((x) => r.rights.includes(x)),
  };
}

export async function listRights(ctx: Ctx, actor: Actor, group?: string) {
  const rows = await repo.listRights(ctx.db, actor.companyId, group);
  return list(rows.map(rightDto), rows.length);
}

type RightBody = { businessUnit?: string | null; report?: string | null; accessRights: ('read' | 'write')[] };

/** Checks the unit and report of a right belong to the company (and to each other); write implies read. */
async function rightInput(ctx: Ctx, companyId: CompanyId, body: RightBody): Promise<repo.RightInput> {
  let unitId = body.businessUnit ?? null;
  if (unitId && !(await repo.findUnit(ctx.db, companyId, unitId))) throw new AppError('notFound');
  if (body.report) {
    const report = await repo.findReport(ctx.db, companyId, body.report);
    if (!report || (unitId && report.businessUnitId !== unitId)) throw new AppError('notFound');
    unitId = report.businessUnitId;
  }
  const rights = body.accessRights.includes('write') ? ['read', 'write'] : ['read'];
  return { businessUnitId: unitId, reportId: body.report ?? null, rights };
}

export async function createRight(ctx: Ctx, actor: Actor, body: z.output<typeof s.cfcAccessRightBody>) {
  if (!(await repo.findGroup(ctx.db, actor.companyId, body.group))) throw new AppError('notFound');
  const input = await rightInput(ctx, actor.companyId, body);
  await repo.insertRights(ctx.db, actor.companyId, body.group, [input]);
  const rows = await repo.listRights(ctx.db, actor.companyId, body.group);
  return rightDto(rows[rows.length - 1]);
}

/** Seed 001 §6: a group's rights are saved when there are any, otherwise deleted. */
export async function replaceRights(
  ctx: Ctx,
  actor: Actor,
  group: string,
  body: z.output<typeof s.cfcAccessRightsForGroupBody>,
) {
  if (!(await repo.findGroup(ctx.db, actor.companyId, group))) throw new AppError('notFound');
  const inputs: repo.RightInput[] = [];
  for (const r of body.rights) inputs.push(await rightInput(ctx, actor.companyId, r));
  await ctx.db.transaction(async (tx) => {
    await repo.deleteRights(tx, actor.companyId, group);
    await repo.insertRights(tx, actor.companyId, group, inputs);
  });
  return listRights(ctx, actor, group);
}

export async function deleteRights(ctx: Ctx, actor: Actor, group: string) {
  if (!(await repo.findGroup(ctx.db, actor.companyId, group))) throw new AppError('notFound');
  await repo.deleteRights(ctx.db, actor.companyId, group);
}

// ---------- last edited section ----------

export async function saveLastSection(
  ctx: Ctx,
  actor: Actor,
  userId: string,
  body: z.output<typeof s.saveLastEditedCfcSectionBody>,
) {
  // The own account only: another user's id is not found (nothing is told about it).
  if (userId !== actor.userId) throw new AppError('notFound');
  const unit = await repo.findUnit(ctx.db, actor.companyId, body.businessUnit);
  if (!unit) throw new AppError('notFound');
  if (!canRead(await accessOf(ctx, actor), unit.id)) throw new AppError('readBusinessUnitNotAllowed');
  await repo.saveLastSection(ctx.db, actor.companyId, actor.userId, {
    businessUnitId: unit.id,
    year: body.year,
    section: body.section,
  });
  return { businessUnit: unit.id, businessUnitUrlId: unit.urlId, year: body.year, section: body.section };
}

export { isCfcAdmin };
