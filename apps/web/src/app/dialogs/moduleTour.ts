import type { DriveStep } from 'driver.js';
import type { TFunction } from 'i18next';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { escapeText } from '@klimadesk/contract/help/sections';
import { type Anchor, findAnchor } from './tourSteps.ts';

/** Modules with their own tour; the freight tool's tour comes from the platform admin's tutorial texts. */
export const GUIDED_MODULES = ['cfc', 'tax', 'csrd'] as const;
export type GuidedModule = (typeof GUIDED_MODULES)[number];

export function guidedModule(module: Me['module']): GuidedModule | null {
  return (GUIDED_MODULES as readonly string[]).includes(module ?? '') ? (module as GuidedModule) : null;
}

/** Modules with a tour of their own: the guided ones and VSME booked alone (a tour, no checklist). */
export type TourModule = GuidedModule | 'vsme';

export function tourModule(module: Me['module']): TourModule | null {
  return module === 'vsme' ? 'vsme' : guidedModule(module);
}

/** Where each step of a module's tour points (`app:guide.<module>.tour.<step>`); empty centres it. */
export const MODULE_TOUR: Record<TourModule, readonly { key: string; anchors: readonly Anchor[] }[]> = {
  cfc: [
    { key: 'intro', anchors: [] },
    { key: 'units', anchors: [{ nav: '/cfc/business-units/list' }] },
    { key: 'settings', anchors: [{ nav: '/cfc/settings' }] },
    { key: 'results', anchors: [{ nav: '/cfc/business-units/list' }] },
    { key: 'help', anchors: [{ nav: '/cfc/tutorial' }, { testId: 'user-menu' }] },
  ],
  tax: [
    { key: 'intro', anchors: [] },
    { key: 'year', anchors: [{ nav: '/taxonofy/financial-year' }] },
    { key: 'activities', anchors: [{ nav: '/taxonofy/overview' }] },
    { key: 'report', anchors: [{ nav: '/taxonofy/overview' }] },
    { key: 'help', anchors: [{ nav: '/taxonofy/tutorial' }, { testId: 'user-menu' }] },
  ],
  csrd: [
    { key: 'intro', anchors: [] },
    { key: 'materiality', anchors: [{ nav: '/materiality/overview' }] },
    { key: 'scoring', anchors: [{ nav: '/materiality/overview' }] },
    { key: 'report', anchors: [{ nav: '/csrd-report/overview' }] },
    { key: 'help', anchors: [{ nav: '/help/contact' }, { testId: 'user-menu' }] },
  ],
  vsme: [
    { key: 'intro', anchors: [] },
    { key: 'reports', anchors: [{ nav: '/vsme-report/overview' }] },
    { key: 'export', anchors: [{ nav: '/vsme-report/overview' }] },
    { key: 'help', anchors: [{ nav: '/help/contact' }, { testId: 'user-menu' }] },
  ],
};

/** The tour of a module from the app's texts, each step at the first of its anchors on screen. */
export function moduleTour(
  module: TourModule,
  t: TFunction,
  firstName: string,
  find: (anchor: Anchor) => Element | undefined = (a) => findAnchor(a),
): DriveStep[] {
  return MODULE_TOUR[module].map(({ key, anchors }) => ({
    element: anchors.map(find).find((el) => el !== undefined),
    // driver.js renders the title as HTML: the user's own name goes in as text.
    popover: {
      title: t(`app:guide.${module}.tour.${key}.title`, { name: escapeText(firstName) }),
      description: t(`app:guide.${module}.tour.${key}.text`),
    },
  }));
}
