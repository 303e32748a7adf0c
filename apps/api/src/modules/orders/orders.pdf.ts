import { type Language, type Order, MASTER_LABELS, formatNumber } from '@klimadesk/contract';
import { GLEC_DEFAULT_FACTOR_SET, hubTypes, listGlecVehicleTypes } from '@klimadesk/glec';
import { createPdf } from '../../platform/pdf.ts';

/** The method the engine follows (packages/glec: GLEC Framework v3.1 / ISO 14083). */
export const CERTIFICATE_METHOD = 'GLEC Framework v3.1 / ISO 14083';

/** Decimals the certificate shows: kg CO2e and km with two, tkm with two, g CO2e/tkm with one. */
export const CERTIFICATE_DIGITS = { co2: 2, km: 2, tkm: 2, intensity: 1 } as const;

const TEXTS = {
  de: {
    title: 'Emissionszertifikat',
    fileName: 'emissionszertifikat',
    number: 'Auftragsnummer',
    client: 'Kunde',
    date: 'Auftragsdatum',
    cargo: 'Ladung',
    weight: 'Bruttogewicht',
    legs: 'Teilstrecken',
    origin: 'Start',
    destination: 'Ziel',
    distance: 'Entfernung',
    distanceGiven: 'angegeben',
    distanceKinds: {
      actual: 'tatsächliche Entfernung',
      SFD: 'kürzeste mögliche Entfernung (SFD)',
      GCD: 'Großkreisentfernung (GCD)',
      'GCD+95': 'Großkreisentfernung + 95 km',
      estimate: 'Schätzung (Großkreis × Umwegfaktor, als SFD)',
    },
    transportDistance: 'Transportentfernung (Basis der tkm)',
    dafDivided: (daf: string) => `tatsächliche Entfernung ÷ DAF ${daf}`,
    airUplift: (km: string) => `Großkreisentfernung + ${km} km`,
    asGiven: 'ohne Anpassung',
    vehicle: 'Fahrzeugklasse',
    intensity: 'Emissionsintensität (WTW)',
    hubs: 'Umschlagpunkte',
    noHubs: 'keine',
    between: 'zwischen Teilstrecke',
    and: 'und',
    totals: 'Summen des Auftrags',
    wtwWithHubs: 'WTW (mit Umschlagpunkten)',
    hubWtw: 'davon Umschlagpunkte (WTW)',
    method: 'Methode',
    factorSet: 'Faktorensatz',
    editions: 'Faktorquelle',
    issued: 'Ausgestellt am',
    footer:
      'Berechnet mit Klimadesk nach dem GLEC Framework v3.1 und ISO 14083: TTW (Tank-to-Wheel), WTT (Well-to-Tank), WTW (Well-to-Wheel) in kg CO2e.',
  },
  en: {
    title: 'Emission certificate',
    fileName: 'emission-certificate',
    number: 'Order number',
    client: 'Client',
    date: 'Order date',
    cargo: 'Cargo',
    weight: 'Gross weight',
    legs: 'Legs',
    origin: 'Origin',
    destination: 'Destination',
    distance: 'Distance',
    distanceGiven: 'given',
    distanceKinds: {
      actual: 'actual distance',
      SFD: 'shortest feasible distance (SFD)',
      GCD: 'great-circle distance (GCD)',
      'GCD+95': 'great-circle distance + 95 km',
      estimate: 'estimate (great circle × circuity, as SFD)',
    },
    transportDistance: 'Transport distance (basis of tkm)',
    dafDivided: (daf: string) => `actual distance ÷ DAF ${daf}`,
    airUplift: (km: string) => `great-circle distance + ${km} km`,
    asGiven: 'no adjustment',
    vehicle: 'Vehicle class',
    intensity: 'Emission intensity (WTW)',
    hubs: 'Hubs',
    noHubs: 'none',
    between: 'between leg',
    and: 'and',
    totals: 'Order totals',
    wtwWithHubs: 'WTW (hubs included)',
    hubWtw: 'of which hubs (WTW)',
    method: 'Method',
    factorSet: 'Factor set',
    editions: 'Factor source',
    issued: 'Issued on',
    footer:
      'Calculated with Klimadesk following the GLEC Framework v3.1 and ISO 14083: TTW (tank-to-wheel), WTT (well-to-tank), WTW (well-to-wheel) in kg CO2e.',
  },
} as const;

export const certificateFileName = (o: Pick<Order, 'number'>, lang: Language) =>
  `${TEXTS[lang].fileName}-${o.number.replace(/[^\w.-]+/g, '_')}.pdf`;

type Place = Order['activities'][number]['legs'][number]['origin'];

/** Where the location service placed the end, else the end as entered. */
function placeText(p: Place): string {
  if (p.resolved) return `${p.resolved.name} (${p.resolved.country}, ${p.resolved.code})`;
  const e = p.entered;
  if ('zipCode' in e) return [e.country, e.zipCode, e.city, e.street].filter(Boolean).join(' ');
  if ('city' in e) return [e.country, e.city, e.street].filter(Boolean).join(' ');
  if ('locode' in e) return e.locode;
  return e.iataCode;
}

const label = (list: string, code: string, lang: Language) => MASTER_LABELS[list]?.[code]?.[lang] ?? code;

