import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { call } from '../client.ts';
import { currentLanguage } from '../i18n.ts';
import { ME_KEY, queryClient } from '../session.ts';
import { moduleTour, tourModule } from './moduleTour.ts';
import { builtInTour, tutorialTour } from './tourSteps.ts';

/**
 * The introductory tour on the first login: in the freight tool the six tutorial texts of the
 * platform admin in the user's language, or the built-in steps if they cannot be loaded; in the
 * CFC, taxonomy, CSRD and VSME modules their own steps. driver.js and its styles load only here.
 */
export function IntroTour({ me }: { me: Me }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const markShown = () => {
      queryClient.setQueryData<Me>(ME_KEY, (m) => (m ? { ...m, introShown: true } : m));
      void call('introShown', { params: { id: me.id }, body: { introShown: true } }).catch(() => undefined);
    };
    const module = tourModule(me.module);
    const texts = module
      ? Promise.resolve([])
      : call('texts', { query: { type: 'tutorial', lang: currentLanguage() } }).then(
          (list) => list['hydra:member'],
          () => [],
        );
    void Promise.all([
      import('driver.js'),
      import('driver.js/dist/driver.css'),
      import('./introTour.css'),
      texts,
    ]).then(([{ driver }, , , tutorial]) => {
      if (cancelled) return;
      const steps = module ? moduleTour(module, t, me.firstName) : tutorialTour(tutorial);
      const tour = driver({
        showProgress: true,
        allowClose: true,
        nextBtnText: t('app:tour.next'),
        prevBtnText: t('app:tour.prev'),
        doneBtnText: t('app:tour.done'),
        progressText: t('app:tour.progress'),
        popoverClass: 'kd-tour',
        steps: steps.length > 0 ? steps : builtInTour(t, me.firstName),
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
