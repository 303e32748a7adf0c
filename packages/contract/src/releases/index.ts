export * as releaseSchemas from './schemas.ts';
export { parsePosition } from './schemas.ts';
export type { ReleaseNote, ReleaseVersion } from './schemas.ts';
export { releasesRoutes } from './api.ts';
