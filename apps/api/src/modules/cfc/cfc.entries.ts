/**
 * Entries of a carbon footprint report (issue 19, seed 001 §3, §5, §8; issue 33): their figures from
 * the emission database in the report's one GWP set, kept with the exact factor version used. A
 * re-save keeps that factor; a newer version or a withdrawn factor is offered as a restatement.
 */
import type { z } from 'zod';
import {
  CFC_ENTRY_CODES,
  CFC_MARKET_BASES,
  type CfcDocument,
  type CfcEntry,
  type CfcEntryData,
  type CfcRestatementReason,
  type CfcSectionDef,
  type GwpSet,
  type Language,
  type cfcSchemas as s,
  cfcSection,
  isCfcLeafSection,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  type FactorRow,
  activitiesByDatasetKey,
  factorVersionStates,
  factorsOfActivity,
  findActivity,
  findFactor,
} from '../emission-db/index.ts';
import { type CalcFactor, GRID_ACTIVITY_KEY, calculateEntry, pickFactor } from './cfc.calc.ts';
import { reportFor } from './cfc.access.ts';
import * as repo from './cfc.repository.ts';
import { activeLeaves, isPaidCfc, sectionAvailable } from './cfc.sections.ts';

type Ctx = Pick<AppContext, 'db'>;

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

/** How an entry is computed: the report's GWP set, and the factor a re-save keeps (issue 33). */
export type ComputeOptions = { gwpSet?: GwpSet; pinFactorId?: string | null };

/**
 * An entry's figures from the emission database (the factors the company may use), for import and
 * flow-in too. An activity of another company counts as none: the entry is incomplete. Only factors
 * of the report's GWP set count (IPCC AR5/AR6, GHG Protocol Corporate Standard ch. 9: one total never
 * mixes them); an activity whose factors are all of another set is refused (cfcGwpSetMismatch).
 * `pinFactorId` keeps the factor an entry used when it still fits the entered unit and country: a
 * re-save never moves to a newer factor silently.
 */
