import {
  TAX_AMOUNT_KINDS,
  TAX_OBJECTIVES,
  type TaxAmountKind,
  type TaxObjective,
  formatNumber,
} from '@klimadesk/contract';
import { createPdf } from '../../platform/pdf.ts';
import { type Amounts, type KpiActivity, assessActivity, meetsDnsh, yearKpis } from './taxonomy.kpis.ts';

/**
 * The taxonomy report (seed 001 §7 `export/report`) laid out as the templates of Annex II of the
 * Disclosures Delegated Act (EU) 2021/2178 as amended by 2023/2486 Annex V: per financial year one
 * table each for turnover, CapEx and OpEx with the sections A.1 (aligned), A.2 (eligible, not
 * aligned) and B (not eligible), then the KPIs per objective. Amounts are in cents.
 */

export type ReportActivity = { name: string; naceCode: string; euActivity: string; kpi: KpiActivity };
export type ReportYear = {
  taxYear: number;
  totals: Amounts;
  minSafeguards: number;
  /** Named when the year shows its review institute in the report. */
  reviewInstitute: string | null;
  activities: ReportActivity[];
};
export type ReportData = { companyName: string; generatedAt: Date; years: ReportYear[] };

type Lang = 'de' | 'en';

const T = {
  de: {
    title: 'EU-Taxonomie: Meldebogen nach Artikel 8',
    company: 'Unternehmen',
    year: 'Geschäftsjahr',
    institute: 'Prüfung durch',
    generated: 'Erstellt am',
    kpis: 'Kennzahlen',
    kpiHead: ['Kennzahl', 'Gesamt (EUR)', 'Taxonomiefähig', 'Taxonomiekonform', 'Nicht taxonomiefähig'],
    kind: { turnover: 'Umsatz', capex: 'CapEx', opex: 'OpEx' } as Record<TaxAmountKind, string>,
    kindLong: {
      turnover:
        'Anteil des Umsatzes aus Waren oder Dienstleistungen, die mit taxonomiekonformen Wirtschaftstätigkeiten verbunden sind',
      capex:
        'Anteil der Investitionsausgaben (CapEx) aus Waren oder Dienstleistungen, die mit taxonomiekonformen Wirtschaftstätigkeiten verbunden sind',
      opex: 'Anteil der Betriebsausgaben (OpEx) aus Waren oder Dienstleistungen, die mit taxonomiekonformen Wirtschaftstätigkeiten verbunden sind',
    } as Record<TaxAmountKind, string>,
    activity: 'Wirtschaftstätigkeiten',
    code: 'Code',
    share: 'Anteil',
    sc: 'Kriterien für einen wesentlichen Beitrag',
    dnsh: 'DNSH-Kriterien („Keine erhebliche Beeinträchtigung“)',
    ms: 'Mindest- schutz',
    eligible: 'A. TAXONOMIEFÄHIGE TÄTIGKEITEN',
    a1: 'A.1. Ökologisch nachhaltige Tätigkeiten (taxonomiekonform)',
    a1Sum: (k: string) => `${k} ökologisch nachhaltiger Tätigkeiten (taxonomiekonform) (A.1)`,
    a2: 'A.2. Taxonomiefähige, aber nicht ökologisch nachhaltige Tätigkeiten (nicht taxonomiekonforme Tätigkeiten)',
    a2Sum: (k: string) => `${k} taxonomiefähiger, aber nicht ökologisch nachhaltiger Tätigkeiten (A.2)`,
    aSum: 'A. Gesamt (A.1 + A.2)',
    b: 'B. NICHT TAXONOMIEFÄHIGE TÄTIGKEITEN',
    bSum: (k: string) => `${k} nicht taxonomiefähiger Tätigkeiten (B)`,
    total: 'Gesamt (A + B)',
    none: 'Keine',
    byObjective: 'Anteil taxonomiekonform je Umweltziel',
    yes: 'J',
    no: 'N',
    el: 'EL',
    nel: 'N/EL',
    legend:
      'J: Kriterien erfüllt; N: nicht erfüllt; EL: taxonomiefähig für das Umweltziel; N/EL: für das Umweltziel nicht taxonomiefähig. Eine Tätigkeit mit Beitrag zu mehreren Umweltzielen zählt einmal, auf die Ziele aufgeteilt. Nur abgeschlossene Tätigkeiten. Kennzeichnung als ermöglichende oder Übergangstätigkeit ist im Katalog nicht enthalten.',
    page: (p: number, n: number) => `Seite ${p} von ${n}`,
  },
  en: {
    title: 'EU taxonomy: Article 8 disclosure',
    company: 'Undertaking',
    year: 'Financial year',
    institute: 'Reviewed by',
    generated: 'Generated on',
    kpis: 'Key performance indicators',
    kpiHead: ['KPI', 'Total (EUR)', 'Taxonomy-eligible', 'Taxonomy-aligned', 'Taxonomy-non-eligible'],
    kind: { turnover: 'Turnover', capex: 'CapEx', opex: 'OpEx' } as Record<TaxAmountKind, string>,
    kindLong: {
      turnover:
        'Proportion of turnover from products or services associated with Taxonomy-aligned economic activities',
      capex:
        'Proportion of CapEx from products or services associated with Taxonomy-aligned economic activities',
      opex: 'Proportion of OpEx from products or services associated with Taxonomy-aligned economic activities',
    } as Record<TaxAmountKind, string>,
    activity: 'Economic activities',
    code: 'Code',
    share: 'Proportion',
    sc: 'Substantial contribution criteria',
    dnsh: "DNSH criteria ('Does Not Significantly Harm')",
    ms: 'Minimum safeguards',
    eligible: 'A. TAXONOMY-ELIGIBLE ACTIVITIES',
    a1: 'A.1. Environmentally sustainable activities (Taxonomy-aligned)',
    a1Sum: (k: string) => `${k} of environmentally sustainable activities (Taxonomy-aligned) (A.1)`,
    a2: 'A.2. Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned activities)',
    a2Sum: (k: string) => `${k} of Taxonomy-eligible but not environmentally sustainable activities (A.2)`,
    aSum: 'A. Total (A.1 + A.2)',
    b: 'B. TAXONOMY-NON-ELIGIBLE ACTIVITIES',
    bSum: (k: string) => `${k} of Taxonomy-non-eligible activities (B)`,
    total: 'Total (A + B)',
    none: 'None',
    byObjective: 'Taxonomy-aligned proportion per objective',
    yes: 'Y',
    no: 'N',
    el: 'EL',
    nel: 'N/EL',
    legend:
      'Y: criteria met; N: not met; EL: Taxonomy-eligible for the objective; N/EL: not eligible for the objective. An activity contributing to several objectives counts once, split between them. Finished activities only. Enabling and transitional categories are not in the catalogue.',
    page: (p: number, n: number) => `Page ${p} of ${n}`,
  },
};

