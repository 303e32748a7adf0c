import type { FastifyReply } from 'fastify';
import JSZip from 'jszip';
import type { z } from 'zod';
import { type Language, taxonomyCatalogueSchemas as c } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { documentIssuer } from '../../platform/pdf-company.ts';
import { finishedReportData } from './taxonomy.export.ts';
import { type ReportData, renderTaxReport } from './taxonomy.report.pdf.ts';
import { filesWithDataOfYears } from './taxonomy.repository.ts';
import { type TaxReportData, reportFiles } from './taxonomy.figures.ts';
import { t, texts } from '@klimadesk/contract/messages';

type ReportQuery = z.output<typeof c.taxReportQuery>;

/** The report's content: per financial year its Article 8 templates. */
export function reportOf(data: TaxReportData, companyName: string, generatedAt: Date): ReportData {
  return {
    companyName,
    generatedAt,
    years: data.years.map((y, i) => ({ template: data.templates[i], reviewInstitute: y.reviewInstitute })),
  };
}

async function bufferOf(doc: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A name safe as one path segment of a zip entry on every system. */
const segment = (name: string) =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 120) || '_';

const YEAR_FOLDER = texts('taxonomy.report.financialYear');
const FOLDER: Record<string, { de: string; en: string }> = {
  activity: texts('taxonomy.report.activity'),
  criteria: texts('taxonomy.report.criteria'),
  dnsh: texts('taxonomy.report.dnsh'),
};

/**
 * `GET tax-activity-overviews/export/report`: the report of the finished activities as PDF, or
 * (`withFiles=1`) a zip with the PDF, the years' files and every file of those activities, by year and activity.
 */
export async function exportReport(
  ctx: AppContext,
  actor: Actor,
  q: ReportQuery,
  lang: Language,
  reply: FastifyReply,
  now = new Date(),
) {
  const data = await finishedReportData(ctx, actor, q);
  const issuer = await documentIssuer(ctx.db, actor.companyId);
  const companyName = q.companyName || issuer.company;
  const base = t(lang, 'taxonomy.report.fileName', { date: now.toISOString().slice(0, 10) });
  const pdf = renderTaxReport(reportOf(data, companyName, now), lang, { logo: issuer.logo });
  reply.header('cache-control', 'private, no-store');
  if (q.withFiles !== '1') {
    reply.header('content-disposition', `attachment; filename="${base}.pdf"`);
    reply.header('content-type', 'application/pdf');
    return pdf;
  }
  const zip = new JSZip();
  zip.file(`${base}.pdf`, await bufferOf(pdf));
  const activities = new Map(data.activities.map((a) => [a.id, a]));
  const used = new Set<string>();
  // Two files of one name in one folder keep both, the second with its id.
  const unique = (folder: string, id: string, name: string) => {
    let path = `${folder}/${segment(name)}`;
    if (used.has(path)) path = `${folder}/${id.slice(0, 8)}-${segment(name)}`;
    used.add(path);
    return path;
  };
  // The years' own evidence first, then each activity's files; `reportData` checked the reader may see them.
  const years = new Map(data.years.map((y) => [y.id, y.taxYear]));
  for (const f of await filesWithDataOfYears(ctx.db, actor.companyId, [...years.keys()])) {
    const path = unique(`${years.get(f.financialYearId)}/${YEAR_FOLDER[lang]}`, f.id, f.name);
    zip.file(path, f.data);
  }
  for (const f of await reportFiles(ctx, actor, [...activities.keys()])) {
    const a = activities.get(f.activityId ?? '');
    if (!a) continue;
    const folder = `${a.year.taxYear}/${segment(a.name)} (${a.id.slice(0, 8)})/${FOLDER[f.type]?.[lang] ?? segment(f.type)}`;
    zip.file(unique(folder, f.id, f.name), f.data);
  }
  reply.header('content-disposition', `attachment; filename="${base}.zip"`);
  reply.header('content-type', 'application/zip');
  return zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' });
}
