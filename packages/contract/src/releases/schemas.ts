import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { listOf, paginationQuery } from '../http.ts';
import { MODULES } from '../platform/roles.ts';

/** Release versions and release notes of seed 002 §3 Release; `released` is 0 or 1 on the wire. */
export const releasedFlag = z.union([z.literal(0), z.literal(1)]);

/** A version number like `2.9.0` (two to four numeric parts); the list sorts by its parts. */
export const versionNumber = z
  .string()
  .trim()
  .max(20)
  .regex(/^\d{1,4}(\.\d{1,4}){1,3}$/);

const isoDate = calendarDay;

export const releaseVersion = z.object({
  id: z.uuid(),
  version: z.string(),
  releaseDate: z.string().nullable(),
  released: releasedFlag,
  /** Notes of the version across modules; only a version without notes can be deleted. */
  notes: z.number().int(),
});
export type ReleaseVersion = z.output<typeof releaseVersion>;

export const releaseVersionListQuery = z.strictObject({
  ...paginationQuery,
  released: z.coerce.number().int().pipe(releasedFlag).optional(),
});

export const releaseVersionBody = z.strictObject({
  version: versionNumber,
  releaseDate: isoDate.nullable().optional(),
});

/** `released` only turns an unreleased version into a released one (seed 002 §4). */
export const releaseVersionPatchBody = z.strictObject({
  version: versionNumber.optional(),
  releaseDate: isoDate.nullable().optional(),
  released: z.union([releasedFlag, z.boolean()]).optional(),
});

/**
 * A note position as the seed's editor sends it: a number or text, parsed as an integer (seed 002
 * §5: `"3"` and `3.7` give 3); anything without a leading integer, or below 0, is refused.
 */
export function parsePosition(value: number | string): number | null {
  const n = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value.trim(), 10);
  return Number.isSafeInteger(n) && n >= 0 && n <= 100_000 ? n : null;
}

export const notePosition = z.union([z.number(), z.string().max(20)]).transform((v, ctx) => {
  const n = parsePosition(v);
  if (n === null) {
    ctx.addIssue({ code: 'custom', message: 'position must be an integer from 0' });
    return z.NEVER;
  }
  return n;
});

const title = z.string().trim().min(1).max(255);
const shortText = z.string().trim().max(2000);
/** Plain text or HTML; the server sanitises HTML before it stores it. */
const longText = z.string().trim().max(50_000);

const noteTexts = {
  titleDe: title,
  titleEn: title,
  shortDescriptionDe: shortText.default(''),
  shortDescriptionEn: shortText.default(''),
  descriptionDe: longText.default(''),
  descriptionEn: longText.default(''),
};

export const releaseNoteBody = z.strictObject({
  releaseVersion: z.uuid(),
  module: z.enum(MODULES),
  position: notePosition.default(0),
  ...noteTexts,
});

export const releaseNotePatchBody = z.strictObject({
  module: z.enum(MODULES).optional(),
  position: notePosition.optional(),
  titleDe: title.optional(),
  titleEn: title.optional(),
  shortDescriptionDe: shortText.optional(),
  shortDescriptionEn: shortText.optional(),
  descriptionDe: longText.optional(),
  descriptionEn: longText.optional(),
});

/** Without `version`: the notes of every version the reader may see (the help page's history). */
export const releaseNoteTextsQuery = z.strictObject({
  module: z.enum(MODULES).optional(),
  version: versionNumber.optional(),
});

export const releaseNote = z.object({
  id: z.uuid(),
  releaseVersion: z.uuid(),
  version: z.string(),
  released: releasedFlag,
  releaseDate: z.string().nullable(),
  module: z.enum(MODULES),
  position: z.number().int(),
  /** In the request language. */
  title: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  /** Both languages, for the editor. */
  titleDe: z.string(),
  titleEn: z.string(),
  shortDescriptionDe: z.string(),
  shortDescriptionEn: z.string(),
  descriptionDe: z.string(),
  descriptionEn: z.string(),
});
export type ReleaseNote = z.output<typeof releaseNote>;

export const releaseVersionList = listOf(releaseVersion);
export const releaseNoteList = listOf(releaseNote);
