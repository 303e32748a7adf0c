import type { z } from 'zod';
import {
  type HelpText,
  type Language,
  type List,
  type Text,
  type TextType,
  helpSchemas as s,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { sanitizeHtml } from '../../platform/html.ts';
import * as repo from './help.repository.ts';

type TextQuery = z.output<typeof s.textListQuery>;
type TextBody = z.output<typeof s.textBody>;
type TextPatch = z.output<typeof s.textPatchBody>;
type HelpTextPatch = z.output<typeof s.helpTextPatchBody>;

// Values are sanitised on write and again on read: a row written around the API (an old import,
// a direct fix in the database) still never brings a script or a javascript: link to a page.

function toText(row: repo.TextRow): Text {
  return {
    id: row.id,
    type: row.type as TextType,
    name: row.name,
    lang: row.lang as Language,
    value: sanitizeHtml(row.value),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toHelpText(row: repo.HelpTextRow): HelpText {
  return {
    id: row.id,
    internalName: row.internalName,
    text: { de: sanitizeHtml(row.textDe), en: sanitizeHtml(row.textEn) },
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTexts(ctx: AppContext, q: TextQuery): Promise<List<Text>> {
  const rows = await repo.listTexts(ctx.db, q);
  return { 'hydra:member': rows.map(toText), 'hydra:totalItems': rows.length };
}

export async function createText(ctx: AppContext, body: TextBody): Promise<Text> {
  const row = await repo.insertTextIfMissing(ctx.db, { ...body, value: sanitizeHtml(body.value) });
  if (!row) throw new AppError('textExists');
  return toText(row);
}

export async function updateText(ctx: AppContext, id: string, body: TextPatch): Promise<Text> {
  return toText(notFoundUnless(await repo.updateTextValue(ctx.db, id, sanitizeHtml(body.value))));
}

export async function listHelpTexts(ctx: AppContext): Promise<HelpText[]> {
  return (await repo.listHelpTexts(ctx.db)).map(toHelpText);
}

export async function updateHelpText(ctx: AppContext, id: string, body: HelpTextPatch): Promise<HelpText> {
  const values: { textDe?: string; textEn?: string } = {};
  if (body.text.de !== undefined) values.textDe = sanitizeHtml(body.text.de);
  if (body.text.en !== undefined) values.textEn = sanitizeHtml(body.text.en);
  return toHelpText(notFoundUnless(await repo.updateHelpText(ctx.db, id, values)));
}
