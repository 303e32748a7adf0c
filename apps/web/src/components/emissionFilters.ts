import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionConfig } from '@klimadesk/contract/tours/schemas';
import { api } from '../app/api.ts';
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

export const SESSION_CONFIG_KEY = ['session-config'] as const;

const RANGE_KEYS = {
  tour: { from: 'tourStartDate', to: 'tourEndDate' },
  shipment: { from: 'shipmentStartDate', to: 'shipmentEndDate' },
} as const;

type Param = string | number | boolean | null | undefined | readonly string[];

/** A path with query parameters; lists become repeated keys (`tag=a&tag=b`) as the API reads them. */
export function withQuery(path: string, params: Record<string, Param>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const item of v) qs.append(k, item);
    else if (v !== undefined && v !== null && v !== '') qs.append(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The API parameters of the filters; stats calls leave the free text out. */
export function filterParams(
  f: EmissionFilterValues,
  opts: { search?: boolean } = {},
): Record<string, Param> {
  return {
    ...(opts.search !== false && f.search.trim() ? { search: f.search.trim() } : {}),
    tag: f.tags,
    shipper: f.shippers,
    'departureDate[after]': f.from,
    'departureDate[before]': f.to,
  };
}

/** Both days given and the end before the start: the server would refuse it (invalidDateRange). */
export const rangeInvalid = (r: DateRange) => r.from !== null && r.to !== null && r.from > r.to;

export function useSessionConfig() {
  return useQuery({
    queryKey: SESSION_CONFIG_KEY,
    queryFn: () => api.get<SessionConfig>('/api/session-config'),
    staleTime: Infinity,
  });
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
    api
      .patch<SessionConfig>('/api/session-config', patch)
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
