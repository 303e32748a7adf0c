import { useTranslation } from 'react-i18next';
import { AdminHome, type AdminArea } from './AdminHome.tsx';

/** The admin areas of the provider, in the freight tool (seed 000 §2, seed 002 §1–2). */
export const PLATFORM_AREAS: Record<string, readonly AdminArea[]> = {
  customers: [
    { path: '/smp-admin/customers', key: 'customers' },
    { path: '/smp-admin/invoice-report', key: 'invoiceReport' },
    { path: '/smp-admin/tariffs', key: 'tariffs' },
  ],
  content: [
    { path: '/smp-admin/release-list', key: 'releases' },
    { path: '/smp-admin/edit-faq', key: 'editFaq' },
    { path: '/smp-admin/edit-glossar', key: 'editGlossary' },
    { path: '/smp-admin/edit-errors', key: 'editErrors' },
    { path: '/smp-admin/edit-tender-guide', key: 'editTenderGuide' },
    { path: '/smp-admin/edit-first-steps', key: 'editFirstSteps' },
    { path: '/smp-admin/edit-welcome', key: 'editWelcome' },
    { path: '/smp-admin/edit-tutorial', key: 'editTutorial' },
    { path: '/smp-admin/help-texts', key: 'helpTexts' },
  ],
  platform: [
    { path: '/smp-admin/users', key: 'users' },
    { path: '/smp-admin/outbox', key: 'outbox' },
    { path: '/log/protocol', key: 'actionLog' },
    { path: '/system/tour-codes', key: 'tourCodes' },
  ],
};

/** The platform admin's home (`/smp-admin`). */
export function SmpAdminHomePage() {
  const { t } = useTranslation('admin');
  return <AdminHome title={t('title')} groups={PLATFORM_AREAS} />;
}
