/**
 * The CSRD report's ESRS E1 climate figures as an Inline XBRL 1.1 document (issue 40): an XHTML
 * page a browser shows, its E1-6 figures tagged against EFRAG's ESRS Set 1 taxonomy (2023-12-22,
 * referenced by `link:schemaRef`, not shipped) with the concepts of `csrd.ixbrl.concepts.ts`.
 * The figures are those of `GET …/e1-6` (`e16Of`), so screen, PDF and XBRL agree: tonnes with three
 * decimals (kg precision of the footprint), intensities per EUR million shown with two decimals and
 * tagged per EUR (`scale="-6"`, ESRS unit tCO2e/EUR). The E1-6 narrative is a block tag
 * (`escape="true"`). Before export every fact is checked against the table (concept, period type,
 * unit, value); a failure answers `vsmeValidationFailed`, the VSME export's error, in plain words.
 */
import {
  type CsrdE16,
  type Language,
  VSME_IDENTIFIER_SCHEMES,
  type VsmeIdentifierScheme,
} from '@klimadesk/contract';
import { type MessageKey, t as message } from '@klimadesk/contract/messages';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type IxPeriod, NS, contextElement, esc, safeName, unitElement } from '../../platform/ixbrl.ts';
import { documentIssuer } from '../../platform/pdf-company.ts';
import { documentPeriod } from '../../platform/pdf.ts';
import { identifierFits, vsmeEntityIdentifier } from '../vsme/index.ts';
import { e16Of } from './csrd.cfc.ts';
import {
  ESRS_E1_CONCEPTS,
  ESRS_ENTRY_POINT,
  ESRS_NAMESPACE,
  ESRS_UNITS,
  type EsrsFigure,
  type EsrsUnitId,
  esrsConcept,
} from './csrd.ixbrl.concepts.ts';
import * as repo from './csrd.repository.ts';
import { csrdCompany, reportOf } from './csrd.service.ts';

/** One fact as the document states it; `shown` digits after the decimal point, `scale` of the shown number. */
export type EsrsFact = {
  figure: EsrsFigure;
  concept: string;
  period: IxPeriod;
  unit: EsrsUnitId | null;
  value: number | string;
  shownDecimals: number;
  scale: number;
};

/** Period and entity; `scheme` the identifier scheme's key (`lei`, `euid` …) when checked, its URI in the document. */
export type EsrsFrame = { periodStart: string; periodEnd: string; scheme: string; identifier: string | null };

const TONNE_DECIMALS = 3;
const INTENSITY_DECIMALS = 2;

/** The facts of an E1-6 statement and its E1-6 narrative: only figures the statement has. */
export function esrsFacts(e16: CsrdE16, narrative: string | null, frame: EsrsFrame): EsrsFact[] {
  const period: IxPeriod = { kind: 'duration', start: frame.periodStart, end: frame.periodEnd };
  const fact = (figure: EsrsFigure, value: number | string, shownDecimals = 0, scale = 0): EsrsFact => ({
    figure,
    concept: ESRS_E1_CONCEPTS[figure].qname,
    period,
    unit: ESRS_E1_CONCEPTS[figure].unit,
    value,
    shownDecimals,
    scale,
  });
  const facts: EsrsFact[] = [];
  const f = e16.footprint;
  if (f) {
    // kg CO2e of the footprint in t CO2e, the unit of E1-6 (ESRS E1 §44).
    const t = (figure: EsrsFigure, kg: number) => facts.push(fact(figure, kg / 1000, TONNE_DECIMALS));
    t('scope1', f.scope1Kg);
    t('scope2LocationBased', f.scope2LocationBasedKg);
    t('scope2MarketBased', f.scope2MarketBasedKg);
    t('scope3', f.scope3Kg);
    t('totalLocationBased', f.totalLocationBasedKg);
    t('totalMarketBased', f.totalMarketBasedKg);
  }
  // t CO2e per EUR million on screen (ESRS E1 §53) = 10^-6 t CO2e per EUR, the taxonomy's unit.
  if (e16.intensityLocationBased !== null)
    facts.push(fact('intensityLocationBased', e16.intensityLocationBased / 1e6, INTENSITY_DECIMALS, -6));
  if (e16.intensityMarketBased !== null)
    facts.push(fact('intensityMarketBased', e16.intensityMarketBased / 1e6, INTENSITY_DECIMALS, -6));
  if (narrative?.trim()) facts.push(fact('ghgNarrative', narrative));
  return facts;
}

export type EsrsProblem =
  | 'unknownConcept'
  | 'periodType'
  | 'unit'
  | 'dataType'
  | 'identifierMissing'
  | 'identifierInvalid'
  | 'periodInvalid'
  | 'noFacts';

