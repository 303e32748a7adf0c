import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UsersTable } from './UsersTable.tsx';

export function PlatformUsersPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageHeader title={t('platformUsers.title')} subtitle={t('platformUsers.subtitle')} />
      <UsersTable scope="platform" />
    </>
  );
}
