import { type CsrdScopeCode, type Language, categoryOfScope, shownRequirements } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { documentIssuer } from '../../platform/pdf-company.ts';
import { createPdf } from '../../platform/pdf.ts';
import { findCompany } from '../companies/index.ts';
import { DR_BY_CODE, drTitle, drsOf, scopeName } from './csrd.catalogue.ts';
import { categoryOf, processDisclosures } from './csrd.applicability.ts';
import { e16Of } from './csrd.cfc.ts';
import * as repo from './csrd.repository.ts';
import { csrdCompany, fullAnalysis, reportOf, scopeEntriesOf } from './csrd.service.ts';

const T = {
  de: {
    title: 'CSRD-Bericht',
    year: 'Berichtsjahr',
    company: 'Unternehmen',
    created: 'Erstellt',
    materiality: 'Ergebnisse der Wesentlichkeitsanalyse',
    analysis: 'Analyse',
    scaleThreshold: 'Skala / Schwellenwert',
    topic: 'Thema',
    impact: 'Auswirkung',
    financial: 'Finanziell',
    material: 'Wesentlich',
    yes: 'ja',
    no: 'nein',
    noAnalysis: 'Der Bericht wurde ohne Wesentlichkeitsanalyse angelegt.',
    climate: 'E1 Klimakennzahlen',
    noClimate: 'Für E1-5 und E1-6 sind noch keine Werte erfasst.',
    status: 'Status',
    mandatory: 'verpflichtend',
    statuses: { todo: 'offen', progress: 'in Arbeit', done: 'erledigt' } as Record<string, string>,
    empty: 'Keine Angabe erfasst.',
    voluntary: 'freiwillig (nicht aus der Wesentlichkeitsanalyse)',
    processTitle: 'Unabhängig von der Wesentlichkeit anzugeben (ESRS 1 §29)',
    files: 'Anhänge',
    fromCfc: 'Aus der CO2-Bilanz übernommen (alle Geschäftsbereiche)',
    scope1: 'Scope 1',
    scope2Location: 'Scope 2 (standortbasiert)',
    scope2Market: 'Scope 2 (marktbasiert)',
    scope3: 'Scope 3',
    total: 'Gesamt',
    totalLocation: 'Gesamt (standortbasiert)',
    totalMarket: 'Gesamt (marktbasiert)',
    scope3Category: (n: number | null) =>
      n === null ? 'Scope 3, ohne Kategorie' : `Scope 3, Kategorie ${n}`,
    biogenic: 'Biogenes CO2 (außerhalb der Scopes)',
    intensityLocation: 'THG-Intensität je Nettoumsatz (standortbasiert)',
    intensityMarket: 'THG-Intensität je Nettoumsatz (marktbasiert)',
    perMillion: 't CO2e / Mio. EUR',
    entered: 'Erfasster Wert E1-6',
    matches: 'Entspricht der CO2-Bilanz des Jahres.',
    manualOnly: 'Keine CO2-Bilanz für dieses Jahr: der Wert ist nicht abgeglichen.',
    difference: (l: string, m: string) =>
      `Abweichung zur CO2-Bilanz: ${l} (standortbasiert) / ${m} (marktbasiert)`,
    reconciled: 'Überleitung',
    unreconciled: 'Warnung: Der erfasste E1-6-Wert weicht von der CO2-Bilanz ab und hat keine Überleitung.',
    rules: 'Bewertungsregeln',
    formula: { mean: 'Mittelwert der Kriterien', max: 'Maximum der Kriterien' },
    irremediability: 'Gewicht der Unabänderlichkeit',
    thresholds: 'Schwellenwert Auswirkung / finanziell',
    figure: 'Kennzahl',
    value: 'Wert',
    matrix: 'Wesentlichkeitsmatrix',
    impactAxis: 'Auswirkung',
    financialAxis: 'Finanzielle Wesentlichkeit',
    sources: 'Methode und Quellen',
    sourceLines: [
      'Wesentlichkeit nach ESRS 1 Kapitel 3 (doppelte Wesentlichkeit: Auswirkung und finanzielle Wesentlichkeit), Schwellenwerte der Analyse wie oben angegeben.',
      'E1-6 Brutto-THG-Emissionen nach ESRS E1 §44–§55: Scope 1, Scope 2 standort- und marktbasiert, wesentliche Scope-3-Kategorien, biogenes CO2 gesondert (AR 43(c)); aus der CO2-Bilanz nach dem GHG Protocol übernommen, sofern vorhanden.',
    ],
    note: 'Gegliedert nach ESRS (Delegierte Verordnung (EU) 2023/2772) und Angabepflicht; Zahlenwerte in der erfassten Einheit.',
  },
  en: {
    title: 'CSRD report',
    year: 'Reporting year',
    company: 'Company',
    created: 'Created',
    materiality: 'Materiality assessment results',
    analysis: 'Analysis',
    scaleThreshold: 'Scale / threshold',
    topic: 'Topic',
    impact: 'Impact',
    financial: 'Financial',
    material: 'Material',
    yes: 'yes',
    no: 'no',
    noAnalysis: 'The report was created without a materiality assessment.',
    climate: 'E1 climate figures',
    noClimate: 'No values have been entered for E1-5 and E1-6 yet.',
    status: 'Status',
    mandatory: 'mandatory',
    statuses: { todo: 'to do', progress: 'in progress', done: 'done' } as Record<string, string>,
    empty: 'Nothing entered.',
    voluntary: 'voluntary (not from the materiality assessment)',
    processTitle: 'To be disclosed irrespective of materiality (ESRS 1 §29)',
    files: 'Attachments',
    fromCfc: 'Taken over from the carbon footprint (all business units)',
    scope1: 'Scope 1',
    scope2Location: 'Scope 2 (location-based)',
    scope2Market: 'Scope 2 (market-based)',
    scope3: 'Scope 3',
    total: 'Total',
    totalLocation: 'Total (location-based)',
    totalMarket: 'Total (market-based)',
    scope3Category: (n: number | null) => (n === null ? 'Scope 3, no category' : `Scope 3, category ${n}`),
    biogenic: 'Biogenic CO2 (outside the scopes)',
    intensityLocation: 'GHG intensity per net revenue (location-based)',
    intensityMarket: 'GHG intensity per net revenue (market-based)',
    perMillion: 't CO2e / EUR million',
    entered: 'Entered value E1-6',
    matches: 'Equals the carbon footprint of the year.',
    manualOnly: 'No carbon footprint for this year: the value is not reconciled.',
    difference: (l: string, m: string) =>
      `Difference to the carbon footprint: ${l} (location-based) / ${m} (market-based)`,
    reconciled: 'Reconciliation',
    unreconciled:
      'Warning: the entered E1-6 value differs from the carbon footprint and has no reconciliation.',
    rules: 'Scoring rules',
    formula: { mean: 'mean of the criteria', max: 'maximum of the criteria' },
    irremediability: 'Weight of irremediability',
    thresholds: 'Threshold impact / financial',
    figure: 'Figure',
    value: 'Value',
    matrix: 'Materiality matrix',
    impactAxis: 'Impact',
    financialAxis: 'Financial materiality',
    sources: 'Method and sources',
    sourceLines: [
      'Materiality following ESRS 1 chapter 3 (double materiality: impact and financial materiality), with the thresholds of the analysis given above.',
      'E1-6 gross GHG emissions following ESRS E1 §44–§55: scope 1, scope 2 location- and market-based, significant scope 3 categories, biogenic CO2 apart (AR 43(c)); taken over from the GHG Protocol carbon footprint where there is one.',
    ],
    note: 'Structured by ESRS (Delegated Regulation (EU) 2023/2772) and disclosure requirement; figures in the unit entered.',
  },
} as const;

