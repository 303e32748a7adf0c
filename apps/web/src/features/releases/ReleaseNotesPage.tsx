import { useTranslation } from 'react-i18next';
import { ReleaseNotesView } from './ReleaseNotesView.tsx';

/** `/help/release-notes`: every released version's notes per module, for every signed-in user. */
export function ReleaseNotesPage() {
  const { t } = useTranslation('releases');
  return <ReleaseNotesView title={t('history.title')} subtitle={t('history.subtitle')} releasedOnly />;
}
