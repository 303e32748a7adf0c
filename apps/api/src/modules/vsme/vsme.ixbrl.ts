/**
 * The VSME report as an Inline XBRL 1.1 document (issue 40): an XHTML page a browser shows like the
 * report screen, whose figures and texts are tagged against EFRAG's VSME taxonomy (entry point
 * 2026-05-01, `link:schemaRef`). Figures are `ix:nonFraction` with unit, decimals, scale and the
 * TR4 number format of the language (`ixt:num-comma-decimal` German, `ixt:num-dot-decimal`
 * English), a negative one with `sign="-"`; texts, yes/no (`ixt:fixed-true`/`-false`), dates and
 * text blocks (`escape="true"`) are `ix:nonNumeric`; enumerations state the members' expanded
 * names (Extensible Enumerations 2.0) in `ix:hidden`, their labels shown in the body. Contexts name
 * the entity (LEI, EUID, DUNS or PermID as EFRAG's converter accepts them), the period by the
 * concept's period type and, in the scenario, the table's dimension member; units come from the
 * Units Type Registry. The report package is a zip after the XBRL Report Packages 1.0 spec.
 */
import JSZip from 'jszip';
import {
  VSME_IDENTIFIER_SCHEMES,
  type Language,
  type VsmeDatapointData,
  type VsmeFact,
  type VsmeIdentifierScheme,
  isNumericKind,
} from '@klimadesk/contract';
import { NS, contextElement, esc, safeName, unitElement } from '../../platform/ixbrl.ts';
import { documentPeriod } from '../../platform/pdf.ts';
import { placementOf, unitById, vsmeCatalogue } from './vsme.catalogue.ts';
import { type DocCell, type DocDisclosure, groupHasValues } from './vsme.document.ts';
import { formatNumber, formatValue, shownFigure, unitText, yesNo } from './vsme.format.ts';
import { vsmeTexts } from './vsme.texts.ts';
import { type Period, type ReportFrame, periodFor } from './vsme.validate.ts';

export { NS, esc, safeName };

/** `vsme:OptionABasicModuleOnlyMember` → `https://…/vsme#OptionABasicModuleOnlyMember` (enum2 expanded name). */
export function expandedName(qname: string): string {
  const [prefix, local] = qname.split(':');
  return `${vsmeCatalogue().namespaces[prefix]}#${local}`;
}

type Resources = { contexts: Map<string, string>; units: Set<string>; xml: string[] };

function contextXml(id: string, frame: ReportFrame, period: Period, dimension: string): string {
  const scheme = VSME_IDENTIFIER_SCHEMES[frame.identifierScheme as VsmeIdentifierScheme];
  return contextElement(id, { scheme, identifier: frame.identifier ?? '' }, period, dimension);
}

/** The scenario of a fact's context: the table's explicit or typed member; none for a default member. */
function dimensionXml(concept: string, member: string): string {
  const t = placementOf(concept, member)?.group.table;
  if (!t || member === '') return '';
  if (t.kind === 'typed') {
    const el = t.typedElement ?? 'vsme:TYP';
    return `<xbrldi:typedMember dimension="${t.axis}"><${el}>${esc(member.slice('typed:'.length))}</${el}></xbrldi:typedMember>`;
  }
  return `<xbrldi:explicitMember dimension="${t.axis}">${member}</xbrldi:explicitMember>`;
}

function contextRef(r: Resources, frame: ReportFrame, dp: VsmeDatapointData, member: string): string {
  const period = periodFor(dp, frame);
  const dimension = dimensionXml(dp.concept, member);
  const key = `${JSON.stringify(period)}|${dimension}`;
  let id = r.contexts.get(key);
  if (!id) {
    id = `c${r.contexts.size + 1}`;
    r.contexts.set(key, id);
    r.xml.push(contextXml(id, frame, period, dimension));
  }
  return id;
}

function unitRef(r: Resources, unitId: string): string {
  const id = `u-${unitId}`;
  if (!r.units.has(unitId)) {
    r.units.add(unitId);
    const u = unitById(unitId);
    if (!u) throw new Error(`unit ${unitId} is not in the catalogue`);
    r.xml.push(unitElement(id, u));
  }
  return id;
}