/** The E1 figures shown up front: energy (E1-5) and gross GHG emissions (E1-6). */
const CLIMATE_DRS = ['E1-5', 'E1-6'];

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
  });
}

type Texts = (typeof T)[Language];
type E16 = Awaited<ReturnType<typeof e16Of>>;
type Results = Awaited<ReturnType<typeof fullAnalysis>>['dto'];
type Entries = Awaited<ReturnType<typeof scopeEntriesOf>>;
type Value = Entries[number]['indicatorValues'][number];
/** What the parts of the PDF share: the document, its texts, language and number format. */
type Doc = { pdf: ReturnType<typeof createPdf>; t: Texts; lang: Language; num: Intl.NumberFormat };

/**
 * The carbon footprint's E1-6 rows (ESRS E1 §44-§53): scope 1, scope 2 both ways, significant
 * scope 3 categories, totals both ways, biogenic CO2 apart (AR 43(c)), intensity per net revenue.
 */
function cfcRowsOf(e16: E16, { t, num }: Doc): [string, string][] {
  const cfc = e16.footprint;
  if (!cfc) return [];
  // kg CO2e of the carbon footprint shown in t CO2e, the unit of E1-6 (ESRS E1 §44).
  const tonnes = (kg: number) => `${num.format(kg / 1000)} t CO2e`;
  const perMillion = (x: number | null) => (x === null ? null : `${num.format(x)} ${t.perMillion}`);
  return [
    [t.scope1, tonnes(cfc.scope1Kg)],
    [t.scope2Location, tonnes(cfc.scope2LocationBasedKg)],
    [t.scope2Market, tonnes(cfc.scope2MarketBasedKg)],
    ...cfc.scope3Categories.map((c): [string, string] => [t.scope3Category(c.category), tonnes(c.kg)]),
    [t.scope3, tonnes(cfc.scope3Kg)],
    [t.totalLocation, tonnes(cfc.totalLocationBasedKg)],
    [t.totalMarket, tonnes(cfc.totalMarketBasedKg)],
    [t.biogenic, tonnes(cfc.biogenicCo2Kg)],
    ...[
      [t.intensityLocation, perMillion(e16.intensityLocationBased)],
      [t.intensityMarket, perMillion(e16.intensityMarketBased)],
    ].filter((x): x is [string, string] => x[1] !== null),
  ];
}

