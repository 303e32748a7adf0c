import { describe, expect, it } from 'vitest';
import { emptyEntryForm, entryFormSchema, sectionFields, toEntryBody, unitChoices } from './entryForm.ts';
import { reportYears, sectionTree, type ReportSection } from './cfc.ts';

const REPORT = '33333333-3333-4333-8333-333333333333';
const DIESEL = { id: '11111111-1111-4111-8111-111111111111', name: 'Diesel', baseUnits: ['l', 'kWh-net'] };

describe('entry form (seed 001 §3, §5)', () => {
  it('asks each section for its own fields', () => {
    expect(sectionFields('mobile-combustion')).toEqual(['fuel', 'vehicles']);
    expect(sectionFields('business-travel-flights')).toEqual(['passengers', 'flightType', 'travelClass']);
    expect(sectionFields('waste-solid')).toEqual(['wasteGroup', 'wasteType', 'treatment']);
    expect(sectionFields('purchased-electricity')).toEqual([]);
  });

  it('sends the worked example 10,000 L diesel in company cars with German figures read', () => {
    const form = {
      ...emptyEntryForm(),
      activity: DESNZ(),
      amount: '10.000',
      unit: 'l',
      dataSource: 'Tankkarten',
      dataQuality: '1' as const,
      fuel: 'Diesel',
      vehicles: '12',
      passengers: '5',
    };
    const body = toEntryBody(form, { report: REPORT, section: 'mobile-combustion' }, 'de');
    expect(body).toMatchObject({
      report: REPORT,
      section: 'mobile-combustion',
      activity: DIESEL.id,
      amount: 10000,
      unit: 'l',
      dataSource: 'Tankkarten',
      dataQuality: 1,
      fuel: 'Diesel',
      vehicles: 12,
      // Not a field of mobile combustion: sent empty.
      passengers: null,
      emissionFactor: null,
    });
    expect(body.id).toBeUndefined();
  });

  it('reads English figures and keeps the id of a changed entry', () => {
    const form = {
      ...emptyEntryForm(),
      activity: DESNZ(),
      amount: '250,000',
      unit: 'kWh',
      dataSource: 'Invoice',
      emissionFactor: '0.05',
    };
    const body = toEntryBody(form, { report: REPORT, section: 'purchased-electricity', id: DIESEL.id }, 'en');
    expect([body.id, body.amount, body.emissionFactor]).toEqual([DIESEL.id, 250000, 0.05]);
  });

  it('requires amount, unit and data source, and an own factor with its name without an activity', () => {
    const schema = entryFormSchema(() => 'de', 'stationary-combustion');
    const result = schema.safeParse(emptyEntryForm());
    expect(result.success).toBe(false);
    const paths = new Set(result.error?.issues.map((i) => i.path.join('.')));
    for (const f of ['amount', 'unit', 'dataSource', 'fuel', 'emissionFactor', 'emissionFactorName'])
      expect(paths).toContain(f);
    const ok = schema.safeParse({
      ...emptyEntryForm(),
      activity: DESNZ(),
      amount: '1,5',
      unit: 'l',
      dataSource: 'x',
      fuel: 'Heizöl',
    });
    expect(ok.success).toBe(true);
  });

  it('refuses a negative amount, a fractional count and more than 366 days', () => {
    const schema = entryFormSchema(() => 'de', 'employee-commuting');
    const base = { ...emptyEntryForm(), activity: DESNZ(), unit: 'km', dataSource: 'Umfrage' };
    expect(schema.safeParse({ ...base, amount: '-1' }).success).toBe(false);
    expect(schema.safeParse({ ...base, amount: '20', employees: '2,5' }).success).toBe(false);
    expect(schema.safeParse({ ...base, amount: '20', daysPerYear: '367' }).success).toBe(false);
    expect(schema.safeParse({ ...base, amount: '20', employees: '40', daysPerYear: '220' }).success).toBe(
      true,
    );
  });

  it('offers the units of the activity’s unit types, else all', () => {
    const litres = unitChoices(['l'], 'de').map((u) => u.value);
    expect(litres).toEqual(['l', 'm3', 'Ml']);
    expect(unitChoices([], 'en').length).toBeGreaterThan(10);
  });
});

function DESNZ() {
  return { ...DIESEL };
}

const section = (over: Partial<ReportSection> & Pick<ReportSection, 'id'>): ReportSection => ({
  internalName: over.id,
  scope: 1,
  parentSection: null,
  subsections: [],
  derivativeSection: null,
  energyMethod: null,
  activityCategory: null,
  weight: 0,
  name: over.id,
  helpText: '',
  free: true,
  available: true,
  category: null,
  count: 0,
  hasIncompleteEntries: false,
  ...over,
});

describe('the editor’s section tree', () => {
  const sections = [
    section({ id: 'scope1', subsections: ['mobile-combustion', 'fugitive-emissions'], weight: 10 }),
    section({ id: 'mobile-combustion', parentSection: 'scope1', weight: 20, count: 2 }),
    section({
      id: 'fugitive-emissions',
      parentSection: 'scope1',
      weight: 30,
      count: 1,
      hasIncompleteEntries: true,
    }),
    section({ id: 'scope3', scope: 3, subsections: ['purchased-goods'], weight: 40 }),
    section({
      id: 'purchased-goods',
      scope: 3,
      parentSection: 'scope3',
      weight: 50,
      count: 4,
      available: false,
    }),
  ];

  it('keeps the active sections, sums counts and marks incomplete parents', () => {
    const tree = sectionTree(sections, ['mobile-combustion', 'fugitive-emissions']);
    expect(tree.map((n) => n.internalName)).toEqual(['scope1']);
    expect(tree[0]).toMatchObject({ count: 3, hasIncompleteEntries: true });
    expect(tree[0].subsections.map((n) => n.internalName)).toEqual([
      'mobile-combustion',
      'fugitive-emissions',
    ]);
  });

  it('lists report years from the base year to the latest year, newest first', () => {
    expect(reportYears(2023, 2026, 2026)).toEqual([2026, 2025, 2024, 2023]);
    // Without a base year only the current year.
    expect(reportYears(null, 2026, 2026)).toEqual([2026]);
  });
});
