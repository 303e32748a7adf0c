import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TaxActivity, TaxCriterionInput, TaxObjective } from '@klimadesk/contract/taxonomy/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { criteriaWith } from './taxonomyModel.ts';
import { TAX_QUERY_KEYS } from './taxQueries.ts';

/**
 * The parts the activity wizard's steps share (`ActivityWizard.tsx` and one file per step): the
 * criteria and help-text queries, the writes, the step footer and the form fields.
 */

/** The turnover, CapEx and OpEx inputs as typed. */
export type Amounts = { turnover: string; capex: string; opex: string };

const yesNo = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no');
const fromYesNo = (v: string) => (v === 'yes' ? true : v === 'no' ? false : null);

export function useCriteria() {
  return useQuery({ ...queryOptions('taxCriterias'), staleTime: Infinity }).data?.['hydra:member'] ?? [];
}

/** The provider's help text of a step or field (`taxHelpTexts`), null without one. */
export function useHelpText(key: string | null) {
  const texts = useQuery({ ...queryOptions('taxHelpTexts'), staleTime: 60_000 }).data?.['hydra:member'] ?? [];
  return key ? (texts.find((h) => h.internalName === key)?.text ?? null) : null;
}

/** Back, save and next below a step; next saves first when the step can be written. */
export function StepFooter({
  prev,
  next,
  onSave,
  busy,
  error,
  nextLabel,
}: {
  prev: string | null;
  next: string | null;
  onSave?: () => Promise<boolean>;
  busy?: boolean;
  error?: string | null;
  nextLabel?: string;
}) {
  const { t } = useTranslation(['taxonomy', 'common']);
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <StepError error={error} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Button
          startIcon={<ArrowBack />}
          disabled={!prev || busy}
          onClick={() => prev && void navigate({ href: prev })}
        >
          {t('common:actions.back')}
        </Button>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {onSave && (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void onSave()}
              data-testid="tax-step-save"
            >
              {t('common:actions.save')}
            </Button>
          )}
          {next && (
            <Button
              variant="contained"
              endIcon={<ArrowForward />}
              disabled={busy}
              data-testid="tax-step-next"
              onClick={async () => {
                if (onSave && !(await onSave())) return;
                await navigate({ href: next });
              }}
            >
              {nextLabel ?? t('common:actions.next')}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** One write of the wizard with its refusal shown below the step; resolves whether it went through. */
export function useActivityWrite<V>(mutate: (v: V) => Promise<unknown>, success: string) {
  return useApiMutation({ mutate, invalidate: TAX_QUERY_KEYS, success: () => success });
}

/** Saves a check step's answers on its criterion; the other criteria stay as they are. */
export function useCriterionWrite(
  activity: TaxActivity,
  critId: string,
  change: Omit<TaxCriterionInput, 'criterion'>,
) {
  const { t } = useTranslation('taxonomy');
  return useActivityWrite(
    () =>
      call('updateTaxActivity', {
        params: { id: activity.id },
        body: { activityCriteria: criteriaWith(activity.activityCriteria, critId as TaxObjective, change) },
      }),
    t('wizard.saved'),
  );
}

export function AmountFields({
  value,
  onChange,
  disabled,
  idPrefix,
}: {
  value: Amounts;
  onChange: (v: Amounts) => void;
  disabled: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation('taxonomy');
  return (
    <>
      {(['turnover', 'capex', 'opex'] as const).map((k) => (
        <TextField
          key={k}
          label={`${t(`figures.${k}`)} (EUR)`}
          value={value[k]}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, [k]: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `${idPrefix}-${k}` } }}
        />
      ))}
    </>
  );
}

export function YesNoField({
  label,
  value,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: boolean | null;
  onChange: (v: boolean | null) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation('taxonomy');
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        value={yesNo(value)}
        onChange={(e) => onChange(fromYesNo(e.target.value))}
        data-testid={testId}
      >
        <FormControlLabel value="yes" disabled={disabled} control={<Radio />} label={t('flags.yes')} />
        <FormControlLabel value="no" disabled={disabled} control={<Radio />} label={t('flags.no')} />
        <FormControlLabel value="" disabled={disabled} control={<Radio />} label={t('flags.notAssessed')} />
      </RadioGroup>
    </Box>
  );
}

/** The refusal of a step's last write. */
export function StepError({ error }: { error: string | null | undefined }) {
  return error ? (
    <Alert severity="error" role="alert" data-testid="tax-step-error">
      {error}
    </Alert>
  ) : null;
}

export function BackButton({ href }: { href: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBack />} onClick={() => void navigate({ href })}>
      {t('actions.back')}
    </Button>
  );
}
