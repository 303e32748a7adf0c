import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import { FormCheckbox, FormText } from '../../components/form.tsx';
import { FieldGroup, FormDialog, applyServerError } from '../../components/FormDialog.tsx';
import { useApiMutation, type SuccessNotice } from '../../components/useApiMutation.ts';
import { type Answer, type Body, call } from '../../app/client.ts';
import { FLEET_ROUTES, type FleetEntity, type FleetItem } from './fleetApi.ts';

type Props<T extends FieldValues> = { control: Control<T> };

type NumberName =
  | 'loadVolume'
  | 'maxPayload'
  | 'maxWeight'
  | 'weight'
  | 'enginePowerPs'
  | 'enginePowerKw'
  | 'engineDisplacement';

/** A number input of the fleet forms: comma or dot decimals, numeric keyboard on phones. */
export function FleetNumberField<T extends FieldValues>({
  control,
  name,
}: Props<T> & { name: FieldPath<T> }) {
  const { t } = useTranslation('fleet');
  return (
    <FormText
      control={control}
      name={name}
      label={t(`fields.${name as NumberName}`)}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/** Payload, maximum weight and empty weight, in this order in both dialogs. */
export function WeightFields<T extends FieldValues>({ control }: Props<T>) {
  return (
    <>
      {(['maxPayload', 'maxWeight', 'weight'] as const).map((name) => (
        <FleetNumberField key={name} control={control} name={name as FieldPath<T>} />
      ))}
    </>
  );
}

/** The year of construction: four digits, numeric keyboard on phones. */
export function YearOfConstructionField<T extends FieldValues>({ control }: Props<T>) {
  const { t } = useTranslation('fleet');
  return (
    <FormText
      control={control}
      name={'yearOfConstruction' as FieldPath<T>}
      label={t('fields.yearOfConstruction')}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
    />
  );
}

/** The licence plate, first field of both dialogs. */
export function LicensePlateField<T extends FieldValues>({ control }: Props<T>) {
  const { t } = useTranslation('fleet');
  return (
    <FormText
      control={control}
      name={'licensePlate' as FieldPath<T>}
      label={t('fields.licensePlate')}
      required
      autoFocus
      autoComplete="off"
    />
  );
}

/** Cooling unit and its description; the description is only asked for with a cooling unit. */
export function CoolingFields<T extends FieldValues>({ control }: Props<T>) {
  const { t } = useTranslation('fleet');
  const cooling = useWatch({ control, name: 'hasCoolingUnit' as FieldPath<T> });
  return (
    <FieldGroup title={t('sections.cooling')}>
      <FormCheckbox
        control={control}
        name={'hasCoolingUnit' as FieldPath<T>}
        label={t('fields.hasCoolingUnit')}
      />
      <FormText
        control={control}
        name={'coolingUnitDescription' as FieldPath<T>}
        label={t('fields.coolingUnitDescription')}
        disabled={!cooling}
      />
    </FieldGroup>
  );
}

/** The description over the whole width of the master data. */
export function DescriptionField<T extends FieldValues>({ control }: Props<T>) {
  const { t } = useTranslation('fleet');
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <FormText
        control={control}
        name={'description' as FieldPath<T>}
        label={t('fields.description')}
        multiline
        minRows={2}
      />
    </Box>
  );
}

/**
 * What a save says: created or saved, or (result 3) that the vehicle or trailer was used in
 * calculations and so kept, with a new one in its place.
 */
function savedNotice(
  ns: 'vehicles' | 'trailers',
  creating: boolean,
  result: number,
  plate: string,
): SuccessNotice {
  if (result === 3) return { message: i18n.t(`fleet:${ns}.replaced`), severity: 'info', duration: 9000 };
  return i18n.t(`fleet:${ns}.${creating ? 'created' : 'saved'}`, { plate });
}

/** A save answer of either entity. */
export type FleetSaved = Answer<'createVehicle'>;

/**
 * The create and edit dialog of vehicles and trailers on the form kit: saves through the
 * entity's routes, refetches the list, says what happened and marks the field a refusal names.
 */
export function FleetDialog<F extends FieldValues>({
  entity,
  item,
  form,
  toBody,
  fieldOf,
  onSaved,
  onClose,
  children,
}: {
  entity: FleetEntity;
  /** The edited vehicle or trailer; null creates one. */
  item: FleetItem | null;
  form: UseFormReturn<F>;
  toBody: (values: F) => Body<'createVehicle'>;
  /** Maps the field path of a refusal to the form's field, given the values sent. */
  fieldOf?: (values: F) => (field: string) => string | null;
  onSaved: (saved: FleetSaved) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const ns = entity === 'vehicle' ? 'vehicles' : 'trailers';
  const routes = FLEET_ROUTES[entity];
  const save = useApiMutation({
    mutate: (values: F) =>
      item
        ? call(routes.update, { params: { id: item.id }, body: toBody(values) })
        : call(routes.create, { body: toBody(values) }),
    invalidate: [[routes.list]],
    success: (r) =>
      savedNotice(ns, !item, r.result, 'vehicle' in r ? r.vehicle.licensePlate : r.trailer.licensePlate),
    onSuccess: onSaved,
    errorOf: (err, values) => applyServerError(err, form.setError, fieldOf?.(values)),
  });
  return (
    <FormDialog
      id={`${entity}-form`}
      title={item ? t(`${ns}.editTitle`, { plate: item.licensePlate }) : t(`${ns}.createTitle`)}
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      submitLabel={item ? undefined : t('common:actions.create')}
      requiredHint
      errorTestId="fleet-form-error"
      sx={{ display: 'grid', gap: 3 }}
    >
      {children}
    </FormDialog>
  );
}
