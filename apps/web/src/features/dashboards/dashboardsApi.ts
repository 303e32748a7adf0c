import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callFile, queryOptions, type Answer, type Query } from '../../app/client.ts';
import { saveBlob } from '../../components/files.ts';
import { statsQuery, type EmissionFilterValues } from '../../components/emissionFilters.ts';

/**
 * The stats routes a dashboard page can show: each takes the emission filters' stats query and
 * answers whether the figures are sample data. A new dashboard adds its route here.
 */
export type StatsRoute = 'tourStats' | 'shipmentStats';
export type TourStats = Answer<'tourStats'>;

/** A dashboard's figures for the filters; the last figures stay while new ones load. */
export function useStats<Id extends StatsRoute>(
  route: Id,
  filters: EmissionFilterValues,
  enabled: boolean,
): UseQueryResult<Answer<Id>> {
  return useQuery({
    ...queryOptions<StatsRoute>(route, { query: statsQuery(filters) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A statement file request: shipper, period, format and the document's language. */
export type StatementRequest = Required<Query<'shipperStatementFile'>>;

/** Fetches the shipper statement file and saves it; the name is the server's, else one made here. */
export async function downloadStatement(req: StatementRequest): Promise<string> {
  const { blob, fileName } = await callFile('shipperStatementFile', { query: req });
  const name =
    fileName ?? `statement-${req.shipper}-${req.from}-${req.to}.${req.format}`.replace(/[^\w.-]+/g, '_');
  saveBlob(blob, name);
  return name;
}
