/**
 * The factor import (issue 18): an xlsx template or a csv file with the template's titles, read by
 * the spreadsheet kit; every row is checked first, and with any row issue nothing is written.
 */
import {
  type FactorImportCode,
  type Language,
  UNIT_IDS,
  emissionDbSchemas as s,
  unitOf,
} from '@klimadesk/contract';
import countries from 'i18n-iso-countries';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, assertCompanyAccess, isPlatformAdmin } from '../../platform/access.ts';
import { csvRows, yieldingSlices } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/files.ts';
import {
  type Column,
  type ReadRow,
  XLSX_MIME,
  loadWorkbook,
  readRows,
  workbookBase64,
} from '../../platform/spreadsheet.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './emission-db.repository.ts';
import type { FactorInsert } from './emission-db.repository.ts';
import { texts } from '@klimadesk/contract/messages';

type Row = Record<string, unknown>;
const col = (
  key: string,
  type: Column<Row>['type'],
  de: string,
  en: string,
  required = false,
): Column<Row> => ({
  key,
  type,
  header: { de, en },
  required,
  aliases: [key],
  width: 22,
});

/** The template's columns; a `*` marks what every row needs. */
export const FACTOR_COLUMNS: Column<Row>[] = [
  col('activity', 'text', 'Aktivität (ID oder interner Name) *', 'Activity (id or internal name) *', true),
  col('baseUnit', 'text', 'Basiseinheit *', 'Base unit *', true),
  col('co2Factor', 'number', 'kg CO2e je Einheit *', 'kg CO2e per unit *', true),
  col('co2', 'number', 'davon CO2', 'of which CO2'),
  col('ch4', 'number', 'davon CH4', 'of which CH4'),
  col('n2o', 'number', 'davon N2O', 'of which N2O'),
  col('wttFactor', 'number', 'Vorkette (WTT) kg CO2e je Einheit', 'Well-to-tank kg CO2e per unit'),
  col('biogenicCo2Factor', 'number', 'Biogenes CO2 kg je Einheit', 'Biogenic CO2 kg per unit'),
  col('country', 'text', 'Land (ISO)', 'Country (ISO)'),
  col('source', 'text', 'Quelle', 'Source'),
  col('sourceVersion', 'text', 'Quellversion', 'Source version'),
  col('provider', 'text', 'Anbieter', 'Provider'),
  col('validFrom', 'day', 'Gültig ab *', 'Valid from *', true),
  col('validUntil', 'day', 'Gültig bis', 'Valid until'),
  col('year', 'integer', 'Jahr', 'Year'),
  col('releaseDate', 'day', 'Veröffentlicht am', 'Release date'),
  col('coverage', 'text', 'Geltungsbereich', 'Coverage'),
  col('lcaActivity', 'text', 'LCA-Aktivität', 'LCA activity'),
  col('noteDe', 'text', 'Hinweis (Deutsch)', 'Note (German)'),
  col('noteEn', 'text', 'Hinweis (Englisch)', 'Note (English)'),
];

const SHEET = texts('emissionDb.sheet.emissionFactors');

export async function factorTemplate(lang: Language) {
  const data = await workbookBase64(SHEET, FACTOR_COLUMNS, [], { lang });
  return {
    fileName: `${SHEET[lang].toLowerCase().replace(' ', '-')}-import-template.xlsx`,
    mimeType: XLSX_MIME,
    data,
  };
}

type Issue = { row: number; code: FactorImportCode; field: string | null };

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readFile(upload: Upload): Promise<ReadRow[]> {
  const source =
    upload.kind === 'xlsx'
      ? (await loadWorkbook(upload)).rows
      : csvRows(yieldingSlices(upload.buffer), 'detect');
  // Dates in a csv file are days as written: ISO (2025-01-01) or German (01.01.2025).
  const iso =
    upload.kind === 'csv' && /(^|[;,\s])\d{4}-\d{2}-\d{2}([;,\s]|$)/m.test(upload.buffer.toString('utf8'));
  const sheet = await readRows(source, FACTOR_COLUMNS, { dateFormat: iso ? 'YYYY-MM-DD' : 'DD.MM.YYYY' });
  if (sheet.issues.length)
    throw new AppError('importFailed', {
      errors: sheet.issues.map((i) => ({ row: i.row, code: i.code, field: i.key })),
    });
  const rows: ReadRow[] = [];
  for await (const row of sheet.rows) rows.push(row);
  return rows;
}

