/**
 * Static reference lists of the emission database (seed 001: units, unit types, sections,
 * treatments; seed 002 §3 Emission database). Shared by the API (validation, conversions, the
 * `.json` calls) and the web app (labels, pickers), so both convert units the same way.
 */
import type { Language } from '../constants.ts';

type Names = Readonly<Record<Language, string>>;

/** Unit types with their base unit; every unit converts to the base of its type by a factor. */
export const UNIT_TYPES = [
  'mass',
  'volume',
  'energy',
  'distance',
  'area',
  'currency',
  'count',
  'passengerDistance',
  'freightDistance',
  'roomNights',
  'time',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const UNIT_TYPE_NAMES: Readonly<Record<UnitType, Names>> = {
  mass: { de: 'Masse', en: 'Mass' },
  volume: { de: 'Volumen', en: 'Volume' },
  energy: { de: 'Energie', en: 'Energy' },
  distance: { de: 'Entfernung', en: 'Distance' },
  area: { de: 'Fläche', en: 'Area' },
  currency: { de: 'Währung', en: 'Currency' },
  count: { de: 'Anzahl', en: 'Count' },
  passengerDistance: { de: 'Personenkilometer', en: 'Passenger distance' },
  freightDistance: { de: 'Tonnenkilometer', en: 'Freight distance' },
  roomNights: { de: 'Zimmernächte', en: 'Room nights' },
  time: { de: 'Zeit', en: 'Time' },
};

export type UnitDef = {
  /** Stable id, also the internal name (`kWh`, `l`, `tkm`). */
  id: string;
  unitType: UnitType;
  /** How many base units of the type one unit is (kg, l, kWh, km, m², EUR, piece, pkm, tkm, night, h). */
  toBase: number;
  names: Names;
};

// Conversions: 1 mile = 1.609344 km (international mile), 1 GJ = 277.777… kWh, 1 t = 1000 kg.
// kWh (Net CV) and kWh (Gross CV) are energy amounts on the lower or higher heating value (DESNZ 2025):
// they convert like kWh within the same basis; a factor names the basis it was published for.
export const UNITS: readonly UnitDef[] = [
  { id: 'kg', unitType: 'mass', toBase: 1, names: { de: 'kg', en: 'kg' } },
  { id: 't', unitType: 'mass', toBase: 1000, names: { de: 't', en: 'tonnes' } },
  { id: 'g', unitType: 'mass', toBase: 0.001, names: { de: 'g', en: 'g' } },
  { id: 'l', unitType: 'volume', toBase: 1, names: { de: 'Liter', en: 'litres' } },
  { id: 'm3', unitType: 'volume', toBase: 1000, names: { de: 'm³', en: 'cubic metres' } },
  { id: 'Ml', unitType: 'volume', toBase: 1_000_000, names: { de: 'Mio. Liter', en: 'million litres' } },
  { id: 'kWh', unitType: 'energy', toBase: 1, names: { de: 'kWh', en: 'kWh' } },
  { id: 'MWh', unitType: 'energy', toBase: 1000, names: { de: 'MWh', en: 'MWh' } },
  { id: 'GJ', unitType: 'energy', toBase: 1000 / 3.6, names: { de: 'GJ', en: 'GJ' } },
  { id: 'kWh-net', unitType: 'energy', toBase: 1, names: { de: 'kWh (Hu)', en: 'kWh (Net CV)' } },
  { id: 'kWh-gross', unitType: 'energy', toBase: 1, names: { de: 'kWh (Ho)', en: 'kWh (Gross CV)' } },
  { id: 'km', unitType: 'distance', toBase: 1, names: { de: 'km', en: 'km' } },
  { id: 'mile', unitType: 'distance', toBase: 1.609344, names: { de: 'Meilen', en: 'miles' } },
  { id: 'm2', unitType: 'area', toBase: 1, names: { de: 'm²', en: 'm²' } },
  { id: 'EUR', unitType: 'currency', toBase: 1, names: { de: 'EUR', en: 'EUR' } },
  { id: 'piece', unitType: 'count', toBase: 1, names: { de: 'Stück', en: 'pieces' } },
  { id: 'pkm', unitType: 'passengerDistance', toBase: 1, names: { de: 'Pkm', en: 'passenger.km' } },
  { id: 'tkm', unitType: 'freightDistance', toBase: 1, names: { de: 'tkm', en: 'tonne.km' } },
  { id: 'room-night', unitType: 'roomNights', toBase: 1, names: { de: 'Zimmernacht', en: 'room per night' } },
  { id: 'fte-hour', unitType: 'time', toBase: 1, names: { de: 'VZÄ-Arbeitsstunde', en: 'FTE working hour' } },
];

export const UNIT_IDS = UNITS.map((u) => u.id) as [string, ...string[]];
const unitById = new Map(UNITS.map((u) => [u.id, u]));

export function unitOf(id: string): UnitDef | undefined {
  return unitById.get(id);
}

/**
 * An amount in `from` expressed in `to`; null when the units are of different types (seed 001:
 * "unit conversion impossible or wrong unit type"). 10 miles in km: 10 × 1.609344 / 1 = 16.09344.
 */
export function convertUnit(amount: number, from: string, to: string): number | null {
  const a = unitById.get(from);
  const b = unitById.get(to);
  if (!a || !b || a.unitType !== b.unitType) return null;
  return (amount * a.toBase) / b.toBase;
}

/**
 * Sections of the corporate carbon footprint (seed 001 CFC: scopes 1–3 with subsections; GHG
 * Protocol scope 3 categories 1–15). Activities name the sections they belong to as categories;
 * a scope is the parent category of its sections.
 */
export type SectionDef = {
  id: string;
  scope: 1 | 2 | 3;
  parent: string | null;
  weight: number;
  names: Names;
};

const scope = (n: 1 | 2 | 3, weight: number): SectionDef => ({
  id: `scope${n}`,
  scope: n,
  parent: null,
  weight,
  names: { de: `Scope ${n}`, en: `Scope ${n}` },
});
const section = (id: string, s: 1 | 2 | 3, weight: number, de: string, en: string): SectionDef => ({
  id,
  scope: s,
  parent: `scope${s}`,
  weight,
  names: { de, en },
});

export const SECTIONS: readonly SectionDef[] = [
  scope(1, 100),
  section('stationary-combustion', 1, 110, 'Stationäre Verbrennung', 'Stationary combustion'),
  section('mobile-combustion', 1, 120, 'Mobile Verbrennung', 'Mobile combustion'),
  section(
    'fugitive-emissions',
    1,
    130,
    'Flüchtige Emissionen (Kältemittel)',
    'Fugitive emissions (refrigerants)',
  ),
  section('process-emissions', 1, 140, 'Prozessemissionen', 'Process emissions'),
  scope(2, 200),
  section('purchased-electricity', 2, 210, 'Eingekaufter Strom', 'Purchased electricity'),
  section('purchased-heat', 2, 220, 'Fernwärme, Dampf und Kälte', 'Purchased heat, steam and cooling'),
  scope(3, 300),
  section(
    'purchased-goods',
    3,
    301,
    '3.1 Eingekaufte Waren und Dienstleistungen',
    '3.1 Purchased goods and services',
  ),
  section('capital-goods', 3, 302, '3.2 Investitionsgüter', '3.2 Capital goods'),
  section(
    'fuel-energy',
    3,
    303,
    '3.3 Brennstoff- und energiebezogene Emissionen',
    '3.3 Fuel- and energy-related activities',
  ),
  section(
    'upstream-transport',
    3,
    304,
    '3.4 Vorgelagerter Transport',
    '3.4 Upstream transportation and distribution',
  ),
  section('waste', 3, 305, '3.5 Abfall', '3.5 Waste generated in operations'),
  section('business-travel', 3, 306, '3.6 Geschäftsreisen', '3.6 Business travel'),
  section('employee-commuting', 3, 307, '3.7 Pendeln der Mitarbeitenden', '3.7 Employee commuting'),
  section('upstream-leased-assets', 3, 308, '3.8 Gemietete Sachanlagen', '3.8 Upstream leased assets'),
  section(
    'downstream-transport',
    3,
    309,
    '3.9 Nachgelagerter Transport',
    '3.9 Downstream transportation and distribution',
  ),
  section(
    'processing-sold-products',
    3,
    310,
    '3.10 Verarbeitung verkaufter Produkte',
    '3.10 Processing of sold products',
  ),
  section('use-sold-products', 3, 311, '3.11 Nutzung verkaufter Produkte', '3.11 Use of sold products'),
  section(
    'end-of-life',
    3,
    312,
    '3.12 Entsorgung verkaufter Produkte',
    '3.12 End-of-life treatment of sold products',
  ),
  section('downstream-leased-assets', 3, 313, '3.13 Vermietete Sachanlagen', '3.13 Downstream leased assets'),
  section('franchises', 3, 314, '3.14 Franchise', '3.14 Franchises'),
  section('investments', 3, 315, '3.15 Investitionen', '3.15 Investments'),
];

export const SECTION_IDS = SECTIONS.map((s) => s.id) as [string, ...string[]];

/** The section ids under a parent category, the parent itself included. */
export function sectionsUnder(id: string): string[] {
  return SECTIONS.filter((s) => s.id === id || s.parent === id).map((s) => s.id);
}

/** Waste treatments (DESNZ 2025 "Waste disposal" columns; seed 001: waste group, type, treatment). */
export const TREATMENTS: readonly { id: string; names: Names }[] = [
  { id: 'anaerobic-digestion', names: { de: 'Vergärung', en: 'Anaerobic digestion' } },
  { id: 'closed-loop', names: { de: 'Recycling (geschlossener Kreislauf)', en: 'Closed-loop recycling' } },
  { id: 'combustion', names: { de: 'Verbrennung', en: 'Combustion' } },
  { id: 'composting', names: { de: 'Kompostierung', en: 'Composting' } },
  {
    id: 'incineration-energy-recovery',
    names: { de: 'Verbrennung mit Energierückgewinnung', en: 'Incineration with energy recovery' },
  },
  { id: 'landfill', names: { de: 'Deponie', en: 'Landfill' } },
  { id: 'open-loop', names: { de: 'Recycling (offener Kreislauf)', en: 'Open-loop recycling' } },
  { id: 're-use', names: { de: 'Wiederverwendung', en: 'Re-use' } },
];

export const TREATMENT_IDS = TREATMENTS.map((t) => t.id) as [string, ...string[]];
