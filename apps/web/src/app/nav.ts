/**
 * Sidebar entries of the screens this app has. The server's route list decides which of them a
 * user sees; routes of modules whose screens do not exist yet are left out so no link is dead.
 */
export type NavSection = 'emissions' | 'fleet' | 'system' | 'account' | 'company' | 'log' | 'help' | 'admin';

export type NavItem = {
  path: string;
  /** Key under `nav.` in the `common` namespace, or in `app` for sections added later. */
  label: string;
  section: NavSection;
  icon:
    | 'profile'
    | 'users'
    | 'groups'
    | 'company'
    | 'log'
    | 'contact'
    | 'adminUsers'
    | 'vehicles'
    | 'trailers'
    | 'attribution'
    | 'mappings'
    | 'importTasks'
    | 'tagGroups'
    | 'connection'
    | 'dashboardTour'
    | 'dashboardShipment'
    | 'tours'
    | 'shipments'
    | 'exportJobs';
};

export const NAV_ITEMS: NavItem[] = [
  {
    path: '/dashboard/shipment',
    label: 'dashboardShipment',
    section: 'emissions',
    icon: 'dashboardShipment',
  },
  { path: '/dashboard/tour', label: 'dashboardTour', section: 'emissions', icon: 'dashboardTour' },
  { path: '/shipments', label: 'shipments', section: 'emissions', icon: 'shipments' },
  { path: '/tours', label: 'tours', section: 'emissions', icon: 'tours' },
  { path: '/fleetmanagement/vehicles', label: 'vehicles', section: 'fleet', icon: 'vehicles' },
  { path: '/fleetmanagement/trailer', label: 'trailers', section: 'fleet', icon: 'trailers' },
  { path: '/companymanagement/users', label: 'users', section: 'company', icon: 'users' },
  { path: '/companymanagement/user-groups', label: 'userGroups', section: 'company', icon: 'groups' },
  { path: '/companymanagement/company', label: 'company', section: 'company', icon: 'company' },
  { path: '/log/protocol', label: 'protocol', section: 'log', icon: 'log' },
  { path: '/smp-admin/users', label: 'platformUsers', section: 'admin', icon: 'adminUsers' },
  { path: '/profile/profile', label: 'profile', section: 'account', icon: 'profile' },
  { path: '/help/contact', label: 'contact', section: 'help', icon: 'contact' },
  { path: '/help/attribution', label: 'attribution', section: 'help', icon: 'attribution' },
];

export const NAV_SECTIONS: NavSection[] = [
  'emissions',
  'fleet',
  'system',
  'company',
  'log',
  'admin',
  'account',
  'help',
];

/** Every path this app has a screen for; later modules add theirs here and in the router. */
export const SCREEN_PATHS: readonly string[] = NAV_ITEMS.map((i) => i.path);

/**
 * Where `/` leads: the home the server computed for the selected module (seed 000 §2). While that
 * module's screens are not part of the app yet, the first allowed screen is used instead.
 */
export function rootTarget(home: string, routes: readonly string[]): string {
  if (SCREEN_PATHS.includes(home)) return home;
  return NAV_ITEMS.find((i) => routes.includes(i.path))?.path ?? '/profile/profile';
}
