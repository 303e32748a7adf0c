export * as helpSchemas from './schemas.ts';
export { HELP_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH, TEXT_TYPES, TUTORIAL_STEPS } from './schemas.ts';
export type { HelpText, Text, TextBody, TextType } from './schemas.ts';
export {
  type HelpEntry,
  escapeText,
  joinStep,
  searchEntries,
  splitEntries,
  splitStep,
  textOf,
} from './sections.ts';
export { helpRoutes } from './api.ts';