type Writer = { r: Resources; frame: ReportFrame; lang: Language; hidden: string[]; next: () => string };

/** The tagged value of one fact, as the body shows it. */
function taggedValue(w: Writer, { dp, fact }: DocCell): string {
  const ctx = contextRef(w.r, w.frame, dp, fact.member);
  const id = w.next();
  const v = fact.value;
  if (isNumericKind(dp.kind) && typeof v === 'number') {
    const f = shownFigure(dp.kind, v);
    const format = w.lang === 'de' ? 'ixt:num-comma-decimal' : 'ixt:num-dot-decimal';
    const unit = unitText(dp.kind, w.lang);
    return `${f.negative ? '−' : ''}<ix:nonFraction id="${id}" name="${dp.concept}" contextRef="${ctx}" unitRef="${unitRef(w.r, dp.unit as string)}" decimals="${f.decimals}" scale="${f.scale}" format="${format}"${f.negative ? ' sign="-"' : ''}>${formatNumber(f.shown, f.digits, w.lang)}</ix:nonFraction>${unit ? ` ${esc(unit)}` : ''}`;
  }
  if (typeof v === 'boolean')
    return `<ix:nonNumeric id="${id}" name="${dp.concept}" contextRef="${ctx}" format="ixt:fixed-${v}">${yesNo(v, w.lang)}</ix:nonNumeric>`;
  if (dp.kind === 'enum' || dp.kind === 'enumSet') {
    // A set of members as its canonical form: expanded names in code-point order (Extensible Enumerations 2.0).
    const members = (Array.isArray(v) ? v : [String(v)])
      .map(expandedName)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .join(' ');
    w.hidden.push(
      `<ix:nonNumeric id="${id}" name="${dp.concept}" contextRef="${ctx}">${esc(members)}</ix:nonNumeric>`,
    );
    return `<span style="-ix-hidden:${id}">${esc(formatValue(dp, v, w.lang))}</span>`;
  }
  if (dp.kind === 'textBlock') {
    const paragraphs = String(v)
      .split(/\n{2,}|\r\n\r\n/)
      .map((p) => `<p>${esc(p).replace(/\r?\n/g, '<br/>')}</p>`)
      .join('');
    return `<ix:nonNumeric id="${id}" name="${dp.concept}" contextRef="${ctx}" escape="true">${paragraphs}</ix:nonNumeric>`;
  }
  return `<ix:nonNumeric id="${id}" name="${dp.concept}" contextRef="${ctx}">${esc(String(v))}</ix:nonNumeric>`;
}

function originNote(fact: VsmeFact, lang: Language): string {
  const t = vsmeTexts(lang);
  if (fact.origin === 'prefilled' && fact.prefill) return t.sourceOf(fact.prefill.source);
  if (fact.origin === 'overridden' && fact.prefill)
    return `${t.overridden} (${t.footprintWas}: ${formatValue(placementOf(fact.concept, fact.member)?.datapoint as VsmeDatapointData, fact.prefill.value, lang)}); ${t.reason}: ${fact.overrideReason ?? ''}`;
  return '';
}

function disclosureXml(w: Writer, d: DocDisclosure): string {
  const t = vsmeTexts(w.lang);
  const head = `<h2>${esc(d.code)} ${esc(d.label)}</h2>`;
  if (d.notApplicable) return `<section>${head}<p class="muted">${esc(t.notApplicable)}</p></section>`;
  const groups = d.groups.filter(groupHasValues).map((g) => {
    if (g.table) {
      const cols = g.table.columns;
      const header = `<tr><th>${esc(g.table.axisLabel)}</th>${cols.map((c) => `<th>${esc(formatLabel(c, w.lang))}</th>`).join('')}</tr>`;
      const rows = g.table.rows
        .map(
          (row) =>
            `<tr><td>${esc(row.label)}</td>${row.cells.map((c) => `<td class="v">${c ? taggedValue(w, c) : '–'}</td>`).join('')}</tr>`,
        )
        .join('');
      return `<h3>${esc(g.label)}</h3><div class="scroll"><table>${header}${rows}</table></div>`;
    }
    const rows = g.items
      .map((c) => {
        const note = originNote(c.fact, w.lang);
        return `<tr><td style="padding-left:${c.dp.depth * 1.2 + 0.4}em">${esc(formatLabel(c.dp, w.lang))}</td><td class="v">${taggedValue(w, c)}</td><td class="muted">${esc(note)}</td></tr>`;
      })
      .join('');
    return `<h3>${esc(g.label)}</h3><table>${rows}</table>`;
  });
  return `<section>${head}${groups.length ? groups.join('') : `<p class="muted">${esc(t.nothing)}</p>`}</section>`;
}

