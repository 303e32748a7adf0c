import { Suspense, lazy, useState } from 'react';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { selectedModule } from '../session.ts';
import { ForcedLogoutDialog } from './ForcedLogoutDialog.tsx';
import { moduleNotBooked } from './eligibility.ts';

const ReleaseNotesDialog = lazy(() =>
  import('./ReleaseNotesDialog.tsx').then((m) => ({ default: m.ReleaseNotesDialog })),
);
const IntroTour = lazy(() => import('./IntroTour.tsx').then((m) => ({ default: m.IntroTour })));

/**
 * Dialogs that belong to the session, one after the other: the not-booked notice first, then the
 * release notes, then the introductory tour on the first login.
 */
export function SessionDialogs({ me }: { me: Me }) {
  const [forcedDismissed, setForcedDismissed] = useState(false);
  const [notesDone, setNotesDone] = useState(false);
  const blocked = !forcedDismissed && moduleNotBooked(me, selectedModule());
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
      {!notesDone && <ReleaseNotesDialog me={me} onDone={() => setNotesDone(true)} />}
      {notesDone && !me.introShown && <IntroTour me={me} />}
    </Suspense>
  );
}
