import { describe, expect, it } from 'vitest';
import { distanceMethodCode, distanceMethodText } from './orders.methods.ts';

const NOTES = [
  'road: great-circle distance × 1.3 (circuity factor, estimate)',
  'rail: great-circle distance × 1.2 (circuity factor, estimate); router unavailable',
  'road: great-circle distance × 1.3 (circuity factor, estimate); router answered InvalidQuery',
  'road: OSRM route (driving)',
  'air: great-circle distance FRA–PVG + 95 km',
  'sea: ports DEHAM and NLRTM share a network node; great-circle distance',
  'sea: shortest path on the marine network (Eurostat SeaRoute marnet) DEHAM–CNSHA',
  'given',
];

describe('distance methods as codes, rendered in the reader’s language', () => {
  it('reads every note the location service writes into a code', () => {
    expect(NOTES.map(distanceMethodCode)).toEqual([
      { method: 'circuity', mode: 'road', circuityFactor: 1.3 },
      { method: 'circuity', mode: 'rail', circuityFactor: 1.2, routerFallback: 'unavailable' },
      {
        method: 'circuity',
        mode: 'road',
        circuityFactor: 1.3,
        routerFallback: 'answered',
        routerAnswer: 'InvalidQuery',
      },
      { method: 'router', mode: 'road', profile: 'driving' },
      { method: 'airGreatCircle', mode: 'air', from: 'FRA', to: 'PVG', addedKm: 95 },
      { method: 'seaSharedNode', mode: 'sea', from: 'DEHAM', to: 'NLRTM' },
      { method: 'seaNetwork', mode: 'sea', from: 'DEHAM', to: 'CNSHA' },
      { method: 'given' },
    ]);
  });

  it('renders each code in German', () => {
    expect(NOTES.map((n) => distanceMethodText(distanceMethodCode(n), 'de'))).toEqual([
      'Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung)',
      'Schiene: Großkreisentfernung × 1,2 (Umwegfaktor, Schätzung); Routingdienst nicht erreichbar',
      'Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung); Routingdienst antwortete InvalidQuery',
      'Straße: OSRM-Route (driving)',
      'Luft: Großkreisentfernung FRA–PVG + 95 km',
      'See: Häfen DEHAM und NLRTM teilen einen Netzknoten; Großkreisentfernung',
      'See: kürzester Weg auf dem Seewegenetz (Eurostat SeaRoute marnet) DEHAM–CNSHA',
      'angegeben',
    ]);
  });

  it('renders English as the location service’s own note (the code loses nothing)', () => {
    expect(NOTES.map((n) => distanceMethodText(distanceMethodCode(n), 'en'))).toEqual(NOTES);
  });

  it('keeps a note of an unknown shape and prints it as stored', () => {
    expect(distanceMethodCode('manual override')).toEqual({ method: 'other', note: 'manual override' });
    expect(distanceMethodText(distanceMethodCode('manual override'), 'de')).toBe('manual override');
    expect(distanceMethodCode('ferry: by timetable')).toMatchObject({ method: 'other' });
  });

  it('keeps the decimals the factor was written with', () => {
    expect(distanceMethodText({ method: 'circuity', mode: 'road', circuityFactor: 1.25 }, 'de')).toBe(
      'Straße: Großkreisentfernung × 1,25 (Umwegfaktor, Schätzung)',
    );
  });
});
