import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from './api.ts';
import { call, type Answer } from './client.ts';

export type MaintenanceState = Omit<Answer<'maintenanceStatus'>, 'granted'> & { granted?: boolean };

export const GRANT_KEY = 'kd_maintenance_granted';

const MaintenanceScreen = lazy(() =>
  import('./MaintenanceScreen.tsx').then((m) => ({ default: m.MaintenanceScreen })),
);

/** No maintenance endpoint (404) or any failure means the app is open. */
async function fetchMaintenance(): Promise<MaintenanceState> {
  try {
    return await call('maintenanceStatus', undefined, { ignoreSessionInvalid: true });
  } catch (err) {
    if (err instanceof ApiError) return { active: false, until: null };
    throw err;
  }
}

/** Full-page maintenance screen with the access-password gate (seed 002 §2). */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<MaintenanceState | null>(null);
  useEffect(() => {
    void fetchMaintenance().then(setState, () => setState({ active: false, until: null }));
  }, []);
  if (!state) return null;
  const open = !state.active || state.granted || sessionStorage.getItem(GRANT_KEY) === '1';
  return open ? (
    <>{children}</>
  ) : (
    <Suspense fallback={null}>
      <MaintenanceScreen until={state.until} onGranted={() => setState({ ...state, granted: true })} />
    </Suspense>
  );
}
