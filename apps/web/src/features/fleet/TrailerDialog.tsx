import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Trailer, trailerSaveResult } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { FormSelect, FormText } from '../../components/form.tsx';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { useTrailerTypes } from './fleetApi.ts';
import {
  emptyTrailerForm,
  toTrailerBody,
  trailerFormSchema,
  trailerToForm,
  type TrailerForm,
} from './fleetForms.ts';
import {
  CoolingFields,
  FleetNumberField,
  LicensePlateField,
  DescriptionField,
  FleetDialog,
  WeightFields,
  YearOfConstructionField,
} from './fleetFields.tsx';

// The contract builds both fleet route groups in one factory, so their answer types are unions;
// the entity's own schema gives the exact one.
export type TrailerSaved = z.output<typeof trailerSaveResult>;

export function TrailerDialog({
  trailer,
  onClose,
  onSaved,
}: {
  trailer: Trailer | null;
  onClose: () => void;
  onSaved: (saved: TrailerSaved) => void;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const lang = currentLanguage();
  const { data: types = [] } = useTrailerTypes();
  const schema = useMemo(() => trailerFormSchema(currentLanguage), []);
  const form = useForm<TrailerForm>({
    resolver: zodResolver(schema),
    defaultValues: trailer ? trailerToForm(trailer, lang) : emptyTrailerForm(),
  });
  const { control } = form;

  return (
    <FleetDialog
      entity="trailer"
      item={trailer}
      form={form}
      toBody={(v) => toTrailerBody(v, lang)}
      onSaved={(r) => onSaved(r as TrailerSaved)}
      onClose={onClose}
    >
      <FieldGroup title={t('sections.master')}>
        <LicensePlateField control={control} />
        <FormSelect
          control={control}
          name="glecTrailerType"
          label={t('fields.glecTrailerType')}
          required
          options={types.map((x) => ({
            value: x.id,
            label: x.temperatureControlled ? `${x.name} (${t('fields.temperatureControlled')})` : x.name,
          }))}
        />
        <FormText control={control} name="trailerReference" label={t('fields.trailerReference')} />
        <YearOfConstructionField control={control} />
        <DescriptionField control={control} />
      </FieldGroup>
      <FieldGroup title={t('sections.technical')}>
        <FleetNumberField control={control} name="loadVolume" />
        <WeightFields control={control} />
      </FieldGroup>
      <CoolingFields control={control} />
    </FleetDialog>
  );
}
