/**
 * The generic part of an Inline XBRL 1.1 document (issue 40), shared by the VSME and the CSRD
 * (ESRS E1) exports: the namespaces, escaping, the `xbrli:context` and `xbrli:unit` elements of
 * the hidden header, and the file answer. What a module tags, and its body's layout, stay in the module.
 */
import type { FastifyReply } from 'fastify';

/** A file answer (an Inline XBRL document, a report package): its type and name, never cached, never sniffed. */
export function fileReply(reply: FastifyReply, fileName: string, type: string) {
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  reply.type(type);
}

export const NS = {
  xhtml: 'http://www.w3.org/1999/xhtml',
  ix: 'http://www.xbrl.org/2013/inlineXBRL',
  ixt: 'http://www.xbrl.org/inlineXBRL/transformation/2020-02-12',
  xbrli: 'http://www.xbrl.org/2003/instance',
  link: 'http://www.xbrl.org/2003/linkbase',
  xlink: 'http://www.w3.org/1999/xlink',
  xbrldi: 'http://xbrl.org/2006/xbrldi',
} as const;

export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A context period: the reporting period, or one day for instants. */
export type IxPeriod = { kind: 'duration'; start: string; end: string } | { kind: 'instant'; date: string };

/** One `xbrli:context`: entity (scheme URI and identifier), period, and an optional scenario's markup. */
export function contextElement(
  id: string,
  entity: { scheme: string; identifier: string },
  period: IxPeriod,
  scenario = '',
): string {
  const p =
    period.kind === 'instant'
      ? `<xbrli:instant>${period.date}</xbrli:instant>`
      : `<xbrli:startDate>${period.start}</xbrli:startDate><xbrli:endDate>${period.end}</xbrli:endDate>`;
  return `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="${esc(entity.scheme)}">${esc(entity.identifier)}</xbrli:identifier></xbrli:entity><xbrli:period>${p}</xbrli:period>${scenario ? `<xbrli:scenario>${scenario}</xbrli:scenario>` : ''}</xbrli:context>`;
}

/** A unit as its measures: one (`utr:tCO2e`) or a ratio (`utr:tCO2e` per `iso4217:EUR`). */
export type IxMeasure = { measure?: string | null; numerator?: string | null; denominator?: string | null };

/** One `xbrli:unit` of a single measure or a divide. */
export function unitElement(id: string, u: IxMeasure): string {
  return u.measure
    ? `<xbrli:unit id="${id}"><xbrli:measure>${u.measure}</xbrli:measure></xbrli:unit>`
    : `<xbrli:unit id="${id}"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>${u.numerator}</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>${u.denominator}</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>`;
}

/** A name safe as a file name and zip path segment (`Demo Logistik GmbH` → `Demo-Logistik-GmbH`). */
export const safeName = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'report';
