/**
 * The facts of a VSME report as the Inline XBRL document states them, and their check against the
 * catalogue before export (issue 40): the concept is a datapoint of the taxonomy, the context's
 * period is of the concept's period type, the value fits the data type (figures, yes/no, dates,
 * years, members of the enumeration), the unit fits the data type (the UTR item type; ISO 4217 for
 * money; pure for decimals and percentages), the dimension member is one of the table's. A value
 * of a datapoint that does not apply (its "if applicable" parent, a comprehensive disclosure in an
 * option A report, a disclosure marked not applicable) is a warning and stays out of the document.
 */
import {
  VSME_IDENTIFIER_SCHEMES,
  type VsmeCheck,
  type VsmeCondition,
  type VsmeDatapointData,
  type VsmeIdentifierScheme,
  type VsmeValidation,
  type VsmeValue,
  isNumericKind,
} from '@klimadesk/contract';
import { type Placement, domainMember, placementOf, placementsOf, unitById } from './vsme.catalogue.ts';
import { factKey } from './vsme.prefill.ts';

export type Period = { kind: 'duration'; start: string; end: string } | { kind: 'instant'; date: string };

/** A fact as the document states it: concept, dimension member, value, context period and unit id. */
export type XbrlFact = {
  concept: string;
  member: string;
  value: VsmeValue;
  period: Period;
  unit: string | null;
};

export type ReportFrame = {
  periodStart: string;
  periodEnd: string;
  comprehensive: boolean;
  notApplicable: readonly string[];
  identifierScheme: string;
  identifier: string | null;
};

/** The context period of a concept's facts: the report period, or its last day for instants. */
export function periodFor(dp: Pick<VsmeDatapointData, 'periodType'>, frame: ReportFrame): Period {
  return dp.periodType === 'instant'
    ? { kind: 'instant', date: frame.periodEnd }
    : { kind: 'duration', start: frame.periodStart, end: frame.periodEnd };
}

/** The document's facts of a report's values: period and unit from the datapoint of the catalogue. */
export function xbrlFacts(
  values: { concept: string; member: string; value: VsmeValue }[],
  frame: ReportFrame,
) {
  return values.map((v): XbrlFact => {
    const dp = (placementOf(v.concept, v.member) ?? placementsOf(v.concept)[0])?.datapoint;
    return {
      ...v,
      period: dp
        ? periodFor(dp, frame)
        : { kind: 'duration', start: frame.periodStart, end: frame.periodEnd },
      unit: dp?.unit ?? null,
    };
  });
}

/** A calendar day `YYYY-MM-DD` that exists (31 February does not: it would read as 3 March). */
const isDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** Whether a value fits the datapoint's data type (`dataType` problem otherwise). */
export function fitsType(dp: VsmeDatapointData, value: VsmeValue): boolean {
  if (isNumericKind(dp.kind)) return typeof value === 'number' && Number.isFinite(value);
  switch (dp.kind) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
    case 'textBlock':
      return typeof value === 'string' && value.trim() !== '';
    case 'date':
      return typeof value === 'string' && isDay(value);
    case 'year':
      return (
        (typeof value === 'string' && /^\d{4}$/.test(value)) ||
        (Number.isInteger(value) && (value as number) >= 1000 && (value as number) <= 9999)
      );
    case 'enum':
      return typeof value === 'string' && !!dp.domain && !!domainMember(dp.domain, value);
    case 'enumSet':
      return (
        Array.isArray(value) &&
        value.length > 0 &&
        new Set(value).size === value.length &&
        value.every((m) => !!dp.domain && !!domainMember(dp.domain, m))
      );
    default:
      return false;
  }
}

/** Whether the unit fits the data type: the expected unit's description when not. */
export function unitProblem(dp: VsmeDatapointData, unitId: string | null): string | null {
  if (!isNumericKind(dp.kind)) return unitId === null ? null : 'none';
  const unit = unitId ? unitById(unitId) : undefined;
  const typeName = dp.dataType.split(':')[1];
  const fits = (() => {
    if (!unit) return false;
    if (dp.kind === 'monetary') return !!unit.measure?.startsWith('iso4217:');
    if (dp.kind === 'decimal') return unit.measure === 'xbrli:pure';
    if (dp.kind === 'percent') return unit.measure === 'xbrli:pure';
    if (dp.kind === 'intensity')
      return (
        unit.itemType === typeName &&
        !!unit.numerator &&
        unitById(unit.numerator.split(':')[1])?.itemType === 'ghgEmissionsItemType' &&
        !!unit.denominator?.startsWith('iso4217:')
      );
    return unit.itemType === typeName;
  })();
  return fits ? null : (dp.unit ?? typeName);
}

