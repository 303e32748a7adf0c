import { useMemo } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { FormSelect, FormText } from '../../components/form.tsx';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { errorMessage } from '../../components/validation.ts';
import { useFuelTypes, useVehicleTypes, type FuelType, type VehicleSaved } from './fleetApi.ts';
import { FUEL_SLOTS, unitsOf, vehicleKind, vehicleFormSchema, type VehicleForm } from './fleetForms.ts';
import {
  FleetDialog,
  FleetNumberFields,
  YearOfConstructionField,
  type FleetDialogProps,
} from './fleetFields.tsx';

/** Create or edit a vehicle with the fuel rules checked at the fields. */
export function VehicleDialog({ item, onClose, onSaved }: FleetDialogProps<Vehicle, VehicleSaved>) {
  const { t } = useTranslation(['fleet', 'common']);
  const { data: types = [] } = useVehicleTypes();
  const { data: fuels = [] } = useFuelTypes();
  const schema = useMemo(
    () =>
      vehicleFormSchema(fuels, currentLanguage, {
        fuelIncomplete: t('validation.fuelIncomplete'),
        fuelUnit: t('validation.fuelUnit'),
      }),
    [fuels, t],
  );

  return (
    <FleetDialog
      kind={vehicleKind}
      item={item}
      resolver={zodResolver(schema)}
      types={types.map((x) => ({ value: x.id, label: x.name }))}
      master={({ control }) => (
        <>
          <FormText control={control} name="vehicleReference" label={t('fields.vehicleReference')} />
          <FormText control={control} name="vehicleLocation" label={t('fields.vehicleLocation')} />
        </>
      )}
      fieldOf={(v) => {
        // The server counts only the filled fuel slots; map its index back to the form's slot.
        const filledSlots = v.fuelInformation
          .map((s, i) => (s.fuelType || s.consumption.trim() || s.unitFuelConsumption ? i : -1))
          .filter((i) => i >= 0);
        return (field) => {
          const m = /^fuelInformation\.(\d+)(?:\.(\w+))?$/.exec(field);
          if (!m) return field;
          return `fuelInformation.${filledSlots[Number(m[1])] ?? 0}.${m[2] ?? 'consumption'}`;
        };
      }}
      onSaved={(r) => onSaved(r as VehicleSaved)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <FieldGroup title={t('sections.fuel')} hint={t('sections.fuelHint')}>
            {Array.from({ length: FUEL_SLOTS }, (_x, i) => (
              <FuelSlotFields key={i} index={i} form={form} fuels={fuels} />
            ))}
          </FieldGroup>

          <FieldGroup title={t('sections.technical')}>
            {(['manufacturer', 'type', 'model', 'exhaustStandard'] as const).map((name) => (
              <FormText key={name} control={form.control} name={name} label={t(`fields.${name}`)} />
            ))}
            <FleetNumberFields control={form.control} names={['maxPayload', 'maxWeight', 'weight']} />
            <YearOfConstructionField control={form.control} />
            <FleetNumberFields
              control={form.control}
              names={['enginePowerPs', 'enginePowerKw', 'engineDisplacement']}
            />
          </FieldGroup>
        </>
      )}
    </FleetDialog>
  );
}

/** The fuel of a slot; a change of fuel drops a unit that no longer fits and picks the only one. */
function FuelTypeField({
  index,
  form: { control, setValue, getValues },
  fuels,
}: {
  index: number;
  form: UseFormReturn<VehicleForm>;
  fuels: readonly FuelType[];
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const n = index + 1;
  return (
    <Controller
      control={control}
      name={`fuelInformation.${index}.fuelType`}
      render={({ field, fieldState }) => (
        <TextField
          select
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(e) => {
            const next = e.target.value;
            field.onChange(next);
            const allowed = unitsOf(fuels, next);
            const unitPath = `fuelInformation.${index}.unitFuelConsumption` as const;
            const current = getValues(unitPath);
            if (allowed.length === 1)
              setValue(unitPath, allowed[0], { shouldValidate: fieldState.isTouched });
            else if (current && !allowed.includes(current as never)) setValue(unitPath, '');
          }}
          label={t('fields.fuelType', { n })}
          error={!!fieldState.error}
          helperText={errorMessage(t, fieldState.error?.message)}
        >
          <MenuItem value="">
            <em>{t('common:form.none')}</em>
          </MenuItem>
          {fuels.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * One fuel slot: fuel, consumption and unit. The unit list offers only the fuel's units; a
 * change of fuel drops a unit that no longer fits and picks the only one where there is one.
 */
function FuelSlotFields({
  index,
  form,
  fuels,
}: {
  index: number;
  form: UseFormReturn<VehicleForm>;
  fuels: readonly FuelType[];
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const { control } = form;
  const n = index + 1;
  const fuelType = useWatch({ control, name: `fuelInformation.${index}.fuelType` });
  const unit = useWatch({ control, name: `fuelInformation.${index}.unitFuelConsumption` });
  const units = unitsOf(fuels, fuelType);
  // Until the fuel list has loaded, the saved unit stays selectable.
  const unitOptions = units.length || !unit ? units : [unit];
  return (
    <Box
      component="fieldset"
      aria-label={t('fields.fuelSlot', { n })}
      sx={{
        border: 0,
        m: 0,
        p: 0,
        minWidth: 0,
        gridColumn: '1 / -1',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '2fr 1.2fr 1fr' },
        alignItems: 'start',
      }}
      data-testid={`fuel-slot-${n}`}
    >
      <FuelTypeField index={index} form={form} fuels={fuels} />
      <FormText
        control={control}
        name={`fuelInformation.${index}.consumption`}
        label={t('fields.consumption', { n })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormSelect
        control={control}
        name={`fuelInformation.${index}.unitFuelConsumption`}
        label={t('fields.unitFuelConsumption', { n })}
        options={unitOptions.map((u) => ({ value: u, label: u }))}
        emptyLabel={units.length ? t('common:form.none') : undefined}
        disabled={units.length === 0}
        helperText={units.length === 0 ? t('fields.chooseFuelFirst') : undefined}
      />
    </Box>
  );
}
