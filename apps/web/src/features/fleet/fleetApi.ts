import type { z } from 'zod';
import type {
  importResult,
  importRowError,
  trailerSaveResult,
  vehicleSaveResult,
} from '@klimadesk/contract/fleet/schemas';
import type { ImportRun } from '@klimadesk/contract/imports/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Trailer, Vehicle } from '@klimadesk/contract/fleet/schemas';
import type { List } from '@klimadesk/contract/http';
import { type Answer, type RouteId, queryOptions, upload } from '../../app/client.ts';

export type FleetEntity = 'vehicle' | 'trailer';
export type FleetItem = Vehicle | Trailer;
export type FleetStatusFilter = '1' | '2' | 'all';
/** A finished import's counts (the run's result). */
export type ImportResult = z.output<typeof importResult>;
export type ImportRowError = z.infer<typeof importRowError>;

export type GlecVehicleType = Answer<'glecVehicleTypes'>['hydra:member'][number];
export type GlecTrailerType = Answer<'glecTrailerTypes'>['hydra:member'][number];
export type FuelType = Answer<'fuelTypes'>['hydra:member'][number];

/** The fleet routes of each entity, so the shared list and dialogs call them by id. */
export const FLEET_ROUTES = {
  vehicle: {
    list: 'vehicles',
    exportList: 'exportVehicles',
    template: 'vehicleImportTemplate',
    importFile: 'importVehicles',
    create: 'createVehicle',
    update: 'updateVehicle',
    remove: 'deleteVehicle',
    decommission: 'decommissionVehicle',
    restore: 'restoreVehicle',
  },
  trailer: {
    list: 'trailers',
    exportList: 'exportTrailers',
    template: 'trailerImportTemplate',
    importFile: 'importTrailers',
    create: 'createTrailer',
    update: 'updateTrailer',
    remove: 'deleteTrailer',
    decommission: 'decommissionTrailer',
    restore: 'restoreTrailer',
  },
} as const satisfies Record<FleetEntity, Record<string, RouteId>>;

// Master data is named in the UI language, hence the language in the key; it does not change while
// the app runs.
function useMasterData<Item>(types: {
  queryKey: readonly unknown[];
  queryFn: (ctx: { signal: AbortSignal }) => Promise<List<Item>>;
}) {
  const { i18n } = useTranslation();
  return useQuery({
    ...types,
    queryKey: [...types.queryKey, i18n.language],
    select: (d) => d['hydra:member'],
    staleTime: Infinity,
  });
}

export const useVehicleTypes = () =>
  useMasterData(queryOptions('glecVehicleTypes', { query: { mode: 'road' } }));
export const useTrailerTypes = () => useMasterData(queryOptions('glecTrailerTypes'));
export const useFuelTypes = () => useMasterData(queryOptions('fuelTypes'));

/** The GLEC types of either entity, for what both lists show of them (id and name). */
export const useGlecTypes = (entity: FleetEntity): { data?: { id: string; name: string }[] } =>
  useMasterData<{ id: string; name: string }>(
    entity === 'vehicle'
      ? queryOptions('glecVehicleTypes', { query: { mode: 'road' } })
      : queryOptions('glecTrailerTypes'),
  );

// The contract builds both fleet route groups in one factory, so their answer types are unions;
// the entity's own schema gives the exact one.
export type VehicleSaved = z.output<typeof vehicleSaveResult>;
export type TrailerSaved = z.output<typeof trailerSaveResult>;

/** Uploads an import file with progress: the import run, whose job checks and writes the rows. */
export function uploadImport(
  entity: FleetEntity,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportRun> {
  return upload(FLEET_ROUTES[entity].importFile, file, { onProgress, signal });
}
