import { z } from 'zod';
import { listOf, orderQuery, paginationQuery, paginationQueryOf } from '../http.ts';

/** Tag groups of seed 000 §3: a name, a colour and tag values used on tours and shipments. */
export const TAG_GROUP_PAGE_SIZE = 15;
export const TAG_FILTER_LIMIT = 20;
/** Above this perceived brightness (0..255) a tag is written in black, else in white. */
export const TAG_TEXT_BRIGHTNESS_THRESHOLD = 150;

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/);

export const tagValue = z.string().trim().min(1).max(100);

export const tagGroupBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  colorCode: hexColour,
  tags: z
    .array(z.strictObject({ value: tagValue }))
    .max(500)
    .default([]),
});
export const tagGroupPatchBody = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  colorCode: hexColour.optional(),
  /** Replaces the group's tags when given; an existing tag keeps its id when sent with it. */
  tags: z
    .array(z.strictObject({ id: z.uuid().optional(), value: tagValue }))
    .max(500)
    .optional(),
});

export const tag = z.object({ id: z.uuid(), value: z.string() });
export const tagGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  colorCode: z.string(),
  /** `#000000` or `#ffffff`, whichever reads on colorCode. */
  textColor: z.string(),
  tags: z.array(tag),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TagGroup = z.infer<typeof tagGroup>;
export const tagGroupList = listOf(tagGroup);

export const tagGroupListQuery = z.strictObject({
  ...paginationQueryOf(TAG_GROUP_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  ...orderQuery(['name', 'createdAt']),
});

/** Filter suggestions (seed 000 §7): page 1, limit 20, a full-text term. */
export const tagFilterQuery = z.strictObject({
  page: paginationQuery.page,
  limit: paginationQuery.limit.default(TAG_FILTER_LIMIT),
  term: z.string().trim().max(100).optional(),
});
export const tagFilterItem = z.object({
  value: z.string(),
  colorCode: z.string().nullable(),
  textColor: z.string().nullable(),
});
export const tagFilterList = listOf(tagFilterItem);
export const shipperFilterList = listOf(z.object({ value: z.string() }));

/** Perceived brightness (ITU-R BT.601 weights) of a `#rrggbb` colour, 0..255. */
export function colourBrightness(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return (r * 299 + g * 587 + b * 114) / 1000;
}

export function tagTextColour(hex: string): '#000000' | '#ffffff' {
  return colourBrightness(hex) > TAG_TEXT_BRIGHTNESS_THRESHOLD ? '#000000' : '#ffffff';
}
