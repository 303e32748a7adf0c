import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { call } from '../client.ts';
import { ME_KEY, queryClient } from '../session.ts';

/** The introductory tour on the first login; driver.js and its styles load only here. */
export function IntroTour({ me }: { me: Me }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const markShown = () => {
      queryClient.setQueryData<Me>(ME_KEY, (m) => (m ? { ...m, introShown: true } : m));
      void call('introShown', { params: { id: me.id }, body: { introShown: true } }).catch(() => undefined);
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
        nextBtnText: t('app:tour.next'),
        prevBtnText: t('app:tour.prev'),
        doneBtnText: t('app:tour.done'),
        progressText: t('app:tour.progress'),
        popoverClass: 'kd-tour',
        steps: [
          {
            popover: {
              title: t('app:tour.welcomeTitle', { name: me.firstName }),
              description: t('app:tour.welcomeText'),
            },
          },
          {
            element: visible('[data-testid="sidebar"]'),
            popover: { title: t('app:tour.navTitle'), description: t('app:tour.navText') },
          },
          {
            element: visible('[data-testid="language-switcher"]'),
            popover: { title: t('app:tour.languageTitle'), description: t('app:tour.languageText') },
          },
          {
            element: visible('[data-testid="user-menu"]'),
            popover: { title: t('app:tour.accountTitle'), description: t('app:tour.accountText') },
          },
          { popover: { title: t('app:tour.helpTitle'), description: t('app:tour.helpText') } },
        ],
        // Every way out (close button, Escape, overlay, done) ends here; unmounting does not.
        onDestroyStarted: () => {
          if (!cancelled) markShown();
          tour.destroy();
          // driver.js leaves a helper element behind whose ARIA attributes trip up screen readers.
          document.getElementById('driver-dummy-element')?.remove();
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
