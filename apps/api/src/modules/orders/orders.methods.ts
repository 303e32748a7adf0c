import { type Language, formatNumber } from '@klimadesk/contract';

/**
 * The distance method notes the location service stores with each leg (English, e.g. "road:
 * great-circle distance × 1.3 (circuity factor, estimate)", locations/routing.ts and
 * distance.service.ts) in the document's language. A note of an unknown shape prints as stored.
 */
const METHOD_TEXTS = {
  de: {
    modes: { road: 'Straße', rail: 'Schiene', air: 'Luft', sea: 'See' } as Record<string, string>,
    given: 'angegeben',
    circuity: (f: string) => `Großkreisentfernung × ${f} (Umwegfaktor, Schätzung)`,
    routerUnavailable: 'Routingdienst nicht erreichbar',
    routerAnswered: (code: string) => `Routingdienst antwortete ${code}`,
    osrm: (profile: string) => `OSRM-Route (${profile})`,
    air: (a: string, b: string, km: string) => `Großkreisentfernung ${a}–${b} + ${km} km`,
    seaNode: (a: string, b: string) => `Häfen ${a} und ${b} teilen einen Netzknoten; Großkreisentfernung`,
    seaPath: (a: string, b: string) =>
      `kürzester Weg auf dem Seewegenetz (Eurostat SeaRoute marnet) ${a}–${b}`,
  },
  en: {
    modes: { road: 'road', rail: 'rail', air: 'air', sea: 'sea' } as Record<string, string>,
    given: 'given',
    circuity: (f: string) => `great-circle distance × ${f} (circuity factor, estimate)`,
    routerUnavailable: 'router unavailable',
    routerAnswered: (code: string) => `router answered ${code}`,
    osrm: (profile: string) => `OSRM route (${profile})`,
    air: (a: string, b: string, km: string) => `great-circle distance ${a}–${b} + ${km} km`,
    seaNode: (a: string, b: string) => `ports ${a} and ${b} share a network node; great-circle distance`,
    seaPath: (a: string, b: string) =>
      `shortest path on the marine network (Eurostat SeaRoute marnet) ${a}–${b}`,
  },
} as const;

export function distanceMethodText(method: string, lang: Language): string {
  const t = METHOD_TEXTS[lang];
  if (method === 'given') return t.given;
  const m = /^(road|rail|air|sea): (.*)$/.exec(method);
  if (!m) return method;
  const [, mode, rest] = m;
  const prefix = `${t.modes[mode]}: `;
  const num = (v: string) => formatNumber(Number(v), lang, v.includes('.') ? v.split('.')[1].length : 0);
  let r: RegExpExecArray | null;
  if (
    (r =
      /^great-circle distance × ([\d.]+) \(circuity factor, estimate\)(?:; (router unavailable|router answered (.+)))?$/.exec(
        rest,
      ))
  ) {
    const tail =
      r[2] === undefined ? '' : `; ${r[3] === undefined ? t.routerUnavailable : t.routerAnswered(r[3])}`;
    return prefix + t.circuity(num(r[1])) + tail;
  }
  if ((r = /^OSRM route \((.+)\)$/.exec(rest))) return prefix + t.osrm(r[1]);
  if ((r = /^great-circle distance (\S+)–(\S+) \+ (\d+) km$/.exec(rest)))
    return prefix + t.air(r[1], r[2], r[3]);
  if ((r = /^ports (\S+) and (\S+) share a network node; great-circle distance$/.exec(rest)))
    return prefix + t.seaNode(r[1], r[2]);
  if ((r = /^shortest path on the marine network \(Eurostat SeaRoute marnet\) (\S+)–(\S+)$/.exec(rest)))
    return prefix + t.seaPath(r[1], r[2]);
  return method;
}
