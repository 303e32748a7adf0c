import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FLIGHT_TYPES, TRAVEL_CLASSES, type CfcEntry } from '@klimadesk/contract/cfc/schemas';
import { TREATMENTS } from '@klimadesk/contract/emission-db/reference';
import type { GwpSet } from '@klimadesk/contract/emission-db/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FormCountry, FormSelect, FormText } from '../../components/form.tsx';
import { FieldGroup, FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { errorMessage } from '../../components/validation.ts';
import { activityName } from '../emission-db/emissionDb.ts';
import { ENTRY_KEYS, type CfcSectionId, type ReportSection } from './cfc.ts';
import { ActivityOption, type FactorPreviewItem } from './FactorPreview.tsx';
import { EntryTraceLine, MarketTraceLine, RestatementNotice } from './EntryTrace.tsx';
import {
  REQUIRED_EXTRAS,
  emptyEntryForm,
  entryFormSchema,
  entryToForm,
  sectionFields,
  toEntryBody,
  unitChoices,
  type EntryForm,
  type ExtraField,
} from './entryForm.ts';

type OptionFactors = { preview: FactorPreviewItem[]; factorCount: number };

/**
 * Add or change an entry of a section (seed 001 §3): the activity from the emission database (or
 * an own factor with its name), amount and unit, country, data source, data quality and the
 * section's own fields. In scope 2 the own factor is the supply contract's (market-based).
 */
export function EntryDialog({
  report,
  gwpSet,
  section,
  entry,
  onClose,
}: {
  report: string;
  /** The report's GWP set: only activities with factors of this set (or of none) are offered. */
  gwpSet: GwpSet;
  section: ReportSection;
  entry: CfcEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const extras = sectionFields(section.id);
  const schema = useMemo(() => entryFormSchema(currentLanguage, section.id), [section.id]);
  const form = useForm<EntryForm>({
    resolver: zodResolver(schema),
    defaultValues: entry ? entryToForm(entry, lang) : emptyEntryForm(),
  });
  const activity = useWatch({ control: form.control, name: 'activity' });
  const search = useActivitySearch(gwpSet, section);
  const save = useSaveEntry({ report, section, entry, onClose });
  const isEnergy = section.energyMethod !== null;

  return (
    <FormDialog
      id="cfc-entry"
      title={entry ? t('entries.editTitle') : t('entries.createTitle', { section: section.name })}
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      requiredHint
      submitLabel={entry ? undefined : t('common:actions.create')}
      submitTestId="cfc-entry-save"
      errorTestId="cfc-entry-error"
    >
      {entry && entry.factorVersion !== null && <KeptTrace entry={entry} />}
      <ActivityGroup form={form} extras={extras} search={search} isEnergy={isEnergy} />
      {extras.length > 0 && <ExtraFields control={form.control} extras={extras} />}
      <FieldGroup
        title={isEnergy ? t('entries.groups.contract') : t('entries.groups.ownFactor')}
        hint={isEnergy ? t('entries.contractHint') : t('entries.ownFactorHint')}
      >
        <FormText
          control={form.control}
          name="emissionFactor"
          label={t('entries.fields.emissionFactor')}
          required={!activity}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'cfc-entry-factor' } }}
        />
        <FormText
          control={form.control}
          name="emissionFactorName"
          label={t('entries.fields.emissionFactorName')}
          required={!activity}
          slotProps={{ htmlInput: { 'data-testid': 'cfc-entry-factor-name' } }}
        />
      </FieldGroup>
      <FormText control={form.control} name="note" label={t('entries.fields.note')} multiline minRows={2} />
      {entry?.errorCode && (
        <Typography color="warning.main" variant="body2">
          {t(`entries.codes.${entry.errorCode}`)}
        </Typography>
      )}
      {form.formState.errors.activity && (
        <Typography color="error" variant="body2">
          {errorMessage(t, form.formState.errors.activity.message)}
        </Typography>
      )}
    </FormDialog>
  );
}

/** A saved entry keeps its factor's version: where its figure came from, and whether a newer one exists. */
function KeptTrace({ entry }: { entry: CfcEntry }) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <Box sx={{ gridColumn: '1 / -1' }} data-testid="cfc-entry-dialog-trace">
      <Typography variant="body2" color="text.secondary">
        {t('entries.trace.kept')}
      </Typography>
      <EntryTraceLine entry={entry} />
      <MarketTraceLine entry={entry} />
      <RestatementNotice entry={entry} canWrite />
    </Box>
  );
}

/** The activities of the section's category and the report's GWP set that match the typed term. */
function useActivitySearch(gwpSet: GwpSet, section: ReportSection) {
  const lang = currentLanguage();
  const [term, setTerm] = useState('');
  const debounced = useDebounced(term.trim());
  const activities = useQuery({
    ...queryOptions('searchActivities', {
      query: {
        term: debounced || undefined,
        limit: 20,
        gwpSet,
        ...(section.activityCategory ? { categories: section.activityCategory } : {}),
      },
    }),
    placeholderData: keepPreviousData,
    select: (d) =>
      d['hydra:member'].map((a) => ({
        id: a.id,
        name: activityName(a, lang),
        baseUnits: a.baseUnits,
        treatmentId: a.treatmentId,
        preview: a.factorPreview ?? [],
        factorCount: a.factorCount,
      })),
  });
  return { options: activities.data ?? [], isFetching: activities.isFetching, setTerm };
}

type ActivitySearch = ReturnType<typeof useActivitySearch>;

