import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness.ts';

export type FilePart = { fileName: string; contentType: string; data: Buffer };

/** A multipart/form-data body as browsers send it, for inject() calls. */
export function multipart(parts: Record<string, FilePart | string>): {
  headers: Record<string, string>;
  body: Buffer;
} {
  const boundary = `----klimadesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(chunks),
  };
}

/** A POST of a form with files, as the upload screens send it; the answer as it is. */
export function postForm(t: TestApp, url: string, token: string, parts: Record<string, FilePart | string>) {
  const form = multipart(parts);
  return t.call({ method: 'POST', url, token, payload: form.body, headers: form.headers });
}
