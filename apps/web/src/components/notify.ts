import { useSyncExternalStore } from 'react';
import { SNACKBAR_ERROR_MS, SNACKBAR_MS } from '@klimadesk/contract/constants';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export type Notice = {
  id: number;
  message: string;
  severity: Severity;
  duration: number;
  /** Shows a "Log" link to /log/protocol. */
  log?: boolean;
  /** A link to where the notice's result is (e.g. the export list). */
  link?: { to: string; label: string };
};

let current: Notice | null = null;
let seq = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Shows the one top snackbar; errors stay longer (seed 000 §9). */
export function notify(
  message: string,
  severity: Severity = 'success',
  opts: { log?: boolean; duration?: number; link?: Notice['link'] } = {},
) {
  seq += 1;
  current = {
    id: seq,
    message,
    severity,
    log: opts.log,
    link: opts.link,
    duration: opts.duration ?? (severity === 'error' ? SNACKBAR_ERROR_MS : SNACKBAR_MS),
  };
  emit();
}

export function dismissNotice(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
