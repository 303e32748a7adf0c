/**
 * The results PDF of a carbon footprint (issue 19): totals per scope, scope 2 location- and
 * market-based, the categories, the business units, the base-year comparison and the data quality,
 * in German or English. Figures arrive in kg CO2e and are shown in t CO2e, rounded here only.
 */
import { type CfcReportResults, type Language, formatNumber } from '@klimadesk/contract';
import { type PdfColumn, type PdfWriter, createPdf } from '../../platform/pdf.ts';
import { type TraceRow, factorLine, gasLine, marketLine } from './cfc.trace.ts';
import { t } from '@klimadesk/contract/messages';

/** Decimals shown: t CO2e with three (whole kg), shares with two per cent decimals (seed 001 §9). */
export const PDF_DIGITS = { tonnes: 3, percent: 2 } as const;

const resultTexts = (lang: Language) => ({
  title: t(lang, 'cfc.pdf.title'),
  fileName: t(lang, 'cfc.pdf.fileName'),
  year: t(lang, 'cfc.pdf.year'),
  businessUnits: t(lang, 'cfc.pdf.businessUnits'),
  method: t(lang, 'cfc.pdf.method'),
  gwpSet: t(lang, 'cfc.pdf.gwpSet'),
  trace: t(lang, 'cfc.pdf.trace'),
  activity: t(lang, 'cfc.pdf.activity'),
  factor: t(lang, 'cfc.pdf.factor'),
  location: t(lang, 'cfc.pdf.location'),
  market: t(lang, 'cfc.pdf.market'),
  issued: t(lang, 'cfc.pdf.issued'),
  scopes: t(lang, 'cfc.pdf.scopes'),
  scope: t(lang, 'cfc.pdf.scope'),
  tonnes: t(lang, 'cfc.pdf.tonnes'),
  share: t(lang, 'cfc.pdf.share'),
  total: t(lang, 'cfc.pdf.total'),
  scope2: t(lang, 'cfc.pdf.scope2'),
  locationBased: t(lang, 'cfc.pdf.locationBased'),
  marketBased: t(lang, 'cfc.pdf.marketBased'),
  categories: t(lang, 'cfc.pdf.categories'),
  category: t(lang, 'cfc.pdf.category'),
  entries: t(lang, 'cfc.pdf.entries'),
  wtt: t(lang, 'cfc.pdf.wtt'),
  biogenic: t(lang, 'cfc.pdf.biogenic'),
  units: t(lang, 'cfc.pdf.units'),
  unit: t(lang, 'cfc.pdf.unit'),
  baseYear: t(lang, 'cfc.pdf.baseYear'),
  noBaseYear: t(lang, 'cfc.pdf.noBaseYear'),
  baseYearTotal: t(lang, 'cfc.pdf.baseYearTotal'),
  thisYear: t(lang, 'cfc.pdf.thisYear'),
  change: t(lang, 'cfc.pdf.change'),
  changePercent: t(lang, 'cfc.pdf.changePercent'),
  notComparable: (base: string, own: string) => t(lang, 'cfc.pdf.notComparable', { base, own }),
  quality: t(lang, 'cfc.pdf.quality'),
  qualities: {
    1: t(lang, 'cfc.pdf.qualities.1'),
    2: t(lang, 'cfc.pdf.qualities.2'),
    3: t(lang, 'cfc.pdf.qualities.3'),
    none: t(lang, 'cfc.pdf.qualities.none'),
  },
  incomplete: t(lang, 'cfc.pdf.incomplete'),
  chart: t(lang, 'cfc.pdf.chart'),
  sources: t(lang, 'cfc.pdf.sources'),
  sourceLines: [
    t(lang, 'cfc.pdf.sourceLines.0'),
    t(lang, 'cfc.pdf.sourceLines.1'),
    t(lang, 'cfc.pdf.sourceLines.2'),
  ],
  footer: t(lang, 'cfc.pdf.footer'),
});

export const RESULT_TEXTS = {
  de: resultTexts('de'),
  en: resultTexts('en'),
} as const;

export const QUALITY_KEYS = ['high', 'medium', 'low', 'unknown'] as const;
export type QualityKey = (typeof QUALITY_KEYS)[number];
const QUALITY_TEXT = { high: 1, medium: 2, low: 3, unknown: 'none' } as const;
export const qualityLabel = (q: QualityKey, lang: Language) => RESULT_TEXTS[lang].qualities[QUALITY_TEXT[q]];

