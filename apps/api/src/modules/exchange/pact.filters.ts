import { PactError } from './pact.errors.ts';
import { CPC_URN, type Kind, type Served, keyOfProductId, validityOf } from './pact.footprints.ts';

/**
 * Filters of ListFootprints.
 * - v3 (spec/v3/openapi.yaml, /3/footprints "Filtering"): productId, companyId, geography,
 *   classification, validOn, validAfter, validBefore, status; several values of one criterion are
 *   ORed, criteria are ANDed, text matches ignore letter case.
 * - v2 (spec/v2 "Action ListFootprints", Filter): the OData `$filter` subset the spec allows:
 *   eq/lt/le/gt/ge on created, updated, productCategoryCpc, pcf/geographyCountry,
 *   pcf/referencePeriodStart, pcf/referencePeriodEnd; `and`; `any` with `eq` on companyIds and
 *   productIds. Anything else in a well-formed statement is refused with NotImplemented, as the
 *   spec allows; a malformed one is a BadRequest.
 */

export type V3Criteria = {
  productId?: string[];
  companyId?: string[];
  geography?: string[];
  classification?: string[];
  validOn?: string;
  validAfter?: string;
  validBefore?: string;
  status?: string;
};

const given = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter((v) => v !== '');
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the criteria allow at all, decided before any row is read. */
export type Plan = {
  none: boolean;
  /** Keys per kind the productId criterion names (null: any). */
  keys: Record<Kind, string[]> | null;
};

export function planV3(c: V3Criteria, companyUrn: string): Plan {
  const companies = given(c.companyId);
  const classes = given(c.classification);
  const none =
    (companies.length > 0 && !companies.some((v) => same(v, companyUrn))) ||
    (classes.length > 0 && !classes.some((v) => same(v, CPC_URN))) ||
    // Footprints name no geography (global granularity, PACT v2 "Scope of a CarbonFootprint").
    given(c.geography).length > 0 ||
    (c.status !== undefined && c.status.trim() !== '' && !same(c.status.trim(), 'Active'));
  const products = given(c.productId);
  if (!products.length) return { none, keys: null };
  const keys: Record<Kind, string[]> = { shipment: [], order: [], toc: [], hoc: [] };
  for (const p of products) {
    const k = keyOfProductId(p);
    if (k) keys[k.kind].push(k.key);
  }
  return { none, keys };
}

/** The validity criteria, on the footprint's validity period (v3 "Validity Period"). */
export function matchesValidity(f: Served, c: V3Criteria): boolean {
  const v = validityOf(f);
  const at = (s: string | undefined) => (s ? new Date(s).getTime() : null);
  const on = at(c.validOn);
  const after = at(c.validAfter);
  const before = at(c.validBefore);
  if (on !== null && !(v.start.getTime() <= on && on <= v.end.getTime())) return false;
  if (after !== null && !(v.start.getTime() > after)) return false;
  if (before !== null && !(v.end.getTime() < before)) return false;
  return true;
}

/** Whether a footprint's product ids meet the productId criterion (case-insensitive). */
export function matchesProduct(f: Served, c: V3Criteria): boolean {
  const products = given(c.productId);
  return products.length === 0 || products.some((p) => f.productIds.some((id) => same(id, p)));
}

// ---- v2 $filter ----

type Token = { t: 'word' | 'str' | '(' | ')' | ':'; v: string };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) i++;
    else if (ch === '(' || ch === ')' || ch === ':') {
      out.push({ t: ch, v: ch });
      i++;
    } else if (ch === "'") {
      let v = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new PactError('BadRequest', 'Unterminated string in $filter');
        if (text[i] === "'" && text[i + 1] === "'") {
          v += "'";
          i += 2;
        } else if (text[i] === "'") break;
        else v += text[i++];
      }
      i++;
      out.push({ t: 'str', v });
    } else {
      const m = /^[A-Za-z_][\w/.-]*/.exec(text.slice(i));
      if (!m) throw new PactError('BadRequest', `Unexpected character ${ch} in $filter`);
      out.push({ t: 'word', v: m[0] });
      i += m[0].length;
    }
  }
  return out;
}

