import { type Language, type Order, MASTER_LABELS, formatNumber } from '@klimadesk/contract';
import { GLEC_DEFAULT_FACTOR_SET, hubTypes, listGlecVehicleTypes } from '@klimadesk/glec';
import { createPdf, documentDate } from '../../platform/pdf.ts';
import { t as message } from '@klimadesk/contract/messages';

/** The method the engine follows (packages/glec: GLEC Framework v3.1 / ISO 14083). */
export const CERTIFICATE_METHOD = 'GLEC Framework v3.1 / ISO 14083';

/** Decimals the certificate shows: kg CO2e and km with two, tkm with two, g CO2e/tkm with one. */
export const CERTIFICATE_DIGITS = { co2: 2, km: 2, tkm: 2, intensity: 1 } as const;

const certificateTexts = (lang: Language) => ({
  title: message(lang, 'orders.certificate.title'),
  fileName: message(lang, 'orders.certificate.fileName'),
  number: message(lang, 'orders.certificate.number'),
  client: message(lang, 'orders.certificate.client'),
  date: message(lang, 'orders.certificate.date'),
  cargo: message(lang, 'orders.certificate.cargo'),
  weight: message(lang, 'orders.certificate.weight'),
  legs: message(lang, 'orders.certificate.legs'),
  origin: message(lang, 'orders.certificate.origin'),
  destination: message(lang, 'orders.certificate.destination'),
  distance: message(lang, 'orders.certificate.distance'),
  distanceGiven: message(lang, 'orders.certificate.distanceGiven'),
  distanceKinds: {
    actual: message(lang, 'orders.certificate.distanceKinds.actual'),
    SFD: message(lang, 'orders.certificate.distanceKinds.SFD'),
    GCD: message(lang, 'orders.certificate.distanceKinds.GCD'),
    'GCD+95': message(lang, 'orders.certificate.distanceKinds.GCD+95'),
    estimate: message(lang, 'orders.certificate.distanceKinds.estimate'),
  },
  transportDistance: message(lang, 'orders.certificate.transportDistance'),
  dafDivided: (daf: string) => message(lang, 'orders.certificate.dafDivided', { daf }),
  airUplift: (km: string) => message(lang, 'orders.certificate.airUplift', { km }),
  asGiven: message(lang, 'orders.certificate.asGiven'),
  vehicle: message(lang, 'orders.certificate.vehicle'),
  intensity: message(lang, 'orders.certificate.intensity'),
  hubs: message(lang, 'orders.certificate.hubs'),
  noHubs: message(lang, 'orders.certificate.noHubs'),
  between: message(lang, 'orders.certificate.between'),
  and: message(lang, 'orders.certificate.and'),
  totals: message(lang, 'orders.certificate.totals'),
  wtwWithHubs: message(lang, 'orders.certificate.wtwWithHubs'),
  hubWtw: message(lang, 'orders.certificate.hubWtw'),
  method: message(lang, 'orders.certificate.method'),
  factorSet: message(lang, 'orders.certificate.factorSet'),
  editions: message(lang, 'orders.certificate.editions'),
  issued: message(lang, 'orders.certificate.issued'),
  overview: message(lang, 'orders.certificate.overview'),
  leg: message(lang, 'orders.certificate.leg'),
  route: message(lang, 'orders.certificate.route'),
  transportKm: message(lang, 'orders.certificate.transportKm'),
  wtwKg: message(lang, 'orders.certificate.wtwKg'),
  intensityShort: message(lang, 'orders.certificate.intensityShort'),
  total: message(lang, 'orders.certificate.total'),
  chart: message(lang, 'orders.certificate.chart'),
  details: message(lang, 'orders.certificate.details'),
  sources: message(lang, 'orders.certificate.sources'),
  sourceLines: [
    message(lang, 'orders.certificate.sourceLines.0'),
    message(lang, 'orders.certificate.sourceLines.1'),
    message(lang, 'orders.certificate.sourceLines.2'),
  ],
  footer: message(lang, 'orders.certificate.footer'),
});

const TEXTS = {
  de: certificateTexts('de'),
  en: certificateTexts('en'),
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

type OrderLeg = Order['activities'][number]['legs'][number];

/** How the typed or computed distance became the transport distance (the engine's rule, its DAF). */
function adjustmentText(l: OrderLeg, lang: Language): string {
  const t = TEXTS[lang];
  const daf = GLEC_DEFAULT_FACTOR_SET.distanceAdjustment[l.transportMode];
  if (l.transportDistance === l.distance) return t.asGiven;
  if (daf.kind === 'additive') return t.airUplift(formatNumber(daf.km, lang, 0));
  return daf.kind === 'multiplier' ? t.dafDivided(formatNumber(daf.value, lang, 2)) : t.asGiven;
}

/** One leg's lines: its ends, distances, vehicle type and figures. */
function legFields(l: OrderLeg, lang: Language, vehicle: string): [string, string][] {
  const t = TEXTS[lang];
  const n = (v: number, d: number) => formatNumber(v, lang, d);
  const kg = (v: number) => `${n(v, CERTIFICATE_DIGITS.co2)} kg CO2e`;
  return [
    [t.origin, placeText(l.origin)],
    [t.destination, placeText(l.destination)],
    [
      t.distance,
      `${n(l.distance, CERTIFICATE_DIGITS.km)} km (${t.distanceKinds[l.distanceType]}; ${l.distanceGiven ? t.distanceGiven : l.distanceMethodText})`,
    ],
    [
      t.transportDistance,
      `${n(l.transportDistance, CERTIFICATE_DIGITS.km)} km (${l.transportDistanceType}: ${adjustmentText(l, lang)})`,
    ],
    [t.vehicle, vehicle],
    ['TTW', kg(l.co2Ttw)],
    ['WTT', kg(l.co2Wtt)],
    ['WTW', kg(l.co2Wtw)],
    ['tkm', n(l.tkm, CERTIFICATE_DIGITS.tkm)],
    [t.intensity, `${n(l.intensity, CERTIFICATE_DIGITS.intensity)} g CO2e/tkm`],
  ];
}

const cargoText = (o: Order, lang: Language) =>
  [
    label('cargo', o.cargoType, lang),
    label('freightType', o.freightType, lang),
    ...(o.containerLoad ? [label('containerLoad', o.containerLoad, lang)] : []),
    ...(o.containerSpec ? [`${o.quantity ?? 1} × ${label('containerType', o.containerSpec, lang)}`] : []),
  ].join(', ');

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
  const legNo = new Map(legs.map((l, i) => [l.id, i + 1]));
  const editions = new Set<string>();
  for (const l of legs) for (const s of l.trace) if (s.factor) editions.add(s.factor.edition);
  const sets = new Set(legs.map((l) => `${l.factorSet.id} ${l.factorSet.version} (${l.factorSet.gwp})`));
  return {
    t,
    head: [
      [t.number, o.number],
      [t.client, o.client],
      [t.date, documentDate(o.date, lang)],
      [t.cargo, cargoText(o, lang)],
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
      fields: legFields(l, lang, vehicles.get(l.glecVehicleType) ?? l.glecVehicleType),
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
