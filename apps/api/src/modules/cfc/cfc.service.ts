/**
 * Rules of the carbon footprint (issue 19, seed 001 §3–§6): settings, business units, reports,
 * access rights and the last edited section. Entries live in `cfc.entries.ts`, documents in
 * `cfc.documents.ts`, restatements in `cfc.restatement.ts`, the base-year check in
 * `cfc.base-year.ts`. Every use case checks access first; SQL is in the repository.
 */
import type { z } from 'zod';
import {
  type CfcBusinessUnit,
  type CfcCompanySettings,
  type CfcReport,
  type CfcReportDetail,
  type CfcSectionDef,
  type GwpSet,
  type Language,
  UNITS,
  UNIT_TYPES,
  UNIT_TYPE_NAMES,
  type cfcSchemas as s,
  cfcSection,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  activeTariffs as runningTariffs,
  activeBooking,
  assertBusinessUnitAllowed,
  baseYears as bookedYears,
} from '../tariffs/index.ts';
import {
  type CfcAccess,
  accessOf,
  canManageReports,
  canRead,
  canWrite,
  isCfcAdmin,
  reportFor,
} from './cfc.access.ts';
import { computeEntry, gwpSetOf } from './cfc.entries.ts';
import * as repo from './cfc.repository.ts';
import {
  activeLeaves,
  countsWithParents,
  helpOverrides,
  isPaidCfc,
  sectionList,
  sectionTree,
} from './cfc.sections.ts';

export { computeEntry, deleteEntries, entryData, listEntries, saveEntry } from './cfc.entries.ts';
export { deleteDocument, documentType, downloadDocument, uploadDocument } from './cfc.documents.ts';
export { restateEntry } from './cfc.restatement.ts';
export { baseYearCheck } from './cfc.base-year.ts';

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
    recalculationThreshold: row?.recalculationThreshold ?? 5,
    gwpSet: gwpSetOf(row?.gwpSet) ?? 'AR5',
  };
}

/**
 * Saves base year, sections, recalculation threshold and GWP set. A base year must be a valid year,
 * not in the future and not before the booked minimum. A base-year change keeps the reports of
 * earlier years (GHG Protocol Corporate Standard ch. 5: earlier inventories stay on record); the
 * GWP set is the one new reports take, existing reports keep theirs.
 */
export async function saveSettings(
  ctx: AppContext,
  actor: Actor,
  body: { baseYear?: number; sections?: string[]; recalculationThreshold?: number; gwpSet?: GwpSet },
  timeZone: string,
) {
  if (body.baseYear !== undefined) {
    const { min } = await baseYears(ctx, actor, timeZone);
    if (body.baseYear > currentYear(timeZone)) throw new AppError('futureBaseYear');
    if (body.baseYear < min) throw new AppError('invalidYear', { min });
  }
  await repo.saveSettings(ctx.db, actor.companyId, body);
  return { settings: await companySettings(ctx, actor), deletedReports: 0 };
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
          { gwpSet: gwpSetOf(report.gwpSet) ?? 'AR5' },
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
    gwpSet: gwpSetOf(r.gwpSet) ?? 'AR5',
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
  // The report takes the company's GWP set once; its entries then use factors of that set only.
  const row = await repo.insertReport(
    ctx.db,
    actor.companyId,
    unit.id,
    body.year,
    gwpSetOf(settings.gwpSet) ?? 'AR5',
  );
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
