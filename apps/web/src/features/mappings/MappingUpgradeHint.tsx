import { useTranslation } from 'react-i18next';
import { UpgradeHint } from '../tours/UpgradeHint.tsx';

/** The hint of the mapping screens that templates and imports need the professional edition. */
export function MappingUpgradeHint({ show }: { show: boolean }) {
  const { t } = useTranslation('mappings');
  return (
    <UpgradeHint
      show={show}
      title={t('upgrade.title')}
      text={t('upgrade.text')}
      testId="mapping-upgrade-hint"
    />
  );
}
