import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { FormCheckbox, FormCountry, FormSelect, FormText } from '../../components/form.tsx';
import { errorMessage } from '../../components/validation.ts';
import { unitOf } from '@klimadesk/contract/emission-db/reference';
import { GWP_SETS } from '@klimadesk/contract/emission-db/schemas';
import { unitOptions, unitTypeName, type FactorForm } from './emissionDb.ts';

type Props = {
  control: Control<FactorForm>;
  setValue: UseFormSetValue<FactorForm>;
  /** The platform admin names the provider and whether a factor is public; companies do neither. */
  isProvider: boolean;
  /** A custom activity's factor needs a source (seed 002 §5). */
  sourceRequired: boolean;
  /** A saved factor: its next version number is the server's (decision 0013), not typed in. */
  isSaved?: boolean;
};

/** A calendar day of the form, in the app's date field. */
function FormDay({
  control,
  name,
  label,
  required,
  testId,
}: {
  control: Control<FactorForm>;
  name: 'validFrom' | 'validUntil' | 'releaseDate';
  label: string;
  required?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box data-testid={testId} sx={{ '& .MuiFormControl-root': { width: '100%' } }}>
          <DayPicker
            label={label}
            value={field.value || null}
            onChange={(d) => field.onChange(d ?? '')}
            required={required}
            error={!!fieldState.error}
            helperText={errorMessage(t, fieldState.error?.message)}
          />
        </Box>
      )}
    />
  );
}

/** A figure per base unit, typed as a decimal. */
function FigureField({
  control,
  name,
  required = false,
}: {
  control: Control<FactorForm>;
  name: keyof FactorForm;
  required?: boolean;
}) {
  const { t } = useTranslation(['emissionDb', 'common']);
  return (
    <FormText
      control={control}
      name={name}
      label={t(`factor.${name}`)}
      required={required}
      inputMode="decimal"
      slotProps={{ htmlInput: { 'data-testid': `factor-${name}` } }}
    />
  );
}

/** The base unit, the factor and its gases, biogenic CO2, WtT and the GWP set. */
function FigureFields({ control }: { control: Control<FactorForm> }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const baseUnit = useWatch({ control, name: 'baseUnit' });
  const baseType = baseUnit ? unitOf(baseUnit)?.unitType : undefined;
  return (
    <FieldGroup title={t('factor.figures')}>
      <FormSelect
        control={control}
        name="baseUnit"
        label={t('factor.baseUnit')}
        required
        options={unitOptions(lang)}
        // The unit types an amount may be given in follow from the base unit (converted to it).
        helperText={
          baseType ? `${t('factor.unitTypes')}: ${unitTypeName(baseType, lang)}` : t('factor.unitTypesHint')
        }
        slotProps={{ htmlInput: { 'data-testid': 'factor-baseUnit' } }}
      />
      <FigureField control={control} name="co2Factor" required />
      <FigureField control={control} name="gasCo2" />
      <FigureField control={control} name="gasCh4" />
      <FigureField control={control} name="gasN2o" />
      <FigureField control={control} name="biogenicCo2Factor" />
      <FigureField control={control} name="wttFactor" />
      <FormSelect
        control={control}
        name="gwpSet"
        label={t('factor.gwpSet')}
        emptyLabel={t('factor.gwpSetNone')}
        helperText={t('factor.gwpSetHelp')}
        options={GWP_SETS.map((set) => ({ value: set, label: `IPCC ${set}` }))}
        slotProps={{ htmlInput: { 'data-testid': 'factor-gwpSet' } }}
      />
    </FieldGroup>
  );
}

/** The source and its edition; an edition belongs to its source, so a new source empties it. */
function SourceFields({
  control,
  setValue,
  sourceRequired,
}: Pick<Props, 'control' | 'setValue' | 'sourceRequired'>) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const sourceId = useWatch({ control, name: 'sourceId' });
  const sources = useQuery({
    ...queryOptions('sources', { query: { pagination: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  const versions = useQuery({
    ...queryOptions('sourceVersions', { query: { source: sourceId, pagination: 'false' } }),
    enabled: !!sourceId,
    select: (d) => d['hydra:member'],
  });
  const versionId = useWatch({ control, name: 'sourceVersionId' });
  // An edition belongs to its source: a new source empties the edition chosen before.
  useEffect(() => {
    if (versionId && versions.data && !versions.data.some((v) => v.id === versionId))
      setValue('sourceVersionId', '', { shouldDirty: true });
  }, [versionId, versions.data, setValue]);
  return (
    <>
      <FormSelect
        control={control}
        name="sourceId"
        label={t('factor.source')}
        required={sourceRequired}
        emptyLabel={t('none')}
        options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        slotProps={{ htmlInput: { 'data-testid': 'factor-sourceId' } }}
      />
      <FormSelect
        control={control}
        name="sourceVersionId"
        label={t('factor.sourceVersion')}
        emptyLabel={t('none')}
        disabled={!sourceId}
        options={(versions.data ?? []).map((v) => ({ value: v.id, label: v.version }))}
      />
    </>
  );
}

/** Country, source and edition, provider (platform admin), period, version, year and release. */
function OriginFields({ control, setValue, isProvider, sourceRequired, isSaved }: Props) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const providers = useQuery({
    ...queryOptions('emissionProviders'),
    enabled: isProvider,
    select: (d) => d['hydra:member'],
  });
  return (
    <FieldGroup title={t('factor.origin')}>
      <FormCountry control={control} name="countryId" label={t('factor.country')} />
      <SourceFields control={control} setValue={setValue} sourceRequired={sourceRequired} />
      {isProvider && (
        <FormSelect
          control={control}
          name="providerId"
          label={t('factor.provider')}
          emptyLabel={t('none')}
          options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      )}
      <FormDay
        control={control}
        name="validFrom"
        label={t('factor.validFrom')}
        required
        testId="factor-validFrom"
      />
      <FormDay
        control={control}
        name="validUntil"
        label={t('factor.validUntil')}
        testId="factor-validUntil"
      />
      <FormText
        control={control}
        name="version"
        label={t('factor.version')}
        required
        inputMode="numeric"
        disabled={isSaved}
      />
      <FormText control={control} name="year" label={t('factor.year')} inputMode="numeric" />
      <FormDay
        control={control}
        name="releaseDate"
        label={t('factor.releaseDate')}
        testId="factor-releaseDate"
      />
    </FieldGroup>
  );
}

/**
 * The fields of a factor (seed 002 §3 Factor): figures per base unit, origin and period, further
 * details. Used by the factor editor page and the customer factor dialog.
 */
export function FactorFields({ control, setValue, isProvider, sourceRequired, isSaved = false }: Props) {
  const { t } = useTranslation(['emissionDb', 'common']);
  return (
    <DatesProvider>
      <FigureFields control={control} />
      <OriginFields
        control={control}
        setValue={setValue}
        isProvider={isProvider}
        sourceRequired={sourceRequired}
        isSaved={isSaved}
      />
      <FieldGroup title={t('factor.details')}>
        <FormText control={control} name="coverage" label={t('factor.coverage')} />
        <FormText control={control} name="lcaActivity" label={t('factor.lcaActivity')} />
        <FormText control={control} name="noteDe" label={t('factor.noteDe')} multiline minRows={2} />
        <FormText control={control} name="noteEn" label={t('factor.noteEn')} multiline minRows={2} />
        {isProvider && <FormCheckbox control={control} name="isPublic" label={t('factor.isPublic')} />}
      </FieldGroup>
    </DatesProvider>
  );
}
