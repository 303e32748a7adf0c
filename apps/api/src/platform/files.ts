import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@klimadesk/contract';
import { AppError } from './errors.ts';

export type UploadKind = 'xlsx' | 'csv';
export type Upload = { fileName: string; kind: UploadKind; buffer: Buffer; fields: Record<string, string> };

const XLSX_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
  'application/zip',
]);
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/csv',
  'application/octet-stream',
]);

/**
 * Reads the one file of a multipart request. Size is capped while streaming (413 past the
 * limit); the type must be xlsx or csv by name, declared type and content (415 otherwise).
 */
export async function readSpreadsheetUpload(
  req: FastifyRequest,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError('unsupportedMediaType');
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 20 } });
  if (!file) throw new AppError('validationFailed', { issues: [{ path: 'file', message: 'missing' }] });
  const buffer = await file.toBuffer();
  const name = file.filename.toLowerCase();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(file.fields)) {
    const v = value as { type?: string; value?: unknown } | undefined;
    if (v && v.type === 'field' && typeof v.value === 'string') fields[key] = v.value;
  }
  // An xlsx file is a ZIP archive: it starts with "PK".
  if (
    name.endsWith('.xlsx') &&
    XLSX_TYPES.has(file.mimetype) &&
    buffer.subarray(0, 2).toString('latin1') === 'PK'
  ) {
    return { fileName: file.filename, kind: 'xlsx', buffer, fields };
  }
  if (name.endsWith('.csv') && CSV_TYPES.has(file.mimetype) && !buffer.includes(0)) {
    return { fileName: file.filename, kind: 'csv', buffer, fields };
  }
  throw new AppError('invalidFileType', { fileName: file.filename });
}

/** Splits CSV text into rows; handles quotes, doubled quotes, CRLF and `;` or `,` delimiters. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g) ?? []).length >= (firstLine.match(/,/g) ?? []).length ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}