/**
 * Who owns the imported factors: the platform admin's become provider factors (null; or a
 * company's customer factors with the form field `company`), everyone else's the own company's.
 */
export function factorOwner(actor: Actor, company: string | undefined): CompanyId | null {
  if (company !== undefined && company !== '') return assertCompanyAccess(actor, company);
  return isPlatformAdmin(actor) ? null : actor.companyId;
}

/** The look-ups of one import, each reference looked up once. */
type ImportRefs = {
  ctx: AppContext;
  owner: CompanyId | null;
  reader: CompanyId;
  activities: Map<string, repo.ActivityRow | null>;
  sources: Map<string, string | null>;
  providers: Map<string, string>;
};
type AddIssue = (code: FactorImportCode, field: string | null) => void;

/** The row's activity, one the owner may give factors for; null (with an issue) when not. */
async function rowActivity(
  refs: ImportRefs,
  activityRef: string | null,
  add: AddIssue,
): Promise<repo.ActivityRow | null> {
  const { ctx, owner, reader, activities } = refs;
  let activity: repo.ActivityRow | null = null;
  if (!activityRef) add('missingValue', 'activity');
  else {
    if (!activities.has(activityRef))
      activities.set(activityRef, await findActivityRef(ctx, reader, activityRef));
    activity = activities.get(activityRef) ?? null;
    if (!activity || (activity.companyId !== null && activity.companyId !== owner)) {
      add('activityNotFound', 'activity');
      activity = null;
    }
  }
  return activity;
}

/** The row's source, source version and provider. */
async function rowOrigin(
  refs: ImportRefs,
  v: ReadRow['values'],
  activity: repo.ActivityRow | null,
  add: AddIssue,
) {
  const { ctx, owner, reader, sources, providers } = refs;
  const sourceRef = text(v.source);
  let sourceId: string | null = null;
  if (sourceRef) {
    if (!sources.has(sourceRef)) sources.set(sourceRef, await findSourceRef(ctx, reader, sourceRef));
    sourceId = sources.get(sourceRef) ?? null;
    if (!sourceId) add('sourceNotFound', 'source');
  }
  let versionId: string | null = null;
  const versionRef = text(v.sourceVersion);
  if (versionRef && sourceId) {
    versionId = (await repo.findVersionByName(ctx.db, sourceId, versionRef))?.id ?? null;
    if (!versionId) add('sourceVersionNotFound', 'sourceVersion');
  }
  if (activity?.companyId && !sourceRef) add('sourceMandatory', 'source');
  const providerRef = text(v.provider);
  let providerId: string | null = null;
  if (providerRef) {
    providerId = providers.get(providerRef.toLowerCase()) ?? null;
    // Customer factors have no provider: a provider named for them is not one the reader may use.
    if (!providerId || owner !== null) add('providerNotFound', 'provider');
  }
  return { sourceId, versionId, providerId };
}

/**
 * The factor import job's check (emission-db.import-run.ts): every row (cells, references, rules,
 * overlaps with stored factors and with each other) before anything is written; any issue refuses
 * the file (`importFailed`, `detail.errors`).
 */
