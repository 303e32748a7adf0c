import type { DriveStep } from 'driver.js';
import type { TFunction } from 'i18next';
import { TUTORIAL_STEPS } from '@klimadesk/contract/help/schemas';
import { escapeText, splitStep } from '@klimadesk/contract/help/sections';

type StepName = (typeof TUTORIAL_STEPS)[number];

/** A screen element a step points at: by test id, or the sidebar section holding the link to a path. */
export type Anchor = { testId: string } | { nav: string };

/**
 * Where each tutorial step points; the first candidate shown on the screen wins, none centres the
 * step. Sidebar sections and the module selector are hidden on phones, where modules are chosen in
 * the user menu, hence the fall-backs.
 */
export const STEP_ANCHORS: Record<StepName, readonly Anchor[]> = {
  step1: [{ testId: 'sidebar' }, { testId: 'module-select' }, { testId: 'user-menu' }],
  step2: [{ nav: '/system/import-tasks' }, { nav: '/system/mappings' }],
  step3: [],
  step4: [{ nav: '/dashboard/shipment' }, { nav: '/dashboard/tour' }],
  step5: [{ nav: '/companymanagement/users' }, { testId: 'user-menu' }],
  step6: [{ nav: '/help/contact' }, { nav: '/help/first-steps' }],
};

/** Whether an element is laid out and not pushed off the screen (the phone's closed sidebar drawer). */
export function isOnScreen(el: HTMLElement): boolean {
  return (
    el.offsetParent !== null &&
    el.getBoundingClientRect().right > 0 &&
    getComputedStyle(el).visibility !== 'hidden'
  );
}

/** The element of an anchor if it is on the screen (not in a closed drawer or hidden by size). */
export function findAnchor(
  anchor: Anchor,
  isShown: (el: HTMLElement) => boolean = isOnScreen,
): Element | undefined {
  const root = document;
  const el =
    'testId' in anchor
      ? root.querySelector(`[data-testid="${anchor.testId}"]`)
      : // The whole section of the sidebar, so the reader sees the link among its neighbours.
        (root.querySelector(`[data-testid="sidebar"] a[href="${anchor.nav}"]`)?.closest('ul') ?? null);
  return el instanceof HTMLElement && isShown(el) ? el : undefined;
}

/**
 * The tour from the tutorial texts of one language (`step1` … `step6`, each `<h2>title</h2><p>…</p>`):
 * one step per text that has content, in the order of the names, pointed at its anchor. Answers
 * an empty list when no step has content, so the caller falls back to the built-in tour.
 */
export function tutorialTour(
  texts: readonly { name: string; value: string }[],
  find: (anchor: Anchor) => Element | undefined = (a) => findAnchor(a),
): DriveStep[] {
  return TUTORIAL_STEPS.flatMap((name) => {
    const value = texts.find((x) => x.name === name)?.value.trim();
    if (!value) return [];
    const { title, body } = splitStep(value);
    const element = STEP_ANCHORS[name].map(find).find((el) => el !== undefined);
    // driver.js puts title and description in as HTML: the title is text, the body sanitised HTML.
    return [{ element, popover: { title: escapeText(title) || undefined, description: body } }];
  });
}

/** The built-in tour, from the app's own texts, when the tutorial cannot be loaded. */
export function builtInTour(
  t: TFunction,
  firstName: string,
  find: (anchor: Anchor) => Element | undefined = (a) => findAnchor(a),
): DriveStep[] {
  return [
    {
      // driver.js renders the title as HTML: the user's own name goes in as text.
      popover: {
        title: t('app:tour.welcomeTitle', { name: escapeText(firstName) }),
        description: t('app:tour.welcomeText'),
      },
    },
    {
      element: find({ testId: 'sidebar' }),
      popover: { title: t('app:tour.navTitle'), description: t('app:tour.navText') },
    },
    {
      element: find({ testId: 'language-switcher' }),
      popover: { title: t('app:tour.languageTitle'), description: t('app:tour.languageText') },
    },
    {
      element: find({ testId: 'user-menu' }),
      popover: { title: t('app:tour.accountTitle'), description: t('app:tour.accountText') },
    },
    {
      element: find({ nav: '/help/contact' }),
      popover: { title: t('app:tour.helpTitle'), description: t('app:tour.helpText') },
    },
  ];
}
