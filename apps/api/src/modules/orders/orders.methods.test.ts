import { describe, expect, it } from 'vitest';
import { distanceMethodText } from './orders.methods.ts';

describe('distance method notes in the document language', () => {
  it('translates every note the location service stores, German and English', () => {
    const notes = [
      'road: great-circle distance × 1.3 (circuity factor, estimate)',
      'rail: great-circle distance × 1.2 (circuity factor, estimate); router unavailable',
      'road: great-circle distance × 1.3 (circuity factor, estimate); router answered InvalidQuery',
      'road: OSRM route (driving)',
      'air: great-circle distance FRA–PVG + 95 km',
      'sea: ports DEHAM and NLRTM share a network node; great-circle distance',
      'sea: shortest path on the marine network (Eurostat SeaRoute marnet) DEHAM–CNSHA',
      'given',
    ];
    expect(notes.map((n) => distanceMethodText(n, 'de'))).toEqual([
      'Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung)',
      'Schiene: Großkreisentfernung × 1,2 (Umwegfaktor, Schätzung); Routingdienst nicht erreichbar',
      'Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung); Routingdienst antwortete InvalidQuery',
      'Straße: OSRM-Route (driving)',
      'Luft: Großkreisentfernung FRA–PVG + 95 km',
      'See: Häfen DEHAM und NLRTM teilen einen Netzknoten; Großkreisentfernung',
      'See: kürzester Weg auf dem Seewegenetz (Eurostat SeaRoute marnet) DEHAM–CNSHA',
      'angegeben',
    ]);
    // English keeps the stored wording.
    expect(notes.map((n) => distanceMethodText(n, 'en'))).toEqual(notes);
  });

  it('prints a note of an unknown shape as stored', () => {
    expect(distanceMethodText('manual override', 'de')).toBe('manual override');
  });
});
