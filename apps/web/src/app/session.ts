import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import { PRODUCT_VERSION } from '@klimadesk/contract/constants';
import i18n from 'i18next';
import { call, throwMissingItem } from './client.ts';
import { notify } from '../components/notify.ts';

export type { Me };

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, throwOnError: throwMissingItem },
  },
});

const MODULE_KEY = 'kd_module';
const VERSION_KEY = 'kd_version';

export function selectedModule(): ModuleCode | undefined {
  const v = localStorage.getItem(MODULE_KEY);
  return (MODULES as readonly string[]).includes(v ?? '') ? (v as ModuleCode) : undefined;
}

export function selectModule(module: ModuleCode): void {
  localStorage.setItem(MODULE_KEY, module);
}

export const ME_KEY = ['me'] as const;

export function meQuery() {
  return queryOptions({
    queryKey: ME_KEY,
    // A missing session is answered by the route guards, not by the global session handler.
    queryFn: () => call('me', { query: { module: selectedModule() } }, { ignoreSessionInvalid: true }),
    staleTime: 60_000,
  });
}

export async function loadMe(): Promise<Me | null> {
  try {
    return await queryClient.ensureQueryData(meQuery());
  } catch {
    return null;
  }
}

export async function refreshMe(): Promise<Me> {
  return queryClient.fetchQuery({ ...meQuery(), staleTime: 0 });
}

/**
 * After the session changed its user (impersonation) or module: drops every cached list and
 * refetches the user in place, so mounted screens see the new user at once.
 */
export async function reloadSession(): Promise<Me> {
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
  return refreshMe();
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

export function configureSessionNavigation(fn: Navigate): void {
  navigateTo = fn;
}

export type EndReason = 'logout' | 'sessionInvalid' | 'routeDenied' | 'moduleNotBooked';

/** Ends the session locally (cached data, table states stay) and returns to /login. */
export async function endSession(reason: EndReason, opts: { navigate?: boolean } = {}): Promise<void> {
  if (reason !== 'sessionInvalid') {
    await call('logout', undefined, { ignoreSessionInvalid: true }).catch(() => undefined);
  }
  queryClient.clear();
  if (reason === 'sessionInvalid') notify(i18n.t('errors:sessionInvalid'), 'error');
  if (reason === 'routeDenied') notify(i18n.t('common:session.routeDenied'), 'warning');
  if (reason === 'logout') notify(i18n.t('common:session.loggedOut'), 'info');
  if (opts.navigate !== false) navigateTo('/login');
}

let ending = false;
/** Called by the API client on HTTP 401 or body code 50100. */
export function onSessionInvalid(): void {
  if (ending || !queryClient.getQueryData(ME_KEY)) return;
  ending = true;
  void endSession('sessionInvalid').finally(() => {
    ending = false;
  });
}

/** After login: cached list states of an older product version are dropped (seed 000 §4). */
export function checkProductVersion(): void {
  if (localStorage.getItem(VERSION_KEY) === PRODUCT_VERSION) return;
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('kd_table:')) localStorage.removeItem(key);
  }
  localStorage.setItem(VERSION_KEY, PRODUCT_VERSION);
}
