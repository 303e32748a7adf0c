import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { queryOptions, type Answer } from '../../app/client.ts';
import { filterQuery, type EmissionFilterValues } from '../../components/emissionFilters.ts';
import type { TableState } from '../../components/tableState.ts';

/** The list routes, named as their kind of row. */
export type ListKind = 'tours' | 'shipments';
export type TourItem = Answer<'tours'>['hydra:member'][number];
export type ShipmentItem = Answer<'shipments'>['hydra:member'][number];
export type ShipmentDetail = Answer<'getShipment'>;
/** The row type of each list. */
export type RowOf = { tours: TourItem; shipments: ShipmentItem };

/** One page of tours or shipments: page, limit and `order[field]` of the table state plus the filters. */
export function useEmissionList<K extends ListKind>(
  kind: K,
  table: TableState['query'],
  filters: EmissionFilterValues,
  enabled: boolean,
): UseQueryResult<{ 'hydra:member': RowOf[K][]; 'hydra:totalItems': number }> {
  return useQuery({
    ...queryOptions<ListKind>(kind, { query: { ...table, ...filterQuery(filters) } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useShipment(id: string) {
  return useQuery(queryOptions('getShipment', { params: { id } }));
}

// Typed route paths cover only the statically declared routes; screens are added by path.
export const SHIPMENTS_PATH: string = '/shipments';
export const shipmentPath = (id: string): string => `/shipments/${encodeURIComponent(id)}`;
