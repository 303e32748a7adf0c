import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox, FormText } from '../../components/form.tsx';
import { FieldGroup } from './FleetFormDialog.tsx';

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
