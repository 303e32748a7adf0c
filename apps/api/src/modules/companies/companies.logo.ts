import type { FastifyReply, FastifyRequest } from 'fastify';
import PDFDocument from 'pdfkit';
import { type CompanyLogo, LOGO_MAX_BYTES } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, assertCompanyAdmin } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { readFileUpload } from '../../platform/files.ts';
import { imageFacts } from './companies.image.ts';
import { findLogo, removeLogo, saveLogo } from './companies.logo.repository.ts';
import { reachableCompany } from './companies.service.ts';

/** The stored logo as an image answer: the own company's, or any for the platform admin. */
export async function companyLogoFile(ctx: AppContext, actor: Actor, id: string, reply: FastifyReply) {
  const { companyId } = await reachableCompany(ctx, actor, id);
  const logo = notFoundUnless(await findLogo(ctx.db, companyId));
  reply.header('content-type', logo.mimeType);
  reply.header(
    'content-disposition',
    `inline; filename="logo.${logo.mimeType === 'image/png' ? 'png' : 'jpg'}"`,
  );
  // A replaced logo is fetched again at once: the browser asks each time (the answer is small).
  reply.header('cache-control', 'private, no-cache');
  return logo.data;
}

/**
 * Stores a company admin's logo, replacing the one before: at most `LOGO_MAX_BYTES`, a PNG or JPEG
 * by its bytes within the allowed sides (`imageFacts`), and one the PDF writer can open (no SVG,
 * whose scripts and external references a document header has no business with).
 */
export async function uploadCompanyLogo(
  ctx: AppContext,
  actor: Actor,
  id: string,
  req: FastifyRequest,
): Promise<CompanyLogo> {
  // The upload is read first, so its name and fields pass the text check on every route (bad input).
  const file = await readFileUpload(req, LOGO_MAX_BYTES);
  const { companyId } = await reachableCompany(ctx, actor, id, () => assertCompanyAdmin(actor));
  const image = imageFacts(file.buffer);
  try {
    (new PDFDocument() as PDFKit.PDFDocument & { openImage(src: Buffer): unknown }).openImage(file.buffer);
  } catch {
    throw new AppError('invalidFileType', { accepted: ['image/png', 'image/jpeg'] });
  }
  return saveLogo(ctx.db, companyId, image, file.buffer);
}

/** Removes the logo; the documents show the company name alone again. */
export async function deleteCompanyLogo(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { companyId } = await reachableCompany(ctx, actor, id, () => assertCompanyAdmin(actor));
  if (!(await removeLogo(ctx.db, companyId))) throw new AppError('notFound');
}
