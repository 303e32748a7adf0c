import { Suspense, lazy, useEffect, useState } from 'react';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { call } from '../client.ts';
import { ME_KEY, queryClient, selectedModule } from '../session.ts';
import { ForcedLogoutDialog } from './ForcedLogoutDialog.tsx';
import { moduleNotBooked } from './eligibility.ts';
import { setOnboardingLayer } from './onboardingLayer.ts';

const ReleaseNotesDialog = lazy(() =>
  import('./ReleaseNotesDialog.tsx').then((m) => ({ default: m.ReleaseNotesDialog })),
);
const IntroTour = lazy(() => import('./IntroTour.tsx').then((m) => ({ default: m.IntroTour })));

/**
 * Dialogs that belong to the session, one layer at a time: the not-booked notice first; then the
 * introductory tour for a new user, or the release notes for a user who has seen it. The welcome
 * banner of the start pages waits for both (`useOnboardingLayer`).
 */
export function SessionDialogs({ me }: { me: Me }) {
  const [forcedDismissed, setForcedDismissed] = useState(false);
  const [notesDone, setNotesDone] = useState(false);
  // Decided once per session: closing the tour does not bring up the release notes behind it.
  const [newUser] = useState(!me.introShown);
  const blocked = !forcedDismissed && moduleNotBooked(me, selectedModule());
  const silent = blocked || !!me.impersonator;
  const tour = !silent && newUser && !me.introShown;
  const notes = !silent && !newUser && !notesDone;
  useEffect(() => {
    setOnboardingLayer(tour ? 'tour' : notes ? 'releaseNotes' : null);
  }, [tour, notes]);
  useEffect(() => () => setOnboardingLayer(null), []);
  const tourClosed = newUser && me.introShown && !me.impersonator;
  useEffect(() => {
    // A new user has just been shown around: the notes of the current version are no news to them.
    if (tourClosed) void markLatestReleaseShown(me.id);
  }, [tourClosed, me.id]);
  if (blocked) {
    return (
      <ForcedLogoutDialog
        canContinue={me.roles.includes('ROLE_SMP_ADMIN')}
        onContinue={() => setForcedDismissed(true)}
      />
    );
  }
  // The impersonating admin should not tick off another user's dialogs.
  if (me.impersonator) return null;
  return (
    <Suspense fallback={null}>
      {notes && <ReleaseNotesDialog me={me} onDone={() => setNotesDone(true)} />}
      {tour && <IntroTour me={me} />}
    </Suspense>
  );
}

async function markLatestReleaseShown(userId: string): Promise<void> {
  try {
    const latest = await call('releaseVersions', { query: { limit: 1, released: 1 } });
    const version = latest['hydra:member'][0]?.version;
    if (!version) return;
    await call('releaseNotesShown', { params: { id: userId }, body: { version } });
    queryClient.setQueryData<Me>(ME_KEY, (m) => (m ? { ...m, releaseNotesShown: version } : m));
  } catch {
    // Not recorded: the notes show on the next login instead, which is harmless.
  }
}
