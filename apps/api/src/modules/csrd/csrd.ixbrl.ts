/**
 * The CSRD report's ESRS E1 climate figures as an Inline XBRL 1.1 document (issue 40): an XHTML
 * page a browser shows, its E1-6 figures tagged against EFRAG's ESRS Set 1 taxonomy (2023-12-22,
 * referenced by `link:schemaRef`, not shipped) with the concepts of `csrd.ixbrl.concepts.ts`.
 * The figures are those of `GET …/e1-6` (`e16Of`), so screen, PDF and XBRL agree: tonnes with three
 * decimals (kg precision of the footprint), intensities per EUR million shown with two decimals and
 * tagged per EUR (`scale="-6"`, ESRS unit tCO2e/EUR). Scope 3 is also tagged per GHG Protocol
 * category (a dimension member), E1-5 energy in MWh where the report holds it, and the text of each
 * E1 disclosure requirement (E1-1 … E1-9) as a block tag (`escape="true"`) of that requirement.
 * Before export every fact is checked against the table (concept, period type, unit, member, value);
 * a failure answers `vsmeValidationFailed`, the VSME export's error, in plain words.
 */
import {
  CSRD_UNITS,
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
import { DR_BY_CODE, drTitle } from './csrd.catalogue.ts';
import { documentIssuer } from '../../platform/pdf-company.ts';
import { documentPeriod } from '../../platform/pdf.ts';
import { identifierFits, vsmeEntityIdentifier } from '../vsme/index.ts';
import { e16Of } from './csrd.cfc.ts';
import {
  E1_NARRATIVES,
  type E1Code,
  ESRS_E1_CONCEPTS,
  ESRS_ENTRY_POINT,
  ESRS_NAMESPACE,
  ESRS_UNITS,
  type EsrsFigure,
  type EsrsUnitId,
  SCOPE3_AXIS,
  SCOPE3_MEMBERS,
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
  /** The scope 3 category member (`SCOPE3_AXIS`) of a per-category fact; the category number beside it. */
  member?: { name: string; category: number | null };
};

/** What the report itself holds for E1: the text of each E1 requirement, E1-5 energy in MWh. */
export type E1Entries = { narratives: Partial<Record<E1Code, string>>; energyMwh: number | null };

/** Period and entity; `scheme` the identifier scheme's key (`lei`, `euid` …) when checked, its URI in the document. */
export type EsrsFrame = { periodStart: string; periodEnd: string; scheme: string; identifier: string | null };

const TONNE_DECIMALS = 3;
const INTENSITY_DECIMALS = 2;

/** Digits to show of a typed figure: as few as keep its value to three decimals (kWh of MWh). */
function typedDecimals(n: number): number {
  for (let d = 0; d < 3; d++) if (Math.abs(Math.round(n * 10 ** d) / 10 ** d - n) < 1e-9) return d;
  return 3;
}

/** The facts of an E1-6 statement, the report's E1-5 energy and its E1 texts: only figures that exist. */
export function esrsFacts(e16: CsrdE16, entries: E1Entries, frame: EsrsFrame): EsrsFact[] {
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
    // The significant scope 3 categories (ESRS E1 §51, AR 46): the same figures as the PDF's rows.
    for (const c of f.scope3Categories) {
      const name = SCOPE3_MEMBERS[c.category ?? 0] ?? SCOPE3_MEMBERS[0];
      facts.push({ ...fact('scope3', c.kg / 1000, TONNE_DECIMALS), member: { name, category: c.category } });
    }
  }
  // t CO2e per EUR million on screen (ESRS E1 §53) = 10^-6 t CO2e per EUR, the taxonomy's unit.
  if (e16.intensityLocationBased !== null)
    facts.push(fact('intensityLocationBased', e16.intensityLocationBased / 1e6, INTENSITY_DECIMALS, -6));
  if (e16.intensityMarketBased !== null)
    facts.push(fact('intensityMarketBased', e16.intensityMarketBased / 1e6, INTENSITY_DECIMALS, -6));
  if (entries.energyMwh !== null)
    facts.push(fact('energyConsumption', entries.energyMwh, typedDecimals(entries.energyMwh)));
  for (const [code, figure] of Object.entries(E1_NARRATIVES) as [E1Code, EsrsFigure][]) {
    const text = entries.narratives[code];
    if (text?.trim()) facts.push(fact(figure, text));
  }
  return facts;
}

