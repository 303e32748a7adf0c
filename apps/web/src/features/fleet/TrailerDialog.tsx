import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Trailer } from '@klimadesk/contract/fleet/schemas';
import { api } from '../../app/api.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FormSelect, FormText } from '../../components/form.tsx';
import { FLEET_BASE, useTrailerTypes } from './fleetApi.ts';
import {
  emptyTrailerForm,
  toTrailerBody,
  trailerFormSchema,
  trailerToForm,
  type TrailerForm,
} from './fleetForms.ts';
import { FieldGroup, FleetFormDialog, applyServerError } from './FleetFormDialog.tsx';
import { CoolingFields, FleetNumberField, LicensePlateField } from './fleetFields.tsx';

export type TrailerSaved = { result: number; trailer: Trailer };

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
  const creating = trailer === null;
  const { data: types = [] } = useTrailerTypes();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => trailerFormSchema(currentLanguage), []);
  const form = useForm<TrailerForm>({
    resolver: zodResolver(schema),
    defaultValues: trailer ? trailerToForm(trailer, lang) : emptyTrailerForm(),
  });
  const { control, handleSubmit, formState } = form;

  const save = handleSubmit(async (v) => {
    setError(null);
    try {
      const body = toTrailerBody(v, lang);
      const saved = creating
        ? await api.post<TrailerSaved>(FLEET_BASE.trailer, body)
        : await api.patch<TrailerSaved>(`${FLEET_BASE.trailer}/${trailer.id}`, body);
      onSaved(saved);
    } catch (err) {
      setError(applyServerError(err, form.setError));
    }
  });

  return (
    <FleetFormDialog
      id="trailer-form"
      title={creating ? t('trailers.createTitle') : t('trailers.editTitle', { plate: trailer.licensePlate })}
      creating={creating}
      busy={formState.isSubmitting}
      error={error}
      onCloseError={() => setError(null)}
      onSubmit={save}
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
        <FormText
          control={control}
          name="yearOfConstruction"
          label={t('fields.yearOfConstruction')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormText
            control={control}
            name="description"
            label={t('fields.description')}
            multiline
            minRows={2}
          />
        </Box>
      </FieldGroup>
      <FieldGroup title={t('sections.technical')}>
        <FleetNumberField control={control} name="loadVolume" />
        <FleetNumberField control={control} name="maxPayload" />
        <FleetNumberField control={control} name="maxWeight" />
        <FleetNumberField control={control} name="weight" />
      </FieldGroup>
      <CoolingFields control={control} />
    </FleetFormDialog>
  );
}
