import { useTranslation } from 'react-i18next';
import { BusinessUnitsView } from './BusinessUnitsView.tsx';

/** `/cfc/business-units/list`: the business units and their reports per year (seed 001 §2). */
export function CfcReportsPage() {
  const { t } = useTranslation('cfc');
  return <BusinessUnitsView title={t('units.listTitle')} subtitle={t('units.listSubtitle')} />;
}
