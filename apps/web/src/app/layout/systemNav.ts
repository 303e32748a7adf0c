import type { NavItem } from '../nav.ts';

/**
 * Sidebar entries of the system screens. They live beside the sidebar, not in nav.ts, because nav.ts
 * loads on /login and its budget is spent; none of them is ever a module's home.
 */
export const SYSTEM_NAV_ITEMS: NavItem[] = [
  { path: '/system/import-tasks', label: 'importTasks', section: 'system', icon: 'importTasks' },
  { path: '/system/mappings', label: 'mappings', section: 'system', icon: 'mappings' },
  { path: '/system/tag-groups', label: 'tagGroups', section: 'system', icon: 'tagGroups' },
  { path: '/system/export-jobs', label: 'exportJobs', section: 'system', icon: 'exportJobs' },
  { path: '/system/connection', label: 'connection', section: 'system', icon: 'connection' },
];
