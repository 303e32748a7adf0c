import { describe, expect, it } from 'vitest';
import { filterEuActivities, type EuActivityOption } from './euActivities.ts';

const activity = (id: string, ref: string, de: string, en: string, nace: string[]): EuActivityOption => ({
  id,
  ref,
  name: de,
  names: { de, en },
  sector: 'Verkehr',
  naceCodes: nace,
  objectives: ['CCM', 'CCA'],
  categories: [],
});

const options = [
  activity(
    '2021-2139-6.6',
    '6.6',
    'Güterbeförderung im Straßenverkehr',
    'Freight transport services by road',
    ['H49.4.1'],
  ),
  activity('2021-2139-6.2', '6.2', 'Güterbeförderung im Eisenbahnverkehr', 'Freight rail transport', [
    'H49.2',
  ]),
  activity('2021-2139-7.1', '7.1', 'Neubau', 'Construction of new buildings', ['F41.2']),
];
const ids = (input: string) => filterEuActivities(options, input).map((a) => a.id);

describe('the EU activity search', () => {
  it('finds an activity by its German or English name, code or NACE code', () => {
    expect(ids('Güterbeförderung')).toEqual(['2021-2139-6.6', '2021-2139-6.2']);
    expect(ids('guterbeforderung strasse')).toEqual(['2021-2139-6.6']);
    expect(ids('freight road')).toEqual(['2021-2139-6.6']);
    expect(ids('CCM 7.1')).toEqual(['2021-2139-7.1']);
    expect(ids('H49.2')).toEqual(['2021-2139-6.2']);
    expect(ids('')).toHaveLength(3);
  });
});
