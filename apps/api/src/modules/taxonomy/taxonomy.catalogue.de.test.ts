import { describe, expect, it } from 'vitest';
import { ACTIVITY_NAMES_DE, SECTOR_NAMES_DE } from './data/activity-names.de.ts';
import { euActivities, euActivity } from './taxonomy.catalogue.ts';
import { activities } from './taxonomy.catalogue.service.ts';

describe('the German activity names (German versions of Delegated Regulations 2021/2139 and 2023/2486)', () => {
  it('name every activity and sector of the shipped catalogue, and nothing else', () => {
    const all = euActivities();
    expect(Object.keys(ACTIVITY_NAMES_DE).sort()).toEqual(all.map((a) => a.id).sort());
    expect(Object.keys(SECTOR_NAMES_DE).sort()).toEqual([...new Set(all.map((a) => a.sector))].sort());
  });

  it('answer German requests in German and keep both names for the search', () => {
    expect(euActivity('2021-2139-6.6', 'de')).toMatchObject({
      name: 'Güterbeförderung im Straßenverkehr',
      names: { de: 'Güterbeförderung im Straßenverkehr', en: 'Freight transport services by road' },
      sector: 'Verkehr',
    });
    expect(euActivity('2021-2139-6.6')).toMatchObject({
      name: 'Freight transport services by road',
      sector: 'Transport',
    });
    // The same economic activity in two acts carries one German name (2021/2139 7.1, 2023/2486 CE 3.1).
    expect(euActivity('2023-2486-CE-3.1', 'de')?.name).toBe(euActivity('2021-2139-7.1', 'de')?.name);
    const listed = activities({}, 'de')['hydra:member'].find((a) => a.id === '2023-2486-CE-5.4');
    expect(listed).toMatchObject({
      name: 'Verkauf von Gebrauchtwaren',
      names: { en: 'Sale of second-hand goods' },
    });
  });
});
