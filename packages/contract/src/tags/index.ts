export * as tagSchemas from './schemas.ts';
export {
  TAG_FILTER_LIMIT,
  TAG_GROUP_PAGE_SIZE,
  TAG_TEXT_BRIGHTNESS_THRESHOLD,
  colourBrightness,
  tagTextColour,
} from './schemas.ts';
export type { TagGroup } from './schemas.ts';
export { tagFilterRoutes, tagsRoutes } from './api.ts';