const LABELS = new Map<string, string>();
/** A datapoint's label in the language (cached: the document repeats table columns). */
function formatLabel(dp: VsmeDatapointData, lang: Language): string {
  const key = `${lang}|${dp.concept}`;
  let label = LABELS.get(key);
  if (!label) {
    label = (lang === 'de' ? dp.labels.de : null) ?? dp.labels.en;
    LABELS.set(key, label);
  }
  return label;
}

const STYLE =
  'body{font-family:"DejaVu Sans",Arial,sans-serif;margin:2em auto;max-width:60em;color:#1f2937;padding:0 1em}' +
  'h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #c7ccd4}h3{font-size:1em;margin-top:1.2em}' +
  'table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.3em .4em;text-align:left;vertical-align:top}' +
  '.v{text-align:right;white-space:nowrap}.muted{color:#6b7280;font-size:.9em}.scroll{overflow-x:auto}';

export type IxbrlInput = {
  company: string;
  year: number;
  frame: ReportFrame;
  disclosures: DocDisclosure[];
  lang: Language;
};

/** The XHTML document of a report's facts (those the validation let through). */
export function ixbrlDocument(input: IxbrlInput): string {
  const { frame, lang } = input;
  const t = vsmeTexts(lang);
  let n = 0;
  const w: Writer = {
    r: { contexts: new Map(), units: new Set(), xml: [] },
    frame,
    lang,
    hidden: [],
    next: () => `f${++n}`,
  };
  const body = input.disclosures.map((d) => disclosureXml(w, d)).join('\n');
  const c = vsmeCatalogue();
  const ns = Object.entries({ ...NS, ...c.namespaces })
    .filter(([p]) => p !== 'xhtml')
    .map(([p, uri]) => ` xmlns:${p}="${esc(uri)}"`)
    .join('');
  const title = t.title(input.year);
  const header = `<div style="display:none"><ix:header>${w.hidden.length ? `<ix:hidden>${w.hidden.join('')}</ix:hidden>` : ''}<ix:references><link:schemaRef xlink:type="simple" xlink:href="${esc(c.entryPoint)}"/></ix:references><ix:resources>${w.r.xml.join('')}</ix:resources></ix:header></div>`;
  const facts = [
    [t.company, input.company],
    [t.identifier, `${(frame.identifierScheme ?? '').toUpperCase()} ${frame.identifier ?? ''}`],
    [t.period, documentPeriod(frame.periodStart, frame.periodEnd, lang)],
    [t.option, frame.comprehensive ? t.optionB : t.optionA],
  ]
    .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="${NS.xhtml}"${ns} xml:lang="${lang}" lang="${lang}">
<head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/><title>${esc(`${title} – ${input.company}`)}</title><style>${STYLE}</style></head>
<body>
${header}
<h1>${esc(title)}</h1>
<p class="muted">${esc(t.subtitle)}</p>
<table>${facts}</table>
${body}
<h2>${esc(t.methodTitle)}</h2>
${t.method.map((m) => `<p class="muted">${esc(m)}</p>`).join('')}
</body>
</html>
`;
}

/**
 * An XBRL report package (Report Packages 1.0, 2023): one top-level folder with
 * `META-INF/reportPackage.json` naming the package type, and the Inline XBRL document in `reports/`.
 * Unconstrained (`.zip`), as EFRAG's converter writes it.
 */
export async function reportPackage(xhtml: string, top: string, fileName: string): Promise<Buffer> {
  const zip = new JSZip();
  const folder = zip.folder(top) as JSZip;
  folder.file(
    'META-INF/reportPackage.json',
    `${JSON.stringify({ documentInfo: { documentType: 'https://xbrl.org/report-package/2023' } }, null, 2)}\n`,
  );
  folder.file(`reports/${fileName}`, xhtml);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
