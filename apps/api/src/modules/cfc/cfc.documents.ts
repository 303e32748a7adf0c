/**
 * Documents of carbon footprint entries (seed 001 §3, §5): upload (checked by content, at most
 * 10 MB), download and removal, each behind the report's access check.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CFC_DOCUMENT_MAX_BYTES, findUnsafeText } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { reportFor } from './cfc.access.ts';
import { documentDto } from './cfc.entries.ts';
import * as repo from './cfc.repository.ts';

type Ctx = Pick<AppContext, 'db'>;

/**
 * The document's type by its content (seed 001: PDF, images, office files), whatever name and
 * declared type say; null for anything else. ZIP-based office files are told apart by extension.
 */
export function documentType(fileName: string, data: Buffer): string | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const head = data.subarray(0, 12);
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (starts([0x50, 0x4b, 0x03, 0x04])) {
    const zipTypes: Record<string, string> = {
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ods: 'application/vnd.oasis.opendocument.spreadsheet',
      odt: 'application/vnd.oasis.opendocument.text',
    };
    return zipTypes[ext] ?? null;
  }
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (ext === 'xls') return 'application/vnd.ms-excel';
    if (ext === 'doc') return 'application/msword';
    return null;
  }
  if (ext === 'csv' && !data.includes(0)) return 'text/csv';
  return null;
}

/** Reads the multipart upload: one file (at most 10 MB, 413 beyond) and the form fields before it. */
async function readDocumentUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('unsupportedMediaType');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  let buffer: Buffer;
  try {
    file = await req.file({ limits: { fileSize: CFC_DOCUMENT_MAX_BYTES, files: 1, fields: 10 } });
    if (!file) throw new AppError('validationFailed', { issues: [{ path: 'file', message: 'missing' }] });
    buffer = await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payloadTooLarge', { limit: CFC_DOCUMENT_MAX_BYTES });
    if (typeof code === 'string' && code.startsWith('FST_')) throw err;
    throw new AppError('uploadIncomplete');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(file.fields)) {
    const v = value as { type?: string; value?: unknown } | undefined;
    if (v && v.type === 'field' && typeof v.value === 'string') fields[key] = v.value;
  }
  const fileName = file.filename.trim().slice(0, 255) || 'document';
  if (findUnsafeText({ fileName, fields }) !== null) throw new AppError('invalidCharacters');
  return { fileName, buffer, fields };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function uploadDocument(ctx: Ctx, actor: Actor, req: FastifyRequest) {
  const upload = await readDocumentUpload(req);
  const entryId = upload.fields.entry ?? '';
  if (!UUID.test(entryId))
    throw new AppError('validationFailed', { issues: [{ path: 'entry', message: 'uuid' }] });
  if (upload.fields.type !== undefined && upload.fields.type !== 'entry')
    throw new AppError('validationFailed', { issues: [{ path: 'type', message: 'entry' }] });
  const entry = await repo.findEntry(ctx.db, actor.companyId, entryId);
  if (!entry) throw new AppError('notFound');
  await reportFor(ctx, actor, entry.reportId, { write: 'uploadFileNotAllowed' });
  const mimeType = documentType(upload.fileName, upload.buffer);
  if (!mimeType) throw new AppError('invalidFileType', { fileName: upload.fileName });
  return documentDto(
    await repo.insertDocument(ctx.db, actor.companyId, {
      entryId: entry.id,
      fileName: upload.fileName,
      mimeType,
      data: upload.buffer,
    }),
  );
}

export async function downloadDocument(ctx: Ctx, actor: Actor, id: string, reply: FastifyReply) {
  const doc = await repo.findDocument(ctx.db, actor.companyId, id);
  if (!doc) throw new AppError('notFound');
  const entry = (await repo.findEntry(ctx.db, actor.companyId, doc.entryId)) as repo.EntryRow;
  await reportFor(ctx, actor, entry.reportId);
  const ascii = doc.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply.header(
    'content-disposition',
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
  );
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-type', doc.mimeType);
  return doc.data;
}

export async function deleteDocument(ctx: Ctx, actor: Actor, id: string) {
  const doc = await repo.findDocumentMeta(ctx.db, actor.companyId, id);
  if (!doc) throw new AppError('notFound');
  const entry = (await repo.findEntry(ctx.db, actor.companyId, doc.entryId)) as repo.EntryRow;
  await reportFor(ctx, actor, entry.reportId, { write: 'deleteFileNotAllowed' });
  await repo.deleteDocument(ctx.db, actor.companyId, id);
}
