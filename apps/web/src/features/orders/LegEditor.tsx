import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useEffect, useMemo } from 'react';
import { type Control, Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { ApiError } from '../../app/api.ts';
import { errorText } from '../../components/errors.ts';
import { formatNumber } from '../../components/format.ts';
import { formatCo2, formatIntensity, formatKm, formatTkm } from '../../components/units.ts';
import { errorMessage } from '../../components/validation.ts';
import { CalculationSheet } from '../tours/CalculationSheet.tsx';
import type { LegCalc, LegDistance } from './LegCalculation.ts';
import { LocationField } from './LocationField.tsx';
import { VehicleClassField } from './VehicleClassField.tsx';
import { ORDER_DISTANCE_TYPES } from '@klimadesk/contract/orders/schemas';
import {
  type VehicleLegEnd,
  type VehiclePreselection,
  preselectVehicleType,
} from '@klimadesk/contract/orders/vehicle-regions';
import {
  type Carriage,
  type OrderFormValues,
  type TransportMode,
  legConflicts,
  placeCountry,
  prefillOf,
  typedNumber,
} from './OrderFormModel.ts';
import { type OrderMasters, masterName } from './orderQueries.ts';

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

/** Country names in the reader's language ("China", "Vereinigte Staaten"). */
const countryName = (code: string, lang: Language) =>
  new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** How the location service measured: its factor or the sea distance in nautical miles. */
function useDistanceDetail(lang: Language) {
  const { t } = useTranslation('orders');
  return (d: LegDistance) =>
    [
      t('orders:form.legs.greatCircle', { km: formatKm(d.greatCircleKm, lang) }),
      d.circuityFactor !== undefined
        ? t('orders:form.legs.circuity', { factor: formatNumber(d.circuityFactor, lang, 2) })
        : null,
      d.nauticalMiles !== undefined
        ? t('orders:form.legs.nauticalMiles', { nm: formatNumber(d.nauticalMiles, lang, 1) })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

/**
 * The class a leg's places suggest and what the picker says about it (issue 37). Until the user
 * picks a class, the class follows the places: the region's, or none where the factor set has no
 * class of the mode for the region (no truck of another region unasked).
 */
function useLegVehicle(
  base: `legs.${Carriage}.${number}`,
  d: LegDistance | null | undefined,
  vehicles: { id: string; region: string }[],
  masters: OrderMasters | undefined,
  lang: Language,
) {
  const { setValue, watch } = useFormContext<OrderFormValues>();
  const mode = watch(`${base}.transportMode`);
  const freightType = watch('freightType');
  const vehicle = watch(`${base}.glecVehicleType`);
  const origin = watch(`${base}.origin`);
  const destination = watch(`${base}.destination`);
  const chosen = watch(`${base}.vehicleChosen`);
  const pick = useMemo(
    () =>
      legPreselection(mode, freightType, {
        origin: d?.origin ?? placeCountry(origin),
        destination: d?.destination ?? placeCountry(destination),
      }),
    [mode, freightType, d, origin, destination],
  );
  useEffect(() => {
    if (!pick || chosen) return;
    const next = pick.vehicleType ?? '';
    if (next !== vehicle) setValue(`${base}.glecVehicleType`, next, { shouldValidate: false });
  }, [pick, chosen, vehicle, base, setValue]);
  const hint = useVehicleHint(
    pick,
    vehicles.find((v) => v.id === vehicle),
    mode,
    masters,
    lang,
  );
  return { pick, hint };
}

/**
 * What the picker says about the class and the leg's region: that the factor set has no class there
 * (none chosen yet), or that the chosen class is of another region than the leg.
 */
function useVehicleHint(
  pick: VehiclePreselection | null,
  chosen: { region: string } | undefined,
  mode: TransportMode | '',
  masters: OrderMasters | undefined,
  lang: Language,
): string | undefined {
  const { t } = useTranslation('orders');
  if (!pick?.country) return undefined;
  const region = (r: string) => t(`form.vehicleRegion.${r}`, { defaultValue: r });
  const country = countryName(pick.country, lang);
  if (pick.missing && !chosen)
    return t('form.legs.noRegionClass', { mode: masterName(masters, 'transportMode', mode), country });
  if (pick.missing && chosen)
    return t('form.legs.otherRegionClass', { region: region(chosen.region), country });
  const regional = pick.region !== null && pick.region !== 'Global';
  if (chosen && regional && chosen.region !== 'Global' && chosen.region !== pick.region)
    return t('form.legs.regionMismatch', {
      region: region(chosen.region),
      country,
      own: region(pick.region!),
    });
  return undefined;
}

/** The end a refusal of the location service names (`detail.end`), if any. */
const endOf = (err: unknown) =>
  err instanceof ApiError && (err.detail?.end === 'origin' || err.detail?.end === 'destination')
    ? err.detail.end
    : null;

/** One leg: mode, origin, destination, vehicle class and distance, then its live figures and sheet. */
export function LegEditor({
  activity,
  index,
  number,
  control,
  masters,
  calc,
  lang,
  onRemove,
}: {
  activity: Carriage;
  index: number;
  /** The leg's number within the order (1, 2, 3 …). */
  number: number;
  control: Control<OrderFormValues>;
  masters: OrderMasters | undefined;
  calc: LegCalc | undefined;
  lang: Language;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const { setValue, getValues, watch } = useFormContext<OrderFormValues>();
  const base = `legs.${activity}.${index}` as const;
  const mode = watch(`${base}.transportMode`);
  const freightType = watch('freightType');
  const vehicle = watch(`${base}.glecVehicleType`);
  // Seed 000 §4: the API refuses this leg for the freight type; no emission is asked for it.
  const conflict = legConflicts(freightType, { transportMode: mode, glecVehicleType: vehicle });
  const vehicles = vehicleTypesOf(masters, mode);
  const distanceDetail = useDistanceDetail(lang);
  const liveEnd = endOf(calc?.error);
  const liveError = calc?.error ? errorText(calc.error) : null;
  const e = calc?.emission;
  const d = calc?.distance;
  const { pick, hint: vehicleHint } = useLegVehicle(base, d, vehicles, masters, lang);
  const prefilled = watch(`${base}.distancePrefilled`);
  const typed = watch(`${base}.distance`);
  const kind = watch(`${base}.distanceType`);
  // The location service's distance fills an empty (or still prefilled) field with its kind, so
  // keeping it gives the calculated figures and overwriting it starts from the right kind.
  useEffect(() => {
    if (!d || (!prefilled && typed.trim() !== '')) return;
    const p = prefillOf(d);
    const km = typedNumber(p.km, lang);
    if (prefilled && typed === km && kind === p.distanceType) return;
    setValue(`${base}.distance`, km, { shouldDirty: false });
    setValue(`${base}.distanceType`, p.distanceType, { shouldDirty: false });
    setValue(`${base}.distancePrefilled`, true, { shouldDirty: false });
  }, [d, prefilled, typed, kind, lang, base, setValue]);
  return (
    <Box
      component="fieldset"
      data-testid={`leg-${activity}-${index}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, m: 0, minWidth: 0 }}
    >
      <Box component="legend" sx={{ px: 0.5 }}>
        <Typography variant="subtitle2">{t('orders:form.legs.leg', { n: number })}</Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'start',
          // Phone: one column; wider: mode, vehicle class, distance, its kind and remove, then the ends.
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr) auto',
            md: 'minmax(130px, 1fr) minmax(0, 1.8fr) minmax(120px, 0.9fr) minmax(170px, 1.1fr) auto',
          },
          '& > .leg-wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
          '& > .leg-ends': { gridColumn: '1 / -1' },
        }}
      >
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
        <Tooltip title={t('orders:form.legs.remove')}>
          <IconButton
            aria-label={t('orders:form.legs.removeNumbered', { n: number })}
            onClick={onRemove}
            sx={{ justifySelf: 'end', order: { xs: 0, md: 2 } }}
          >
            <DeleteOutline />
          </IconButton>
        </Tooltip>
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
                firstRegion={pick?.region ?? null}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(id) => {
                  field.onChange(id);
                  setValue(`${base}.vehicleChosen`, id !== '');
                }}
                disabled={!mode}
                error={!!fieldState.error}
                helperText={errorMessage(t, fieldState.error?.message) ?? vehicleHint}
              />
            </Box>
          )}
        />
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
                (prefilled && d ? t('orders:form.legs.prefilled') : t('orders:form.legs.optional'))
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
      </Box>

      <Box sx={{ mt: 1.5 }} aria-live="polite" data-testid="leg-result">
        {conflict && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('errors:freightTypeNotForMode')}
          </Alert>
        )}
        {liveError && !liveEnd && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {liveError}
          </Alert>
        )}
        {calc?.busy && !e && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
            <CircularProgress size={16} />
            <Typography variant="body2">{t('orders:form.legs.calculating')}</Typography>
          </Box>
        )}
        {!e && !calc?.busy && !liveError && !conflict && (
          <Typography variant="body2" color="text.secondary">
            {t('orders:form.legs.waiting')}
          </Typography>
        )}
        {e && (
          <>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(6, minmax(0, 1fr))' },
                gap: 1.5,
                m: 0,
                opacity: calc?.busy ? 0.6 : 1,
              }}
              data-testid="leg-figures"
            >
              <Figure label={t('orders:form.figures.distance')} value={formatKm(e.distance, lang)} />
              <Figure label={t('orders:common.co2Ttw')} value={formatCo2(e.co2Ttw, lang)} />
              <Figure label={t('orders:common.co2Wtt')} value={formatCo2(e.co2Wtt, lang)} />
              <Figure label={t('orders:common.co2Wtw')} value={formatCo2(e.co2Wtw, lang)} />
              <Figure label={t('orders:common.tkm')} value={formatTkm(e.tkm, lang)} />
              <Figure label={t('orders:common.intensity')} value={formatIntensity(e.intensity, lang)} />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
              <Chip size="small" label={t(`orders:form.method.${e.method}`)} />
              <Chip
                size="small"
                variant="outlined"
                label={
                  d ? t(`orders:form.distanceType.${d.distanceType}`) : t(`orders:form.distanceKind.${kind}`)
                }
              />
              {d && (
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {distanceDetail(d)}
                </Typography>
              )}
            </Box>
            <Accordion
              disableGutters
              elevation={0}
              sx={{ mt: 1, border: 1, borderColor: 'divider' }}
              slotProps={{ transition: { unmountOnExit: true } }}
            >
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography variant="body2">{t('orders:form.legs.sheet')}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <CalculationSheet
                  trace={e.trace}
                  sheet={e.sheet}
                  lang={lang}
                  title={t('orders:form.legs.sheetTitle', { n: number })}
                />
              </AccordionDetails>
            </Accordion>
          </>
        )}
      </Box>
    </Box>
  );
}
