import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Answer, type RouteId, queryOptions } from '../../app/client.ts';

/** The master lists of orders (route `masters`), named in the request language. */
export type OrderMasters = Answer<'masters'>;
export type OrderQuota = Answer<'orderQuota'>;
/** The coded lists of the masters answer (each a list of `{ id, name }`). */
export type MasterListName = {
  [K in keyof OrderMasters]: OrderMasters[K] extends readonly { id: string; name: string }[] ? K : never;
}[keyof OrderMasters];

/**
 * Query key prefixes an order write changes: the list, the figures, the quota and the order
 * lookups. Pass them to `useApiMutation({ invalidate })` after a create, clone, change or delete.
 */
export const ORDER_QUERY_KEYS: readonly (readonly [RouteId])[] = [
  ['orders'],
  ['getOrder'],
  ['orderQuota'],
  ['orderDashboard'],
  ['orderClimateMonths'],
  ['orderSuggestion'],
  ['clients'],
];

/**
 * The order master lists. The names are in the UI language, hence the language in the key; the
 * lists do not change while the app runs (seed 000 §7, route `masters`).
 */
export function useMasters() {
  const { i18n } = useTranslation();
  const base = queryOptions('masters');
  return useQuery({ ...base, queryKey: [...base.queryKey, i18n.language], staleTime: Infinity });
}

/** The name of a coded value in a master list, else the code itself (a list not loaded yet). */
export function masterName(
  masters: OrderMasters | undefined,
  list: MasterListName,
  id: string | null | undefined,
): string {
  if (id === null || id === undefined) return '';
  return masters?.[list].find((e) => e.id === id)?.name ?? id;
}

/**
 * The monthly order quota of the basic edition (seed 000 §9; 50 a month unless the tariff names
 * another amount); `reached` disables order creation. A null limit is not limited.
 */
export function useOrderQuota() {
  const query = useQuery(queryOptions('orderQuota'));
  return { ...query, reached: quotaReached(query.data) };
}

/** Whether no order may be created this month (false while unknown: the server still refuses). */
export function quotaReached(quota: OrderQuota | undefined): boolean {
  return quota !== undefined && quota.limit !== null && quota.used >= quota.limit;
}