/** The scope rows of the results: name, figure as stated, location- and market-based, share. */
export function scopeRows(r: CfcReportResults) {
  const t = r.totals;
  const share = (kg: number) => (t.total === 0 ? 0 : kg / t.total);
  return [
    { scope: 1, emissions: t.scope1, locationBased: t.scope1, marketBased: t.scope1, share: share(t.scope1) },
    {
      scope: 2,
      emissions: t.scope2,
      locationBased: t.scope2LocationBased,
      marketBased: t.scope2MarketBased,
      share: share(t.scope2),
    },
    { scope: 3, emissions: t.scope3, locationBased: t.scope3, marketBased: t.scope3, share: share(t.scope3) },
  ];
}

/** The report states scope 2 market-based where it chose that method for power or heat. */
export const statedBasis = (r: CfcReportResults) =>
  r.powerMarketbased || r.thermalMarketbased ? 'market' : 'location';

/** The file name of an export: `unternehmens-co2-bilanz-2025-zentrale-hamburg.pdf`. */
export function resultsFileName(r: CfcReportResults, lang: Language, ext: 'pdf' | 'xlsx'): string {
  const units = r.businessUnits.length === 1 ? r.businessUnits[0].urlId : `${r.businessUnits.length}`;
  return `${RESULT_TEXTS[lang].fileName}-${r.year}-${units}.${ext}`.replace(/[^\w.-]+/g, '-');
}

const col = (header: string, width: number, align?: PdfColumn['align']): PdfColumn => ({
  header,
  width,
  align,
});

/** Tonnes and per cent as the PDF shows them (rounded here only, PDF_DIGITS). */
function pdfFigures(lang: Language) {
  return {
    tonnes: (kg: number) => formatNumber(kg / 1000, lang, PDF_DIGITS.tonnes),
    percent: (ratio: number) => `${formatNumber(ratio * 100, lang, PDF_DIGITS.percent)} %`,
  };
}

/** Totals per scope, then scope 2 location- and market-based. */
function writeScopes(pdf: PdfWriter, r: CfcReportResults, lang: Language) {
  const t = RESULT_TEXTS[lang];
  const { tonnes, percent } = pdfFigures(lang);
  const scopes = scopeRows(r);
  pdf.heading(t.scopes);
  pdf.table(
    [col(t.scope, 2), col(t.tonnes, 1), col(t.share, 1)],
    [
      ...scopes.map((s) => [`${t.scope} ${s.scope}`, tonnes(s.emissions), percent(s.share)]),
      { cells: [t.total, tonnes(r.totals.total), percent(r.totals.total === 0 ? 0 : 1)], bold: true },
    ],
  );

  pdf.heading(t.scope2);
  pdf.table(
    [col('', 2), col(t.locationBased, 1), col(t.marketBased, 1)],
    [
      [`${t.scope} 2`, tonnes(r.totals.scope2LocationBased), tonnes(r.totals.scope2MarketBased)],
      {
        cells: [t.total, tonnes(r.totals.totalLocationBased), tonnes(r.totals.totalMarketBased)],
        bold: true,
      },
    ],
  );
}

/** The categories with their chart, then the business units when there are several. */
function writeCategories(pdf: PdfWriter, r: CfcReportResults, lang: Language) {
  const t = RESULT_TEXTS[lang];
  const { tonnes, percent } = pdfFigures(lang);
  pdf.heading(t.categories);
  const categoryRows = r.sections.flatMap((c) => [
    [c.name, String(c.scope), tonnes(c.co2eKg), percent(c.share), String(c.entryCount)],
    // Categories 4, 6, 7 and 9 show their upstream part as a line of its own (already in the figure).
    ...(c.wttKg > 0 ? [[`   ${t.wtt}`, '', tonnes(c.wttKg), '', '']] : []),
  ]);
  // GHG Protocol Corporate Standard ch. 9: biogenic CO2 is reported apart from the scopes.
  if (r.biogenicCo2Kg > 0) categoryRows.push([t.biogenic, '', tonnes(r.biogenicCo2Kg), '', '']);
  pdf.table(
    [col(t.category, 5.2), col(t.scope, 1), col(t.tonnes, 1.6), col(t.share, 1.1), col(t.entries, 1.1)],
    categoryRows,
  );
  const charted = r.sections.filter((c) => c.co2eKg > 0);
  if (charted.length > 1) {
    pdf.bars(
      charted.map((c) => ({ label: c.name, value: c.co2eKg, shown: tonnes(c.co2eKg) })),
      { caption: t.chart },
    );
  }

  if (r.businessUnits.length > 1) {
    pdf.heading(t.units);
    pdf.table(
      [col(t.unit, 2), col(t.tonnes, 1), col(t.share, 1)],
      r.businessUnits.map((u) => [u.name, tonnes(u.co2eKg), percent(u.share)]),
    );
  }
}

