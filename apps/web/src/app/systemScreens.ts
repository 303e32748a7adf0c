// The system screens share one lazy chunk, loaded through system.ts.
export { MappingsPage } from '../features/mappings/MappingsPage.tsx';
export { ImportTasksPage } from '../features/mappings/ImportTasksPage.tsx';
export { TagGroupsPage } from '../features/tags/TagGroupsPage.tsx';
export { ConnectionPage } from '../features/api-keys/ConnectionPage.tsx';