/** The entered E1-6 against the footprint: a difference shows, unreconciled as a warning. */
function reconciliationOf(e16: E16, { t, num }: Doc): string[] {
  const signed = (tn: number | null) => (tn === null ? '–' : `${tn > 0 ? '+' : ''}${num.format(tn)} t CO2e`);
  const m = e16.manual;
  if (!m) return [];
  if (e16.status === 'matches') return [t.matches];
  if (e16.status === 'manual') return [t.manualOnly];
  const diff = t.difference(signed(m.differenceLocationBasedT), signed(m.differenceMarketBasedT));
  return e16.status === 'reconciled' ? [diff, `${t.reconciled}: ${m.note}`] : [t.unreconciled, diff];
}

/** The analysis's settings, its topic results as a table and as the double-materiality matrix. */
function printMateriality(doc: Doc, results: Results | null, analysisName: string | null) {
  const { pdf, t, lang, num } = doc;
  pdf.heading(t.materiality);
  if (!results) return pdf.lines([analysisName ?? t.noAnalysis]);
  pdf.field(t.analysis, results.name);
  pdf.field(t.scaleThreshold, `${results.scale} / ${num.format(results.threshold)}`);
  pdf.field(
    t.rules,
    `${t.formula[results.severityFormula]}${
      results.severityFormula === 'mean'
        ? ` · ${t.irremediability} ${num.format(results.irremediabilityWeight)}`
        : ''
    } · ${t.thresholds} ${num.format(results.threshold)} / ${num.format(results.financialThreshold ?? results.threshold)}`,
  );
  pdf.table(
    [
      { header: t.topic, width: 0.46 },
      { header: t.impact, width: 0.18 },
      { header: t.financial, width: 0.18 },
      { header: t.material, width: 0.18 },
    ],
    results.results.map((res) => [
      `${res.scope} ${scopeName(res.scope)[lang]}`,
      res.impactScore === null ? '–' : num.format(res.impactScore),
      res.financialScore === null ? '–' : num.format(res.financialScore),
      res.material ? t.yes : t.no,
    ]),
  );
  // Each scored topic as a dot (ESRS 1 §3: impact and financial materiality); a topic scored on one
  // side only sits on that axis, at 0 on the other.
  const scored = results.results.filter((res) => res.impactScore !== null || res.financialScore !== null);
  if (!scored.length) return;
  pdf.matrix(
    scored.map((res) => ({
      label: res.scope,
      x: res.financialScore ?? 0,
      y: res.impactScore ?? 0,
      isMaterial: res.material,
    })),
    {
      max: results.scale,
      xThreshold: results.financialThreshold ?? results.threshold,
      yThreshold: results.threshold,
      xLabel: t.financialAxis,
      yLabel: t.impactAxis,
      caption: t.matrix,
    },
  );
}

