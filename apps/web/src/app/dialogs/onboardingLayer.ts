import { useSyncExternalStore } from 'react';

/**
 * Which onboarding layer of the session is on screen (release notes or tour), so the welcome
 * banner waits until it is closed: one layer at a time.
 */
let active: 'releaseNotes' | 'tour' | null = null;
const listeners = new Set<() => void>();

export function setOnboardingLayer(layer: typeof active): void {
  if (active === layer) return;
  active = layer;
  for (const l of listeners) l();
}

export function onboardingLayer(): typeof active {
  return active;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The onboarding layer on screen, re-rendering when it changes. */
export function useOnboardingLayer(): typeof active {
  return useSyncExternalStore(subscribe, onboardingLayer, onboardingLayer);
}
