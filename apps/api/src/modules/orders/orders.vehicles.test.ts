import { describe, expect, it } from 'vitest';
import {
  MODE_DEFAULT_CLASSES,
  REGION_DEFAULT_CLASSES,
  preselectVehicleType,
  tradeLaneOf,
  type TradeArea,
} from '@klimadesk/contract';
import { GLEC_DEFAULT_FACTOR_SET } from '@klimadesk/glec';
import { masters } from './orders.masters.ts';

const byId = new Map(GLEC_DEFAULT_FACTOR_SET.vehicleTypes.map((v) => [v.id, v]));

describe('the form’s preselection names classes of the factor set', () => {
  it('every region default is a class of that region and mode', () => {
    for (const mode of ['road', 'rail'] as const)
      for (const [region, id] of Object.entries(REGION_DEFAULT_CLASSES[mode]))
        expect([id, byId.get(id)?.mode, byId.get(id)?.region]).toEqual([id, mode, region]);
  });

  it('every mode default and every trade lane the rule answers is in the set', () => {
    for (const id of Object.values(MODE_DEFAULT_CLASSES)) expect(byId.has(id), id).toBe(true);
    const areas: TradeArea[] = [
      'northEurope',
      'mediterranean',
      'northAmericaWest',
      'northAmericaEast',
      'southAmerica',
      'northEastAsia',
      'southEastAsia',
      'middleEastIndia',
      'africa',
      'oceania',
    ];
    for (const a of areas)
      for (const b of areas) {
        const id = `sea_container_${tradeLaneOf(a, b)}_dry`;
        expect(byId.get(id)?.mode, id).toBe('sea');
      }
  });

  it('the masters list every region with both names, so the picker finds a class in either language', () => {
    const de = masters('de');
    const en = masters('en');
    expect(new Set(de.truckType.map((t) => t.region))).toEqual(new Set(['Europe', 'India']));
    expect(new Set(de.trainType.map((t) => t.region))).toEqual(new Set(['Europe', 'North America', 'India']));
    const artic = de.truckType.find((t) => t.id === 'road_eu_artic_40t_avg_diesel')!;
    expect(artic).toEqual({
      id: 'road_eu_artic_40t_avg_diesel',
      name: 'Sattelzug bis 40 t zGG, Durchschnitt/gemischt, Diesel (Europa)',
      region: 'Europe',
      otherName: 'Artic truck up to 40 t GVW, average/mixed, diesel (Europe)',
    });
    expect(en.truckType.find((t) => t.id === artic.id)!.otherName).toBe(artic.name);
    // The Indian default a road leg in India starts with is offered.
    const india = preselectVehicleType({
      mode: 'road',
      freightType: 'container',
      origin: { country: 'IN' },
      destination: null,
    });
    expect(en.truckType.map((t) => t.id)).toContain(india.vehicleType);
  });
});