/** One entered value: number with unit, text, table, attached files. */
function printValue({ pdf, t, num }: Doc, v: Value, withNumber: boolean) {
  if (v.numericValue !== null && withNumber)
    pdf.lines([`${num.format(v.numericValue)} ${v.unit ?? ''}`.trim()]);
  if (v.textValue) pdf.lines([v.textValue]);
  if (v.tableValue?.length) {
    const cols = Math.max(...v.tableValue.map((row) => row.length));
    const widths = Array.from({ length: cols }, () => pdf.width / cols);
    v.tableValue.forEach((row, i) => pdf.row(row, widths, { header: i === 0 }));
  }
  if (v.files.length) pdf.lines([`${t.files}: ${v.files.map((f) => f.fileName).join(', ')}`]);
}

/** The report's data for its PDF. */
async function reportData(ctx: AppContext, actor: Actor, id: string) {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  const analysis = r.materialityAnalysisId
    ? await repo.findAnalysis(ctx.db, companyId, r.materialityAnalysisId)
    : null;
  return {
    r,
    company: await findCompany(ctx.db, companyId),
    logo: (await documentIssuer(ctx.db, companyId)).logo,
    entries: await scopeEntriesOf(ctx.db, companyId, r.id),
    results: analysis ? (await fullAnalysis(ctx.db, companyId, analysis.id)).dto : null,
    e16: await e16Of(ctx, companyId, r),
  };
}

/** GET csrd-reports/{id}/export: the report as PDF, base64 with its file name (seed 001 §7). */
export async function exportReport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
  now = new Date(),
) {
  const { r, company, logo, entries, results, e16 } = await reportData(ctx, actor, id);
  const t = T[lang];
  const pdf = createPdf({
    title: `${t.title} ${r.year}`,
    frame: {
      lang,
      company: company?.name ?? '',
      logo,
      documentId: `CSRD-${r.year}-${r.id.slice(0, 8).toUpperCase()}`,
    },
  });
  const doc: Doc = {
    pdf,
    t,
    lang,
    num: new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 3 }),
  };
  const done = collect(pdf.doc);
  pdf.cover(`${t.title} ${r.year}`, { lang, period: String(r.year), issuedAt: now });
  if (company) pdf.field(t.company, company.name);
  printMateriality(doc, results, r.materialityAnalysisName);
  const valueOf = (scope: CsrdScopeCode, code: string) =>
    entries.find((e) => e.scope === scope)?.indicatorValues.find((v) => v.indicator === code);
  const e16Part = printClimate(doc, e16, valueOf);
  printTopics(doc, r, entries, valueOf, e16Part);
  pdf.heading(t.sources, { size: 11 });
  pdf.lines([...t.sourceLines], { size: 8.5 });
  pdf.note(t.note);
  pdf.end();
  const buffer = await done;
  return {
    fileName: `csrd-report-${r.year}.pdf`,
    mimeType: 'application/pdf',
    data: buffer.toString('base64'),
  };
}

