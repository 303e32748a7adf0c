import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { Language } from '@klimadesk/contract/constants';
import { type Answer, type Body, call } from '../../app/client.ts';
import { parseNumber } from '../../components/format.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { ENGINE_DISTANCE_TYPE } from '@klimadesk/contract/orders/schemas';
import {
  type OrderFormValues,
  distanceEnd,
  legConflicts,
  legsInOrder,
  typedDistance,
} from './OrderFormModel.ts';

export type LegDistance = Answer<'legDistance'>;
export type LegEmission = Answer<'legEmission'>;

/** What the screen knows of one leg while the user types. */
export type LegCalc = {
  distance: LegDistance | null;
  /** The distance the emission is calculated with (given or computed). */
  km: number | null;
  emission: LegEmission | null;
  busy: boolean;
  /** A refusal of the distance or emission call (catalogue key and detail). */
  error: unknown;
  /** Whether the leg still lacks something the calculation needs (mode, places, vehicle, weight). */
  incomplete: boolean;
};

/** Inputs settle for this long before the location service and the engine are asked. */
const LIVE_DEBOUNCE_MS = 500;

type DistanceBody = Body<'legDistance'>;
type EmissionBody = Body<'legEmission'>;

/** The requests of each leg: its distance call (when no distance is given) and its emission call. */
function requestsOf(values: OrderFormValues, lang: Language) {
  const weight = parseNumber(values.grossWeight, lang);
  const quantity = parseNumber(values.quantity, lang);
  return legsInOrder(values.legs).map(({ leg }) => {
    // A prefilled distance is the location service's own: it is asked again, not sent as given.
    const given = typedDistance(leg) ? parseNumber(leg.distance, lang) : null;
    const mode = leg.transportMode;
    const placed = !!mode && !!leg.origin && !!leg.destination;
    // The location service measures road, rail, sea and air; inland waterway needs a given distance.
    const distance: DistanceBody | null =
      placed && given === null && mode !== 'inland_waterway'
        ? {
            transportMode: mode,
            origin: distanceEnd(leg.origin!.place),
            destination: distanceEnd(leg.destination!.place),
          }
        : null;
    // The same inputs the API calculates a stored leg with (orders service `calculateOrder`).
    const containers =
      mode === 'sea' && values.freightType === 'container' && values.containerSpec && quantity > 0
        ? [{ size: values.containerSpec as '20ft' | '40ft' | '45ft', count: quantity }]
        : undefined;
    const emission: Omit<EmissionBody, 'distance' | 'distanceType'> | null =
      mode && leg.glecVehicleType && weight > 0 && !legConflicts(values.freightType, leg)
        ? {
            transportMode: mode,
            glecVehicleType: leg.glecVehicleType,
            weight,
            weightUnit: values.grossWeightUnit,
            temperatureControl: values.temperatureControl,
            ...(containers ? { containers } : {}),
          }
        : null;
    return {
      distance,
      given: given !== null && given > 0 ? given : null,
      givenType: ENGINE_DISTANCE_TYPE[leg.distanceType],
      emission,
      placed: placed || given !== null,
    };
  });
}

/**
 * Distances and emissions of every leg as the user types (debounced): a missing distance from the
 * location service (`legDistance`), then the leg's emissions from the engine (`legEmission`).
 */
export function useLegCalculations(values: OrderFormValues, lang: Language): LegCalc[] {
  const requests = useMemo(() => requestsOf(values, lang), [values, lang]);
  // Compared as text: the form hands a new object on every keystroke.
  const settled = useDebounced(JSON.stringify(requests), LIVE_DEBOUNCE_MS);
  const live = useMemo(() => JSON.parse(settled) as ReturnType<typeof requestsOf>, [settled]);

  const distances = useQueries({
    queries: live.map((r) => ({
      queryKey: ['legDistance', r.distance],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call('legDistance', { body: r.distance! }, { signal }),
      enabled: r.distance !== null,
      staleTime: Infinity,
      retry: false,
    })),
  });
  const kms = live.map((r, i) => r.given ?? distances[i].data?.distance ?? null);
  const emissions = useQueries({
    queries: live.map((r, i) => {
      const km = kms[i];
      // The same engine type the API stores for the leg: the typed kind, else the service's own.
      const distanceType = r.given !== null ? r.givenType : (distances[i].data?.distanceType ?? 'actual');
      const body = r.emission && km ? ({ ...r.emission, distance: km, distanceType } as EmissionBody) : null;
      return {
        queryKey: ['legEmission', body],
        queryFn: ({ signal }: { signal: AbortSignal }) => call('legEmission', { body: body! }, { signal }),
        enabled: body !== null,
        staleTime: Infinity,
        retry: false,
      };
    }),
  });
  const pending = settled !== JSON.stringify(requests);
  return live.map((r, i) => {
    const d = distances[i];
    const e = emissions[i];
    const usesDistance = r.distance !== null;
    return {
      distance: usesDistance ? (d.data ?? null) : null,
      km: kms[i],
      emission: e.data ?? null,
      busy: pending || (usesDistance && d.isFetching) || e.isFetching,
      error: (usesDistance ? d.error : null) ?? e.error ?? null,
      incomplete: !r.placed || r.emission === null,
    };
  });
}
