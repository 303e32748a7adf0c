import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DismissibleCard } from '../../components/DismissibleCard.tsx';
import { useOnboardingLayer } from '../../app/dialogs/onboardingLayer.ts';
import { useMe } from '../../app/useMe.ts';
import { HtmlContent } from '../../components/HtmlContent.tsx';
import { useHelpLanguage, useText } from './useHelpText.ts';

const storageKey = (userId: string) => `kd_welcome:${userId}`;

/** When the user last hid the welcome text on this browser (ISO time), if ever. */
export function welcomeHiddenAt(userId: string): string | null {
  return localStorage.getItem(storageKey(userId));
}

/** Whether the welcome text shows: it has content and was changed since the user last hid it. */
export function isWelcomeShown(text: { value: string; updatedAt: string } | null, hiddenAt: string | null) {
  if (!text?.value.trim()) return false;
  return hiddenAt === null || Date.parse(text.updatedAt) > Date.parse(hiddenAt);
}

/**
 * The welcome text of the platform admin (`welcome`) on the start pages, in the user's language,
 * until the user hides it; a changed text shows again. Nothing shows while it loads or if it fails,
 * nor before the introductory tour was closed.
 */
export function WelcomeCard() {
  const { t } = useTranslation('help');
  const me = useMe();
  const { text } = useText('welcome', useHelpLanguage());
  const [hiddenAt, setHiddenAt] = useState(() => welcomeHiddenAt(me.id));
  // One onboarding layer at a time: the banner follows the tour and the release notes.
  const layer = useOnboardingLayer();
  if (layer !== null || (!me.introShown && !me.impersonator)) return null;
  if (!isWelcomeShown(text, hiddenAt)) return null;
  const hide = () => {
    const now = new Date().toISOString();
    localStorage.setItem(storageKey(me.id), now);
    setHiddenAt(now);
  };
  return (
    <DismissibleCard
      label={t('welcomeCard.label')}
      dismissLabel={t('welcomeCard.dismiss')}
      onDismiss={hide}
      testId="welcome-card"
      dismissTestId="welcome-dismiss"
    >
      <HtmlContent html={text?.value ?? ''} sx={{ '& h2': { typography: 'h3', mt: 0, mb: 1 } }} />
    </DismissibleCard>
  );
}
