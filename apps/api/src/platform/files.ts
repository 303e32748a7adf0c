import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, findUnsafeText } from '@klimadesk/contract';
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
 * The multipart parser's own errors (a body cut off before its closing boundary, a broken part
 * header, a dropped connection) carry no code: they are the client's, so 400 instead of 500.
 */
function incomplete(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_')) return err;
  return new AppError('uploadIncomplete');
}

/**
 * Reads the one file of a multipart request. Size is capped while streaming (413 past the
 * limit); the type must be xlsx or csv by name, declared type and content (415 otherwise).
 */
export async function readSpreadsheetUpload(
  req: FastifyRequest,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError('unsupportedMediaType');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  let buffer: Buffer;
  try {
    file = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 20 } });
    if (!file) throw new AppError('validationFailed', { issues: [{ path: 'file', message: 'missing' }] });
    buffer = await file.toBuffer();
  } catch (err) {
    throw incomplete(err);
  }
  const name = file.filename.toLowerCase();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(file.fields)) {
    const v = value as { type?: string; value?: unknown } | undefined;
    if (v && v.type === 'field' && typeof v.value === 'string') fields[key] = v.value;
  }
  // The contract's text rule, as for JSON bodies: the file name and fields end up in the database.
  const unsafe = findUnsafeText({ fileName: file.filename, fields });
  if (unsafe !== null) throw new AppError('invalidCharacters', { path: unsafe.slice(1) });
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

export { parseCsv } from './csv.ts';
