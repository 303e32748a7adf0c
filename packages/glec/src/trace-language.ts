/**
 * The calculation sheet in the reader's language: step titles by step kind, names for the
 * variables of inputs and results, and the factor edition in plain words. The trace itself keeps
 * its stable keys (`massT`, `distanceKm`) so stored sheets stay readable in either language.
 */
import type { Label, Language, TraceStep } from './types.ts';

const STEPS: Record<string, Label> = {
  mass: { de: 'Frachtmasse', en: 'Freight mass' },
  distance: { de: 'Transportentfernung', en: 'Transport distance' },
  activity: { de: 'Transportleistung', en: 'Transport activity' },
  haul: { de: 'Kurz- oder Langstrecke (Luftfracht)', en: 'Short or long haul (air)' },
  intensity: { de: 'Standard-Emissionsintensität', en: 'Default emission intensity' },
  'distance-basis': {
    de: 'Intensität auf die Transportentfernung umgerechnet',
    en: 'Intensity converted to the transport distance',
  },
  temperature: { de: 'Temperaturführung', en: 'Temperature control' },
  'teu-activity': { de: 'TEU-Leistung', en: 'TEU activity' },
  fuel: { de: 'Kraftstoff', en: 'Fuel' },
  refrigerant: { de: 'Kältemittelverlust', en: 'Refrigerant leakage' },
  'empty-running': { de: 'Leerfahrten', en: 'Empty running' },
  'vehicle-km': { de: 'Fahrzeugkilometer mit Leerfahrten', en: 'Vehicle km including empty running' },
  emissions: { de: 'Emissionen', en: 'Emissions' },
  allocation: {
    de: 'Zuordnung der gemessenen Tourwerte zur Sendung nach tkm-Anteil',
    en: 'Allocation of the measured tour total to the shipment by tkm share',
  },
  hub: { de: 'Umschlagpunkt (Hub)', en: 'Hub' },
  'shipment-defaults': {
    de: 'Standardwert jeder Sendung: eigene Masse × eigene Entfernung × Intensität',
    en: 'Default figure of each shipment: own mass × own distance × intensity',
  },
  'shipment-sum': {
    de: 'Standardwert der Tour: Summe ihrer Sendungen (ohne Allokation)',
    en: "Tour default: sum of its shipments' figures (no allocation)",
  },
};