export const money = (cents: number, lang: Lang) => formatNumber(cents / 100, lang, 2);
/** German `30,00 %` (DIN 5008 spacing), English `30.00%`. */
export const percent = (share: number, lang: Lang) =>
  `${formatNumber(share * 100, lang, 2)}${lang === 'de' ? '\u00a0%' : '%'}`;
const shareOf = (part: number, total: number) => (total > 0 ? part / total : 0);
const sumOf = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** The criteria that pass the technical screening: eligible, substantial contribution and no significant harm. */
const conformCriteria = (a: KpiActivity) =>
  a.criteria.filter(
    (c) => a.euObjectives.includes(c.criterion) && c.substantialContribution === true && meetsDnsh(c),
  );

/** The substantial-contribution column of an aligned activity: Y (passes), N (the catalogue lists the objective) or N/EL. */
function scCell(a: KpiActivity, o: TaxObjective, t: (typeof T)[Lang]) {
  if (conformCriteria(a).some((c) => c.criterion === o)) return t.yes;
  return a.euObjectives.includes(o) ? t.no : t.nel;
}

/** The DNSH column of an objective: every passing criterion of another objective keeps it from harm. */
function dnshCell(a: KpiActivity, o: TaxObjective, t: (typeof T)[Lang]) {
  const ok = conformCriteria(a).every(
    (c) => c.criterion === o || c.dnsh.some((d) => d.dnsh === o && (d.isAlwaysMet || d.complies === true)),
  );
  return ok ? t.yes : t.no;
}

