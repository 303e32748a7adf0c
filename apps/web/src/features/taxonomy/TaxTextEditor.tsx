import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';

/**
 * One text the platform admin edits in German and English (criteria, DNSH and help texts,
 * seed 001 §3 "Tax text"); the sources are English, German exists once the provider writes it.
 */
export function TaxTextEditor({
  title,
  subtitle,
  textDe,
  textEn,
  isEdited,
  save,
  invalidate,
  testId,
}: {
  title: string;
  subtitle?: string;
  textDe: string | null;
  textEn: string | null;
  isEdited?: boolean;
  save: (body: { textDe: string; textEn: string }) => Promise<unknown>;
  invalidate: readonly (readonly unknown[])[];
  testId?: string;
}) {
  const { t } = useTranslation(['taxonomy', 'common']);
  const [de, setDe] = useState(textDe ?? '');
  const [en, setEn] = useState(textEn ?? '');
  const write = useApiMutation({ mutate: save, invalidate, success: t('texts.saved', { name: title }) });
  const changed = de !== (textDe ?? '') || en !== (textEn ?? '');
  return (
    <SectionCard
      title={title}
      description={subtitle}
      actions={
        isEdited ? (
          <Chip size="small" color="secondary" variant="outlined" label={t('texts.edited')} />
        ) : undefined
      }
    >
      <Box
        data-testid={testId}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
      >
        <TextField
          label={t('texts.german')}
          multiline
          minRows={3}
          maxRows={14}
          value={de}
          onChange={(e) => setDe(e.target.value)}
        />
        <TextField
          label={t('texts.english')}
          multiline
          minRows={3}
          maxRows={14}
          value={en}
          onChange={(e) => setEn(e.target.value)}
        />
        {write.error && (
          <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
            {write.error}
          </Alert>
        )}
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            disabled={!changed || write.busy}
            onClick={() => void write.run({ textDe: de, textEn: en })}
          >
            {t('common:actions.save')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}

/** The EU activity whose texts are edited. */
export function EuActivityPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('taxonomy');
  const activities =
    useQuery({ ...queryOptions('taxEuActivities'), staleTime: Infinity }).data?.['hydra:member'] ?? [];
  return (
    <Autocomplete
      options={activities}
      value={activities.find((a) => a.id === value) ?? null}
      onChange={(_e, v) => onChange(v?.id ?? null)}
      getOptionLabel={(a) => (a.ref ? `${a.ref} ${a.name}` : a.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => <TextField {...params} label={t('columns.euActivity')} />}
      sx={{ maxWidth: 720 }}
      data-testid="tax-texts-activity"
    />
  );
}

export function PickFirst({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4 }}>
      {text}
    </Typography>
  );
}