export async function computeEntry(
  ctx: Ctx,
  companyId: CompanyId,
  year: number,
  siteCountry: string | null,
  sectionId: string,
  data: CfcEntryData,
  options: ComputeOptions = {},
): Promise<Omit<repo.EntryInsert, 'reportId' | 'section'>> {
  const gwpSet = options.gwpSet ?? 'AR5';
  const section = cfcSection(sectionId) as CfcSectionDef;
  const activity = data.activity ? await findActivity(ctx.db, companyId, data.activity) : null;
  const all = activity ? await usableFactors(ctx, companyId, activity.id) : [];
  let factors = inSet(all, gwpSet);
  let grid: CalcFactor[] = [];
  let gridId: string | undefined;
  if (section.energyMethod === 'power') {
    gridId = (await activitiesByDatasetKey(ctx.db, [GRID_ACTIVITY_KEY])).get(GRID_ACTIVITY_KEY);
    // The grid series is the provider's only: a company factor on it is a supplier rate, not the grid.
    const series = gridId
      ? (await usableFactors(ctx, companyId, gridId)).filter((f) => f.companyId === null)
      : [];
    grid = inSet(series, gwpSet);
    if (series.length && !grid.length) throw mismatch(gwpSet, series);
  } else if (all.length && !factors.length && data.emissionFactor == null) throw mismatch(gwpSet, all);
  const pinned = options.pinFactorId ? await pinnedFactor(ctx, companyId, options.pinFactorId, gwpSet) : null;
  if (
    pinned &&
    !('code' in pickFactor([pinned.factor], data.unit ?? '', pinCountry(section, data, siteCountry), year))
  ) {
    const own = pinned.factor;
    if (section.energyMethod === 'power' && pinned.activityId === gridId) grid = [own];
    else if (pinned.activityId === activity?.id)
      // Scope 2 heat keeps the company's supplier factors beside the pinned location factor.
      factors = section.energyMethod
        ? [own, ...factors.filter((f) => f.companyId !== null && f.id !== own.id)]
        : [own];
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

/** The country a factor is looked up in: scope 2 at the site, other sections as entered. */
const pinCountry = (section: CfcSectionDef, data: CfcEntryData, siteCountry: string | null) =>
  section.energyMethod ? siteCountry : (data.country ?? null);

const inSet = (factors: CalcFactor[], gwpSet: GwpSet) => factors.filter((f) => f.gwpSet === gwpSet);

function mismatch(gwpSet: GwpSet, factors: CalcFactor[]) {
  const factorSets = [...new Set(factors.map((f) => f.gwpSet ?? 'none'))].sort();
  return new AppError('cfcGwpSetMismatch', { gwpSet, factorSets });
}

const calcFactor = (f: FactorRow): CalcFactor => ({
  id: f.id,
  version: f.version,
  gwpSet: f.gwpSet,
  edition: f.sourceVersion,
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
});

/** The factor an entry used, also when withdrawn since, if the company may still read it and its set fits. */
async function pinnedFactor(ctx: Ctx, companyId: CompanyId, id: string, gwpSet: GwpSet) {
  const row = await findFactor(ctx.db, { companyId, isAdmin: false }, id);
  if (!row || row.gwpSet !== gwpSet) return null;
  return { factor: calcFactor(row), activityId: row.activityId };
}

/** The factors of an activity the company may use (offered: no withdrawn ones), as the calculation reads them. */
async function usableFactors(ctx: Ctx, companyId: CompanyId, activityId: string): Promise<CalcFactor[]> {
  return (await factorsOfActivity(ctx.db, { companyId, isAdmin: false }, activityId)).map(calcFactor);
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

export const documentDto = (d: repo.DocumentMeta): CfcDocument => ({
  id: d.id,
  entryId: d.entryId,
  fileName: d.fileName,
  mimeType: d.mimeType,
  size: d.size,
  createdAt: d.createdAt.toISOString(),
});

/** The report facts an entry's figure depends on. */
export type EntryReport = { year: number; gwpSet: string; unit: { country: string | null } };

export const gwpSetOf = (value: string | null | undefined): GwpSet | null =>
  value === 'AR5' || value === 'AR6' ? value : null;

/**
 * Why an entry is offered a restatement, if it is: its factor has a newer version, or was withdrawn
 * (a blank DESNZ cell once loaded as 0). Entries saved before factor versions were recorded carry no
 * factor id; among them one with a stored factor of 0 from the database (no own factor) is flagged.
 */
export function restatementReason(
  r: Pick<repo.EntryRow, 'factorId' | 'factor' | 'errorCode' | 'data' | 'originKind'>,
  state: { isWithdrawn: boolean; newer: unknown } | undefined,
): CfcRestatementReason | null {
  if (r.factorId) {
    if (!state) return null;
    if (state.newer) return 'newerVersion';
    return state.isWithdrawn ? 'withdrawn' : null;
  }
  const legacyZero =
    r.factor === 0 && r.errorCode === null && r.data.emissionFactor == null && r.originKind === null;
  return legacyZero ? 'withdrawn' : null;
}

/** The restatements on offer for some entries of one report, with the figure the current factors give. */
export async function restatementsOf(
  ctx: Ctx,
  companyId: CompanyId,
  report: EntryReport,
  rows: repo.EntryRow[],
): Promise<Map<string, NonNullable<CfcEntry['restatement']>>> {
  const states = await entryFactorStates(ctx, companyId, rows);
  const out = new Map<string, NonNullable<CfcEntry['restatement']>>();
  for (const r of rows) {
    const state = r.factorId ? states.get(r.factorId) : undefined;
    const reason = restatementReason(r, state);
    if (!reason) continue;
    const now = await currentFigures(ctx, companyId, report, r, state?.newer?.id).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    out.set(r.id, {
      reason,
      factorId: now?.factorId ?? null,
      factorVersion: now?.factorVersion ?? null,
      factorEdition: now?.factorEdition ?? null,
      co2eKg: now?.co2eKg ?? null,
    });
  }
  return out;
}

/**
 * The version states of the factors some entries used; a newer edition of the source the company may
 * use counts as a newer factor (DESNZ 2026 after DESNZ 2025: same activity, country and unit).
 */
export function entryFactorStates(ctx: Ctx, companyId: CompanyId, rows: readonly repo.EntryRow[]) {
  return factorVersionStates(
    ctx.db,
    rows.map((r) => r.factorId).filter((id): id is string => id !== null),
    { companyId, isAdmin: false },
  );
}

/**
 * The entry computed afresh with the factors now offered (what a restatement writes); `successorId`
 * is the newer version or newer edition's factor the restatement moves to.
 */
export function currentFigures(
  ctx: Ctx,
  companyId: CompanyId,
  report: EntryReport,
  r: repo.EntryRow,
  successorId?: string | null,
) {
  return computeEntry(ctx, companyId, report.year, report.unit.country, r.section, r.data, {
    gwpSet: gwpSetOf(report.gwpSet) ?? 'AR5',
    pinFactorId: successorId ?? null,
  });
}

export async function entryDtos(
  ctx: Ctx,
  companyId: CompanyId,
  report: EntryReport,
  rows: repo.EntryRow[],
  lang: Language,
): Promise<CfcEntry[]> {
  const [names, docs, restatements] = await Promise.all([
    activityNames(ctx, companyId, rows, lang),
    repo.documentsOf(
      ctx.db,
      companyId,
      rows.map((r) => r.id),
    ),
    restatementsOf(ctx, companyId, report, rows),
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
    marketFactorId: r.marketFactorId,
    marketFactorVersion: r.marketFactorVersion,
    marketFactorEdition: r.marketFactorEdition,
    wttKg: r.wttKg,
    co2Kg: r.co2Kg,
    ch4Kg: r.ch4Kg,
    n2oKg: r.n2oKg,
    biogenicCo2Kg: r.biogenicCo2Kg,
    factor: r.factor,
    factorUnit: r.factorUnit,
    factorSource: r.factorSource,
    factorYear: r.factorYear,
    factorId: r.factorId,
    factorVersion: r.factorVersion,
    factorEdition: r.factorEdition,
    factorGwpSet: gwpSetOf(r.factorGwpSet),
    restatement: restatements.get(r.id) ?? null,
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
  const { report } = await reportFor(ctx, actor, q.report);
  const window = q.pagination === 'false' ? { offset: 0, limit: 100_000 } : pageWindow(q);
  const { rows, total } = await repo.listEntries(ctx.db, actor.companyId, q.report, q.section, window);
  return list(await entryDtos(ctx, actor.companyId, report, rows, lang), total);
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
  // A re-save keeps the factor the entry used (a newer one is a restatement the user accepts).
  const figures = await computeEntry(ctx, actor.companyId, report.year, report.unit.country, def.id, data, {
    gwpSet: gwpSetOf(report.gwpSet) ?? 'AR5',
    pinFactorId: existing?.factorId ?? null,
  });
  const row = existing
    ? await repo.updateEntry(ctx.db, actor.companyId, existing.id, { section: def.id, ...figures })
    : await repo.insertEntry(ctx.db, actor.companyId, { reportId: report.id, section: def.id, ...figures });
  const [dto] = await entryDtos(ctx, actor.companyId, report, [row as repo.EntryRow], lang);
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
