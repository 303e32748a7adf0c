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
import { t as message } from '@klimadesk/contract/messages';

const T = {
  de: {
    title: message('de', 'csrd.pdf.title'),
    year: message('de', 'csrd.pdf.year'),
    company: message('de', 'csrd.pdf.company'),
    created: message('de', 'csrd.pdf.created'),
    materiality: message('de', 'csrd.pdf.materiality'),
    analysis: message('de', 'csrd.pdf.analysis'),
    scaleThreshold: message('de', 'csrd.pdf.scaleThreshold'),
    topic: message('de', 'csrd.pdf.topic'),
    impact: message('de', 'csrd.pdf.impact'),
    financial: message('de', 'csrd.pdf.financial'),
    material: message('de', 'csrd.pdf.material'),
    yes: message('de', 'csrd.pdf.yes'),
    no: message('de', 'csrd.pdf.no'),
    noAnalysis: message('de', 'csrd.pdf.noAnalysis'),
    climate: message('de', 'csrd.pdf.climate'),
    noClimate: message('de', 'csrd.pdf.noClimate'),
    status: message('de', 'csrd.pdf.status'),
    mandatory: message('de', 'csrd.pdf.mandatory'),
    statuses: {
      todo: message('de', 'csrd.pdf.statuses.todo'),
      progress: message('de', 'csrd.pdf.statuses.progress'),
      done: message('de', 'csrd.pdf.statuses.done'),
    } as Record<string, string>,
    empty: message('de', 'csrd.pdf.empty'),
    voluntary: message('de', 'csrd.pdf.voluntary'),
    processTitle: message('de', 'csrd.pdf.processTitle'),
    files: message('de', 'csrd.pdf.files'),
    fromCfc: message('de', 'csrd.pdf.fromCfc'),
    scope1: message('de', 'csrd.pdf.scope1'),
    scope2Location: message('de', 'csrd.pdf.scope2Location'),
    scope2Market: message('de', 'csrd.pdf.scope2Market'),
    scope3: message('de', 'csrd.pdf.scope3'),
    total: message('de', 'csrd.pdf.total'),
    totalLocation: message('de', 'csrd.pdf.totalLocation'),
    totalMarket: message('de', 'csrd.pdf.totalMarket'),
    scope3Category: (n: number | null) =>
      n === null
        ? message('de', 'csrd.pdf.scope3NoCategory')
        : message('de', 'csrd.pdf.scope3Category', { n }),
    biogenic: message('de', 'csrd.pdf.biogenic'),
    intensityLocation: message('de', 'csrd.pdf.intensityLocation'),
    intensityMarket: message('de', 'csrd.pdf.intensityMarket'),
    perMillion: message('de', 'csrd.pdf.perMillion'),
    entered: message('de', 'csrd.pdf.entered'),
    matches: message('de', 'csrd.pdf.matches'),
    manualOnly: message('de', 'csrd.pdf.manualOnly'),
    difference: (l: string, m: string) => message('de', 'csrd.pdf.difference', { l, m }),
    reconciled: message('de', 'csrd.pdf.reconciled'),
    unreconciled: message('de', 'csrd.pdf.unreconciled'),
    rules: message('de', 'csrd.pdf.rules'),
    formula: {
      mean: message('de', 'csrd.pdf.formula.mean'),
      max: message('de', 'csrd.pdf.formula.max'),
    },
    irremediability: message('de', 'csrd.pdf.irremediability'),
    thresholds: message('de', 'csrd.pdf.thresholds'),
    figure: message('de', 'csrd.pdf.figure'),
    value: message('de', 'csrd.pdf.value'),
    matrix: message('de', 'csrd.pdf.matrix'),
    impactAxis: message('de', 'csrd.pdf.impactAxis'),
    financialAxis: message('de', 'csrd.pdf.financialAxis'),
    sources: message('de', 'csrd.pdf.sources'),
    sourceLines: [message('de', 'csrd.pdf.sourceLines.0'), message('de', 'csrd.pdf.sourceLines.1')],
    note: message('de', 'csrd.pdf.note'),
  },
  en: {
    title: message('en', 'csrd.pdf.title'),
    year: message('en', 'csrd.pdf.year'),
    company: message('en', 'csrd.pdf.company'),
    created: message('en', 'csrd.pdf.created'),
    materiality: message('en', 'csrd.pdf.materiality'),
    analysis: message('en', 'csrd.pdf.analysis'),
    scaleThreshold: message('en', 'csrd.pdf.scaleThreshold'),
    topic: message('en', 'csrd.pdf.topic'),
    impact: message('en', 'csrd.pdf.impact'),
    financial: message('en', 'csrd.pdf.financial'),
    material: message('en', 'csrd.pdf.material'),
    yes: message('en', 'csrd.pdf.yes'),
    no: message('en', 'csrd.pdf.no'),
    noAnalysis: message('en', 'csrd.pdf.noAnalysis'),
    climate: message('en', 'csrd.pdf.climate'),
    noClimate: message('en', 'csrd.pdf.noClimate'),
    status: message('en', 'csrd.pdf.status'),
    mandatory: message('en', 'csrd.pdf.mandatory'),
    statuses: {
      todo: message('en', 'csrd.pdf.statuses.todo'),
      progress: message('en', 'csrd.pdf.statuses.progress'),
      done: message('en', 'csrd.pdf.statuses.done'),
    } as Record<string, string>,
    empty: message('en', 'csrd.pdf.empty'),
    voluntary: message('en', 'csrd.pdf.voluntary'),
    processTitle: message('en', 'csrd.pdf.processTitle'),
    files: message('en', 'csrd.pdf.files'),
    fromCfc: message('en', 'csrd.pdf.fromCfc'),
    scope1: message('en', 'csrd.pdf.scope1'),
    scope2Location: message('en', 'csrd.pdf.scope2Location'),
    scope2Market: message('en', 'csrd.pdf.scope2Market'),
    scope3: message('en', 'csrd.pdf.scope3'),
    total: message('en', 'csrd.pdf.total'),
    totalLocation: message('en', 'csrd.pdf.totalLocation'),
    totalMarket: message('en', 'csrd.pdf.totalMarket'),
    scope3Category: (n: number | null) =>
      n === null
        ? message('en', 'csrd.pdf.scope3NoCategory')
        : message('en', 'csrd.pdf.scope3Category', { n }),
    biogenic: message('en', 'csrd.pdf.biogenic'),
    intensityLocation: message('en', 'csrd.pdf.intensityLocation'),
    intensityMarket: message('en', 'csrd.pdf.intensityMarket'),
    perMillion: message('en', 'csrd.pdf.perMillion'),
    entered: message('en', 'csrd.pdf.entered'),
    matches: message('en', 'csrd.pdf.matches'),
    manualOnly: message('en', 'csrd.pdf.manualOnly'),
    difference: (l: string, m: string) => message('en', 'csrd.pdf.difference', { l, m }),
    reconciled: message('en', 'csrd.pdf.reconciled'),
    unreconciled: message('en', 'csrd.pdf.unreconciled'),
    rules: message('en', 'csrd.pdf.rules'),
    formula: {
      mean: message('en', 'csrd.pdf.formula.mean'),
      max: message('en', 'csrd.pdf.formula.max'),
    },
    irremediability: message('en', 'csrd.pdf.irremediability'),
    thresholds: message('en', 'csrd.pdf.thresholds'),
    figure: message('en', 'csrd.pdf.figure'),
    value: message('en', 'csrd.pdf.value'),
    matrix: message('en', 'csrd.pdf.matrix'),
    impactAxis: message('en', 'csrd.pdf.impactAxis'),
    financialAxis: message('en', 'csrd.pdf.financialAxis'),
    sources: message('en', 'csrd.pdf.sources'),
    sourceLines: [message('en', 'csrd.pdf.sourceLines.0'), message('en', 'csrd.pdf.sourceLines.1')],
    note: message('en', 'csrd.pdf.note'),
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
