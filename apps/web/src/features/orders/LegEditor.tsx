import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import { useEffect, useMemo } from 'react';
import { type Control, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { VehiclePreselection } from '@klimadesk/contract/orders/vehicle-regions';
import { ApiError } from '../../app/api.ts';
import { errorText } from '../../components/errors.ts';
import type { LegCalc, LegDistance } from './LegCalculation.ts';
import {
  type LegBase,
  LegDistanceFields,
  LegEnds,
  LegModeField,
  LegVehicleField,
  legPreselection,
  vehicleTypesOf,
} from './LegFields.tsx';
import { LegResult } from './LegResult.tsx';
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

/** Country names in the reader's language ("China", "Vereinigte Staaten"). */
const countryName = (code: string, lang: Language) =>
  new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;

/**
 * The class a leg's places suggest and what the picker says about it (issue 37). Until the user
 * picks a class, the class follows the places: the region's, or none where the factor set has no
 * class of the mode for the region (no truck of another region unasked).
 */
function useLegVehicle(
  base: LegBase,
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

/**
 * The location service's distance fills an empty (or still prefilled) field with its kind, so
 * keeping it gives the calculated figures and overwriting it starts from the right kind.
 */
function useDistancePrefill(base: LegBase, d: LegDistance | null | undefined, lang: Language) {
  const { setValue, watch } = useFormContext<OrderFormValues>();
  const prefilled = watch(`${base}.distancePrefilled`);
  const typed = watch(`${base}.distance`);
  const kind = watch(`${base}.distanceType`);
  useEffect(() => {
    if (!d || (!prefilled && typed.trim() !== '')) return;
    const p = prefillOf(d);
    const km = typedNumber(p.km, lang);
    if (prefilled && typed === km && kind === p.distanceType) return;
    setValue(`${base}.distance`, km, { shouldDirty: false });
    setValue(`${base}.distanceType`, p.distanceType, { shouldDirty: false });
    setValue(`${base}.distancePrefilled`, true, { shouldDirty: false });
  }, [d, prefilled, typed, kind, lang, base, setValue]);
  return { prefilled, kind };
}

const LEG_GRID = {
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
} as const;

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
  const { watch } = useFormContext<OrderFormValues>();
  const base = `legs.${activity}.${index}` as const;
  const mode = watch(`${base}.transportMode`);
  const freightType = watch('freightType');
  const vehicle = watch(`${base}.glecVehicleType`);
  // Seed 000 §4: the API refuses this leg for the freight type; no emission is asked for it.
  const conflict = legConflicts(freightType, { transportMode: mode, glecVehicleType: vehicle });
  const vehicles = vehicleTypesOf(masters, mode);
  const liveEnd = endOf(calc?.error);
  const liveError = calc?.error ? errorText(calc.error) : null;
  const d = calc?.distance;
  const { pick, hint: vehicleHint } = useLegVehicle(base, d, vehicles, masters, lang);
  const { prefilled, kind } = useDistancePrefill(base, d, lang);
  return (
    <Box
      component="fieldset"
      data-testid={`leg-${activity}-${index}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, m: 0, minWidth: 0 }}
    >
      <Box component="legend" sx={{ px: 0.5 }}>
        <Typography variant="subtitle2">{t('orders:form.legs.leg', { n: number })}</Typography>
      </Box>
      <Box sx={LEG_GRID}>
        <LegModeField base={base} control={control} masters={masters} />
        <Tooltip title={t('orders:form.legs.remove')}>
          <IconButton
            aria-label={t('orders:form.legs.removeNumbered', { n: number })}
            onClick={onRemove}
            sx={{ justifySelf: 'end', order: { xs: 0, md: 2 } }}
          >
            <DeleteOutline />
          </IconButton>
        </Tooltip>
        <LegVehicleField
          base={base}
          control={control}
          vehicles={vehicles}
          firstRegion={pick?.region ?? null}
          hint={vehicleHint}
          disabled={!mode}
        />
        <LegDistanceFields base={base} control={control} prefilledHint={prefilled && !!d} />
        <LegEnds base={base} control={control} liveEnd={liveEnd} liveError={liveError} />
      </Box>
      <LegResult
        calc={calc}
        conflict={conflict}
        liveEnd={liveEnd}
        liveError={liveError}
        kind={kind}
        number={number}
        lang={lang}
      />
    </Box>
  );
}