const NAMES: Record<string, Label> = {
  weight: { de: 'Gewicht', en: 'Weight' },
  weightUnit: { de: 'Gewichtseinheit', en: 'Weight unit' },
  massT: { de: 'Masse (t)', en: 'Mass (t)' },
  teu: { de: 'TEU', en: 'TEU' },
  teuKm: { de: 'TEU-km', en: 'TEU-km' },
  distance: { de: 'Entfernung (km)', en: 'Distance (km)' },
  distanceType: { de: 'Entfernungsart', en: 'Distance type' },
  distanceKm: { de: 'Transportentfernung (km)', en: 'Transport distance (km)' },
  gcdKm: { de: 'Großkreisentfernung (km)', en: 'Great-circle distance (km)' },
  daf: { de: 'Entfernungsanpassung (DAF)', en: 'Distance adjustment (DAF)' },
  tkm: { de: 'Transportleistung (tkm)', en: 'Transport activity (tkm)' },
  tourTkmSum: { de: 'Summe tkm der Tour', en: 'Sum of tkm of the tour' },
  tourTkm: { de: 'tkm der Tour (Summe der Sendungen)', en: "Tour tkm (sum of its shipments')" },
  shipmentTkm: { de: 'Summe tkm der Sendungen', en: "Sum of the shipments' tkm" },
  glecVehicleType: { de: 'GLEC-Fahrzeugtyp', en: 'GLEC vehicle type' },
  requestedType: { de: 'Angefragter Typ', en: 'Requested type' },
  haul: { de: 'Strecke', en: 'Haul' },
  g_TTW: { de: 'Intensität TTW (g CO2e)', en: 'Intensity TTW (g CO2e)' },
  g_WTT: { de: 'Intensität WTT (g CO2e)', en: 'Intensity WTT (g CO2e)' },
  distanceBasis: { de: 'Entfernungsbasis des Werts', en: 'Distance basis of the value' },
  intensityWtw: { de: 'Intensität WTW', en: 'Intensity WTW' },
  unit: { de: 'Einheit', en: 'Unit' },
  temperatureControl: { de: 'Temperaturgeführt', en: 'Temperature-controlled' },
  fuelType: { de: 'Kraftstoff', en: 'Fuel' },
  amount: { de: 'Menge', en: 'Amount' },
  EF_TTW: { de: 'Faktor TTW (kg CO2e)', en: 'Factor TTW (kg CO2e)' },
  EF_WTT: { de: 'Faktor WTT (kg CO2e)', en: 'Factor WTT (kg CO2e)' },
  densityKgPerL: { de: 'Dichte (kg/L)', en: 'Density (kg/L)' },
  emptyRunningScale: { de: 'Aufschlag Leerfahrten', en: 'Empty-running uplift' },
  refrigerant: { de: 'Kältemittel', en: 'Refrigerant' },
  leakedKg: { de: 'Verlust (kg)', en: 'Leaked (kg)' },
  loadedKm: { de: 'Lastkilometer', en: 'Loaded km' },
  loadedActualKm: { de: 'Gefahrene Lastkilometer', en: 'Driven loaded km' },
  emptyKm: { de: 'Leerkilometer', en: 'Empty km' },
  emptyRunningShare: { de: 'Leerfahrtanteil', en: 'Empty-running share' },
  vehicleKm: { de: 'Fahrzeugkilometer', en: 'Vehicle km' },
  activity: { de: 'Leistung', en: 'Activity' },
  tonnesPerContainer: { de: 'Tonnen je Container', en: 'Tonnes per container' },
  shipment: { de: 'Sendung', en: 'Shipment' },
  shipments: { de: 'Sendungen', en: 'Shipments' },
  share: { de: 'Anteil', en: 'Share' },
  tourTtwG: { de: 'Tour TTW (g CO2e)', en: 'Tour TTW (g CO2e)' },
  tourWttG: { de: 'Tour WTT (g CO2e)', en: 'Tour WTT (g CO2e)' },
  tourWtwG: { de: 'Tour WTW (g CO2e)', en: 'Tour WTW (g CO2e)' },
  co2TtwG: { de: 'TTW (g CO2e)', en: 'TTW (g CO2e)' },
  co2WttG: { de: 'WTT (g CO2e)', en: 'WTT (g CO2e)' },
  co2WtwG: { de: 'WTW (g CO2e)', en: 'WTW (g CO2e)' },
  co2TtwKg: { de: 'TTW (kg CO2e)', en: 'TTW (kg CO2e)' },
  co2WttKg: { de: 'WTT (kg CO2e)', en: 'WTT (kg CO2e)' },
  co2WtwKg: { de: 'WTW (kg CO2e)', en: 'WTW (kg CO2e)' },
  // A partner's primary data (iLEAP ShipmentFootprint) used for a leg.
  partner: { de: 'Partner', en: 'Partner' },
  footprintId: { de: 'Footprint-ID', en: 'Footprint ID' },
  footprintVersion: { de: 'Footprint-Version', en: 'Footprint version' },
  intensityGPerTkm: { de: 'Intensität (g CO2e/tkm)', en: 'Intensity (g CO2e/tkm)' },
};

