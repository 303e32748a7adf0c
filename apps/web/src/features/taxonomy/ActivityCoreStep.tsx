import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TaxActivity } from '@klimadesk/contract/taxonomy/schemas';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { SectionCard } from '../../components/PageHeader.tsx';
import { type CoreDraft, newDraft } from './activityDraft.ts';
import { AmountFields, StepFooter, useActivityWrite, useHelpText } from './ActivityWizardParts.tsx';
import { filterEuActivities, useEuActivities } from './euActivities.ts';
import { TagFilter } from './TaxFilters.tsx';
import { amountText, stepPath, taxAmount } from './taxonomyModel.ts';
import { useFinancialYears } from './taxQueries.ts';

type CoreErrors = Record<'name' | 'yearId' | 'euActivity' | 'naceCode', string | null>;

/** The core data as typed, its checks and its save (a new activity is saved from the selection step). */
function useCoreForm(activity: TaxActivity | null) {
  const { t } = useTranslation(['taxonomy', 'common']);
  const lang = currentLanguage();
  const [core, setCore] = useState<CoreDraft>(() =>
    activity
      ? {
          name: activity.name,
          yearId: activity.year.id,
          euActivity: activity.euActivity.id,
          naceCode: activity.naceCode,
          turnover: amountText(activity.turnover, lang),
          capex: amountText(activity.capex, lang),
          opex: amountText(activity.opex, lang),
          tags: activity.tags.map((x) => x.id),
        }
      : newDraft.core,
  );
  const [touched, setTouched] = useState(false);
  const set = (change: Partial<CoreDraft>) => {
    const next = { ...core, ...change };
    setCore(next);
    if (!activity) newDraft.core = next;
  };
  const required = t('common:validation.required');
  const errors: CoreErrors = {
    name: core.name.trim() ? null : required,
    yearId: core.yearId ? null : required,
    euActivity: core.euActivity ? null : required,
    naceCode: core.naceCode.trim() ? null : required,
  };
  const valid = Object.values(errors).every((e) => e === null);
  const save = useActivityWrite(
    () =>
      call('updateTaxActivity', {
        params: { id: activity?.id ?? '' },
        body: {
          name: core.name.trim(),
          naceCode: core.naceCode.trim(),
          turnover: taxAmount(core.turnover, lang),
          capex: taxAmount(core.capex, lang),
          opex: taxAmount(core.opex, lang),
          tags: core.tags,
        },
      }),
    t('wizard.saved'),
  );
  const onSave = async () => {
    setTouched(true);
    if (!valid) return false;
    if (!activity) return true;
    return (await save.run(undefined)) !== undefined;
  };
  const show = (k: keyof CoreErrors) => (touched ? errors[k] : null);
  return { core, set, show, save, onSave };
}

type FieldsProps = {
  activity: TaxActivity | null;
  core: CoreDraft;
  set: (change: Partial<CoreDraft>) => void;
  show: (k: keyof CoreErrors) => string | null;
  disabled: boolean;
};

/** The EU activity (fixed once saved, seed 001 §4) and the NACE code, offered from the EU activity's codes. */
function EuActivityFields({ activity, core, set, show, disabled }: FieldsProps) {
  const { t } = useTranslation('taxonomy');
  const euActivities = useEuActivities();
  const chosen = euActivities.find((a) => a.id === core.euActivity) ?? null;
  return (
    <>
      <Autocomplete
        options={euActivities}
        value={chosen}
        disabled={disabled || !!activity}
        onChange={(_e, v) =>
          set({
            euActivity: v?.id ?? null,
            naceCode: v?.naceCodes.length === 1 ? v.naceCodes[0] : core.naceCode,
          })
        }
        getOptionLabel={(a) => (a.ref ? `${a.ref} ${a.name}` : a.name)}
        filterOptions={(options, state) => filterEuActivities(options, state.inputValue)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        sx={{ gridColumn: { sm: '1 / -1' } }}
        renderInput={(params) => (
          <TextField
            {...params}
            required
            label={t('columns.euActivity')}
            error={!!show('euActivity')}
            helperText={
              show('euActivity') ?? (activity ? t('wizard.euActivityFixed') : t('wizard.euActivityFirst'))
            }
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'tax-core-eu-activity' },
            }}
          />
        )}
      />
      <Autocomplete
        freeSolo
        options={chosen?.naceCodes ?? []}
        value={core.naceCode}
        disabled={disabled}
        onInputChange={(_e, v) => set({ naceCode: v })}
        renderInput={(params) => (
          <TextField
            {...params}
            required
            label={t('columns.naceCode')}
            error={!!show('naceCode')}
            helperText={show('naceCode') ?? ' '}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, maxLength: 20, 'data-testid': 'tax-core-nace' },
            }}
          />
        )}
      />
    </>
  );
}

/** Name, financial year, EU activity, NACE code and tags. */
function ActivityFields(props: FieldsProps) {
  const { activity, core, set, show, disabled } = props;
  const { t } = useTranslation('taxonomy');
  const years = useFinancialYears().data?.['hydra:member'] ?? [];
  // Years the user may write and that are not frozen for review: a new activity needs one (seed 001 §5).
  const writableYears = years.filter((y) => (y.canWrite && !y.inReview) || y.id === core.yearId);
  return (
    <FieldGroup title={t('wizard.activity')}>
      <TextField
        label={t('columns.name')}
        required
        value={core.name}
        disabled={disabled}
        onChange={(e) => set({ name: e.target.value })}
        error={!!show('name')}
        helperText={show('name') ?? ' '}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'tax-core-name' } }}
      />
      <TextField
        select
        required
        label={t('wizard.financialYear')}
        value={core.yearId}
        // Seed 001 §4: year and EU activity are fixed once the activity is saved.
        disabled={disabled || !!activity}
        onChange={(e) => set({ yearId: e.target.value })}
        error={!!show('yearId')}
        helperText={show('yearId') ?? (writableYears.length === 0 ? t('wizard.noWritableYear') : ' ')}
        slotProps={{ htmlInput: { 'data-testid': 'tax-core-year' } }}
      >
        {writableYears.map((y) => (
          <MenuItem key={y.id} value={y.id}>
            {y.taxYear}
          </MenuItem>
        ))}
      </TextField>
      <EuActivityFields {...props} />
      <TagFilter value={core.tags} onChange={(tags) => set({ tags })} />
    </FieldGroup>
  );
}

/** Step 1: the activity's core data and its turnover, CapEx and OpEx. */
export function CoreStep({ activity, canEdit }: { activity: TaxActivity | null; canEdit: boolean }) {
  const { t } = useTranslation('taxonomy');
  const financeHelp = useHelpText('finance');
  const { core, set, show, save, onSave } = useCoreForm(activity);
  const disabled = !canEdit;
  return (
    <SectionCard title={t('wizard.steps.core')} description={t('wizard.coreHint')}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ActivityFields activity={activity} core={core} set={set} show={show} disabled={disabled} />
        <FieldGroup title={t('wizard.finance')} hint={financeHelp ?? t('wizard.financeHint')}>
          <AmountFields value={core} onChange={(v) => set(v)} disabled={disabled} idPrefix="tax-core" />
        </FieldGroup>
        <StepFooter
          prev={null}
          next={stepPath(activity?.id ?? 'new', { kind: 'criteria' })}
          onSave={canEdit ? onSave : undefined}
          busy={save.busy}
          error={save.error}
        />
      </Box>
    </SectionCard>
  );
}
