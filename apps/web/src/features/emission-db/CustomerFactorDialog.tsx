import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Activity, Factor } from '@klimadesk/contract/emission-db/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { FactorFields } from './FactorFields.tsx';
import {
  FACTOR_KEYS,
  activityName,
  emptyFactorForm,
  factorFormSchema,
  factorToForm,
  toFactorInput,
  type FactorForm,
} from './emissionDb.ts';

type ActivityChoice = Pick<Activity, 'id' | 'name' | 'isCustom'>;

/** The activity the factor is for, searched by name; fixed once the factor exists. */
function ActivityPicker({
  value,
  disabled,
  error,
  onChange,
}: {
  value: ActivityChoice | null;
  disabled: boolean;
  error: boolean;
  onChange: (v: ActivityChoice | null) => void;
}) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const [term, setTerm] = useState('');
  const debounced = useDebounced(term.trim());
  const activities = useQuery({
    ...queryOptions('searchActivities', { query: { term: debounced || undefined, limit: 20 } }),
    enabled: !disabled,
    placeholderData: keepPreviousData,
    select: (d) =>
      d['hydra:member'].map((a) => ({ id: a.id, name: activityName(a, lang), isCustom: a.isCustom })),
  });
  return (
    <Autocomplete
      options={activities.data ?? []}
      value={value}
      disabled={disabled}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, v, reason) => {
        if (reason === 'input') setTerm(v);
      }}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={activities.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('factor.activity')}
          error={error}
          helperText={error ? t('common:validation.required') : t('factor.activityHint')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'customer-factor-activity' },
          }}
        />
      )}
    />
  );
}

/** The company a platform admin writes the factor for (companies with the carbon footprint). */
function CompanySelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('emissionDb');
  const companies = useQuery({
    ...queryOptions('companies', { query: { pagination: 'false', 'order[name]': 'asc', module: 'cfc' } }),
    select: (d) => d['hydra:member'],
  });
  return (
    <TextField
      select
      required
      label={t('factor.company')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {(companies.data ?? []).map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A company's own factor (customer factor, private to it): the activity it is for, then the
 * factor's fields. The platform admin writes one for the company chosen here.
 */
export function CustomerFactorDialog({
  factor,
  isPlatformAdmin,
  onClose,
}: {
  factor: Factor | null;
  isPlatformAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const [activity, setActivity] = useState<ActivityChoice | null>(
    factor ? { id: factor.activityId, name: factor.activityName, isCustom: false } : null,
  );
  const [activityError, setActivityError] = useState(false);
  const [company, setCompany] = useState('');
  const schema = useMemo(
    () => factorFormSchema(currentLanguage, t, { sourceRequired: !!activity?.isCustom }),
    [t, activity?.isCustom],
  );
  const form = useForm<FactorForm>({
    resolver: zodResolver(schema),
    defaultValues: factor ? factorToForm(factor, lang) : emptyFactorForm(false),
  });
  const save = useApiMutation({
    mutate: (v: FactorForm) => {
      const input = toFactorInput(v, lang, { withProvider: false });
      if (factor) return call('updateEmissionFactor', { params: { id: factor.id }, body: input });
      return call('createEmissionFactor', {
        body: { ...input, activityId: activity!.id, ...(company ? { company } : {}) },
      });
    },
    invalidate: FACTOR_KEYS,
    success: () => (factor ? t('factor.saved') : t('factor.created')),
    onSuccess: onClose,
  });
  const submit = form.handleSubmit((v) => {
    if (!activity) {
      setActivityError(true);
      return;
    }
    return save.run(v);
  });
  const missingCompany = isPlatformAdmin && !factor && !company;

  return (
    <FormDialog
      id="customer-factor"
      title={factor ? t('customerFactors.editTitle') : t('customerFactors.createTitle')}
      mutation={save}
      onSubmit={submit}
      onClose={onClose}
      requiredHint
      submitLabel={factor ? undefined : t('common:actions.create')}
      submitDisabled={missingCompany}
      submitTestId="customer-factor-save"
      errorTestId="customer-factor-error"
    >
      {isPlatformAdmin && !factor && <CompanySelect value={company} onChange={setCompany} />}
      <ActivityPicker
        value={activity}
        disabled={!!factor}
        error={activityError}
        onChange={(v) => {
          setActivity(v);
          setActivityError(false);
        }}
      />
      <FactorFields
        control={form.control}
        setValue={form.setValue}
        isProvider={false}
        sourceRequired={!!activity?.isCustom}
      />
    </FormDialog>
  );
}