/** Writes the report; `compress: false` keeps the text readable for tests. */
export function renderTaxReport(
  data: ReportData,
  lang: Lang,
  options: { compress?: boolean } = {},
): PDFKit.PDFDocument {
  const t = T[lang];
  const pdf = createPdf({
    title: `${t.title} – ${data.companyName}`,
    layout: 'landscape',
    compress: options.compress,
    pageFooters: t.page,
  });
  // Column widths of the template table (landscape A4: 742 pt between the margins): the substantial-
  // contribution columns hold the subtotal's percentages, the DNSH columns one letter.
  const scW = 40;
  const dnshW = 20;
  const msW = 44;
  const head = [156, 52, 80, 50];
  const widths = [...head, ...TAX_OBJECTIVES.map(() => scW), ...TAX_OBJECTIVES.map(() => dnshW), msW];
  const groupWidths = [sumOf(head), scW * 6, dnshW * 6, msW];
  const dateText = new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'UTC' }).format(
    data.generatedAt,
  );

  data.years.forEach((year, yi) => {
    if (yi > 0) pdf.doc.addPage();
    pdf.title(`${t.title} ${year.taxYear}`);
    pdf.doc.moveDown(0.4).fontSize(10);
    pdf.field(t.company, data.companyName);
    pdf.field(t.year, String(year.taxYear));
    if (year.reviewInstitute) pdf.field(t.institute, year.reviewInstitute);
    pdf.field(t.generated, dateText);

    const results = year.activities.map((a) => ({ a, r: assessActivity(a.kpi, year.minSafeguards) }));
    const kpis = yearKpis([
      {
        year: { totals: year.totals, minSafeguards: year.minSafeguards },
        activities: year.activities.map((a) => a.kpi),
      },
    ]);
    pdf.heading(t.kpis);
    const kpiWidths = [200, 130, 130, 130, 152];
    pdf.row(t.kpiHead, kpiWidths, { header: true });
    for (const kind of TAX_AMOUNT_KINDS) {
      const k = kpis[kind];
      pdf.row(
        [
          t.kind[kind],
          money(k.total, lang),
          percent(k.eligibleShare, lang),
          percent(k.alignedShare, lang),
          percent(k.total > 0 ? 1 - k.eligibleShare : 0, lang),
        ],
        kpiWidths,
      );
    }

    for (const kind of TAX_AMOUNT_KINDS) {
      const total = year.totals[kind];
      pdf.doc.addPage();
      pdf.heading(`${t.kindLong[kind]} – ${year.taxYear}`, { size: 11 });
      pdf.row(['', t.sc, t.dnsh, ''], groupWidths, { header: true });
      pdf.row(
        [t.activity, t.code, `${t.kind[kind]} (EUR)`, t.share, ...TAX_OBJECTIVES, ...TAX_OBJECTIVES, t.ms],
        widths,
        { header: true },
      );
      pdf.row([t.eligible], [sumOf(widths)], { bold: true });
      pdf.row([t.a1], [sumOf(widths)], { bold: true });
      const a1 = results.filter(({ r }) => r.aligned);
      if (a1.length === 0) pdf.row([t.none], [sumOf(widths)]);
      for (const { a, r } of a1) {
        const amount = r.alignedAmounts[kind];
        pdf.row(
          [
            `${a.name} (${a.euActivity})`,
            a.naceCode,
            money(amount, lang),
            percent(shareOf(amount, total), lang),
            ...TAX_OBJECTIVES.map((o) => scCell(a.kpi, o, t)),
            ...TAX_OBJECTIVES.map((o) => dnshCell(a.kpi, o, t)),
            r.minSafeguards ? t.yes : t.no,
          ],
          widths,
        );
      }
      const a1Amount = sumOf(a1.map(({ r }) => r.alignedAmounts[kind]));
      const byObjective = kpis[kind].alignedByObjective;
      pdf.row(
        [
          t.a1Sum(t.kind[kind]),
          '',
          money(a1Amount, lang),
          percent(shareOf(a1Amount, total), lang),
          ...TAX_OBJECTIVES.map((o) =>
            byObjective[o] > 0 ? percent(shareOf(byObjective[o], total), lang) : '',
          ),
          ...TAX_OBJECTIVES.map(() => ''),
          '',
        ],
        widths,
        { bold: true },
      );

      pdf.row([t.a2], [sumOf(widths)], { bold: true });
      // The eligible part not aligned: an activity split over an aligned and a non-aligned objective appears in both.
      const a2 = results
        .filter(({ r }) => r.eligible)
        .map(({ a, r }) => ({ a, r, amount: r.eligibleAmounts[kind] - r.alignedAmounts[kind] }))
        .filter(({ r, amount }) => !r.aligned || amount > 0);
      if (a2.length === 0) pdf.row([t.none], [sumOf(widths)]);
      for (const { a, amount } of a2) {
        const eligibleFor = a.kpi.euObjectives;
        pdf.row(
          [
            `${a.name} (${a.euActivity})`,
            a.naceCode,
            money(amount, lang),
            percent(shareOf(amount, total), lang),
            ...TAX_OBJECTIVES.map((o) => (eligibleFor.includes(o) ? t.el : t.nel)),
            ...TAX_OBJECTIVES.map(() => ''),
            '',
          ],
          widths,
        );
      }
      const a2Amount = sumOf(a2.map(({ amount }) => amount));
      pdf.row(
        [t.a2Sum(t.kind[kind]), '', money(a2Amount, lang), percent(shareOf(a2Amount, total), lang)],
        head,
        {
          bold: true,
        },
      );
      const aAmount = a1Amount + a2Amount;
      pdf.row([t.aSum, '', money(aAmount, lang), percent(shareOf(aAmount, total), lang)], head, {
        bold: true,
      });
      pdf.row([t.b], [sumOf(widths)], { bold: true });
      const bAmount = Math.max(0, total - aAmount);
      pdf.row(
        [t.bSum(t.kind[kind]), '', money(bAmount, lang), percent(shareOf(bAmount, total), lang)],
        head,
        {
          bold: true,
        },
      );
      pdf.row([t.total, '', money(total, lang), percent(total > 0 ? 1 : 0, lang)], head, { bold: true });

      pdf.heading(t.byObjective, { size: 10 });
      const objWidths = [200, ...TAX_OBJECTIVES.map(() => 80)];
      pdf.row(['', ...TAX_OBJECTIVES], objWidths, { header: true });
      pdf.row(
        [t.kind[kind], ...TAX_OBJECTIVES.map((o) => percent(shareOf(byObjective[o], total), lang))],
        objWidths,
      );
      pdf.note(t.legend);
    }
  });
  return pdf.end();
}
