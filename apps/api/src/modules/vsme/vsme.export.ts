/**
 * The check and the exports of a VSME report: the validation of its facts, the Inline XBRL
 * document and its report package (refused while the validation finds an error), the PDF and xlsx.
 */
import type { Language, VsmeValidation } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { documentIssuer } from '../../platform/pdf-company.ts';
import { XLSX_MIME } from '../../platform/spreadsheet.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { reportDocument } from './vsme.document.ts';
import { ixbrlDocument, reportPackage, safeName } from './vsme.ixbrl.ts';
import { pdfBuffer, renderVsmePdf } from './vsme.pdf.ts';
import { frameOf, loadReport, reportOf, vsmeCompany } from './vsme.service.ts';
import { vsmeWorkbook } from './vsme.xlsx.ts';
import { validateReport, xbrlFacts } from './vsme.validate.ts';

/** A report loaded with its facts, their validation and the issuing company. */
export async function checkedReport(ctx: Pick<AppContext, 'db'>, companyId: CompanyId, id: string) {
  const loaded = await loadReport(ctx, companyId, await reportOf(ctx.db, companyId, id));
  const frame = frameOf(loaded.row);
  const validation = validateReport(xbrlFacts(loaded.facts, frame), frame);
  return { ...loaded, frame, validation };
}

/** `GET /api/vsme/vsme-reports/{id}/validation`. */
export async function reportValidation(ctx: AppContext, actor: Actor, id: string): Promise<VsmeValidation> {
  return (await checkedReport(ctx, vsmeCompany(actor), id)).validation;
}

const baseName = (company: string, year: number) => `VSME-${year}-${safeName(company)}`;

/** The Inline XBRL document of a report: its file name and XHTML. */
export async function reportIxbrl(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  const companyId = vsmeCompany(actor);
  const r = await checkedReport(ctx, companyId, id);
  if (!r.validation.valid)
    throw new AppError('vsmeValidationFailed', {
      errors: r.validation.checks.filter((c) => c.status === 'error').length,
      reportProblems: r.validation.reportProblems,
    });
  const { company } = await documentIssuer(ctx.db, companyId);
  const xhtml = ixbrlDocument({
    company,
    year: r.row.year,
    frame: r.frame,
    disclosures: reportDocument(r.facts, r.completeness, r.validation, lang),
    lang,
  });
  return { base: baseName(company, r.row.year), xhtml };
}

/** `GET /api/vsme/vsme-reports/{id}/report-package`: the document in a report package zip. */
export async function reportIxbrlPackage(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  const { base, xhtml } = await reportIxbrl(ctx, actor, id, lang);
  return { fileName: `${base}.zip`, data: await reportPackage(xhtml, base, `${base}.xhtml`) };
}

/** `GET /api/vsme/vsme-reports/{id}/export`: PDF or xlsx in the chosen language. */
export async function exportReport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: { format: 'pdf' | 'xlsx'; lang?: Language },
  lang: Language,
  now = new Date(),
) {
  const companyId = vsmeCompany(actor);
  const fileLang = query.lang ?? lang;
  const r = await checkedReport(ctx, companyId, id);
  const issuer = await documentIssuer(ctx.db, companyId);
  const disclosures = reportDocument(r.facts, r.completeness, r.validation, fileLang);
  const base = baseName(issuer.company, r.row.year);
  if (query.format === 'pdf') {
    const pdf = await pdfBuffer(
      renderVsmePdf({
        ...issuer,
        id: r.row.id,
        year: r.row.year,
        frame: r.frame,
        disclosures,
        lang: fileLang,
        now,
      }),
    );
    return { fileName: `${base}.pdf`, mimeType: 'application/pdf', data: pdf.toString('base64') };
  }
  return {
    fileName: `${base}.xlsx`,
    mimeType: XLSX_MIME,
    data: await vsmeWorkbook(r.facts, r.completeness, r.validation, fileLang),
  };
}
