import { describe, expect, it } from 'vitest';
import type { IndicatorValue, ScopeEntry } from '@klimadesk/contract/csrd/schemas';
import {
  entryDraftOf,
  inBaseUnit,
  planReportSave,
  valueBodyOf,
  valueDraftOf,
  type ValueDraft,
} from './reportDrafts.ts';

const entry: ScopeEntry = {
  id: '00000000-0000-4000-8000-000000000001',
  reportId: '00000000-0000-4000-8000-000000000002',
  scope: 'E1',
  deadline: '2026-12-31',
  note: null,
  responsibleUser: null,
  responsibleUserName: null,
  status: 'todo',
  indicatorValues: [],
};
const stored: IndicatorValue = {
  id: '00000000-0000-4000-8000-000000000003',
  scopeEntryId: entry.id,
  indicator: 'E1-6',
  unit: 'tCO2e',
  numericValue: 1234.5,
  baseValue: 1234.5,
  textValue: null,
  reconciliationNote: null,
  tableValue: null,
  files: [],
  updatedAt: '2026-11-01T10:00:00Z',
};

describe('report drafts', () => {
  it('reads German numbers and drops empty parts', () => {
    const d: ValueDraft = {
      unit: 'kgCO2e',
      numeric: '1.234,5',
      text: ' ',
      table: [
        ['', ''],
        ['a', ''],
      ],
    };
    // "1.234,5" in German is 1234.5; the blank text is no text; the empty first row goes.
    expect(valueBodyOf(d, 'de')).toEqual({
      unit: 'kgCO2e',
      numericValue: 1234.5,
      textValue: null,
      tableValue: [['a', '']],
    });
    // Without a number the unit is not sent.
    expect(valueBodyOf({ ...d, numeric: '' }, 'de').unit).toBeNull();
  });

  it('shows a stored number the way the language types it', () => {
    expect(valueDraftOf(stored, null, 'de').numeric).toBe('1234,5');
    expect(valueDraftOf(stored, null, 'en').numeric).toBe('1234.5');
    expect(valueDraftOf(undefined, 'MWh', 'en')).toEqual({ unit: 'MWh', numeric: '', text: '', table: [] });
  });

  it('converts to the base unit of the type', () => {
    // 2,500 kg × 0.001 = 2.5 t; 3.6 GJ × (1 / 3.6) = 1 MWh.
    expect(inBaseUnit(2500, 'kg')).toEqual({ value: 2.5, unit: 't' });
    expect(inBaseUnit(3.6, 'GJ')?.value).toBeCloseTo(1);
    expect(inBaseUnit(5, 't')).toBeNull();
  });

  it('creates the scope entry first when the topic has none and a value is entered', () => {
    const plan = planReportSave({
      entry: null,
      entryDraft: entryDraftOf(null),
      values: {},
      saved: { 'E1-6': valueDraftOf(undefined, 'tCO2e', 'de'), 'E1-5': valueDraftOf(undefined, 'MWh', 'de') },
      drafts: {
        'E1-6': { unit: 'tCO2e', numeric: '812,4', text: '', table: [] },
        'E1-5': valueDraftOf(undefined, 'MWh', 'de'),
      },
      lang: 'de',
    });
    expect(plan.entry).toEqual({ kind: 'create', body: {} });
    expect(plan.values).toEqual([
      {
        kind: 'create',
        indicator: 'E1-6',
        body: { unit: 'tCO2e', numericValue: 812.4, textValue: null, tableValue: null },
      },
    ]);
  });

  it('patches only what changed, and nothing when nothing did', () => {
    const saved = { 'E1-6': valueDraftOf(stored, null, 'en') };
    const base = { entry, values: { 'E1-6': stored }, saved, lang: 'en' as const };
    expect(planReportSave({ ...base, entryDraft: entryDraftOf(entry), drafts: saved })).toEqual({
      entry: null,
      values: [],
    });
    const plan = planReportSave({
      ...base,
      entryDraft: { ...entryDraftOf(entry), status: 'progress', deadline: '' },
      drafts: { 'E1-6': { ...saved['E1-6'], numeric: '' } },
    });
    expect(plan.entry).toEqual({ kind: 'update', body: { status: 'progress', deadline: null } });
    // Emptying a stored value patches it to empty rather than leaving the old figure.
    expect(plan.values).toEqual([
      {
        kind: 'update',
        indicator: 'E1-6',
        id: stored.id,
        body: { unit: null, numericValue: null, textValue: null, tableValue: null },
      },
    ]);
  });
});
