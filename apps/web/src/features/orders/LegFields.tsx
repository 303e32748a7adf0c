import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ORDER_DISTANCE_TYPES } from '@klimadesk/contract/orders/schemas';
import {
  type VehicleLegEnd,
  type VehiclePreselection,
  preselectVehicleType,
} from '@klimadesk/contract/orders/vehicle-regions';
import { errorMessage } from '../../components/validation.ts';
import { LocationField } from './LocationField.tsx';
import { type Carriage, type OrderFormValues, type TransportMode, placeCountry } from './OrderFormModel.ts';
import type { OrderMasters } from './orderQueries.ts';
import { VehicleClassField } from './VehicleClassField.tsx';

/** The form path of one leg. */
export type LegBase = `legs.${Carriage}.${number}`;

/** The master list of vehicle classes of each mode (seed 000 §3: truck, train, ship, air type). */
export function vehicleTypesOf(masters: OrderMasters | undefined, mode: TransportMode | '') {
  if (!masters || !mode) return [];
  const lists = {
    road: masters.truckType,
    rail: masters.trainType,
    sea: masters.shipType,
    inland_waterway: masters.inlandWaterwayType,
    air: masters.airType,
  } as const;
  return lists[mode];
}

/**
 * The class the leg starts with, from its places (issue 37): the resolved ends once the location
 * service answered (ports carry the trade lane), else the countries the picked places name.
 */
export function legPreselection(
  mode: TransportMode | '',
  freightType: string,
  ends: { origin: VehicleLegEnd; destination: VehicleLegEnd },
): VehiclePreselection | null {
  if (!mode) return null;
  return preselectVehicleType({ mode, freightType, ...ends });
}

/** The leg's transport mode; another mode starts again from the class its places suggest. */
export function LegModeField({
  base,
  control,
  masters,
}: {
  base: LegBase;
  control: Control<OrderFormValues>;
  masters: OrderMasters | undefined;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const { setValue, getValues } = useFormContext<OrderFormValues>();
  return (
    <Controller
      control={control}
      name={`${base}.transportMode`}
      render={({ field, fieldState }) => (
        <TextField
          select
          size="small"
          required
          sx={{ order: 0 }}
          name={field.name}
          label={t('orders:form.legs.mode')}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={errorMessage(t, fieldState.error?.message)}
          onChange={(ev) => {
            const next = ev.target.value as TransportMode;
            field.onChange(next);
            // Another mode starts again from the class its places suggest.
            setValue(`${base}.vehicleChosen`, false);
            const first = legPreselection(next, getValues('freightType'), {
              origin: placeCountry(getValues(`${base}.origin`)),
              destination: placeCountry(getValues(`${base}.destination`)),
            });
            setValue(`${base}.glecVehicleType`, first?.vehicleType ?? '', { shouldValidate: false });
          }}
        >
          {(masters?.transportMode ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The leg's vehicle class; picking one (or none) stops it following the places. */
export function LegVehicleField({
  base,
  control,
  vehicles,
  firstRegion,
  hint,
  disabled,
}: {
  base: LegBase;
  control: Control<OrderFormValues>;
  vehicles: ReturnType<typeof vehicleTypesOf>;
  firstRegion: string | null;
  hint: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const { setValue } = useFormContext<OrderFormValues>();
  return (
    <Controller
      control={control}
      name={`${base}.glecVehicleType`}
      render={({ field, fieldState }) => (
        <Box className="leg-wide" sx={{ order: 1, minWidth: 0 }}>
          <VehicleClassField
            name={field.name}
            label={t('orders:form.legs.vehicle')}
            options={vehicles}
            value={field.value}
            firstRegion={firstRegion}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(id) => {
              field.onChange(id);
              setValue(`${base}.vehicleChosen`, id !== '');
            }}
            disabled={disabled}
            error={!!fieldState.error}
            helperText={errorMessage(t, fieldState.error?.message) ?? hint}
          />
        </Box>
      )}
    />
  );
}

/** The leg's distance and its kind; typing either ends the prefill. */
export function LegDistanceFields({
  base,
  control,
  prefilledHint,
}: {
  base: LegBase;
  control: Control<OrderFormValues>;
  /** Whether the distance field holds the location service's distance. */
  prefilledHint: boolean;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const { setValue } = useFormContext<OrderFormValues>();
  return (
    <>
      <Controller
        control={control}
        name={`${base}.distance`}
        render={({ field, fieldState }) => (
          <TextField
            className="leg-wide"
            sx={{ order: 1 }}
            size="small"
            name={field.name}
            label={t('orders:form.legs.distance')}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(ev) => {
              field.onChange(ev);
              setValue(`${base}.distancePrefilled`, false);
            }}
            error={!!fieldState.error}
            helperText={
              errorMessage(t, fieldState.error?.message) ??
              (prefilledHint ? t('orders:form.legs.prefilled') : t('orders:form.legs.optional'))
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: 'km' } }}
          />
        )}
      />
      <Controller
        control={control}
        name={`${base}.distanceType`}
        render={({ field }) => (
          <TextField
            select
            className="leg-wide"
            sx={{ order: 1 }}
            size="small"
            name={field.name}
            label={t('orders:form.legs.distanceType')}
            value={field.value}
            inputRef={field.ref}
            slotProps={{
              select: {
                renderValue: (v) => t(`orders:form.distanceKindShort.${v as string}`),
                MenuProps: { slotProps: { paper: { sx: { maxWidth: 360 } } } },
              },
            }}
            onBlur={field.onBlur}
            onChange={(ev) => {
              field.onChange(ev);
              setValue(`${base}.distancePrefilled`, false);
            }}
          >
            {ORDER_DISTANCE_TYPES.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`orders:form.distanceKind.${k}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}

/** Origin and destination; a refusal of the location service shows at the end it names. */
export function LegEnds({
  base,
  control,
  liveEnd,
  liveError,
}: {
  base: LegBase;
  control: Control<OrderFormValues>;
  liveEnd: 'origin' | 'destination' | null;
  liveError: string | null;
}) {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <Box
      className="leg-ends"
      sx={{
        order: 3,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      {(['origin', 'destination'] as const).map((end) => (
        <Controller
          key={end}
          control={control}
          name={`${base}.${end}`}
          render={({ field, fieldState }) => (
            <LocationField
              name={field.name}
              label={t(`orders:form.legs.${end}`)}
              value={field.value}
              onChange={field.onChange}
              error={
                errorMessage(t, fieldState.error?.message) ??
                (liveEnd === end ? (liveError ?? undefined) : undefined)
              }
            />
          )}
        />
      ))}
    </Box>
  );
}