type Effective = ReadonlyMap<string, VsmeValue>;

/** Whether a datapoint applies under its parent's value ("if applicable"). */
export function applies(condition: VsmeCondition | null, values: Effective): boolean {
  if (!condition) return true;
  const parent = values.get(factKey(condition.parent, ''));
  if (condition.is === 'true') return parent === true;
  if (condition.is === 'nonZero') return typeof parent === 'number' && parent !== 0;
  const chosen = Array.isArray(parent) ? parent : typeof parent === 'string' ? [parent] : [];
  return chosen.some((m) => condition.members?.includes(m));
}

/** The check of one fact: its problems, worst first decides the status. */
export function checkFact(fact: XbrlFact, frame: ReportFrame, values: Effective): VsmeCheck {
  const place: Placement | null = placementOf(fact.concept, fact.member);
  const known = placementsOf(fact.concept)[0] ?? null;
  const problems: VsmeCheck['problems'] = [];
  const warn: VsmeCheck['problems'] = [];
  if (!known) problems.push({ code: 'unknownConcept', expected: null });
  else {
    const dp = (place ?? known).datapoint;
    if (!place) problems.push({ code: 'member', expected: known.group.table?.axis ?? null });
    if (fact.period.kind !== dp.periodType) problems.push({ code: 'periodType', expected: dp.periodType });
    if (!fitsType(dp, fact.value)) problems.push({ code: 'dataType', expected: dp.kind });
    const unit = unitProblem(dp, fact.unit);
    if (unit) problems.push({ code: 'unit', expected: unit });
    const disclosure = (place ?? known).disclosure;
    if (disclosure.module === 'comprehensive' && !frame.comprehensive)
      warn.push({ code: 'comprehensiveOnly', expected: disclosure.code });
    else if (frame.notApplicable.includes(disclosure.code) || !applies(dp.applicableWhen, values))
      warn.push({ code: 'notApplicable', expected: dp.applicableWhen?.parent ?? disclosure.code });
  }
  return {
    concept: fact.concept,
    member: fact.member,
    disclosure: (place ?? known)?.disclosure.code ?? null,
    status: problems.length ? 'error' : warn.length ? 'warning' : 'ok',
    problems: [...problems, ...warn],
  };
}

/**
 * LEI (ISO 17442): 18 letters or digits and two check digits, ISO 7064 MOD 97-10 (letters count
 * A = 10 … Z = 35; the number modulo 97 is 1). `529900T8BM49AURSDO55` passes.
 */
export function isLei(value: string): boolean {
  if (!/^[A-Z0-9]{18}\d{2}$/.test(value)) return false;
  let rest = 0;
  for (const ch of value) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** Identifier formats: LEI with check digits, EUID (country, register, `.`, number), DUNS nine digits, PermID digits. */
export function identifierFits(scheme: string, value: string): boolean {
  if (!(scheme in VSME_IDENTIFIER_SCHEMES)) return false;
  switch (scheme as VsmeIdentifierScheme) {
    case 'lei':
      return isLei(value);
    case 'euid':
      return /^[A-Z]{2}[A-Z0-9]{1,20}\.[A-Za-z0-9./-]{1,40}$/.test(value);
    case 'duns':
      return /^\d{9}$/.test(value);
    case 'permid':
      return /^\d{1,20}$/.test(value);
  }
}

/** The report's validation: report-level problems and one check per fact. */
export function validateReport(facts: XbrlFact[], frame: ReportFrame): VsmeValidation {
  const values = new Map(facts.map((f) => [factKey(f.concept, f.member), f.value]));
  const reportProblems: VsmeValidation['reportProblems'] = [];
  if (!frame.identifier) reportProblems.push('identifierMissing');
  else if (!identifierFits(frame.identifierScheme, frame.identifier))
    reportProblems.push('identifierInvalid');
  if (!isDay(frame.periodStart) || !isDay(frame.periodEnd) || frame.periodStart > frame.periodEnd)
    reportProblems.push('periodInvalid');
  const checks = facts.map((f) => checkFact(f, frame, values));
  if (!checks.some((c) => c.status === 'ok')) reportProblems.push('noFacts');
  return {
    valid: reportProblems.length === 0 && checks.every((c) => c.status !== 'error'),
    factCount: checks.filter((c) => c.status === 'ok').length,
    reportProblems,
    checks,
  };
}
