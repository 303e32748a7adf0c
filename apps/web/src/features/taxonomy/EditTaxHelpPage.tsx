import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, queryOptions } from '../../app/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TaxTextEditor } from './TaxTextEditor.tsx';

/** The platform admin edits the wizard's help texts (seed 001 §2 edit-help; keys of seed 001 §3). */
export function EditTaxHelpPage() {
  const { t } = useTranslation('taxonomy');
  const texts = useQuery(queryOptions('taxHelpTexts')).data?.['hydra:member'] ?? [];
  return (
    <>
      <PageHeader title={t('texts.helpTitle')} subtitle={t('texts.helpSubtitle')} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        {texts.map((x) => (
          <TaxTextEditor
            key={`${x.id}${x.textDe}${x.textEn}`}
            title={t(`texts.helpKeys.${x.internalName}`, { defaultValue: x.internalName })}
            subtitle={x.internalName}
            textDe={x.textDe}
            textEn={x.textEn}
            save={(body) => call('updateTaxHelpText', { params: { id: x.id }, body })}
            invalidate={[['taxHelpTexts']]}
            testId={`tax-help-${x.internalName}`}
          />
        ))}
      </Box>
    </>
  );
}
