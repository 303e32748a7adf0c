import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ShipmentStats, TourStats } from '@klimadesk/contract/dashboards/schemas';
import { api } from '../../app/api.ts';
import { callFile } from '../../app/client.ts';
import { saveBlob } from '../../components/files.ts';
import { filterParams, withQuery, type EmissionFilterValues } from '../../components/emissionFilters.ts';

export type { ShipmentStats, TourStats };

const STATS_PATH = { tour: '/api/dashboard-tour-stats', shipment: '/api/dashboard-shipment-stats' } as const;

export function useStats<K extends keyof typeof STATS_PATH>(
  kind: K,
  filters: EmissionFilterValues,
  enabled: boolean,
) {
  const path = withQuery(STATS_PATH[kind], filterParams(filters, { search: false }));
  return useQuery({
    queryKey: ['dashboard-stats', path],
    queryFn: ({ signal }) =>
      api.get<K extends 'tour' ? TourStats : ShipmentStats>(path, undefined, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type StatementRequest = {
  shipper: string;
  from: string;
  to: string;
  format: 'pdf' | 'xlsx';
  lang: 'de' | 'en';
};

/** Fetches the shipper statement file and saves it; the name is the server's, else one made here. */
export async function downloadStatement(req: StatementRequest): Promise<string> {
  const { blob, fileName } = await callFile('shipperStatementFile', { query: req });
  const name =
    fileName ?? `statement-${req.shipper}-${req.from}-${req.to}.${req.format}`.replace(/[^\w.-]+/g, '_');
  saveBlob(blob, name);
  return name;
}