type Pf = {
  created: string;
  updated?: string;
  productCategoryCpc: string;
  companyIds: string[];
  productIds: string[];
  pcf: Record<string, unknown>;
};
export type V2Predicate = (pf: Pf) => boolean;

const COMPARABLE: Record<string, { read: (pf: Pf) => unknown; date: boolean }> = {
  created: { read: (pf) => pf.created, date: true },
  updated: { read: (pf) => pf.updated, date: true },
  productCategoryCpc: { read: (pf) => pf.productCategoryCpc, date: false },
  'pcf/geographyCountry': { read: (pf) => pf.pcf.geographyCountry, date: false },
  'pcf/referencePeriodStart': { read: (pf) => pf.pcf.referencePeriodStart, date: true },
  'pcf/referencePeriodEnd': { read: (pf) => pf.pcf.referencePeriodEnd, date: true },
};
const OPS: Record<string, (d: number) => boolean> = {
  eq: (d) => d === 0,
  lt: (d) => d < 0,
  le: (d) => d <= 0,
  gt: (d) => d > 0,
  ge: (d) => d >= 0,
};

class Parser {
  private i = 0;
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }
  private peek = () => this.tokens[this.i];
  private next(kind?: Token['t'], value?: string): Token {
    const t = this.tokens[this.i++];
    if (!t || (kind && t.t !== kind) || (value && t.v !== value))
      throw new PactError('BadRequest', `Malformed $filter near ${t ? `"${t.v}"` : 'its end'}`);
    return t;
  }
  parse(): V2Predicate {
    const p = this.expr();
    if (this.peek()) throw new PactError('BadRequest', `Malformed $filter near "${this.peek()!.v}"`);
    return p;
  }
  private expr(): V2Predicate {
    const parts = [this.term()];
    while (this.peek()?.t === 'word' && this.peek()!.v === 'and') {
      this.next();
      parts.push(this.term());
    }
    if (this.peek()?.t === 'word' && this.peek()!.v === 'or')
      throw new PactError('NotImplemented', 'Only "and" is supported in $filter');
    return (pf) => parts.every((p) => p(pf));
  }
  private term(): V2Predicate {
    if (this.peek()?.t === '(') {
      this.next('(');
      const inner = this.expr();
      this.next(')');
      return inner;
    }
    const path = this.next('word').v;
    if (path === 'companyIds/any' || path === 'productIds/any')
      return this.lambda(path.split('/')[0] as 'companyIds' | 'productIds');
    const op = this.next('word').v;
    const value = this.next('str').v;
    const field = COMPARABLE[path];
    if (!field) throw new PactError('NotImplemented', `Filtering on ${path} is not implemented`);
    const cmp = OPS[op];
    if (!cmp) throw new PactError('NotImplemented', `Operator ${op} is not implemented`);
    if (field.date && Number.isNaN(new Date(value).getTime()))
      throw new PactError('BadRequest', `${value} is not a date-time`);
    return (pf) => {
      const got = field.read(pf);
      if (typeof got !== 'string') return false;
      const d = field.date ? new Date(got).getTime() - new Date(value).getTime() : got.localeCompare(value);
      return cmp(Math.sign(d));
    };
  }
  private lambda(collection: 'companyIds' | 'productIds'): V2Predicate {
    this.next('(');
    const variable = this.next('word').v;
    this.next(':');
    const open = this.peek()?.t === '(';
    if (open) this.next('(');
    this.next('word', variable);
    const op = this.next('word').v;
    if (op !== 'eq') throw new PactError('NotImplemented', `Operator ${op} is not implemented in any()`);
    const value = this.next('str').v;
    if (open) this.next(')');
    this.next(')');
    return (pf) => pf[collection].includes(value);
  }
}

/** Parses a v2 `$filter` statement into a predicate on v2 ProductFootprints. */
export function parseV2Filter(text: string): V2Predicate {
  if (text.length > 2000) throw new PactError('BadRequest', '$filter is too long');
  const tokens = tokenize(text);
  if (!tokens.length) return () => true;
  return new Parser(tokens).parse();
}
