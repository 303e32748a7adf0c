/**
 * The results PDF of a carbon footprint (issue 19): totals per scope, scope 2 location- and
 * market-based, the categories, the business units, the base-year comparison and the data quality,
 * in German or English. Figures arrive in kg CO2e and are shown in t CO2e, rounded here only.
 */
import { type CfcReportResults, type Language, formatNumber } from '@klimadesk/contract';
import { type PdfColumn, createPdf } from '../../platform/pdf.ts';
import { type TraceRow, factorLine, gasLine, marketLine } from './cfc.trace.ts';

/** Decimals shown: t CO2e with three (whole kg), shares with two per cent decimals (seed 001 §9). */
export const PDF_DIGITS = { tonnes: 3, percent: 2 } as const;

export const RESULT_TEXTS = {
  de: {
    title: 'Unternehmens-CO2-Bilanz',
    fileName: 'unternehmens-co2-bilanz',
    year: 'Jahr',
    businessUnits: 'Geschäftsbereiche',
    method: 'Scope 2 im Bericht',
    gwpSet: 'GWP-Satz (GWP100)',
    trace: 'Einträge mit Faktor, Quelle, Ausgabe, Version und GWP-Satz',
    activity: 'Eintrag',
    factor: 'Faktor',
    location: 'standortbasiert',
    market: 'marktbasiert',
    issued: 'Erstellt am',
    scopes: 'Summen je Scope',
    scope: 'Scope',
    tonnes: 't CO2e',
    share: 'Anteil',
    total: 'Gesamt',
    scope2: 'Scope 2: standort- und marktbasiert',
    locationBased: 'Standortbasiert',
    marketBased: 'Marktbasiert',
    categories: 'Kategorien',
    category: 'Kategorie',
    entries: 'Einträge',
    wtt: 'davon Vorkette der Kraftstoffe (WTT)',
    biogenic: 'Biogenes CO2 außerhalb der Scopes (nicht in den Summen)',
    units: 'Geschäftsbereiche',
    unit: 'Geschäftsbereich',
    baseYear: 'Vergleich mit dem Basisjahr',
    noBaseYear: 'Kein Bericht des Basisjahres vorhanden.',
    baseYearTotal: 'Basisjahr',
    thisYear: 'Berichtsjahr',
    change: 'Veränderung',
    changePercent: 'Veränderung in %',
    notComparable: (base: string, own: string) =>
      `Nicht vergleichbar: Das Basisjahr rechnet mit ${base}, dieser Bericht mit ${own}.`,
    quality: 'Datenqualität (nach Emissionen)',
    qualities: {
      1: '1 hoch (gemessen)',
      2: '2 mittel (berechnet)',
      3: '3 niedrig (geschätzt)',
      none: 'ohne Angabe',
    },
    incomplete: 'Unvollständige Einträge',
    chart: 'Emissionen je Kategorie (t CO2e)',
    sources: 'Methode und Quellen',
    sourceLines: [
      'Bilanzierung nach dem GHG Protocol Corporate Standard (WRI/WBCSD 2004) und dem Corporate Value Chain (Scope 3) Standard (2011); Scope 2 standort- und marktbasiert nach der GHG Protocol Scope 2 Guidance (2015).',
      'Emissionen je Eintrag = Aktivitätsmenge × Emissionsfaktor der genannten Quelle, Ausgabe und Version; Treibhausgase mit dem GWP100 des genannten IPCC-Berichts in CO2e umgerechnet.',
      'Biogenes CO2 wird nach Kapitel 9 des Corporate Standard außerhalb der Scopes ausgewiesen.',
    ],
    footer:
      'Berechnet mit Klimadesk nach dem GHG Protocol Corporate Standard und dem Scope 3 Standard; Scope 2 standort- und marktbasiert (Scope 2 Guidance). Angaben in t CO2e.',
  },
  en: {
    title: 'Carbon footprint',
    fileName: 'carbon-footprint',
    year: 'Year',
    businessUnits: 'Business units',
    method: 'Scope 2 as reported',
    gwpSet: 'GWP set (GWP100)',
    trace: 'Entries with factor, source, edition, version and GWP set',
    activity: 'Entry',
    factor: 'Factor',
    location: 'location-based',
    market: 'market-based',
    issued: 'Issued on',
    scopes: 'Totals per scope',
    scope: 'Scope',
    tonnes: 't CO2e',
    share: 'Share',
    total: 'Total',
    scope2: 'Scope 2: location- and market-based',
    locationBased: 'Location-based',
    marketBased: 'Market-based',
    categories: 'Categories',
    category: 'Category',
    entries: 'Entries',
    wtt: 'of which fuel upstream (WTT)',
    biogenic: 'Biogenic CO2 outside the scopes (not in the totals)',
    units: 'Business units',
    unit: 'Business unit',
    baseYear: 'Comparison with the base year',
    noBaseYear: 'There is no report of the base year.',
    baseYearTotal: 'Base year',
    thisYear: 'Reporting year',
    change: 'Change',
    changePercent: 'Change in %',
    notComparable: (base: string, own: string) =>
      `Not comparable: the base year uses ${base}, this report ${own}.`,
    quality: 'Data quality (by emissions)',
    qualities: {
      1: '1 high (measured)',
      2: '2 medium (calculated)',
      3: '3 low (estimated)',
      none: 'not stated',
    },
    incomplete: 'Incomplete entries',
    chart: 'Emissions by category (t CO2e)',
    sources: 'Method and sources',
    sourceLines: [
      'Accounting following the GHG Protocol Corporate Standard (WRI/WBCSD 2004) and the Corporate Value Chain (Scope 3) Standard (2011); scope 2 location- and market-based following the GHG Protocol Scope 2 Guidance (2015).',
      'Emissions per entry = activity amount × emission factor of the named source, edition and version; greenhouse gases converted to CO2e with the GWP100 of the named IPCC report.',
      'Biogenic CO2 is reported outside the scopes (Corporate Standard chapter 9).',
    ],
    footer:
      'Calculated with Klimadesk by the GHG Protocol Corporate Standard and its Scope 3 Standard; scope 2 location- and market-based (Scope 2 Guidance). Figures in t CO2e.',
  },
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

/** The results as an A4 PDF stream in the reader's language. */
export function renderResultsPdf(
  r: CfcReportResults,
  lang: Language,
  issuedAt: Date,
  options: { compress?: boolean; trace?: readonly TraceRow[]; company?: string; logo?: Buffer | null } = {},
): PDFKit.PDFDocument {
  const t = RESULT_TEXTS[lang];
  const tonnes = (kg: number) => formatNumber(kg / 1000, lang, PDF_DIGITS.tonnes);
  const percent = (ratio: number) => `${formatNumber(ratio * 100, lang, PDF_DIGITS.percent)} %`;
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
  const col = (header: string, width: number, align?: PdfColumn['align']): PdfColumn => ({
    header,
    width,
    align,
  });

  pdf.cover(title, { lang, period: `${r.year}`, issuedAt });
  pdf.field(t.businessUnits, names);
  pdf.field(t.method, statedBasis(r) === 'market' ? t.market : t.location);
  // IPCC AR5 or AR6: every figure of the file rests on the one set named here.
  pdf.field(`${t.gwpSet}`, `IPCC ${r.gwpSet}`);

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

  const trace = options.trace ?? [];
  if (trace.length) {
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
