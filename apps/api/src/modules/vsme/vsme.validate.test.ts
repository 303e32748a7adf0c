import { describe, expect, it } from 'vitest';
import { placementOf } from './vsme.catalogue.ts';
import {
  type ReportFrame,
  type XbrlFact,
  applies,
  checkFact,
  fitsType,
  identifierFits,
  isLei,
  unitProblem,
  validateReport,
  xbrlFacts,
} from './vsme.validate.ts';

const FRAME: ReportFrame = {
  periodStart: '2026-01-01',
  periodEnd: '2026-12-31',
  comprehensive: false,
  notApplicable: [],
  identifierScheme: 'lei',
  identifier: '529900DEMOLOGISTIK65',
};
const dp = (concept: string, member = '') => placementOf(concept, member)!.datapoint;
const S1 = 'vsme:GrossScope1GreenhouseGasEmissions';
const DURATION = { kind: 'duration', start: '2026-01-01', end: '2026-12-31' } as const;
const none = new Map();

describe('LEI and other identifiers', () => {
  it('checks the ISO 7064 MOD 97-10 check digits of an LEI', () => {
    // 529900DEMOLOGISTIK00 as digits mod 97 is 33; 98 − 33 = 65 are its check digits.
    expect(isLei('529900DEMOLOGISTIK65')).toBe(true);
    expect(isLei('529900DEMOLOGISTIK66')).toBe(false);
    expect(isLei('529900T8BM49AURSDO55')).toBe(true);
    expect(isLei('529900t8bm49aursdo55')).toBe(false);
    expect(isLei('529900DEMOLOGISTIK6')).toBe(false);
  });

  it('accepts the schemes of EFRAG’s converter in their formats', () => {
    expect(identifierFits('euid', 'DEK1101R.HRB123456')).toBe(true);
    expect(identifierFits('duns', '123456789')).toBe(true);
    expect(identifierFits('duns', '12345678')).toBe(false);
    expect(identifierFits('permid', '4295904307')).toBe(true);
    expect(identifierFits('vat', 'DE123456789')).toBe(false);
  });
});

describe('data types and units', () => {
  it('fits values to the kinds of the taxonomy’s data types', () => {
    expect(fitsType(dp(S1), 25.7082)).toBe(true);
    expect(fitsType(dp(S1), '25')).toBe(false);
    expect(fitsType(dp('vsme:PubliclyAvailableDisclosure'), false)).toBe(true);
    expect(fitsType(dp('vsme:PubliclyAvailableDisclosure'), 'no')).toBe(false);
    expect(fitsType(dp('vsme:UndertakingsLegalForm'), 'vsme:CooperativeMember')).toBe(true);
    expect(fitsType(dp('vsme:UndertakingsLegalForm'), 'vsme:ClimateChangeMember')).toBe(false);
    const set = dp('vsme:SustainabilityIssueAddressedByPracticePolicyAndOrFutureInitiative');
    expect(fitsType(set, ['vsme:ClimateChangeMember', 'vsme:PollutionMember'])).toBe(true);
    expect(fitsType(set, ['vsme:ClimateChangeMember', 'vsme:ClimateChangeMember'])).toBe(false);
    expect(fitsType(set, [])).toBe(false);
    expect(fitsType(dp('vsme:GreenhouseGasEmissionReductionTargetYear'), '2030')).toBe(true);
    expect(fitsType(dp('vsme:GreenhouseGasEmissionReductionTargetYear'), '30')).toBe(false);
    const date = dp('vsme:DateOfAdoptionOfTransitionPlanForUndertakingNotHavingAdoptedTransitionPlanYet');
    expect(fitsType(date, '2027-02-28')).toBe(true);
    expect(fitsType(date, '2027-02-30')).toBe(false);
    expect(fitsType(date, '28.02.2027')).toBe(false);
  });

  it('names the unit a concept needs when another one is stated', () => {
    expect(unitProblem(dp(S1), 'tCO2e')).toBeNull();
    expect(unitProblem(dp(S1), 'MWh')).toBe('tCO2e');
    expect(unitProblem(dp('vsme:Turnover'), 'EUR')).toBeNull();
    expect(unitProblem(dp('vsme:Turnover'), 'pure')).toBe('EUR');
    expect(unitProblem(dp('vsme:NumberOfEmployees'), 'pure')).toBeNull();
    expect(unitProblem(dp('vsme:EmployeeTurnoverRate'), 'pure')).toBeNull();
    const intensity = dp('vsme:TotalLocationBasedGreenhouseGasEmissionsIntensityValue');
    expect(unitProblem(intensity, 'tCO2e-per-EUR')).toBeNull();
    expect(unitProblem(intensity, 'tCO2e')).toBe('tCO2e-per-EUR');
    expect(unitProblem(dp('vsme:UndertakingsLegalForm'), null)).toBeNull();
    expect(unitProblem(dp('vsme:UndertakingsLegalForm'), 'pure')).toBe('none');
  });
});

