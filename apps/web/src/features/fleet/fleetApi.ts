import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { List } from '@klimadesk/contract/http';
import type { Trailer, Vehicle } from '@klimadesk/contract/fleet/schemas';
import { api } from '../../app/api.ts';
import { type Answer, queryOptions } from '../../app/client.ts';
import { uploadFile } from '../../components/files.ts';

export type FleetEntity = 'vehicle' | 'trailer';
export type FleetItem = Vehicle | Trailer;
export type FleetStatusFilter = '1' | '2' | 'all';
export type ImportResult = { created: number; updated: number };
export type ImportRowError = { row: number; code: string; field: string | null };

export type GlecVehicleType = Answer<'glecVehicleTypes'>['hydra:member'][number];
export type GlecTrailerType = Answer<'glecTrailerTypes'>['hydra:member'][number];
export type FuelType = Answer<'fuelTypes'>['hydra:member'][number];

export const FLEET_BASE: Record<FleetEntity, string> = { vehicle: '/api/vehicles', trailer: '/api/trailers' };

export type FleetListParams = {
  status: FleetStatusFilter;
  search?: string;
} & Record<string, string | number | undefined>;

export function useFleetList<T extends FleetItem>(entity: FleetEntity, params: FleetListParams) {
  return useQuery({
    queryKey: ['fleet', entity, params],
    queryFn: ({ signal }) => api.get<List<T>>(FLEET_BASE[entity], params, { signal }),
    placeholderData: keepPreviousData,
  });
}

// Master data is named in the UI language, hence the language in the keys.
export function useVehicleTypes() {
  const { i18n } = useTranslation();
  const types = queryOptions('glecVehicleTypes', { query: { mode: 'road' } });
  return useQuery({
    ...types,
    queryKey: [...types.queryKey, i18n.language],
    select: (d) => d['hydra:member'],
    staleTime: Infinity,
  });
}

export function useTrailerTypes() {
  const { i18n } = useTranslation();
  const types = queryOptions('glecTrailerTypes');
  return useQuery({
    ...types,
    queryKey: [...types.queryKey, i18n.language],
    select: (d) => d['hydra:member'],
    staleTime: Infinity,
  });
}

export function useFuelTypes() {
  const { i18n } = useTranslation();
  const types = queryOptions('fuelTypes');
  return useQuery({
    ...types,
    queryKey: [...types.queryKey, i18n.language],
    select: (d) => d['hydra:member'],
    staleTime: Infinity,
  });
}

/**
 * Uploads an import file with progress; the file helpers live in components/files.ts so other
 * imports use them too.
 */
export function uploadImport(
  entity: FleetEntity,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  return uploadFile<ImportResult>(`${FLEET_BASE[entity]}/import`, file, { onProgress, signal });
}
