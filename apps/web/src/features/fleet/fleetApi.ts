import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { List } from '@klimadesk/contract/http';
import type { Trailer, Vehicle } from '@klimadesk/contract/fleet/schemas';
import { ApiError, api } from '../../app/api.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { onSessionInvalid } from '../../app/session.ts';

export type FleetEntity = 'vehicle' | 'trailer';
export type FleetItem = Vehicle | Trailer;
export type FleetStatusFilter = '1' | '2' | 'all';
export type FileAnswer = { fileName: string; mimeType: string; data: string };
export type ImportResult = { created: number; updated: number };
export type ImportRowError = { row: number; code: string; field: string | null };

export type GlecVehicleType = { id: string; mode: string; name: string };
export type GlecTrailerType = { id: string; name: string; temperatureControlled: boolean };
export type FuelType = { id: string; name: string; units: ('L' | 'kg' | 'kWh')[] };

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
  return useQuery({
    queryKey: ['glec-vehicle-types', 'road', i18n.language],
    queryFn: () => api.get<List<GlecVehicleType>>('/api/glec-vehicle-types', { mode: 'road' }),
    select: (d) => d['hydra:member'],
    staleTime: Infinity,
  });
}

export function useTrailerTypes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['glec-trailer-types', i18n.language],
    queryFn: () => api.get<List<GlecTrailerType>>('/api/glec-trailer-types'),
    select: (d) => d['hydra:member'],
    staleTime: Infinity,
  });
}

export function useFuelTypes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['fuel-types', i18n.language],
    queryFn: () => api.get<List<FuelType>>('/api/fuel-types'),
    select: (d) => d['hydra:member'],
    staleTime: Infinity,
  });
}

/** Saves a file the API sent as base64 JSON through a temporary link. */
export function downloadFile(file: FileAnswer): void {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Uploads an import file. XMLHttpRequest rather than fetch: only it reports upload progress.
 * Errors come back as ApiError like every other call.
 */
export function uploadImport(
  entity: FleetEntity,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${FLEET_BASE[entity]}/import`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    try {
      xhr.setRequestHeader('X-Timezone', Intl.DateTimeFormat().resolvedOptions().timeZone);
    } catch {
      // The server falls back to UTC.
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as ImportResult);
        return;
      }
      const err = new ApiError(xhr.status, body as ConstructorParameters<typeof ApiError>[1]);
      if (err.sessionInvalid) onSessionInvalid();
      reject(err);
    };
    xhr.onerror = () => reject(new ApiError(0, { code: 0, message: 'networkError' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
