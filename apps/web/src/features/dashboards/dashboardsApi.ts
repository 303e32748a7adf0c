import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ShipmentStats, TourStats } from '@klimadesk/contract/dashboards/schemas';
import { ApiError, api } from '../../app/api.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { onSessionInvalid } from '../../app/session.ts';
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

/** The file name the server gives, or one made of the request. */
function fileName(res: Response, req: StatementRequest): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  if (plain) return plain[1];
  return `statement-${req.shipper}-${req.from}-${req.to}.${req.format}`.replace(/[^\w.-]+/g, '_');
}

/** Fetches the shipper statement file and saves it through a temporary link. */
export async function downloadStatement(req: StatementRequest): Promise<string> {
  let res: Response;
  try {
    res = await fetch(withQuery('/api/shipper-statements/file', req), {
      headers: { 'Accept-Language': currentLanguage() },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { code: 0, message: 'networkError' });
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ConstructorParameters<typeof ApiError>[1];
    const err = new ApiError(res.status, body);
    if (err.sessionInvalid) onSessionInvalid();
    throw err;
  }
  const name = fileName(res, req);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
