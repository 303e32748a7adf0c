import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../app/client.ts';

/**
 * GLEC vehicle type names of every mode in the UI language, for showing stored type ids
 * (an unknown id is shown as it is).
 */
export function useVehicleTypeName(): (id: string | null | undefined) => string {
  const { i18n } = useTranslation();
  // Every region: stored types keep their names after a company narrows its regions.
  const types = queryOptions('glecVehicleTypes', { query: { regions: 'all' } });
  const { data } = useQuery({
    ...types,
    queryKey: [...types.queryKey, i18n.language],
    select: (d) => new Map(d['hydra:member'].map((x) => [x.id, x.name])),
    staleTime: Infinity,
  });
  // Stable between renders while the names stay the same, so column definitions can memoise on it.
  return useCallback((id) => (id ? (data?.get(id) ?? id) : ''), [data]);
}