/** German readings of the engine's fixed note sentences; other text stays as written. */
const NOTES_DE: [string, string][] = [
  [
    'Transport activity is stated on the transport distance (ISO 14083: SFD; air GCD + 95 km); GLEC default intensities refer to the same basis.',
    'Die Transportleistung bezieht sich auf die Transportentfernung (ISO 14083: SFD; Luftfracht GCD + 95 km); die GLEC-Standardwerte beziehen sich auf dieselbe Basis.',
  ],
  [
    'Default values already include load factor and empty running; neither is applied again.',
    'Standardwerte enthalten Auslastung und Leerfahrten bereits; beides wird nicht erneut angewendet.',
  ],
  [
    'UK fleet average of DESNZ 2025 (load and empty running inside), used for Europe where the GLEC v3.1 Europe table is not available.',
    'Flottendurchschnitt Vereinigtes Königreich nach DESNZ 2025 (Auslastung und Leerfahrten enthalten), für Europa verwendet, solange die GLEC-v3.1-Europatabelle nicht vorliegt.',
  ],
  [
    'ISO 14083: a modelled figure needs no allocation; load factor and empty running are inside the intensity.',
    'ISO 14083: ein modellierter Wert braucht keine Allokation; Auslastung und Leerfahrten stecken in der Intensität.',
  ],
  [
    "Largest remainder: each shipment first gets the whole grams of its exact part; the grams left over go one each to the largest fractional parts (ties to the first shipment), so the shipments add up to the tour's WTW to the gram. Tour grams: WTW = round(TTW + WTT), TTW = round(TTW), WTT = WTW - TTW.",
    'Restgrößenverfahren: jede Sendung erhält zuerst die ganzen Gramm ihres genauen Anteils; die übrigen Gramm gehen einzeln an die größten Nachkommaanteile (bei Gleichstand an die erste Sendung), so dass die Sendungen zusammen das WTW der Tour auf das Gramm ergeben. Gramm der Tour: WTW = round(TTW + WTT), TTW = round(TTW), WTT = WTW - TTW.',
  ],
  [
    'The same tkm the tour lists, its intensity and the allocation keys use.',
    'Dieselben tkm, die die Tour ausweist und auf denen ihre Intensität und die Allokationsschlüssel beruhen.',
  ],
  [
    'GLEC publishes hub values as WTW only; TTW/WTT are not split.',
    'GLEC veröffentlicht Hub-Werte nur als WTW; TTW/WTT werden nicht aufgeteilt.',
  ],
  [
    'Measured fuel already contains the cooling unit; the default uplift applies to default values only.',
    'Der gemessene Kraftstoff enthält das Kühlaggregat bereits; der Zuschlag gilt nur für Standardwerte.',
  ],
  [
    'TTW factor is 0 (e.g. electricity): all emissions of this carrier are upstream (WTT).',
    'Der TTW-Faktor ist 0 (z. B. Strom): alle Emissionen dieses Energieträgers entstehen in der Vorkette (WTT).',
  ],
];

function noteIn(note: string, lang: Language): string {
  if (lang === 'en') return note;
  let out = note;
  for (const [en, de] of NOTES_DE) out = out.replace(en, de);
  return out;
}

const CAPTIONS: Record<string, Label> = {
  formula: { de: 'Formel', en: 'Formula' },
  inputs: { de: 'Eingaben', en: 'Inputs' },
  factor: { de: 'Faktor', en: 'Factor' },
  source: { de: 'Quelle', en: 'Source' },
  result: { de: 'Ergebnis', en: 'Result' },
  note: { de: 'Hinweis', en: 'Note' },
};

/** The name of a trace variable in a language; unknown keys (e.g. shipment references) stay. */
export function traceName(key: string, lang: Language): string {
  return NAMES[key]?.[lang] ?? key;
}

/** The factor edition in plain words, e.g. "GLEC Framework v3.2 (v3.1 value not available)". */
export function editionText(edition: string, lang: Language): string {
  const m = /^GLEC (v[\d.]+)( \(nearest edition; v3\.1 value not available\))?$/.exec(edition);
  if (m !== null) {
    const nearest =
      m[2] === undefined
        ? ''
        : lang === 'de'
          ? ' – nächstliegende Ausgabe, da der Wert aus v3.1 nicht vorlag'
          : ' – nearest edition, as the v3.1 value was not available';
    return `${lang === 'de' ? 'Ausgabe' : 'Edition'}: GLEC Framework ${m[1]}${nearest}`;
  }
  if (edition === 'request') return lang === 'de' ? 'in der Anfrage angegeben' : 'given in the request';
  if (edition === 'non-GLEC source') return lang === 'de' ? 'Quelle außerhalb von GLEC' : 'non-GLEC source';
  return `${lang === 'de' ? 'Ausgabe' : 'Edition'}: ${edition}`;
}

export interface LocalizedTraceStep extends TraceStep {
  /** Reader's names of the keys of `inputs` and `output`. */
  names: Record<string, string>;
}

/** The trace with titles, variable names and editions in one language. */
export function localizeTrace(trace: readonly TraceStep[], lang: Language): LocalizedTraceStep[] {
  return trace.map((s) => {
    const names: Record<string, string> = {};
    for (const k of [...Object.keys(s.inputs), ...Object.keys(s.output)]) names[k] = traceName(k, lang);
    const title = STEPS[s.step]?.[lang];
    // The engine's own label carries the detail (vehicle type, mode); German readers get the title.
    const label = title === undefined ? s.label : lang === 'en' ? s.label : title;
    const out: LocalizedTraceStep = { ...s, label, names };
    if (s.note !== undefined) out.note = noteIn(s.note, lang);
    if (s.factor !== undefined) out.factor = { ...s.factor, edition: editionText(s.factor.edition, lang) };
    return out;
  });
}

export function caption(key: keyof typeof CAPTIONS, lang: Language): string {
  return CAPTIONS[key]![lang];
}
