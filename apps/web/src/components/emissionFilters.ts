import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeyOf, queryOptions, type Query } from '../app/client.ts';
import { notifyError } from './errors.ts';
import { useDebounced } from './useDebounced.ts';

/**
 * Tours and the carrier dashboard share one remembered date range, shipments and the shipper
 * dashboard the other (seed 000 §3 "Session configuration").
 */
export type FilterScope = 'tour' | 'shipment';

export type DateRange = { from: string | null; to: string | null };

export type EmissionFilterValues = DateRange & {
  search: string;
  tags: string[];
  shippers: string[];
};

export const SESSION_CONFIG_KEY = queryKeyOf('sessionConfig');

const RANGE_KEYS = {
  tour: { from: 'tourStartDate', to: 'tourEndDate' },
  shipment: { from: 'shipmentStartDate', to: 'shipmentEndDate' },
} as const;

/** The query of a list or an export for the filters; the API repeats list keys (`tag=a&tag=b`). */
export function filterQuery(f: EmissionFilterValues): Query<'exportTours'> {
  return {
    search: f.search.trim() || undefined,
    tag: f.tags,
    shipper: f.shippers,
    'departureDate[after]': f.from ?? undefined,
    'departureDate[before]': f.to ?? undefined,
  };
}

/** The query of a dashboard's stats: the filters without the free text, which stats do not take. */
export function statsQuery(f: EmissionFilterValues): Query<'tourStats'> {
  const { search: _search, ...rest } = filterQuery(f);
  return rest;
}

/** Both days given and the end before the start: the server would refuse it (invalidDateRange). */
export const rangeInvalid = (r: DateRange) => r.from !== null && r.to !== null && r.from > r.to;

export function useSessionConfig() {
  return useQuery({ ...queryOptions('sessionConfig'), staleTime: Infinity });
}

/**
 * Filter state of a list or dashboard. The date range starts from the session configuration and
 * every change is sent back to it; `applied` is what the API calls use: free text debounced, and
 * `ready` only once the remembered range is known, so the first load already uses it.
 */
export function useEmissionFilters(scope: FilterScope) {
  const qc = useQueryClient();
  const config = useSessionConfig();
  const keys = RANGE_KEYS[scope];
  const [search, setSearch] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [shippers, setShippers] = useState<string[]>([]);
  const [range, setLocalRange] = useState<DateRange | null>(null);

  const remembered: DateRange = {
    from: config.data?.[keys.from] ?? null,
    to: config.data?.[keys.to] ?? null,
  };
  const current = range ?? remembered;
  const term = useDebounced(search);

  const setRange = (next: DateRange) => {
    setLocalRange(next);
    if (rangeInvalid(next)) return;
    const patch = { [keys.from]: next.from, [keys.to]: next.to };
    call('updateSessionConfig', { body: patch })
      .then((saved) => qc.setQueryData(SESSION_CONFIG_KEY, saved))
      .catch(notifyError);
  };

  const values: EmissionFilterValues = { search, tags, shippers, ...current };
  const valid = !rangeInvalid(current);
  // While the range is invalid the last valid filters stay applied.
  const [lastValid, setLastValid] = useState<DateRange>(current);
  if (valid && (lastValid.from !== current.from || lastValid.to !== current.to)) setLastValid(current);
  const applied: EmissionFilterValues = { search: term, tags, shippers, ...(valid ? current : lastValid) };

  return {
    scope,
    values,
    applied,
    ready: !config.isPending,
    setSearch,
    setTags,
    setShippers,
    setRange,
  };
}

export type EmissionFilterState = ReturnType<typeof useEmissionFilters>;
