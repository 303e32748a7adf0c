import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ActivityWizard } from './ActivityWizard.tsx';
import { stepOf } from './taxonomyModel.ts';

/**
 * The activity wizard (seed 001 §2 `activity/new/{subPage}`, `activity/{id}/{subPage}`,
 * `…/{critId}`, `…/{critId}/dnsh/{dnshId}`): one screen for every step, the step from the address.
 */
export function ActivityWizardPage() {
  const { t } = useTranslation('taxonomy');
  const params = useParams({ strict: false }) as {
    id?: string;
    subPage?: string;
    critId?: string;
    dnshId?: string;
  };
  const step = stepOf(params) ?? { kind: 'core' as const };
  const id = params.id;
  const activity = useQuery({
    ...queryOptions('getTaxActivity', { params: { id: id ?? '' } }),
    enabled: !!id,
  });
  if (!id) return <ActivityWizard activity={null} step={step} />;
  if (activity.isError)
    return <PageHeader title={t('wizard.notFound')} subtitle={t('wizard.notFoundText')} />;
  if (!activity.data) return <FullPageLoader />;
  return <ActivityWizard activity={activity.data} step={step} />;
}
