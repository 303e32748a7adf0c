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
import type { TaxText } from '@klimadesk/contract/taxonomy/catalogue';
import { CategoryChip, CriteriaTextFacts } from './CriteriaTextFacts.tsx';

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
  facts,
  save,
  invalidate,
  testId,
}: {
  title: string;
  subtitle?: string;
  textDe: string | null;
  textEn: string | null;
  isEdited?: boolean;
  /** The act's text this one overrides: edition, category, first-adopted wording, appendices. */
  facts?: TaxText;
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
        {facts && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <CriteriaTextFacts text={facts} />
          </Box>
        )}
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
  const selected = activities.find((a) => a.id === value) ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Autocomplete
        options={activities}
        value={selected}
        onChange={(_e, v) => onChange(v?.id ?? null)}
        getOptionLabel={(a) =>
          `${a.ref ? `${a.ref} ${a.name}` : a.name} (${a.objectives.join(', ')})${categoryMarks(a.categories)}`
        }
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={t('columns.euActivity')} />}
        sx={{ maxWidth: 720 }}
        data-testid="tax-texts-activity"
      />
      {selected && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="tax-texts-categories">
          {selected.categories.map((c) => (
            <CategoryChip key={c.objective} category={c} withObjective />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** " · CCM T" after an activity's name for each objective it is enabling or transitional under. */
const categoryMarks = (categories: NonNullable<TaxText['category']>[]) =>
  categories
    .filter((c) => c.category)
    .map((c) => ` · ${c.objective} ${c.category}`)
    .join('');

export function PickFirst({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4 }}>
      {text}
    </Typography>
  );
}