/** Saves the entry; a saved entry with an error code (no factor …) says so as a warning. */
function useSaveEntry({
  report,
  section,
  entry,
  onClose,
}: {
  report: string;
  section: ReportSection;
  entry: CfcEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  return useApiMutation({
    mutate: (v: EntryForm) =>
      call('cfcSaveEntry', {
        body: toEntryBody(v, { report, section: section.id as CfcSectionId, id: entry?.id }, lang),
      }),
    invalidate: ENTRY_KEYS,
    success: (saved) =>
      saved.errorCode
        ? { message: t(`entries.codes.${saved.errorCode}`), severity: 'warning' }
        : entry
          ? t('entries.saved')
          : t('entries.created'),
    onSuccess: onClose,
  });
}

/** Activity, amount and unit, country (not for energy), data source and data quality. */
function ActivityGroup({
  form,
  extras,
  search,
  isEnergy,
}: {
  form: UseFormReturn<EntryForm>;
  extras: ExtraField[];
  search: ActivitySearch;
  isEnergy: boolean;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const activity = useWatch({ control: form.control, name: 'activity' });
  const units = unitChoices(activity?.baseUnits ?? [], lang);
  return (
    <FieldGroup title={t('entries.groups.activity')}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ActivityField form={form} extras={extras} search={search} />
      </Box>
      <FormText
        control={form.control}
        name="amount"
        label={t('entries.fields.amount')}
        required
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'cfc-entry-amount' } }}
      />
      <FormSelect
        control={form.control}
        name="unit"
        label={t('entries.fields.unit')}
        required
        options={units}
        slotProps={{ htmlInput: { 'data-testid': 'cfc-entry-unit' } }}
      />
      {!isEnergy && <FormCountry control={form.control} name="country" label={t('entries.fields.country')} />}
      <FormText
        control={form.control}
        name="dataSource"
        label={t('entries.fields.dataSource')}
        required
        slotProps={{ htmlInput: { 'data-testid': 'cfc-entry-source' } }}
      />
      <FormSelect
        control={form.control}
        name="dataQuality"
        label={t('entries.fields.dataQuality')}
        emptyLabel={t('entries.quality.none')}
        options={(['1', '2', '3'] as const).map((q) => ({ value: q, label: t(`entries.quality.${q}`) }))}
        slotProps={{ htmlInput: { 'data-testid': 'cfc-entry-quality' } }}
      />
    </FieldGroup>
  );
}

/** The activity search; a chosen activity brings its units and, for waste, its treatment. */
function ActivityField({
  form,
  extras,
  search,
}: {
  form: UseFormReturn<EntryForm>;
  extras: ExtraField[];
  search: ActivitySearch;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  return (
    <Controller
      control={form.control}
      name="activity"
      render={({ field }) => (
        <Autocomplete
          options={search.options}
          value={field.value}
          onChange={(_e, v) => {
            field.onChange(v);
            // A unit of another type would not convert: start again from the activity's units.
            const allowed = unitChoices(v?.baseUnits ?? [], lang).map((u) => u.value);
            if (v && !allowed.includes(form.getValues('unit'))) form.setValue('unit', v.baseUnits[0] ?? '');
            // A waste activity names its treatment (landfill, incineration …): take it over.
            if (v?.treatmentId && extras.includes('treatment')) form.setValue('treatment', v.treatmentId);
          }}
          onInputChange={(_e, v, reason) => {
            if (reason === 'input') search.setTerm(v);
          }}
          filterOptions={(x) => x}
          getOptionLabel={(o) => o.name}
          renderOption={({ key, ...props }, o) => (
            <li key={key} {...props}>
              <ActivityOption
                name={o.name}
                // The saved activity of an entry carries no factors: it only shows as the value.
                preview={(o as Partial<OptionFactors>).preview ?? []}
                factorCount={(o as Partial<OptionFactors>).factorCount ?? 0}
                lang={lang}
              />
            </li>
          )}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={search.isFetching}
          noOptionsText={t('entries.noActivities')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('entries.fields.activity')}
              helperText={t('entries.activityHint')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'cfc-entry-activity' },
              }}
            />
          )}
        />
      )}
    />
  );
}

/** The section's own fields: travel class and flight type, treatment, and the texts and counts. */
function ExtraFields({ control, extras }: { control: Control<EntryForm>; extras: ExtraField[] }) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const label = (f: ExtraField) => t(`entries.fields.${f}`);
  const required = (f: ExtraField) => REQUIRED_EXTRAS.includes(f);
  return (
    <FieldGroup title={t('entries.groups.details')}>
      {extras.map((f) =>
        f === 'travelClass' || f === 'flightType' ? (
          <FormSelect
            key={f}
            control={control}
            name={f}
            label={label(f)}
            emptyLabel={t('entries.notStated')}
            options={(f === 'travelClass' ? TRAVEL_CLASSES : FLIGHT_TYPES).map((o) => ({
              value: o,
              label: t(`entries.${f}.${o}`),
            }))}
            slotProps={{ htmlInput: { 'data-testid': `cfc-entry-${f}` } }}
          />
        ) : f === 'treatment' ? (
          <FormSelect
            key={f}
            control={control}
            name={f}
            label={label(f)}
            emptyLabel={t('entries.notStated')}
            options={TREATMENTS.map((o) => ({ value: o.id, label: o.names[lang] })).sort((a, b) =>
              a.label.localeCompare(b.label, lang),
            )}
            slotProps={{ htmlInput: { 'data-testid': 'cfc-entry-treatment' } }}
          />
        ) : (
          <FormText
            key={f}
            control={control}
            name={f}
            label={label(f)}
            required={required(f)}
            slotProps={{ htmlInput: { 'data-testid': `cfc-entry-${f}` } }}
          />
        ),
      )}
    </FieldGroup>
  );
}
