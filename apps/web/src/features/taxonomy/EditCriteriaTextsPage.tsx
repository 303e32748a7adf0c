import { useState } from 'react';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, queryOptions } from '../../app/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EuActivityPicker, PickFirst, TaxTextEditor } from './TaxTextEditor.tsx';

/** The platform admin edits the substantial-contribution texts of an EU activity (seed 001 §2 edit-criteria). */
export function EditCriteriaTextsPage() {
  const { t } = useTranslation('taxonomy');
  const [euActivity, setEuActivity] = useState<string | null>(null);
  const criteria =
    useQuery({ ...queryOptions('taxCriterias'), staleTime: Infinity }).data?.['hydra:member'] ?? [];
  const texts = useQuery({
    ...queryOptions('taxCriteriaTexts', { query: { euActivity: euActivity ?? '' } }),
    enabled: !!euActivity,
  });
  const name = (id: string) => criteria.find((c) => c.id === id)?.name ?? id;
  return (
    <>
      <PageHeader title={t('texts.criteriaTitle')} subtitle={t('texts.criteriaSubtitle')} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <EuActivityPicker value={euActivity} onChange={setEuActivity} />
        {!euActivity && <PickFirst text={t('texts.pickActivity')} />}
        {euActivity && texts.data?.['hydra:member'].length === 0 && <PickFirst text={t('texts.none')} />}
        {texts.data?.['hydra:member'].map((x) => (
          <TaxTextEditor
            key={`${x.id}${x.textDe ?? ''}${x.textEn ?? ''}`}
            title={`${x.criteria} · ${name(x.criteria)}`}
            textDe={x.textDe}
            textEn={x.textEn}
            isEdited={x.isEdited}
            facts={x}
            save={(body) => call('updateTaxCriterionText', { params: { id: x.id }, body })}
            invalidate={[['taxCriteriaTexts'], ['taxEuActivityCriteria']]}
          />
        ))}
      </Box>
    </>
  );
}