/** A fact's problems against the concept table (the VSME validation's checks, for the E1 table). */
export function checkEsrsFact(fact: EsrsFact): EsrsProblem[] {
  const c = esrsConcept(fact.concept);
  if (!c) return ['unknownConcept'];
  const problems: EsrsProblem[] = [];
  if (fact.period.kind !== c.periodType) problems.push('periodType');
  const unit = fact.unit ? ESRS_UNITS[fact.unit] : null;
  if (c.dataType === 'textBlock' ? unit !== null : unit?.itemType !== c.dataType) problems.push('unit');
  const fits =
    c.dataType === 'textBlock'
      ? typeof fact.value === 'string' && fact.value.trim() !== ''
      : typeof fact.value === 'number' && Number.isFinite(fact.value);
  if (!fits) problems.push('dataType');
  return problems;
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** The report-level problems and each failing fact (figure and its problems). */
export function validateEsrs(facts: EsrsFact[], frame: EsrsFrame) {
  const reportProblems: EsrsProblem[] = [];
  if (!frame.identifier) reportProblems.push('identifierMissing');
  else if (!identifierFits(frame.scheme, frame.identifier)) reportProblems.push('identifierInvalid');
  if (!isDay(frame.periodStart) || !isDay(frame.periodEnd) || frame.periodStart > frame.periodEnd)
    reportProblems.push('periodInvalid');
  if (!facts.some((f) => typeof f.value === 'number')) reportProblems.push('noFacts');
  const failing = facts
    .map((f) => ({ figure: f.figure, problems: checkEsrsFact(f) }))
    .filter((c) => c.problems.length > 0);
  return { valid: reportProblems.length === 0 && failing.length === 0, reportProblems, failing };
}

/** The problems in plain words of the language: which figure, what is wrong. */
export function plainProblems(v: ReturnType<typeof validateEsrs>, lang: Language): string[] {
  const say = (p: EsrsProblem) => message(lang, `csrd.ixbrl.problems.${p}`);
  return [
    ...v.reportProblems.map(say),
    ...v.failing.flatMap((c) => c.problems.map((p) => `${figureLabel(c.figure, lang)}: ${say(p)}`)),
  ];
}

const LABEL_KEYS: Record<EsrsFigure, MessageKey> = {
  scope1: 'csrd.pdf.scope1',
  scope2LocationBased: 'csrd.pdf.scope2Location',
  scope2MarketBased: 'csrd.pdf.scope2Market',
  scope3: 'csrd.pdf.scope3',
  totalLocationBased: 'csrd.pdf.totalLocation',
  totalMarketBased: 'csrd.pdf.totalMarket',
  intensityLocationBased: 'csrd.pdf.intensityLocation',
  intensityMarketBased: 'csrd.pdf.intensityMarket',
  ghgNarrative: 'csrd.ixbrl.narrative',
};
/** Our own label of a figure (the PDF's), never the taxonomy's label text. */
const figureLabel = (figure: EsrsFigure, lang: Language) => message(lang, LABEL_KEYS[figure]);

/** A number in the language's format, the TR4 transform that reads it back. */
function shownNumber(n: number, decimals: number, lang: Language) {
  const text = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(n);
  return { text, format: lang === 'de' ? 'ixt:num-comma-decimal' : 'ixt:num-dot-decimal' };
}

type Header = {
  contexts: Map<string, string>;
  units: Set<string>;
  xml: string[];
  entity: { scheme: string; identifier: string };
};

function contextRef(h: Header, period: IxPeriod): string {
  const key = JSON.stringify(period);
  let id = h.contexts.get(key);
  if (!id) {
    id = `c${h.contexts.size + 1}`;
    h.contexts.set(key, id);
    h.xml.push(contextElement(id, h.entity, period));
  }
  return id;
}

function unitRef(h: Header, unit: EsrsUnitId): string {
  const id = `u-${unit}`;
  if (!h.units.has(unit)) {
    h.units.add(unit);
    h.xml.push(unitElement(id, ESRS_UNITS[unit]));
  }
  return id;
}

/** The tagged value of one fact; figures with unit, decimals, scale and sign, the narrative as a block. */
function taggedFact(h: Header, f: EsrsFact, id: string, lang: Language): string {
  const ctx = contextRef(h, f.period);
  if (typeof f.value === 'string') {
    const paragraphs = f.value
      .split(/\r?\n\s*\r?\n/)
      .map((p) => `<p>${esc(p).replace(/\r?\n/g, '<br/>')}</p>`)
      .join('');
    return `<ix:nonNumeric id="${id}" name="${f.concept}" contextRef="${ctx}" escape="true">${paragraphs}</ix:nonNumeric>`;
  }
  const shown = Math.abs(f.value) / 10 ** f.scale;
  const n = shownNumber(shown, f.shownDecimals, lang);
  const negative = f.value < 0;
  // decimals of the fact value: the shown digits shifted by the scale (two shown per EUR million → 8 per EUR).
  const decimals = f.shownDecimals - f.scale;
  return `${negative ? '−' : ''}<ix:nonFraction id="${id}" name="${f.concept}" contextRef="${ctx}" unitRef="${unitRef(h, f.unit as EsrsUnitId)}" decimals="${decimals}" scale="${f.scale}" format="${n.format}"${negative ? ' sign="-"' : ''}>${n.text}</ix:nonFraction>`;
}

const STYLE =
  'body{font-family:"DejaVu Sans",Arial,sans-serif;margin:2em auto;max-width:60em;color:#1f2937;padding:0 1em}' +
  'h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #c7ccd4}' +
  'table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.3em .4em;text-align:left;vertical-align:top}' +
  '.v{text-align:right;white-space:nowrap}.muted{color:#6b7280;font-size:.9em}';

export type EsrsDocInput = {
  company: string;
  year: number;
  frame: EsrsFrame;
  facts: EsrsFact[];
  lang: Language;
};

/** The XHTML document of the E1 facts (validated before). */
export function esrsIxbrlDocument({ company, year, frame, facts, lang }: EsrsDocInput): string {
  const m = (key: MessageKey) => message(lang, key);
  const h: Header = {
    contexts: new Map(),
    units: new Set(),
    xml: [],
    entity: { scheme: frame.scheme, identifier: frame.identifier ?? '' },
  };
  const unitText = (f: EsrsFact) => (f.unit === 'tCO2e' ? 't CO2e' : m('csrd.pdf.perMillion'));
  const rows = facts
    .filter((f) => typeof f.value === 'number')
    .map(
      (f, i) =>
        `<tr><td>${esc(figureLabel(f.figure, lang))}</td><td class="v">${taggedFact(h, f, `f${i + 1}`, lang)} ${esc(unitText(f))}</td></tr>`,
    )
    .join('');
  const narrative = facts.find((f) => typeof f.value === 'string');
  const block = narrative
    ? `<h2>${esc(figureLabel('ghgNarrative', lang))}</h2>${taggedFact(h, narrative, `f${facts.length}`, lang)}`
    : '';
  const title = `${m('csrd.ixbrl.title')} ${year}`;
  const ns = Object.entries({
    ...NS,
    esrs: ESRS_NAMESPACE,
    utr: 'http://www.xbrl.org/2009/utr',
    iso4217: 'http://www.xbrl.org/2003/iso4217',
  })
    .filter(([p]) => p !== 'xhtml')
    .map(([p, uri]) => ` xmlns:${p}="${esc(uri)}"`)
    .join('');
  const header = `<div style="display:none"><ix:header><ix:references><link:schemaRef xlink:type="simple" xlink:href="${esc(ESRS_ENTRY_POINT)}"/></ix:references><ix:resources>${h.xml.join('')}</ix:resources></ix:header></div>`;
  const head = [
    [m('csrd.pdf.company'), company],
    [m('csrd.ixbrl.identifier'), `${frame.identifier ?? ''}`],
    [m('csrd.ixbrl.period'), documentPeriod(frame.periodStart, frame.periodEnd, lang)],
  ]
    .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="${NS.xhtml}"${ns} xml:lang="${lang}" lang="${lang}">
<head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/><title>${esc(`${title} – ${company}`)}</title><style>${STYLE}</style></head>
<body>
${header}
<h1>${esc(title)}</h1>
<table>${head}</table>
<h2>${esc(m('csrd.ixbrl.e16'))}</h2>
<table>${rows}</table>
${block}
<p class="muted">${esc(m('csrd.ixbrl.method'))}</p>
</body>
</html>
`;
}

/** The E1-6 narrative entered in the report, if any. */
async function e16Narrative(
  ctx: Pick<AppContext, 'db'>,
  companyId: Parameters<typeof e16Of>[1],
  reportId: string,
) {
  const rows = await repo.listValues(ctx.db, companyId, { reportId, scope: 'E1' });
  return rows.find((r) => r.value.indicator === 'E1-6')?.value.textValue ?? null;
}

/**
 * `GET /api/csrd/csrd-reports/{id}/ixbrl`: file name and XHTML. The entity is named as in the
 * company's VSME report (LEI where it has one, else the scheme chosen there); without one the
 * export is refused, like the VSME export.
 */
export async function reportIxbrl(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  const [e16, narrative, entity, issuer] = await Promise.all([
    e16Of(ctx, companyId, r),
    e16Narrative(ctx, companyId, r.id),
    vsmeEntityIdentifier(ctx.db, companyId),
    documentIssuer(ctx.db, companyId),
  ]);
  const scheme = (entity?.scheme ?? 'lei') as VsmeIdentifierScheme;
  const frame: EsrsFrame = {
    periodStart: `${r.year}-01-01`,
    periodEnd: `${r.year}-12-31`,
    scheme,
    identifier: entity?.identifier ?? null,
  };
  const facts = esrsFacts(e16, narrative, frame);
  const validation = validateEsrs(facts, frame);
  if (!validation.valid)
    throw new AppError('vsmeValidationFailed', {
      errors: validation.failing.length + validation.reportProblems.length,
      reportProblems: validation.reportProblems,
      problems: plainProblems(validation, lang),
    });
  const xhtml = esrsIxbrlDocument({
    company: issuer.company,
    year: r.year,
    frame: { ...frame, scheme: VSME_IDENTIFIER_SCHEMES[scheme] },
    facts,
    lang,
  });
  return { fileName: `ESRS-E1-${r.year}-${safeName(issuer.company)}.xhtml`, xhtml };
}
