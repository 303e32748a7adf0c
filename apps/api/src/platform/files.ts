import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, findUnsafeText } from '@klimadesk/contract';
import { AppError } from './errors.ts';

export type UploadKind = 'xlsx' | 'csv';
export type Upload = {
  fileName: string;
  kind: UploadKind;
  buffer: Buffer;
  fields: Record<string, string>;
  /** The sender's company: its xlsx reads count against the company's share (`xlsx-pool.ts`). */
  tenant?: string | null;
};

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

/** A file as sent, before its type is checked. */
type SentFile = DocumentUpload;

/**
 * The one file of a multipart request with its fields: size capped while streaming (413 past the
 * limit), file name and fields held to the contract's text rule, as for JSON bodies (they end up in
 * the database).
 */
async function readOneFile(req: FastifyRequest, maxBytes: number): Promise<SentFile> {
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
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(file.fields)) {
    const v = value as { type?: string; value?: unknown } | undefined;
    if (v && v.type === 'field' && typeof v.value === 'string') fields[key] = v.value;
  }
  const unsafe = findUnsafeText({ fileName: file.filename, fields });
  if (unsafe !== null) throw new AppError('invalidCharacters', { path: unsafe.slice(1) });
  return { fileName: file.filename, mimeType: file.mimetype, buffer, fields };
}

/**
 * The one file of a multipart request as sent, for callers that tell its type from the bytes
 * (a logo); past `maxBytes` 413 `payloadTooLarge` naming the limit.
 */
export async function readFileUpload(req: FastifyRequest, maxBytes: number): Promise<DocumentUpload> {
  try {
    return await readOneFile(req, maxBytes);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payloadTooLarge', { limit: maxBytes });
    throw err;
  }
}

/** A spreadsheet by name, declared type and content, or 415. */
function spreadsheetUpload(req: FastifyRequest, file: SentFile): Upload {
  const name = file.fileName.toLowerCase();
  const { fileName, buffer, fields } = file;
  const tenant = req.actor?.companyId ?? null;
  // An xlsx file is a ZIP archive: it starts with "PK".
  if (
    name.endsWith('.xlsx') &&
    XLSX_TYPES.has(file.mimeType) &&
    buffer.subarray(0, 2).toString('latin1') === 'PK'
  )
    return { fileName, kind: 'xlsx', buffer, fields, tenant };
  if (name.endsWith('.csv') && CSV_TYPES.has(file.mimeType) && !buffer.includes(0))
    return { fileName, kind: 'csv', buffer, fields, tenant };
  throw new AppError('invalidFileType', { fileName });
}

/**
 * Reads the one file of a multipart request. Size is capped while streaming (413 past the
 * limit); the type must be xlsx or csv by name, declared type and content (415 otherwise).
 */
export async function readSpreadsheetUpload(
  req: FastifyRequest,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<Upload> {
  return spreadsheetUpload(req, await readOneFile(req, maxBytes));
}

/**
 * A multipart form whose spreadsheet file is optional: its fields, and the file (checked as
 * `readSpreadsheetUpload` checks it) when one was sent.
 */
export async function readSpreadsheetForm(
  req: FastifyRequest,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<{ upload: Upload | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('unsupportedMediaType');
  const fields: Record<string, string> = {};
  let file: SentFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20 } })) {
      if (part.type === 'file')
        file = { fileName: part.filename, mimeType: part.mimetype, buffer: await part.toBuffer(), fields };
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    throw incomplete(err);
  }
  const unsafe = findUnsafeText({ fileName: file?.fileName ?? '', fields });
  if (unsafe !== null) throw new AppError('invalidCharacters', { path: unsafe.slice(1) });
  return { upload: file && spreadsheetUpload(req, file), fields };
}

/** What a document upload may be: its declared types and the first bytes its content starts with. */
export type DocumentType = { extensions: string[]; mimeTypes: string[]; magic?: string[]; text?: boolean };

/** Evidence documents: PDF, images, office files (OOXML is a ZIP archive, the old formats OLE2), text. */
export const DOCUMENT_TYPES: DocumentType[] = [
  { extensions: ['pdf'], mimeTypes: ['application/pdf'], magic: ['%PDF'] },
  { extensions: ['png'], mimeTypes: ['image/png'], magic: ['\x89PNG'] },
  { extensions: ['jpg', 'jpeg'], mimeTypes: ['image/jpeg'], magic: ['\xff\xd8\xff'] },
  {
    extensions: ['docx', 'xlsx', 'pptx', 'zip'],
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/zip',
      'application/x-zip-compressed',
      'application/octet-stream',
    ],
    magic: ['PK\x03\x04'],
  },
  {
    extensions: ['doc', 'xls', 'ppt'],
    mimeTypes: [
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/octet-stream',
    ],
    magic: ['\xd0\xcf\x11\xe0'],
  },
  {
    extensions: ['txt', 'csv'],
    mimeTypes: ['text/plain', 'text/csv', 'application/vnd.ms-excel'],
    text: true,
  },
];

export type DocumentUpload = {
  fileName: string;
  mimeType: string;
  buffer: Buffer;
  fields: Record<string, string>;
};

/**
 * Reads the one document of a multipart request (evidence files): size capped while streaming,
 * type checked by name, declared type and content (`DOCUMENT_TYPES`), 415 otherwise.
 */
export async function readDocumentUpload(
  req: FastifyRequest,
  maxBytes: number,
  types: DocumentType[] = DOCUMENT_TYPES,
): Promise<DocumentUpload> {
  const file = await readOneFile(req, maxBytes);
  const { fileName, mimeType, buffer } = file;
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const head = buffer.subarray(0, 8).toString('latin1');
  const type = types.find(
    (t) =>
      t.extensions.includes(extension) &&
      t.mimeTypes.includes(mimeType) &&
      (t.text ? !buffer.includes(0) : (t.magic ?? []).some((m) => head.startsWith(m))),
  );
  if (!type) throw new AppError('invalidFileType', { fileName });
  return file;
}

export { parseCsv } from './csv.ts';
