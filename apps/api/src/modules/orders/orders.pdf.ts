import { type Language, type Order, MASTER_LABELS, formatNumber } from '@klimadesk/contract';
import { GLEC_DEFAULT_FACTOR_SET, hubTypes, listGlecVehicleTypes } from '@klimadesk/glec';
import { createPdf, documentDate } from '../../platform/pdf.ts';

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
    overview: 'Teilstrecken im Überblick',
    leg: 'Nr.',
    route: 'Strecke',
    transportKm: 'Transport-km',
    wtwKg: 'WTW kg CO2e',
    intensityShort: 'g CO2e/tkm',
    total: 'Summe',
    chart: 'Emissionen je Teilstrecke (WTW, kg CO2e)',
    details: 'Teilstrecken im Einzelnen',
    sources: 'Methode und Quellen',
    sourceLines: [
      'Emissionen nach ISO 14083:2023 und GLEC Framework v3.1: Transportleistung (tkm) = Gewicht × Transportentfernung; Emissionen = tkm × Emissionsintensität des Fahrzeugtyps.',
      'Transportentfernung: angegebene oder ermittelte Entfernung, bei tatsächlichen Entfernungen geteilt durch den Entfernungsanpassungsfaktor (DAF) des GLEC Framework.',
      'Entfernungen: Luftfracht Großkreis + 95 km; Seefracht kürzester Weg auf dem Eurostat-SeaRoute-Seewegenetz; Straße und Schiene ein Routingdienst oder Großkreis × Umwegfaktor (Schätzung).',
    ],
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
    overview: 'Legs at a glance',
    leg: 'No.',
    route: 'Route',
    transportKm: 'Transport km',
    wtwKg: 'WTW kg CO2e',
    intensityShort: 'g CO2e/tkm',
    total: 'Total',
    chart: 'Emissions by leg (WTW, kg CO2e)',
    details: 'Legs in detail',
    sources: 'Method and sources',
    sourceLines: [
      'Emissions following ISO 14083:2023 and the GLEC Framework v3.1: transport activity (tkm) = weight × transport distance; emissions = tkm × emission intensity of the vehicle type.',
      'Transport distance: the given or computed distance; actual distances are divided by the GLEC Framework’s distance adjustment factor (DAF).',
      'Distances: air great circle + 95 km; sea shortest path on the Eurostat SeaRoute marine network; road and rail a routing service or great circle × circuity factor (estimate).',
    ],
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

/** A place's short name for the overview table (the resolved name, else the text as entered). */
const shortPlace = (p: Place) => p.resolved?.name ?? placeText(p);

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
      [t.date, documentDate(o.date, lang)],
      [t.cargo, cargo],
      [t.weight, `${n(o.grossWeight, 3)} ${o.grossWeightUnit}`],
    ] as [string, string][],
    overview: legs.map((l, i) => ({
      no: String(i + 1),
      route: `${label('transportMode', l.transportMode, lang)}: ${shortPlace(l.origin)} → ${shortPlace(l.destination)}`,
      km: n(l.transportDistance, CERTIFICATE_DIGITS.km),
      tkm: n(l.tkm, CERTIFICATE_DIGITS.tkm),
      wtw: l.co2Wtw,
      intensity: n(l.intensity, CERTIFICATE_DIGITS.intensity),
    })),
    legs: legs.map((l, i) => ({
      title: `${i + 1}. ${label('carriage', l.activity, lang)}: ${label('transportMode', l.transportMode, lang)}`,
      fields: [
        [t.origin, placeText(l.origin)],
        [t.destination, placeText(l.destination)],
        [
          t.distance,
          `${n(l.distance, CERTIFICATE_DIGITS.km)} km (${t.distanceKinds[l.distanceType]}; ${l.distanceGiven ? t.distanceGiven : l.distanceMethodText})`,
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
      [t.issued, documentDate(issuedAt, lang)],
    ] as [string, string][],
  };
}

/** The certificate as an A4 PDF stream (pdfkit writes as it goes, as the invoice document does). */
export function renderCertificatePdf(
  o: Order,
  lang: Language,
  issuedAt: Date,
  options: { compress?: boolean; company?: string; logo?: Buffer | null } = {},
): PDFKit.PDFDocument {
  const c = certificateLines(o, lang, issuedAt);
  const t = c.t;
  const pdf = createPdf({
    title: `${t.title} ${o.number}`,
    compress: options.compress,
    frame: { lang, company: options.company ?? 'Klimadesk', logo: options.logo, documentId: o.number },
  });
  const field = ([name, value]: [string, string]) => pdf.field(name, value);
  const kg = (v: number) => formatNumber(v, lang, CERTIFICATE_DIGITS.co2);
  pdf.cover(`${t.title} ${o.number}`, { lang, issuedAt });
  c.head.forEach(field);

  pdf.heading(t.overview);
  pdf.table(
    [
      { header: t.leg, width: 0.6 },
      { header: t.route, width: 4.4, align: 'left' },
      { header: t.transportKm, width: 1.5 },
      { header: 'tkm', width: 1.5 },
      { header: t.wtwKg, width: 1.6 },
      { header: t.intensityShort, width: 1.3 },
    ],
    [
      ...c.overview.map((l) => [l.no, l.route, l.km, l.tkm, kg(l.wtw), l.intensity]),
      {
        cells: [
          '',
          t.total,
          '',
          formatNumber(o.tkm, lang, CERTIFICATE_DIGITS.tkm),
          // The legs' sum; hubs follow in their own section.
          kg(c.overview.reduce((sum, l) => sum + l.wtw, 0)),
          '',
        ],
        bold: true,
      },
    ],
  );
  if (c.overview.length > 1) {
    pdf.bars(
      c.overview.map((l) => ({ label: `${l.no}. ${l.route}`, value: l.wtw, shown: kg(l.wtw) })),
      { caption: t.chart },
    );
  }

  pdf.heading(t.details);
  for (const leg of c.legs) {
    pdf.heading(leg.title, { size: 10, keep: 120 });
    leg.fields.forEach(field);
  }
  pdf.heading(t.hubs);
  if (c.hubs.length === 0) pdf.lines([t.noHubs]);
  c.hubs.forEach(field);
  pdf.heading(t.totals);
  c.totals.forEach(field);
  pdf.heading(t.method);
  c.method.forEach(field);
  pdf.heading(t.sources, { size: 11 });
  pdf.lines([...t.sourceLines], { size: 8.5 });
  pdf.note(t.footer);
  return pdf.end();
}
