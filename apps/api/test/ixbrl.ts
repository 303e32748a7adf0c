/**
 * Reads an Inline XBRL document back the way an XBRL processor does (issue 40): parsed as XHTML by
 * a strict XML parser (@xmldom/xmldom, any well-formedness error throws), then its facts with their
 * contexts (entity, period, dimension member) and units, figures through their TR4 format, scale and
 * sign. `asCatalogueFacts` turns them into the vsme module's facts, so a test checks the exported
 * document with the same validation the export runs.
 */
import { DOMParser, type Document, type Element, XMLSerializer } from '@xmldom/xmldom';
import type { VsmeValue } from '@klimadesk/contract';
import { placementsOf, vsmeCatalogue } from '../src/modules/vsme/vsme.catalogue.ts';
import type { XbrlFact } from '../src/modules/vsme/vsme.validate.ts';

export const IX = 'http://www.xbrl.org/2013/inlineXBRL';
export const XBRLI = 'http://www.xbrl.org/2003/instance';
const XBRLDI = 'http://xbrl.org/2006/xbrldi';
const LINK = 'http://www.xbrl.org/2003/linkbase';
const XLINK = 'http://www.w3.org/1999/xlink';

export function parseXhtml(text: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`XHTML ${level}: ${message}`);
    },
  }).parseFromString(text, 'application/xhtml+xml');
}

const all = (doc: Document | Element, ns: string, name: string) =>
  Array.from(doc.getElementsByTagNameNS(ns, name)) as Element[];
const text = (el: Element | undefined) => el?.textContent?.trim() ?? '';

export type Context = {
  scheme: string;
  identifier: string;
  period: XbrlFact['period'];
  member: string;
};

export type ParsedFact = {
  id: string;
  concept: string;
  contextRef: string;
  unitRef: string | null;
  decimals: string | null;
  /** Figures after transformation, scale and sign; other facts as their text (escaped ones as markup). */
  value: number | string;
  hidden: boolean;
};

/** The figure of an ix:nonFraction: TR4 `num-dot-decimal` or `num-comma-decimal`, × 10^scale, signed. */
export function figureOf(el: Element): number {
  const format = el.getAttribute('format') ?? '';
  const raw = text(el);
  const plain = format.endsWith('num-comma-decimal')
    ? raw.replace(/[.\s\u00a0]/g, '').replace(',', '.')
    : raw.replace(/[,\s\u00a0]/g, '');
  const scale = Number(el.getAttribute('scale') ?? '0');
  const n = Number(plain) * 10 ** scale;
  return el.getAttribute('sign') === '-' ? -n : n;
}

export function readIxbrl(xhtml: string) {
  const doc = parseXhtml(xhtml);
  const contexts = new Map<string, Context>();
  for (const c of all(doc, XBRLI, 'context')) {
    const id = c.getAttribute('id') as string;
    const identifier = all(c, XBRLI, 'identifier')[0];
    const instant = all(c, XBRLI, 'instant')[0];
    const explicit = all(c, XBRLDI, 'explicitMember')[0];
    const typed = all(c, XBRLDI, 'typedMember')[0];
    contexts.set(id, {
      scheme: identifier?.getAttribute('scheme') ?? '',
      identifier: text(identifier),
      period: instant
        ? { kind: 'instant', date: text(instant) }
        : {
            kind: 'duration',
            start: text(all(c, XBRLI, 'startDate')[0]),
            end: text(all(c, XBRLI, 'endDate')[0]),
          },
      member: explicit ? text(explicit) : typed ? `typed:${text(typed)}` : '',
    });
  }
  const units = new Map<string, string>();
  for (const u of all(doc, XBRLI, 'unit')) {
    const measures = all(u, XBRLI, 'measure').map(text);
    units.set(u.getAttribute('id') as string, measures.join('/'));
  }
  const hidden = new Set(all(doc, IX, 'hidden').flatMap((h) => all(h, IX, 'nonNumeric')));
  const serializer = new XMLSerializer();
  const facts: ParsedFact[] = [
    ...all(doc, IX, 'nonFraction').map((el) => ({
      id: el.getAttribute('id') as string,
      concept: el.getAttribute('name') as string,
      contextRef: el.getAttribute('contextRef') as string,
      unitRef: el.getAttribute('unitRef'),
      decimals: el.getAttribute('decimals'),
      value: figureOf(el),
      hidden: false,
    })),
    ...all(doc, IX, 'nonNumeric').map((el) => {
      const format = el.getAttribute('format');
      const value =
        format === 'ixt:fixed-true'
          ? 'true'
          : format === 'ixt:fixed-false'
            ? 'false'
            : el.getAttribute('escape') === 'true'
              ? Array.from(el.childNodes)
                  .map((n) => serializer.serializeToString(n))
                  .join('')
              : text(el);
      return {
        id: el.getAttribute('id') as string,
        concept: el.getAttribute('name') as string,
        contextRef: el.getAttribute('contextRef') as string,
        unitRef: null,
        decimals: null,
        value,
        hidden: hidden.has(el),
      };
    }),
  ];
  const schemaRefs = all(doc, LINK, 'schemaRef').map((s) => s.getAttributeNS(XLINK, 'href'));
  return { doc, contexts, units, facts, schemaRefs };
}

/** The catalogue's unit id of a unit's measures (`utr:tCO2e`, `utr:tCO2e/iso4217:EUR`). */
function unitIdOf(measures: string): string | null {
  const [a, b] = measures.split('/');
  const u = vsmeCatalogue().units.find((x) =>
    b ? x.numerator === a && x.denominator === b : x.measure === a,
  );
  return u?.id ?? null;
}

/** `https://…/vsme#Member` → `vsme:Member`. */
function qnameOf(expanded: string): string {
  const [ns, local] = expanded.split('#');
  const prefix = Object.entries(vsmeCatalogue().namespaces).find(([, uri]) => uri === ns)?.[0];
  return prefix ? `${prefix}:${local}` : expanded;
}

/** The document's facts as the vsme module's facts (value types by the concept's kind). */
export function asCatalogueFacts(read: ReturnType<typeof readIxbrl>): XbrlFact[] {
  return read.facts.map((f) => {
    const ctx = read.contexts.get(f.contextRef);
    const kind = placementsOf(f.concept)[0]?.datapoint.kind;
    let value: VsmeValue = f.value;
    if (kind === 'boolean') value = f.value === 'true';
    else if (kind === 'enum') value = qnameOf(String(f.value));
    else if (kind === 'enumSet') value = String(f.value).split(/\s+/).map(qnameOf);
    return {
      concept: f.concept,
      member: ctx?.member ?? '?',
      value,
      period: ctx?.period ?? { kind: 'instant', date: '' },
      unit: f.unitRef ? unitIdOf(read.units.get(f.unitRef) ?? '') : null,
    };
  });
}
