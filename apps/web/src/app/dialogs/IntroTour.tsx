import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { api } from '../api.ts';
import { ME_KEY, queryClient } from '../session.ts';

/** The introductory tour on the first login; driver.js and its styles load only here. */
export function IntroTour({ me }: { me: Me }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const markShown = () => {
      queryClient.setQueryData<Me>(ME_KEY, (m) => (m ? { ...m, introShown: true } : m));
      void api.patch(`/api/users/${me.id}/intro-shown`, { introShown: true }).catch(() => undefined);
    };
    void Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]).then(([{ driver }]) => {
      if (cancelled) return;
      const visible = (sel: string) => {
        const el = document.querySelector(sel);
        return el && (el as HTMLElement).offsetParent !== null ? sel : undefined;
      };
      const tour = driver({
        showProgress: true,
        allowClose: true,
        nextBtnText: t('tour.next'),
        prevBtnText: t('tour.prev'),
        doneBtnText: t('tour.done'),
        progressText: t('tour.progress'),
        popoverClass: 'kd-tour',
        steps: [
          { popover: { title: t('tour.welcomeTitle', { name: me.firstName }), description: t('tour.welcomeText') } },
          { element: visible('[data-testid="sidebar"]'), popover: { title: t('tour.navTitle'), description: t('tour.navText') } },
          { element: visible('[data-testid="language-switcher"]'), popover: { title: t('tour.languageTitle'), description: t('tour.languageText') } },
          { element: visible('[data-testid="user-menu"]'), popover: { title: t('tour.accountTitle'), description: t('tour.accountText') } },
          { popover: { title: t('tour.helpTitle'), description: t('tour.helpText') } },
        ],
        onDestroyed: () => {
          // driver.js leaves a helper element behind; it carries ARIA attributes screen readers trip over.
          document.getElementById('driver-dummy-element')?.remove();
          if (!cancelled) markShown();
        },
      });
      destroy = () => tour.destroy();
      tour.drive();
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
    // The tour runs once per mount; texts are taken in the language of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me.id]);
  return null;
}
