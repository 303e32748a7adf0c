import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../app/session.ts';
import i18n from 'i18next';
import deTours from '../locales/de/tours.json';
import enTours from '../locales/en/tours.json';
import deDashboards from '../locales/de/dashboards.json';
import enDashboards from '../locales/en/dashboards.json';
import deExports from '../locales/de/exports.json';
import enExports from '../locales/en/exports.json';
import { setupTestI18n } from './render.tsx';

/** The i18n namespaces of the tour, dashboard and export screens. */
export async function setupEmissionI18n(lng: 'de' | 'en' = 'de') {
  await setupTestI18n(lng);
  for (const [lang, bundles] of [
    ['de', { tours: deTours, dashboards: deDashboards, exports: deExports }],
    ['en', { tours: enTours, dashboards: enDashboards, exports: enExports }],
  ] as const) {
    for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(lang, ns, bundle, true, true);
  }
  await i18n.changeLanguage(lng);
}

export type Call = { method: string; url: string; body: unknown };

export const list = (items: unknown[]) => ({ 'hydra:member': items, 'hydra:totalItems': items.length });

/** A signed-in freight user of a professional company, as /api/users/me answers. */
export const ME = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'user@demo-pro.local',
  firstName: 'Uwe',
  lastName: 'Nutzer',
  roles: ['ROLE_CFT_USER'],
  company: { id: '00000000-0000-4000-8000-000000000002', name: 'Demo', isBasic: false, unlocked: true },
  routes: ['/dashboard/tour', '/dashboard/shipment', '/tours', '/shipments', '/system/export-jobs'],
  module: 'cft',
  modules: ['cft'],
  home: '/dashboard/shipment',
  grantableRoles: [],
  impersonator: null,
  sessionConfig: {},
};

/** Renders its children once /api/users/me answered, as the signed-in layout does. */
export function WithMe({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery());
  return me.data ? children : null;
}
