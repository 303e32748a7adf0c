import type { z } from 'zod';
import type {
  Language,
  ModuleCode,
  ReleaseNote,
  ReleaseVersion,
  releaseSchemas as s,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, isPlatformAdmin } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { sanitizeHtml } from '../../platform/html.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import * as repo from './releases.repository.ts';

type VersionBody = z.output<typeof s.releaseVersionBody>;
type VersionPatch = z.output<typeof s.releaseVersionPatchBody>;
type NoteBody = z.output<typeof s.releaseNoteBody>;
type NotePatch = z.output<typeof s.releaseNotePatchBody>;

function toVersionDto(row: repo.VersionRow): ReleaseVersion {
  return {
    id: row.id,
    version: row.version,
    releaseDate: row.releaseDate,
    released: row.released ? 1 : 0,
    notes: row.notes,
  };
}

function toNoteDto({ note, version }: repo.NoteWithVersion, lang: Language): ReleaseNote {
  const en = lang === 'en';
  return {
    id: note.id,
    releaseVersion: version.id,
    version: version.version,
    released: version.released ? 1 : 0,
    releaseDate: version.releaseDate,
    module: note.module as ModuleCode,
    position: note.position,
    title: en ? note.titleEn : note.titleDe,
    shortDescription: en ? note.shortDescriptionEn : note.shortDescriptionDe,
    description: en ? note.descriptionEn : note.descriptionDe,
    titleDe: note.titleDe,
    titleEn: note.titleEn,
    shortDescriptionDe: note.shortDescriptionDe,
    shortDescriptionEn: note.shortDescriptionEn,
    descriptionDe: note.descriptionDe,
    descriptionEn: note.descriptionEn,
  };
}

/** Only the platform admin sees versions before they are released (seed 002 §6). */
const seesUnreleased = (actor: Actor) => isPlatformAdmin(actor);

export async function listVersions(ctx: AppContext, actor: Actor, q: ListQuery & { released?: 0 | 1 }) {
  const all = seesUnreleased(actor);
  if (!all && q.released === 0) return list([], 0);
  const released = q.released === undefined ? (all ? undefined : true) : q.released === 1;
  const { rows, total } = await repo.listVersions(ctx.db, { ...q, released });
  return list(rows.map(toVersionDto), total);
}

async function assertVersionFree(ctx: AppContext, version: string, id?: string): Promise<void> {
  const other = await repo.findVersionByNumber(ctx.db, version);
  if (other && other.id !== id) throw new AppError('releaseVersionExists');
}

export async function createVersion(ctx: AppContext, body: VersionBody): Promise<ReleaseVersion> {
  await assertVersionFree(ctx, body.version);
  const id = await repo.insertVersion(ctx.db, {
    version: body.version,
    releaseDate: body.releaseDate ?? null,
    released: false,
  });
  return toVersionDto(notFoundUnless(await repo.findVersion(ctx.db, id)));
}

/** Version and date may change; `released` goes from unreleased to released only (seed 002 §4). */
export async function updateVersion(
  ctx: AppContext,
  id: string,
  body: VersionPatch,
): Promise<ReleaseVersion> {
  const row = notFoundUnless(await repo.findVersion(ctx.db, id));
  const values: Partial<repo.VersionInsert> = {};
  if (body.released !== undefined) {
    const release = body.released === 1 || body.released === true;
    if (!release && row.released) throw new AppError('releaseAlreadyReleased');
    if (release) values.released = true;
  }
  if (body.version !== undefined && body.version !== row.version) {
    await assertVersionFree(ctx, body.version, id);
    values.version = body.version;
  }
  if (body.releaseDate !== undefined) values.releaseDate = body.releaseDate;
  if (Object.keys(values).length) await repo.updateVersion(ctx.db, id, values);
  return toVersionDto(notFoundUnless(await repo.findVersion(ctx.db, id)));
}

export async function deleteVersion(ctx: AppContext, id: string): Promise<void> {
  notFoundUnless(await repo.findVersion(ctx.db, id));
  // One statement decides, so a note added meanwhile keeps its version.
  if (!(await repo.deleteVersionWithoutNotes(ctx.db, id))) throw new AppError('releaseHasNotes');
}

export async function listNotes(
  ctx: AppContext,
  actor: Actor,
  q: z.output<typeof s.releaseNoteTextsQuery>,
  lang: Language,
) {
  const rows = await repo.listNotes(ctx.db, { ...q, releasedOnly: !seesUnreleased(actor) });
  return list(
    rows.map((r) => toNoteDto(r, lang)),
    rows.length,
  );
}

/**
 * Note texts as stored: titles and short descriptions are plain text (the web app renders them as
 * text); descriptions may be HTML and are sanitised (headings, lists, links of safe schemes only).
 */
function noteTexts(body: Partial<NoteBody>): Partial<repo.NoteInsert> {
  const out: Partial<repo.NoteInsert> = {};
  for (const f of ['titleDe', 'titleEn', 'shortDescriptionDe', 'shortDescriptionEn'] as const) {
    if (body[f] !== undefined) out[f] = body[f];
  }
  for (const f of ['descriptionDe', 'descriptionEn'] as const) {
    const v = body[f];
    if (v !== undefined) out[f] = sanitizeHtml(v);
  }
  return out;
}

export async function createNote(ctx: AppContext, body: NoteBody, lang: Language): Promise<ReleaseNote> {
  const version = notFoundUnless(await repo.findVersion(ctx.db, body.releaseVersion));
  const id = await repo.insertNote(ctx.db, {
    releaseVersionId: version.id,
    module: body.module,
    position: body.position,
    ...noteTexts(body),
  });
  return toNoteDto(notFoundUnless(await repo.findNote(ctx.db, id)), lang);
}

export async function updateNote(
  ctx: AppContext,
  id: string,
  body: NotePatch,
  lang: Language,
): Promise<ReleaseNote> {
  notFoundUnless(await repo.findNote(ctx.db, id));
  const values: Partial<repo.NoteInsert> = { ...noteTexts(body) };
  if (body.module !== undefined) values.module = body.module;
  if (body.position !== undefined) values.position = body.position;
  if (Object.keys(values).length) await repo.updateNote(ctx.db, id, values);
  return toNoteDto(notFoundUnless(await repo.findNote(ctx.db, id)), lang);
}

export async function deleteNote(ctx: AppContext, id: string): Promise<void> {
  if (!(await repo.deleteNote(ctx.db, id))) throw new AppError('notFound');
}
