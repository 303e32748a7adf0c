/**
 * Static reference lists of the emission database (seed 001: units, unit types, sections,
 * treatments; seed 002 §3 Emission database). Shared by the API (validation, conversions, the
 * `.json` calls) and the web app (labels, pickers), so both convert units the same way.
 */
import type { Language } from '../constants.ts';
import { type MessageKey, texts } from '../messages.ts';

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
  mass: texts('emissionDb.reference.mass'),
  volume: texts('emissionDb.reference.volume'),
  energy: texts('emissionDb.reference.energy'),
  distance: texts('emissionDb.reference.distance'),
  area: texts('emissionDb.reference.area'),
  currency: texts('emissionDb.reference.currency'),
  count: texts('emissionDb.reference.count'),
  passengerDistance: texts('emissionDb.reference.passengerDistance'),
  freightDistance: texts('emissionDb.reference.freightDistance'),
  roomNights: texts('emissionDb.reference.roomNights'),
  time: texts('emissionDb.reference.time'),
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
  { id: 'kg', unitType: 'mass', toBase: 1, names: texts('emissionDb.reference.kg') },
  { id: 't', unitType: 'mass', toBase: 1000, names: texts('emissionDb.reference.tonnes') },
  { id: 'g', unitType: 'mass', toBase: 0.001, names: texts('emissionDb.reference.g') },
  { id: 'l', unitType: 'volume', toBase: 1, names: texts('emissionDb.reference.litres') },
  { id: 'm3', unitType: 'volume', toBase: 1000, names: texts('emissionDb.reference.cubicMetres') },
  { id: 'Ml', unitType: 'volume', toBase: 1_000_000, names: texts('emissionDb.reference.millionLitres') },
  { id: 'kWh', unitType: 'energy', toBase: 1, names: texts('emissionDb.reference.kWh') },
  { id: 'MWh', unitType: 'energy', toBase: 1000, names: texts('emissionDb.reference.mWh') },
  { id: 'GJ', unitType: 'energy', toBase: 1000 / 3.6, names: texts('emissionDb.reference.gj') },
  { id: 'kWh-net', unitType: 'energy', toBase: 1, names: texts('emissionDb.reference.kWhNetCV') },
  { id: 'kWh-gross', unitType: 'energy', toBase: 1, names: texts('emissionDb.reference.kWhGrossCV') },
  { id: 'km', unitType: 'distance', toBase: 1, names: texts('emissionDb.reference.km') },
  { id: 'mile', unitType: 'distance', toBase: 1.609344, names: texts('emissionDb.reference.miles') },
  { id: 'm2', unitType: 'area', toBase: 1, names: texts('emissionDb.reference.m') },
  { id: 'EUR', unitType: 'currency', toBase: 1, names: texts('emissionDb.reference.eur') },
  { id: 'piece', unitType: 'count', toBase: 1, names: texts('emissionDb.reference.pieces') },
  { id: 'pkm', unitType: 'passengerDistance', toBase: 1, names: texts('emissionDb.reference.passengerKm') },
  { id: 'tkm', unitType: 'freightDistance', toBase: 1, names: texts('emissionDb.reference.tonneKm') },
  { id: 'room-night', unitType: 'roomNights', toBase: 1, names: texts('emissionDb.reference.roomPerNight') },
  { id: 'fte-hour', unitType: 'time', toBase: 1, names: texts('emissionDb.reference.fteWorkingHour') },
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
  names: texts('emissionDb.reference.scope', { n }),
});
const section = (id: string, s: 1 | 2 | 3, weight: number): SectionDef => ({
  id,
  scope: s,
  parent: `scope${s}`,
  weight,
  names: texts(`emissionDb.reference.sections.${id}` as MessageKey),
});

export const SECTIONS: readonly SectionDef[] = [
  scope(1, 100),
  section('stationary-combustion', 1, 110),
  section('mobile-combustion', 1, 120),
  section('fugitive-emissions', 1, 130),
  section('process-emissions', 1, 140),
  scope(2, 200),
  section('purchased-electricity', 2, 210),
  section('purchased-heat', 2, 220),
  scope(3, 300),
  section('purchased-goods', 3, 301),
  section('capital-goods', 3, 302),
  section('fuel-energy', 3, 303),
  section('upstream-transport', 3, 304),
  section('waste', 3, 305),
  section('business-travel', 3, 306),
  section('employee-commuting', 3, 307),
  section('upstream-leased-assets', 3, 308),
  section('downstream-transport', 3, 309),
  section('processing-sold-products', 3, 310),
  section('use-sold-products', 3, 311),
  section('end-of-life', 3, 312),
  section('downstream-leased-assets', 3, 313),
  section('franchises', 3, 314),
  section('investments', 3, 315),
];

export const SECTION_IDS = SECTIONS.map((s) => s.id) as [string, ...string[]];

/** The section ids under a parent category, the parent itself included. */
export function sectionsUnder(id: string): string[] {
  return SECTIONS.filter((s) => s.id === id || s.parent === id).map((s) => s.id);
}

/** Waste treatments (DESNZ 2025 "Waste disposal" columns; seed 001: waste group, type, treatment). */
export const TREATMENTS: readonly { id: string; names: Names }[] = [
  { id: 'anaerobic-digestion', names: texts('emissionDb.reference.anaerobicDigestion') },
  { id: 'closed-loop', names: texts('emissionDb.reference.closedLoopRecycling') },
  { id: 'combustion', names: texts('emissionDb.reference.combustion') },
  { id: 'composting', names: texts('emissionDb.reference.composting') },
  {
    id: 'incineration-energy-recovery',
    names: texts('emissionDb.reference.incinerationWithEnergyRecovery'),
  },
  { id: 'landfill', names: texts('emissionDb.reference.landfill') },
  { id: 'open-loop', names: texts('emissionDb.reference.openLoopRecycling') },
  { id: 're-use', names: texts('emissionDb.reference.reUse') },
];

export const TREATMENT_IDS = TREATMENTS.map((t) => t.id) as [string, ...string[]];
