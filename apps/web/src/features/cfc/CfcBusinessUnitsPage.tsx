import { useTranslation } from 'react-i18next';
import { BusinessUnitsView } from './BusinessUnitsView.tsx';
import { SettingsBack } from './SettingsBack.tsx';

/** `/cfc/settings/business-units`: the business units as a setting (seed 001 §2, §5). */
export function CfcBusinessUnitsPage() {
  const { t } = useTranslation('cfc');
  return (
    <>
      <SettingsBack />
      <BusinessUnitsView title={t('units.settingsTitle')} subtitle={t('units.settingsSubtitle')} />
    </>
  );
}