type ValueOf = (scope: CsrdScopeCode, code: string) => Value | undefined;

/**
 * The E1 figures up front (E1-5, E1-6). The carbon footprint's E1-6 of the year is shown whenever
 * there is one; an entered figure stands beside it with its reconciliation. Answers how E1-6 prints
 * again under its requirement.
 */
function printClimate(doc: Doc, e16: E16, valueOf: ValueOf) {
  const { pdf, t, num } = doc;
  const cfcRows = cfcRowsOf(e16, doc);
  const takeOver = cfcRows.length > 0;
  const e16Value = valueOf('E1', 'E1-6');
  const printE16 = () => {
    if (takeOver) {
      pdf.lines([t.fromCfc], { size: 9 });
      pdf.table(
        [
          { header: t.figure, width: 0.6 },
          { header: t.value, width: 0.4 },
        ],
        cfcRows,
      );
      if (e16Value?.numericValue != null)
        pdf.field(t.entered, `${num.format(e16Value.numericValue)} ${e16Value.unit ?? ''}`.trim());
    }
    const lines = reconciliationOf(e16, doc);
    if (lines.length) pdf.lines(lines, { size: 9 });
  };
  pdf.heading(t.climate);
  const climate = CLIMATE_DRS.map((code) => ({ code, v: valueOf('E1', code) })).filter(
    (x) => x.v?.numericValue != null,
  );
  if (!climate.length && !takeOver) pdf.lines([t.noClimate]);
  for (const { code, v } of climate)
    if (!(code === 'E1-6' && takeOver))
      pdf.field(code, `${num.format(v!.numericValue!)} ${v!.unit ?? ''}`.trim());
  printE16();
  return { takeOver, printE16 };
}

/**
 * Every topic of the report with the requirements it owes after the assessment (titled in the
 * reader's language) and any other one with a value, marked voluntary; then the IRO-1-related
 * requirements of topics outside the report, owed all the same (ESRS 1 §29).
 */
function printTopics(
  doc: Doc,
  r: Awaited<ReturnType<typeof reportOf>>,
  entries: Entries,
  valueOf: ValueOf,
  e16: ReturnType<typeof printClimate>,
) {
  const { pdf, t, lang } = doc;
  const categories = r.categories.map(categoryOf);
  for (const c of categories) {
    pdf.heading(`${c.id} ${scopeName(c.id)[lang]}`, { size: 14 });
    const status = t.statuses[r.statuses[c.id] ?? 'todo'];
    pdf.lines(
      [`${t.status}: ${status}${c.mandatory ? ` · ${t.mandatory}` : ''} · ${categoryOfScope(c.id)}`],
      {
        size: 9,
      },
    );
    const filled = new Set(
      (entries.find((e) => e.scope === c.id)?.indicatorValues ?? []).map((v) => v.indicator),
    );
    for (const { requirement: dr, owed } of shownRequirements(c, drsOf(c.id, lang), filled)) {
      pdf.heading(`${dr.code} ${dr.title}`, { size: 10, keep: 40, bodySize: 9 });
      if (!owed) pdf.lines([t.voluntary], { size: 8.5 });
      const isE16 = c.id === 'E1' && dr.code === 'E1-6';
      if (isE16) e16.printE16();
      const v = valueOf(c.id, dr.code);
      if (v && (v.numericValue !== null || v.textValue || v.tableValue?.length || v.files.length))
        printValue(doc, v, !(isE16 && e16.takeOver));
      else if (!(isE16 && e16.takeOver)) pdf.lines([t.empty]);
    }
  }
  const outside = processDisclosures(categories);
  if (!outside.length) return;
  pdf.heading(t.processTitle, { size: 11 });
  pdf.lines(
    outside.map((code) => `${code} ${drTitle(DR_BY_CODE.get(code)!, lang)}`),
    { size: 9 },
  );
}