/** The base-year comparison and the data quality. */
function writeBaseYearAndQuality(pdf: PdfWriter, r: CfcReportResults, lang: Language) {
  const t = RESULT_TEXTS[lang];
  const { tonnes, percent } = pdfFigures(lang);
  pdf.heading(t.baseYear);
  if (r.baseYear) {
    const b = r.baseYear;
    pdf.field(`${t.baseYearTotal} ${b.year}`, `${tonnes(b.totals.total)} ${t.tonnes}`);
    pdf.field(`${t.thisYear} ${r.year}`, `${tonnes(r.totals.total)} ${t.tonnes}`);
    // GHG Protocol Corporate Standard ch. 9: figures of different GWP sets are not compared.
    if (b.changeKg === null) pdf.lines([t.notComparable(b.gwpSet, r.gwpSet)]);
    else {
      pdf.field(t.change, `${tonnes(b.changeKg)} ${t.tonnes}`);
      pdf.field(t.changePercent, b.changeRatio === null ? '-' : percent(b.changeRatio));
    }
  } else pdf.lines([t.noBaseYear]);

  pdf.heading(t.quality);
  pdf.table(
    [col(t.quality, 2), col(t.tonnes, 1), col(t.share, 1)],
    QUALITY_KEYS.map((q) => [qualityLabel(q, lang), tonnes(r.dataQualityKg[q]), percent(r.dataQuality[q])]),
  );
  pdf.field(t.incomplete, String(r.incompleteEntries));
}

/** Each entry with the factor behind it (and its market-based and gas lines). */
function writeTrace(pdf: PdfWriter, trace: readonly TraceRow[], lang: Language) {
  const t = RESULT_TEXTS[lang];
  const { tonnes } = pdfFigures(lang);
  pdf.heading(t.trace);
  pdf.table(
    [col(t.activity, 3.4), col(t.tonnes, 1.4), col(t.factor, 5.2, 'left')],
    trace.flatMap((e) => {
      const name = [e.businessUnit, e.activity ?? e.section].join(' · ');
      const edition = e.edition && !(e.source ?? '').endsWith(e.edition) ? ` (${e.edition})` : '';
      const market = marketLine(e, lang);
      const gases = gasLine(e, lang);
      return [
        [name, e.co2eKg === null ? '-' : tonnes(e.co2eKg), `${factorLine(e, lang)}${edition}`],
        ...(market ? [['', '', `   ${market}`]] : []),
        ...(gases ? [['', '', `   ${gases}`]] : []),
      ];
    }),
  );
}

/** The results as an A4 PDF stream in the reader's language. */
export function renderResultsPdf(
  r: CfcReportResults,
  lang: Language,
  issuedAt: Date,
  options: { compress?: boolean; trace?: readonly TraceRow[]; company?: string; logo?: Buffer | null } = {},
): PDFKit.PDFDocument {
  const t = RESULT_TEXTS[lang];
  const names = r.businessUnits.map((u) => u.name).join(', ');
  const title = `${t.title} ${r.year}`;
  const pdf = createPdf({
    title: `${title} ${names}`,
    compress: options.compress,
    frame: {
      lang,
      company: options.company || names,
      logo: options.logo,
      documentId: `CFC-${r.year}-${r.businessUnits.map((u) => u.urlId).join('-')}`,
    },
  });

  pdf.cover(title, { lang, period: `${r.year}`, issuedAt });
  pdf.field(t.businessUnits, names);
  pdf.field(t.method, statedBasis(r) === 'market' ? t.market : t.location);
  // IPCC AR5 or AR6: every figure of the file rests on the one set named here.
  pdf.field(`${t.gwpSet}`, `IPCC ${r.gwpSet}`);

  writeScopes(pdf, r, lang);
  writeCategories(pdf, r, lang);
  writeBaseYearAndQuality(pdf, r, lang);
  const trace = options.trace ?? [];
  if (trace.length) writeTrace(pdf, trace, lang);

  pdf.heading(t.sources, { size: 11 });
  pdf.lines([...t.sourceLines], { size: 8.5 });
  pdf.note(t.footer);
  return pdf.end();
}

/** A finished PDF stream as bytes. */
export async function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