export type EsrsProblem =
  | 'unknownConcept'
  | 'member'
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
  // Only scope 3 has a category axis, and only with one of its members.
  if (
    fact.member &&
    (c !== ESRS_E1_CONCEPTS.scope3 || !(SCOPE3_MEMBERS as readonly string[]).includes(fact.member.name))
  )
    problems.push('member');
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

/** The report-level problems and each failing fact with its problems. */
export function validateEsrs(facts: EsrsFact[], frame: EsrsFrame) {
  const reportProblems: EsrsProblem[] = [];
  if (!frame.identifier) reportProblems.push('identifierMissing');
  else if (!identifierFits(frame.scheme, frame.identifier)) reportProblems.push('identifierInvalid');
  if (!isDay(frame.periodStart) || !isDay(frame.periodEnd) || frame.periodStart > frame.periodEnd)
    reportProblems.push('periodInvalid');
  if (!facts.some((f) => typeof f.value === 'number')) reportProblems.push('noFacts');
  const failing = facts
    .map((f) => ({ fact: f, problems: checkEsrsFact(f) }))
    .filter((c) => c.problems.length > 0);
  return { valid: reportProblems.length === 0 && failing.length === 0, reportProblems, failing };
}

/** The problems in plain words of the language: which figure, what is wrong. */
export function plainProblems(v: ReturnType<typeof validateEsrs>, lang: Language): string[] {
  const say = (p: EsrsProblem) => message(lang, `csrd.ixbrl.problems.${p}`);
  return [
    ...v.reportProblems.map(say),
    ...v.failing.flatMap((c) => c.problems.map((p) => `${factLabel(c.fact, lang)}: ${say(p)}`)),
  ];
}

const LABEL_KEYS: Record<Exclude<EsrsFigure, (typeof E1_NARRATIVES)[E1Code]>, MessageKey> = {
  scope1: 'csrd.pdf.scope1',
  scope2LocationBased: 'csrd.pdf.scope2Location',
  scope2MarketBased: 'csrd.pdf.scope2Market',
  scope3: 'csrd.pdf.scope3',
  totalLocationBased: 'csrd.pdf.totalLocation',
  totalMarketBased: 'csrd.pdf.totalMarket',
  intensityLocationBased: 'csrd.pdf.intensityLocation',
  intensityMarketBased: 'csrd.pdf.intensityMarket',
  energyConsumption: 'csrd.ixbrl.energy',
};
const NARRATIVE_CODE = Object.fromEntries(
  Object.entries(E1_NARRATIVES).map(([code, f]) => [f, code]),
) as Record<string, E1Code>;

/** Our own label of a fact (the PDF's, or the requirement's title), never the taxonomy's label text. */
function factLabel(f: Pick<EsrsFact, 'figure' | 'member'>, lang: Language): string {
  if (f.member) {
    const n = f.member.category;
    return n === null
      ? message(lang, 'csrd.pdf.scope3NoCategory')
      : message(lang, 'csrd.pdf.scope3Category', { n });
  }
  const code = NARRATIVE_CODE[f.figure];
  if (code) {
    const dr = DR_BY_CODE.get(code);
    return dr ? `${code} ${drTitle(dr, lang)}` : code;
  }
  return message(lang, LABEL_KEYS[f.figure as keyof typeof LABEL_KEYS]);
}

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

