import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { List } from '@klimadesk/contract/http';
import type { ShipmentDetail, ShipmentItem, TourItem } from '@klimadesk/contract/tours/schemas';
import { api } from '../../app/api.ts';
import { queryOptions } from '../../app/client.ts';
import { filterParams, withQuery, type EmissionFilterValues } from '../../components/emissionFilters.ts';

export type { ShipmentDetail, ShipmentItem, TourItem };
export type ListKind = 'tours' | 'shipments';

/** Page, limit and `order[field]` of the table state plus the filters. */
export function listPath(kind: ListKind, table: Record<string, string | number>, f: EmissionFilterValues) {
  return withQuery(`/api/${kind}`, { ...table, ...filterParams(f) });
}

export function useEmissionList<T extends TourItem | ShipmentItem>(
  kind: ListKind,
  path: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [kind, path],
    queryFn: ({ signal }) => api.get<List<T>>(path, undefined, { signal }),
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