/** The certificate lines of an order; one figure a line, so a reader (and the test) finds each. */
export function certificateLines(o: Order, lang: Language, issuedAt: Date) {
  const t = TEXTS[lang];
  const n = (v: number, d: number) => formatNumber(v, lang, d);
  const kg = (v: number) => `${n(v, CERTIFICATE_DIGITS.co2)} kg CO2e`;
  const vehicles = new Map(listGlecVehicleTypes(lang).map((v) => [v.id, v.name]));
  const hubNames = new Map(
    hubTypes().map((h) => [h.id, typeof h.label === 'string' ? h.label : h.label[lang]]),
  );
  const legs = o.activities.flatMap((a) => a.legs.map((l) => ({ ...l, activity: a.activity })));
  // How the typed or computed distance became the transport distance (the engine's rule, its DAF).
  const adjustment = (l: Order['activities'][number]['legs'][number]) => {
    const daf = GLEC_DEFAULT_FACTOR_SET.distanceAdjustment[l.transportMode];
    if (l.transportDistance === l.distance) return t.asGiven;
    if (daf.kind === 'additive') return t.airUplift(n(daf.km, 0));
    return daf.kind === 'multiplier' ? t.dafDivided(n(daf.value, 2)) : t.asGiven;
  };
  const legNo = new Map(legs.map((l, i) => [l.id, i + 1]));
  const editions = new Set<string>();
  for (const l of legs) for (const s of l.trace) if (s.factor) editions.add(s.factor.edition);
  const sets = new Set(legs.map((l) => `${l.factorSet.id} ${l.factorSet.version} (${l.factorSet.gwp})`));
  const cargo = [
    label('cargo', o.cargoType, lang),
    label('freightType', o.freightType, lang),
    ...(o.containerLoad ? [label('containerLoad', o.containerLoad, lang)] : []),
    ...(o.containerSpec ? [`${o.quantity ?? 1} × ${label('containerType', o.containerSpec, lang)}`] : []),
  ].join(', ');
  return {
    t,
    head: [
      [t.number, o.number],
      [t.client, o.client],
      [t.date, o.date],
      [t.cargo, cargo],
      [t.weight, `${n(o.grossWeight, 3)} ${o.grossWeightUnit}`],
    ] as [string, string][],
    legs: legs.map((l, i) => ({
      title: `${i + 1}. ${label('carriage', l.activity, lang)}: ${label('transportMode', l.transportMode, lang)}`,
      fields: [
        [t.origin, placeText(l.origin)],
        [t.destination, placeText(l.destination)],
        [
          t.distance,
          `${n(l.distance, CERTIFICATE_DIGITS.km)} km (${t.distanceKinds[l.distanceType]}; ${l.distanceGiven ? t.distanceGiven : l.distanceMethod})`,
        ],
        [
          t.transportDistance,
          `${n(l.transportDistance, CERTIFICATE_DIGITS.km)} km (${l.transportDistanceType}: ${adjustment(l)})`,
        ],
        [t.vehicle, vehicles.get(l.glecVehicleType) ?? l.glecVehicleType],
        ['TTW', kg(l.co2Ttw)],
        ['WTT', kg(l.co2Wtt)],
        ['WTW', kg(l.co2Wtw)],
        ['tkm', n(l.tkm, CERTIFICATE_DIGITS.tkm)],
        [t.intensity, `${n(l.intensity, CERTIFICATE_DIGITS.intensity)} g CO2e/tkm`],
      ] as [string, string][],
    })),
    hubs: o.hubs.map(
      (h) =>
        [
          `${hubNames.get(h.hubType) ?? h.hubType} (${t.between} ${legNo.get(h.afterLeg)} ${t.and} ${legNo.get(h.beforeLeg)})`,
          `WTW ${kg(h.co2Wtw)}`,
        ] as [string, string],
    ),
    totals: [
      ['TTW', kg(o.co2Ttw)],
      ['WTT', kg(o.co2Wtt)],
      [t.wtwWithHubs, kg(o.co2Wtw)],
      [t.hubWtw, kg(o.hubCo2Wtw)],
      ['tkm', n(o.tkm, CERTIFICATE_DIGITS.tkm)],
      [t.intensity, `${n(o.intensity, CERTIFICATE_DIGITS.intensity)} g CO2e/tkm`],
    ] as [string, string][],
    method: [
      [t.method, CERTIFICATE_METHOD],
      ...[...sets].map((s) => [t.factorSet, s]),
      // The answer's traces already name the edition in the reader's language.
      ...[...editions].map((e) => [t.editions, e]),
      [
        t.issued,
        new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'UTC' }).format(issuedAt),
      ],
    ] as [string, string][],
  };
}

/** The certificate as an A4 PDF stream (pdfkit writes as it goes, as the invoice document does). */
export function renderCertificatePdf(
  o: Order,
  lang: Language,
  issuedAt: Date,
  options: { compress?: boolean } = {},
): PDFKit.PDFDocument {
  const c = certificateLines(o, lang, issuedAt);
  const pdf = createPdf({ title: `${c.t.title} ${o.number}`, compress: options.compress });
  const field = ([name, value]: [string, string]) => pdf.field(name, value);
  pdf.title(`${c.t.title} ${o.number}`, 18);
  pdf.doc.moveDown(0.5).fontSize(10);
  c.head.forEach(field);
  pdf.heading(c.t.legs);
  for (const leg of c.legs) {
    pdf.heading(leg.title, { size: 10 });
    leg.fields.forEach(field);
  }
  pdf.heading(c.t.hubs);
  if (c.hubs.length === 0) pdf.lines([c.t.noHubs]);
  c.hubs.forEach(field);
  pdf.heading(c.t.totals);
  c.totals.forEach(field);
  pdf.heading(c.t.method);
  c.method.forEach(field);
  pdf.note(c.t.footer);
  return pdf.end();
}