function contextRef(h: Header, period: IxPeriod, member?: string): string {
  const key = JSON.stringify([period, member ?? null]);
  let id = h.contexts.get(key);
  if (!id) {
    id = `c${h.contexts.size + 1}`;
    h.contexts.set(key, id);
    const scenario = member
      ? `<xbrldi:explicitMember dimension="${SCOPE3_AXIS}">${member}</xbrldi:explicitMember>`
      : '';
    h.xml.push(contextElement(id, h.entity, period, scenario));
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
  const ctx = contextRef(h, f.period, f.member?.name);
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
  const unitText = (f: EsrsFact) =>
    f.unit === 'tCO2e' ? 't CO2e' : f.unit === 'MWh' ? 'MWh' : m('csrd.pdf.perMillion');
  // Ids in document order; each fact once.
  let n = 0;
  const row = (f: EsrsFact) =>
    `<tr><td>${esc(factLabel(f, lang))}</td><td class="v">${taggedFact(h, f, `f${++n}`, lang)} ${esc(unitText(f))}</td></tr>`;
  const numbers = facts.filter((f) => typeof f.value === 'number');
  const e16Rows = numbers.filter((f) => !f.member && f.figure !== 'energyConsumption').map(row);
  const scope3Rows = numbers.filter((f) => f.member).map(row);
  const energyRows = numbers.filter((f) => f.figure === 'energyConsumption').map(row);
  const table = (rows: string[]) => (rows.length ? `<table>${rows.join('')}</table>` : '');
  const e16 = `<h2>${esc(m('csrd.ixbrl.e16'))}</h2>${table(e16Rows)}${
    scope3Rows.length ? `<h3>${esc(m('csrd.ixbrl.scope3Categories'))}</h3>${table(scope3Rows)}` : ''
  }`;
  const energy = energyRows.length ? `<h2>${esc(m('csrd.ixbrl.e15'))}</h2>${table(energyRows)}` : '';
  // The texts in the order of the requirements (E1-1 … E1-9), each under its own heading.
  const blocks = facts
    .filter((f) => typeof f.value === 'string')
    .map((f) => `<h2>${esc(factLabel(f, lang))}</h2>${taggedFact(h, f, `f${++n}`, lang)}`)
    .join('');
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
${e16}
${energy}
${blocks}
<p class="muted">${esc(m('csrd.ixbrl.method'))}</p>
</body>
</html>
`;
}

/** The report's E1 entries: each requirement's text, and E1-5 energy converted to MWh from its unit. */
async function e1Entries(
  ctx: Pick<AppContext, 'db'>,
  companyId: Parameters<typeof e16Of>[1],
  reportId: string,
): Promise<E1Entries> {
  const rows = await repo.listValues(ctx.db, companyId, { reportId, scope: 'E1' });
  const narratives: E1Entries['narratives'] = {};
  let energyMwh: number | null = null;
  for (const { value } of rows) {
    if (value.indicator in E1_NARRATIVES && value.textValue?.trim())
      narratives[value.indicator as E1Code] = value.textValue;
    if (value.indicator === 'E1-5' && value.numericValue !== null) {
      // MWh is the energy base unit of the CSRD units (1 kWh = 0.001 MWh); other units are no energy figure.
      const unit = CSRD_UNITS.find((u) => u.id === value.unit && u.unitType === 'energy');
      if (unit) energyMwh = value.numericValue * unit.toBase;
    }
  }
  return { narratives, energyMwh };
}

/**
 * `GET /api/csrd/csrd-reports/{id}/ixbrl`: file name and XHTML. The entity is named as in the
 * company's VSME report (LEI where it has one, else the scheme chosen there); without one the
 * export is refused, like the VSME export.
 */
export async function reportIxbrl(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  const [e16, entries, entity, issuer] = await Promise.all([
    e16Of(ctx, companyId, r),
    e1Entries(ctx, companyId, r.id),
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
  const facts = esrsFacts(e16, entries, frame);
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
