import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TaxObjective } from '@klimadesk/contract/taxonomy/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EuActivityPicker, PickFirst, TaxTextEditor } from './TaxTextEditor.tsx';

/** The platform admin edits the DNSH texts of an EU activity and criterion (seed 001 §2 edit-dnsh). */
export function EditDnshTextsPage() {
  const { t } = useTranslation('taxonomy');
  const [euActivity, setEuActivity] = useState<string | null>(null);
  const [criterion, setCriterion] = useState<TaxObjective | ''>('');
  const criteria =
    useQuery({ ...queryOptions('taxCriterias'), staleTime: Infinity }).data?.['hydra:member'] ?? [];
  const texts = useQuery({
    ...queryOptions('taxDnshTexts', {
      query: { euActivity: euActivity ?? '', ...(criterion ? { criteria: criterion } : {}) },
    }),
    enabled: !!euActivity,
  });
  const name = (id: string) => criteria.find((c) => c.id === id)?.name ?? id;
  return (
    <>
      <PageHeader title={t('texts.dnshTitle')} subtitle={t('texts.dnshSubtitle')} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
            maxWidth: 980,
          }}
        >
          <EuActivityPicker value={euActivity} onChange={setEuActivity} />
          <TextField
            select
            label={t('texts.criterion')}
            value={criterion}
            onChange={(e) => setCriterion(e.target.value as TaxObjective | '')}
          >
            <MenuItem value="">{t('filters.all')}</MenuItem>
            {criteria.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.abbreviation} · {c.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {!euActivity && <PickFirst text={t('texts.pickActivity')} />}
        {euActivity && texts.data?.['hydra:member'].length === 0 && <PickFirst text={t('texts.none')} />}
        {texts.data?.['hydra:member'].map((x) => (
          <TaxTextEditor
            key={`${x.id}${x.textDe ?? ''}${x.textEn ?? ''}`}
            title={t('texts.dnshOf', {
              dnsh: `${x.dnsh ?? ''} · ${name(x.dnsh ?? '')}`,
              criterion: x.criteria,
            })}
            textDe={x.textDe}
            textEn={x.textEn}
            isEdited={x.isEdited}
            facts={x}
            save={(body) => call('updateTaxDnshText', { params: { id: x.id }, body })}
            invalidate={[['taxDnshTexts'], ['taxEuActivityDnsh']]}
          />
        ))}
      </Box>
    </>
  );
}