export async function checkedFactors(
  ctx: AppContext,
  owner: CompanyId | null,
  reader: CompanyId,
  upload: Upload,
  tick: () => Promise<void>,
): Promise<FactorInsert[]> {
  const rows = await readFile(upload);
  const issues: Issue[] = [];
  const values: { row: number; v: FactorInsert }[] = [];
  const refs: ImportRefs = {
    ctx,
    owner,
    reader,
    activities: new Map(),
    sources: new Map(),
    providers: new Map((await repo.listProviders(ctx.db)).map((p) => [p.name.toLowerCase(), p.id])),
  };
  for (const r of rows) {
    await tick();
    const add: AddIssue = (code, field) => issues.push({ row: r.row, code, field });
    for (const i of r.issues) add(i.code, i.key);
    const v = r.values;
    const activity = await rowActivity(refs, text(v.activity), add);
    const unit = text(v.baseUnit);
    const unitId = unit ? resolveUnit(unit) : null;
    if (!unit) add('missingValue', 'baseUnit');
    else if (!unitId) add('unitUnknown', 'baseUnit');
    const co2Factor = num(v.co2Factor);
    if (co2Factor === null && !r.issues.some((i) => i.key === 'co2Factor')) add('missingValue', 'co2Factor');
    const validFrom = day(v.validFrom);
    if (!validFrom && !r.issues.some((i) => i.key === 'validFrom')) add('missingValue', 'validFrom');
    const validUntil = day(v.validUntil);
    if (validFrom && validUntil && validUntil < validFrom) add('invalidPeriod', 'validUntil');
    const country = text(v.country)?.toUpperCase() ?? null;
    if (country && !countries.isValid(country)) add('countryUnknown', 'country');
    const { sourceId, versionId, providerId } = await rowOrigin(refs, v, activity, add);
    if (!activity || !unitId || co2Factor === null || !validFrom) continue;
    values.push({
      row: r.row,
      v: {
        activityId: activity.id,
        companyId: owner,
        baseUnit: unitId,
        unitTypes: [unitOf(unitId)?.unitType ?? 'count'],
        co2Factor,
        co2: num(v.co2),
        ch4: num(v.ch4),
        n2o: num(v.n2o),
        wttFactor: num(v.wttFactor),
        biogenicCo2Factor: num(v.biogenicCo2Factor),
        country,
        sourceId,
        sourceVersionId: versionId,
        providerId: owner === null ? providerId : null,
        validFrom,
        validUntil,
        year: num(v.year),
        releaseDate: day(v.releaseDate),
        coverage: text(v.coverage),
        lcaActivity: text(v.lcaActivity),
        translations: { de: { note: text(v.noteDe) }, en: { note: text(v.noteEn) } },
        isPublic: owner === null,
      },
    });
  }
  if (rows.length === 0) issues.push({ row: 2, code: 'emptyFile', field: null });
  for (const clash of await overlaps(ctx, values))
    issues.push({ row: clash, code: 'periodOverlap', field: 'validFrom' });
  if (issues.length) throw new AppError('importFailed', { errors: issues.slice(0, 1000) });
  return values.map((x) => x.v);
}

/** Rows whose period overlaps a stored factor or an earlier row of the file (same activity, country, provider, owner, unit). */
async function overlaps(ctx: AppContext, values: { row: number; v: FactorInsert }[]): Promise<number[]> {
  const out: number[] = [];
  const seen: { row: number; v: FactorInsert }[] = [];
  const same = (a: FactorInsert, b: FactorInsert) =>
    a.activityId === b.activityId &&
    a.baseUnit === b.baseUnit &&
    (a.country ?? null) === (b.country ?? null) &&
    (a.providerId ?? null) === (b.providerId ?? null) &&
    (a.companyId ?? null) === (b.companyId ?? null);
  const overlap = (a: FactorInsert, b: FactorInsert) =>
    a.validFrom <= (b.validUntil ?? '9999-12-31') && b.validFrom <= (a.validUntil ?? '9999-12-31');
  for (const x of values) {
    const stored = await repo.overlappingFactor(ctx.db, {
      activityId: x.v.activityId,
      country: x.v.country ?? null,
      providerId: x.v.providerId ?? null,
      companyId: x.v.companyId ?? null,
      baseUnit: x.v.baseUnit,
      validFrom: x.v.validFrom,
      validUntil: x.v.validUntil ?? null,
    });
    if (stored || seen.some((y) => same(x.v, y.v) && overlap(x.v, y.v))) out.push(x.row);
    seen.push(x);
  }
  return out;
}

/** A unit by id or by its name in either language (`litres`, `Liter`, `l`). */
function resolveUnit(ref: string): string | null {
  const r = ref.trim().toLowerCase();
  for (const id of UNIT_IDS) {
    const unit = unitOf(id);
    if (!unit) continue;
    if (id.toLowerCase() === r || unit.names.de.toLowerCase() === r || unit.names.en.toLowerCase() === r)
      return id;
  }
  return null;
}

async function findActivityRef(ctx: AppContext, companyId: CompanyId, ref: string) {
  if (UUID.test(ref)) return repo.findActivity(ctx.db, companyId, ref);
  return repo.findActivityByInternalName(ctx.db, companyId, ref);
}

async function findSourceRef(ctx: AppContext, companyId: CompanyId, ref: string): Promise<string | null> {
  if (UUID.test(ref)) return (await repo.findSource(ctx.db, companyId, ref))?.id ?? null;
  return repo.findSourceByName(ctx.db, companyId, ref);
}

export type FactorImportResult = z.infer<typeof s.factorImportResult>;
