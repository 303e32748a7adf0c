import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { listOf } from '../http.ts';

/**
 * Texts by type and language (seed 002 §3 Text): the help pages (FAQ, glossary, error
 * explanations, tender guide, first steps), the welcome text and the six tutorial steps.
 */
export const TEXT_TYPES = [
  'faq',
  'glossary',
  'errors',
  'tenderGuide',
  'firstSteps',
  'welcome',
  'tutorial',
] as const;
export type TextType = (typeof TEXT_TYPES)[number];

/** The tutorial is six texts named step1 … step6, each `<h2>title</h2><p>…</p>`. */
export const TUTORIAL_STEPS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6'] as const;

/** Longest stored HTML of one text (the whole FAQ of one language is one text). */
export const TEXT_MAX_LENGTH = 200_000;
/** Longest HTML of one help text. */
export const HELP_TEXT_MAX_LENGTH = 20_000;

const html = (max: number) => z.string().max(max);

export const text = z.object({
  id: z.uuid(),
  type: z.enum(TEXT_TYPES),
  name: z.string(),
  lang: z.enum(LANGUAGES),
  /** Sanitised HTML. */
  value: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Text = z.output<typeof text>;
export const textList = listOf(text);

export const textListQuery = z.strictObject({
  type: z.enum(TEXT_TYPES).optional(),
  lang: z.enum(LANGUAGES).optional(),
  name: z.string().max(100).optional(),
});

export const textBody = z.strictObject({
  type: z.enum(TEXT_TYPES),
  name: z.string().trim().max(100).default(''),
  lang: z.enum(LANGUAGES),
  value: html(TEXT_MAX_LENGTH),
});
export type TextBody = z.output<typeof textBody>;

export const textPatchBody = z.strictObject({ value: html(TEXT_MAX_LENGTH) });

/** A contextual help text, keyed by the internal name the screens ask for (`HelpButton`). */
export const helpText = z.object({
  id: z.uuid(),
  internalName: z.string(),
  /** Sanitised HTML per language. */
  text: z.object({ de: z.string(), en: z.string() }),
  updatedAt: z.string(),
});
export type HelpText = z.output<typeof helpText>;
export const helpTextList = z.array(helpText);

/** A patch names the languages that change. */
export const helpTextPatchBody = z.strictObject({
  text: z
    .strictObject({ de: html(HELP_TEXT_MAX_LENGTH).optional(), en: html(HELP_TEXT_MAX_LENGTH).optional() })
    .refine((t) => t.de !== undefined || t.en !== undefined, { message: 'de or en' }),
});
