import {
  MAPPING_CATEGORIES,
  MAPPING_FIELDS,
  MAPPING_STATUS,
  REQUIRED_FIELDS,
  type Mapping,
  type MappingCategory,
  type RowIssue,
  mappingSchemas,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import type { Upload } from '../../platform/files.ts';
import { assertUnlocked, isTrialCompany } from '../companies/index.ts';
import { FleetIndex } from '../fleet/index.ts';
import { DistanceResolver } from '../tours/index.ts';
import { computeBatch } from './mappings.compute.ts';
import { fileRows } from './mappings.reader.ts';
import * as repo from './mappings.repository.ts';
import { clip, issue, suggestField } from './mappings.rows.ts';
import type { MappingDetail } from './mappings.schema.ts';
import { type Staged, resolveRow, trialShipmentGate } from './mappings.staged.ts';
import { scanFile } from './mappings.validation.ts';

type Body = z.output<typeof mappingSchemas.mappingBody>;
type Patch = z.output<typeof mappingSchemas.mappingPatchBody>;

const DEFAULT_OPTIONS = { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' };
/** Issues listed in a validation report; the count says how many there were in all. */
const REPORT_MAX_ISSUES = 1000;
/** Titles echoed back: as many columns as a mapping could use, each as long as a mapped title. */
const ECHO_MAX_TITLES = 1000;
const TITLE_MAX_CHARS = 255;
const echoTitles = (titles: string[]) =>
  titles.slice(0, ECHO_MAX_TITLES).map((t) => clip(t, TITLE_MAX_CHARS));

/**
 * A file beyond a reading limit is refused with its code, as is a read the company has no share
 * left for; any other read failure is a report issue.
 */
function unreadableReport(err: unknown) {
  if (err instanceof AppError && (err.key === 'fileLimitExceeded' || err.key === 'importsBusy')) throw err;
  return { titles: [], suggestions: [], rows: 0, valid: false, issues: [issue(1, null, 'fileReadError')] };
}

export function toMappingDto(r: repo.MappingRow): Mapping {
  return {
    id: r.id,
    templateName: r.templateName,
    status: r.status,
    mappingFieldCategory: r.category as MappingCategory,
    mappingFormat: r.format as 'xlsx' | 'csv',
    formatOptions: r.formatOptions as Mapping['formatOptions'],
    mappingDetails: r.details,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    createdBy: r.createdBy,
    updatedBy: r.updatedBy,
  };
}

/** Required fields of seed 000 §5: all of `all` and one of each `oneOf` group must be mapped. */
export function missingRequired(category: MappingCategory, details: { mappingField: string }[]): string[] {
  const mapped = new Set(details.map((d) => d.mappingField));
  const req = REQUIRED_FIELDS[category];
  const missing = req.all.filter((f) => !mapped.has(f));
  for (const group of req.oneOf) if (!group.some((f) => mapped.has(f))) missing.push(group.join('|'));
  return missing;
}

function assertDetails(category: MappingCategory, details: MappingDetail[]): void {
  const missing = missingRequired(category, details);
  if (missing.length) throw new AppError('requiredFieldsMissing', { missing });
  if (category === 'tour') {
    const shipmentOnly = new Set(MAPPING_FIELDS.filter((f) => f.category === 'shipment').map((f) => f.id));
    const wrong = details.filter((d) => shipmentOnly.has(d.mappingField)).map((d) => d.mappingField);
    if (wrong.length)
      throw new AppError('validationFailed', {
        issues: [
          { path: 'mappingDetails', message: `shipment fields in a tour mapping: ${wrong.join(', ')}` },
        ],
      });
  }
}

export async function listMappings(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery & { status: '1' | '3' | 'all'; search?: string; mappingFieldCategory?: string },
) {
  const { rows, total } = await repo.listMappings(ctx.db, actor.companyId, q);
  return list(rows.map(toMappingDto), total);
}

export async function getMapping(ctx: AppContext, actor: Actor, id: string): Promise<Mapping> {
  return toMappingDto(notFoundUnless(await repo.findMapping(ctx.db, actor.companyId, id)));
}

/** Two templates of one name would be told apart only by their id in the import dialog. */
async function assertNameFree(ctx: AppContext, actor: Actor, name: string, exceptId?: string) {
  if (await repo.mappingNameTaken(ctx.db, actor.companyId, name, exceptId)) {
    throw new AppError('mappingNameExists', { templateName: name.trim() });
  }
}

export async function createMapping(ctx: AppContext, actor: Actor, body: Body): Promise<Mapping> {
  assertUnlocked(actor);
  assertDetails(body.mappingFieldCategory, body.mappingDetails);
  await assertNameFree(ctx, actor, body.templateName);
  const row = await repo.insertMapping(ctx.db, {
    companyId: actor.companyId,
    templateName: body.templateName,
    status: MAPPING_STATUS.enabled,
    category: body.mappingFieldCategory,
    format: body.mappingFormat,
    formatOptions: { ...DEFAULT_OPTIONS, ...body.formatOptions },
    details: body.mappingDetails,
    createdBy: actor.userId,
    updatedBy: actor.userId,
  });
  return toMappingDto(row);
}

export async function updateMapping(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: Patch,
): Promise<Mapping> {
  assertUnlocked(actor);
  const current = notFoundUnless(await repo.findMapping(ctx.db, actor.companyId, id));
  if (body.mappingDetails) assertDetails(current.category as MappingCategory, body.mappingDetails);
  if (body.templateName !== undefined) await assertNameFree(ctx, actor, body.templateName, id);
  const row = await repo.updateMapping(ctx.db, actor.companyId, id, {
    ...(body.templateName !== undefined ? { templateName: body.templateName } : {}),
    // A template stored in the wizard keeps following its format until the wizard ends.
    ...(body.mappingFormat !== undefined ? { format: body.mappingFormat } : {}),
    ...(body.mappingDetails ? { details: body.mappingDetails } : {}),
    ...(body.formatOptions ? { formatOptions: { ...current.formatOptions, ...body.formatOptions } } : {}),
    // Toggle of seed 000 §4: 1 becomes 3, anything else becomes 1.
    ...(body.status !== undefined
      ? {
          status:
            current.status === MAPPING_STATUS.enabled ? MAPPING_STATUS.disabled : MAPPING_STATUS.enabled,
        }
      : {}),
    updatedBy: actor.userId,
  });
  return toMappingDto(notFoundUnless(row));
}

export function checkRequiredField(body: z.output<typeof mappingSchemas.checkRequiredBody>) {
  const missing = missingRequired(
    body.mappingFieldCategory,
    body.mappingDetails.filter((d) => d.value.trim() !== ''),
  );
  if (missing.length) throw new AppError('requiredFieldsMissing', { missing });
  return { code: 20000 as const, message: 'allRequiredFieldsMapped', valid: true as const };
}

export function mappingFields(category?: MappingCategory) {
  const rows = MAPPING_FIELDS.filter(
    (f) => !category || category === 'shipment' || f.category === 'tour',
  ).map((f) => {
    const req = REQUIRED_FIELDS[category ?? f.category];
    return {
      id: f.id,
      group: f.group,
      category: f.category,
      required: req.all.includes(f.id),
      hints: [...f.hints],
    };
  });
  return list(rows, rows.length);
}

export function mappingFieldCategories() {
  const rows = MAPPING_CATEGORIES.map((id) => ({
    id,
    groups: [
      ...new Set(
        MAPPING_FIELDS.filter((f) => id === 'shipment' || f.category === 'tour').map((f) => f.group),
      ),
    ],
  }));
  return list(rows, rows.length);
}

export function mappingFormats() {
  const s = mappingSchemas;
  const rows = s.MAPPING_FORMATS.map((id) => ({
    id,
    delimiters: id === 'csv' ? [...s.CSV_DELIMITERS] : [],
    decimalSeparators: [...s.DECIMAL_SEPARATORS],
    dateFormats: [...s.DATE_FORMATS],
  }));
  return list(rows, rows.length);
}

/** The wizard's step after the upload: row-1 titles of the sample with a suggested field each. */
export async function sampleTitles(actor: Actor, upload: Upload) {
  assertUnlocked(actor);
  const delimiter = upload.fields.delimiter ?? ';';
  let titles: string[] = [];
  try {
    for await (const row of fileRows(upload.buffer, upload.kind, delimiter, [], undefined, upload.tenant)) {
      titles = echoTitles(row.map((c) => (c === null ? '' : String(c).trim())));
      break;
    }
  } catch (err) {
    return unreadableReport(err);
  }
  const taken = new Set<string>();
  const suggestions = titles
    .filter((t) => t !== '')
    .map((value) => {
      const mappingField = suggestField(value, taken);
      if (mappingField) taken.add(mappingField);
      return { value, mappingField };
    });
  const issues = titles.length ? [] : [issue(1, null, 'fileReadError', '(no titles in the first row)')];
  return { titles, suggestions, rows: 0, valid: issues.length === 0, issues };
}

/**
 * Checks a sample file against a saved mapping with the import's own steps (parse, vehicle and
 * distance resolution, trial limit, calculation and plausibility rules): nothing is written, and
 * a row passing here is kept by the import. Answers the first computed tour as the sample.
 */
export async function validateSample(ctx: AppContext, actor: Actor, id: string, upload: Upload) {
  assertUnlocked(actor);
  const mapping = notFoundUnless(await repo.findMapping(ctx.db, actor.companyId, id));
  const fleet = await FleetIndex.load(ctx.db, actor.companyId);
  const distances = new DistanceResolver(ctx.db, ctx.config.routing);
  const trialGate = trialShipmentGate(await isTrialCompany(ctx.db, actor.companyId));
  const issues: RowIssue[] = [];
  let issueCount = 0;
  const note = (rowIssues: RowIssue[]) => {
    issueCount += rowIssues.length;
    for (const i of rowIssues) if (issues.length < REPORT_MAX_ISSUES) issues.push(i);
  };
  const kept: Staged[] = [];
  try {
    const result = await scanFile(upload.buffer, upload.kind, mapping, fleet, {
      tenant: upload.tenant,
      row: async (value, rowIssues) => {
        if (!value) return note(rowIssues);
        const overLimit = trialGate(value);
        if (overLimit) return note([overLimit]);
        kept.push(await resolveRow(value, fleet, distances));
      },
    });
    issues.unshift(...result.titleIssues);
    const counts = { imported: 0, updated: 0, rejected: 0 };
    const plan = result.titleIssues.length
      ? null
      : computeBatch(actor.companyId, id, mapping.category, kept, counts, new Set());
    if (plan)
      note(
        plan.codes.map((c) => ({
          row: c.rowNumber ?? 0,
          column: c.column,
          code: c.code,
          message: c.message,
        })),
      );
    issues.sort((a, b) => a.row - b.row);
    return {
      titles: echoTitles(result.titles),
      suggestions: [],
      rows: result.rows,
      valid: issues.length === 0 && issueCount === 0,
      issues,
      sample: plan?.sample ?? null,
    };
  } catch (err) {
    return unreadableReport(err);
  }
}
