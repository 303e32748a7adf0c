import { type DistanceMethodCode, type Language, formatNumber } from '@klimadesk/contract';
import { t as message } from '@klimadesk/contract/messages';

/**
 * A leg's distance method as a code (issue 37). The location service describes its method in an
 * English note ("road: great-circle distance × 1.3 (circuity factor, estimate)", locations/routing.ts
 * and distance.service.ts); the order stores the code read from it once and renders the code in the
 * reader's language. A note of an unknown shape is kept as `other` and printed as it is.
 */
export function distanceMethodCode(note: string): DistanceMethodCode {
  if (note === 'given') return { method: 'given' };
  const other: DistanceMethodCode = { method: 'other', note };
  const m = /^(road|rail|air|sea): (.*)$/.exec(note);
  if (!m) return other;
  const mode = m[1] as NonNullable<DistanceMethodCode['mode']>;
  const rest = m[2]!;
  let r: RegExpExecArray | null;
  if (
    (r =
      /^great-circle distance × ([\d.]+) \(circuity factor, estimate\)(?:; (router unavailable|router answered (.+)))?$/.exec(
        rest,
      ))
  ) {
    const code: DistanceMethodCode = { method: 'circuity', mode, circuityFactor: Number(r[1]) };
    if (r[2] === 'router unavailable') code.routerFallback = 'unavailable';
    else if (r[2] !== undefined) Object.assign(code, { routerFallback: 'answered', routerAnswer: r[3] });
    return code;
  }
  if ((r = /^OSRM route \((.+)\)$/.exec(rest))) return { method: 'router', mode, profile: r[1] };
  if ((r = /^great-circle distance (\S+)–(\S+) \+ (\d+) km$/.exec(rest)))
    return { method: 'airGreatCircle', mode, from: r[1], to: r[2], addedKm: Number(r[3]) };
  if ((r = /^ports (\S+) and (\S+) share a network node; great-circle distance$/.exec(rest)))
    return { method: 'seaSharedNode', mode, from: r[1], to: r[2] };
  if ((r = /^shortest path on the marine network \(Eurostat SeaRoute marnet\) (\S+)–(\S+)$/.exec(rest)))
    return { method: 'seaNetwork', mode, from: r[1], to: r[2] };
  return other;
}

const methodTexts = (lang: Language) => ({
  modes: {
    road: message(lang, 'orders.methods.modes.road'),
    rail: message(lang, 'orders.methods.modes.rail'),
    air: message(lang, 'orders.methods.modes.air'),
    sea: message(lang, 'orders.methods.modes.sea'),
  },
  given: message(lang, 'orders.methods.given'),
  circuity: (f: string) => message(lang, 'orders.methods.circuity', { f }),
  routerUnavailable: message(lang, 'orders.methods.routerUnavailable'),
  routerAnswered: (code: string) => message(lang, 'orders.methods.routerAnswered', { code }),
  osrm: (profile: string) => message(lang, 'orders.methods.osrm', { profile }),
  air: (a: string, b: string, km: string) => message(lang, 'orders.methods.air', { a, b, km }),
  seaNode: (a: string, b: string) => message(lang, 'orders.methods.seaNode', { a, b }),
  seaPath: (a: string, b: string) => message(lang, 'orders.methods.seaPath', { a, b }),
});

const METHOD_TEXTS = {
  de: methodTexts('de'),
  en: methodTexts('en'),
} as const;

/** Decimals as the factor was written (1.3 stays 1,3; 1.25 stays 1,25). */
const factorText = (f: number, lang: Language) => {
  const decimals = String(f).split('.')[1]?.length ?? 0;
  return formatNumber(f, lang, decimals);
};

/** The method in the reader's language; English gives back the location service's own note. */
export function distanceMethodText(code: DistanceMethodCode, lang: Language): string {
  const t = METHOD_TEXTS[lang];
  const { from = '', to = '' } = code;
  const prefix = code.mode ? `${t.modes[code.mode]}: ` : '';
  switch (code.method) {
    case 'given':
      return t.given;
    case 'circuity': {
      const fallback =
        code.routerFallback === 'unavailable'
          ? `; ${t.routerUnavailable}`
          : code.routerFallback === 'answered'
            ? `; ${t.routerAnswered(code.routerAnswer ?? '')}`
            : '';
      return prefix + t.circuity(factorText(code.circuityFactor ?? 0, lang)) + fallback;
    }
    case 'router':
      return prefix + t.osrm(code.profile ?? '');
    case 'airGreatCircle':
      return prefix + t.air(from, to, String(code.addedKm ?? 0));
    case 'seaSharedNode':
      return prefix + t.seaNode(from, to);
    case 'seaNetwork':
      return prefix + t.seaPath(from, to);
    default:
      return code.note ?? '';
  }
}
