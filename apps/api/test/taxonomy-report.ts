import type { ReportData } from '../src/modules/taxonomy/taxonomy.report.pdf.ts';
import { type TemplateYearInput, yearTemplate } from '../src/modules/taxonomy/taxonomy.template.ts';

/** The report of one year (with its year N-1), the review institute named, for the report tests. */
export function reportWith(year: TemplateYearInput, previous: TemplateYearInput | null): ReportData {
  return {
    companyName: 'Beispiel GmbH',
    generatedAt: new Date('2026-02-01T10:00:00Z'),
    years: [{ template: yearTemplate(year, previous), reviewInstitute: 'Prüfgesellschaft AG' }],
  };
}
