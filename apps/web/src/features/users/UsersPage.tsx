import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UsersTable } from './UsersTable.tsx';

export function UsersPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
      <UsersTable scope="company" />
    </>
  );
}