const fact = (f: Partial<XbrlFact>): XbrlFact => ({
  concept: S1,
  member: '',
  value: 25.708,
  period: DURATION,
  unit: 'tCO2e',
  ...f,
});

describe('the check of a fact', () => {
  it('passes a fact of the right concept, period, type and unit', () => {
    expect(checkFact(fact({}), FRAME, none)).toEqual({
      concept: S1,
      member: '',
      disclosure: 'B3',
      status: 'ok',
      problems: [],
    });
  });

  it('names every problem in the catalogue’s terms', () => {
    expect(checkFact(fact({ concept: 'vsme:Nothing' }), FRAME, none).problems).toEqual([
      { code: 'unknownConcept', expected: null },
    ]);
    const wrong = checkFact(
      fact({ period: { kind: 'instant', date: '2026-12-31' }, value: 'viel', unit: 'MWh' }),
      FRAME,
      none,
    );
    expect(wrong.status).toBe('error');
    expect(wrong.problems.map((p) => [p.code, p.expected])).toEqual([
      ['periodType', 'duration'],
      ['dataType', 'ghg'],
      ['unit', 'tCO2e'],
    ]);
    expect(checkFact(fact({ member: 'vsme:RenewableEnergyMember' }), FRAME, none).problems[0].code).toBe(
      'member',
    );
  });
});

describe('values that do not apply, periods and the report', () => {
  it('warns about values that do not apply and keeps them out', () => {
    // The other legal form applies only when the legal form is "other".
    const other = fact({
      concept: 'vsme:OtherUndertakingsLegalForm',
      value: 'eG',
      unit: null,
      period: { kind: 'instant', date: '2026-12-31' },
    });
    expect(checkFact(other, FRAME, none)).toMatchObject({
      status: 'warning',
      problems: [{ code: 'notApplicable' }],
    });
    const chosen = new Map([['vsme:UndertakingsLegalForm|', 'vsme:OtherUndertakingsLegalFormMember']]);
    expect(checkFact(other, FRAME, chosen).status).toBe('ok');
    expect(applies({ parent: 'x', is: 'nonZero' }, new Map([['x|', 0]]))).toBe(false);
    const c9 = fact({
      concept: 'vsme:GenderDiversityRatioInGovernanceBody',
      value: 0.4,
      unit: 'pure',
      period: { kind: 'instant', date: '2026-12-31' },
    });
    expect(checkFact(c9, FRAME, none).problems).toEqual([{ code: 'comprehensiveOnly', expected: 'C9' }]);
    expect(checkFact(c9, { ...FRAME, comprehensive: true }, none).status).toBe('ok');
    expect(checkFact(fact({}), { ...FRAME, notApplicable: ['B3'] }, none).status).toBe('warning');
  });

  it('builds each fact’s context period from the concept’s period type', () => {
    const [ghg, employees] = xbrlFacts(
      [
        { concept: S1, member: '', value: 1 },
        { concept: 'vsme:NumberOfEmployees', member: '', value: 12 },
      ],
      FRAME,
    );
    expect(ghg).toMatchObject({ period: DURATION, unit: 'tCO2e' });
    expect(employees).toMatchObject({ period: { kind: 'instant', date: '2026-12-31' }, unit: 'pure' });
  });

  it('validates the report: identifier, period and at least one fact', () => {
    const facts = xbrlFacts([{ concept: S1, member: '', value: 1 }], FRAME);
    expect(validateReport(facts, FRAME)).toMatchObject({ valid: true, factCount: 1, reportProblems: [] });
    expect(validateReport(facts, { ...FRAME, identifier: null }).reportProblems).toEqual([
      'identifierMissing',
    ]);
    expect(validateReport(facts, { ...FRAME, periodEnd: '2025-12-31' }).reportProblems).toEqual([
      'periodInvalid',
    ]);
    expect(validateReport([], FRAME)).toMatchObject({ valid: false, reportProblems: ['noFacts'] });
  });
});
