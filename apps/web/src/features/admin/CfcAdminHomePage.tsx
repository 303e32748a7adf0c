import { useTranslation } from 'react-i18next';
import { AdminHome, type AdminArea } from './AdminHome.tsx';
import { PLATFORM_AREAS } from './SmpAdminHomePage.tsx';

/** The provider's areas of the carbon footprint module (seed 002 §2), then the platform-wide ones. */
const CFC_AREAS: Record<string, readonly AdminArea[]> = {
  customers: [
    { path: '/cfc/customers', key: 'customers' },
    { path: '/cfc/invoice-report', key: 'invoiceReport' },
    { path: '/cfc/tariffs', key: 'tariffs' },
  ],
  content: [
    { path: '/cfc/releases', key: 'releases' },
    { path: '/cfc/release-notes', key: 'releaseNotes' },
    { path: '/cfc/help-texts', key: 'helpTexts' },
  ],
  emissionDb: [{ path: '/emission-db', key: 'emissionDb' }],
  platform: PLATFORM_AREAS.platform,
};

/** The platform admin's home in the carbon footprint module (`/cfc/smp-admin`). */
export function CfcAdminHomePage() {
  const { t } = useTranslation('admin');
  return <AdminHome title={t('titleCfc')} groups={CFC_AREAS} />;
}
