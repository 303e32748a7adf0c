import { useTranslation } from 'react-i18next';
import { ReleaseNotesView } from './ReleaseNotesView.tsx';

/** `/cfc/release-notes`: the carbon footprint module's notes as users read them, unreleased ones marked. */
export function CfcReleaseNotesPage() {
  const { t } = useTranslation('releases');
  return (
    <ReleaseNotesView
      title={t('history.cfcTitle')}
      subtitle={t('history.cfcSubtitle')}
      module="cfc"
      releasedOnly={false}
    />
  );
}
