import { ApiError } from '../app/api.ts';
import { currentLanguage } from '../app/i18n.ts';
import { onSessionInvalid } from '../app/session.ts';

/** A file the API sends as JSON: name, type and base64 content. */
export type FileAnswer = { fileName: string; mimeType: string; data: string };

/** Saves content in the browser's downloads through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a file the API sent as base64 JSON. */
export function downloadFile(file: FileAnswer): void {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  saveBlob(new Blob([bytes], { type: file.mimeType }), file.fileName);
}

/**
 * Posts a file as multipart form data. XMLHttpRequest rather than fetch: only it reports upload
 * progress. Text fields go before the file so the server has them when the file arrives; without a
 * file (null) the form carries the fields only. Errors come back as ApiError like every other call.
 */
export function uploadFile<T>(
  url: string,
  file: File | null,
  opts: {
    fields?: Record<string, string>;
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const { fields = {}, onProgress = () => {}, signal } = opts;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
        resolve(body as T);
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
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', file, file.name);
    xhr.send(form);
  });
}
