import { useTranslation } from 'react-i18next';
import { AdminHome, type AdminArea } from '../admin/AdminHome.tsx';

/** The areas of the emission database (seed 002 §2 `/emission-db` navigation). */
export const EMISSION_DB_AREAS: Record<string, readonly AdminArea[]> = {
  data: [
    { path: '/emission-db/activity-list', key: 'activities' },
    { path: '/emission-db/sources', key: 'sources' },
    { path: '/emission-db/import-factors', key: 'importFactors' },
  ],
  access: [
    { path: '/emission-db/customer-factor-list', key: 'customerFactors' },
    { path: '/emission-db/provider-access', key: 'providerAccess' },
  ],
};

/** The emission database's start page: a tile for every area the user may open. */
export function EmissionDbPage() {
  const { t } = useTranslation('emissionDb');
  return <AdminHome title={t('title')} groups={EMISSION_DB_AREAS} ns="emissionDb" />;
}
