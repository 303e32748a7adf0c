/**
 * Master-data lists the API serves (GET /api/glec-vehicle-types, /api/fuel-types, /glec-trailer-types,
 * /source-versions). They are derived from a factor set so the lists never offer a type without values.
 */
import { GLEC_DEFAULT_FACTOR_SET } from './data/glec-default.ts';
import type { FactorSet } from './factor-set.ts';
import { SOURCE_VERSIONS, type SourceVersion } from './sources.ts';
import type { FuelUnit, Label, Language, TransportMode } from './types.ts';

export interface GlecVehicleTypeEntry {
  id: string;
  mode: TransportMode;
  label: Label;
  region: string;
  haul?: 'short' | 'long';
  aircraft?: 'belly' | 'freighter' | 'unknown';
  temperatureControlled: boolean;
}

/** Contract shape of GET /api/glec-vehicle-types. */
export interface GlecVehicleTypeListItem {
  id: string;
  mode: TransportMode;
  name: string;
  region: string;
  haul?: 'short' | 'long';
  aircraft?: 'belly' | 'freighter' | 'unknown';
}

export interface FuelTypeEntry {
  id: string;
  label: Label;
  units: FuelUnit[];
}

/** Contract shape of GET /api/fuel-types. */
export interface FuelTypeListItem {
  id: string;
  name: string;
  units: FuelUnit[];
}

export interface TrailerTypeEntry {
  id: string;
  label: Label;
  /** Trailers with a cooling unit make a leg temperature-controlled. */
  temperatureControlled: boolean;
}

export interface HubTypeEntry {
  id: string;
  label: Label;
  activityUnit: 't' | 'container';
}

export function glecVehicleTypes(factorSet: FactorSet = GLEC_DEFAULT_FACTOR_SET): GlecVehicleTypeEntry[] {
  return factorSet.vehicleTypes.map((v) => {
    const e: GlecVehicleTypeEntry = {
      id: v.id,
      mode: v.mode,
      label: v.label,
      region: v.region,
      temperatureControlled: v.temperature.kind === 'included',
    };
    if (v.haul !== undefined) e.haul = v.haul;
    if (v.aircraft !== undefined) e.aircraft = v.aircraft;
    return e;
  });
}

/** Regions every company sees: Europe and the global sea and air types. */
const BASE_REGIONS: readonly string[] = ['Europe', 'Global'];

/**
 * The vehicle type list in one language. `regions` adds regions beyond Europe and Global (a company
 * setting); without it every region is listed.
 */
export function listGlecVehicleTypes(
  lang: Language,
  factorSet: FactorSet = GLEC_DEFAULT_FACTOR_SET,
  regions?: readonly string[],
): GlecVehicleTypeListItem[] {
  const shown = regions === undefined ? null : new Set([...BASE_REGIONS, ...regions]);
  const types =
    shown === null ? factorSet.vehicleTypes : factorSet.vehicleTypes.filter((v) => shown.has(v.region));
  return types.map((v) => {
    const e: GlecVehicleTypeListItem = { id: v.id, mode: v.mode, name: v.label[lang], region: v.region };
    if (v.mode === 'air') {
      e.haul = v.haul!;
      e.aircraft = v.aircraft!;
    }
    return e;
  });
}

export function fuelTypes(factorSet: FactorSet = GLEC_DEFAULT_FACTOR_SET): FuelTypeEntry[] {
  return factorSet.fuels.map((f) => ({ id: f.id, label: f.label, units: f.units.slice() }));
}

export function listFuelTypes(
  lang: Language,
  factorSet: FactorSet = GLEC_DEFAULT_FACTOR_SET,
): FuelTypeListItem[] {
  return factorSet.fuels.map((f) => ({ id: f.id, name: f.label[lang], units: f.units.slice() }));
}

export function hubTypes(factorSet: FactorSet = GLEC_DEFAULT_FACTOR_SET): HubTypeEntry[] {
  return factorSet.hubs.map((h) => ({ id: h.id, label: h.label, activityUnit: h.activityUnit }));
}

/**
 * GLEC has no trailer dimension ([S7], glec.md section 7); trailer types are fleet master data that
 * only decide temperature control. Rail "truck + trailer" / "trailer only" are rail cargo types.
 */
export const TRAILER_TYPES: readonly TrailerTypeEntry[] = [
  {
    id: 'curtainsider',
    label: { de: 'Planenauflieger (Curtainsider)', en: 'Curtainsider' },
    temperatureControlled: false,
  },
  { id: 'box', label: { de: 'Kofferauflieger', en: 'Box trailer' }, temperatureControlled: false },
  {
    id: 'reefer',
    label: { de: 'Kühlauflieger', en: 'Refrigerated trailer (reefer)' },
    temperatureControlled: true,
  },
  {
    id: 'container_chassis',
    label: { de: 'Containerchassis', en: 'Container chassis' },
    temperatureControlled: false,
  },
  { id: 'swap_body', label: { de: 'Wechselbrücke', en: 'Swap body' }, temperatureControlled: false },
  { id: 'tank', label: { de: 'Tankauflieger', en: 'Tank trailer' }, temperatureControlled: false },
  { id: 'silo', label: { de: 'Siloauflieger', en: 'Silo trailer' }, temperatureControlled: false },
  { id: 'tipper', label: { de: 'Kippauflieger', en: 'Tipper trailer' }, temperatureControlled: false },
  { id: 'flatbed', label: { de: 'Pritschenauflieger', en: 'Flatbed trailer' }, temperatureControlled: false },
  { id: 'low_loader', label: { de: 'Tieflader', en: 'Low loader' }, temperatureControlled: false },
  {
    id: 'car_transporter',
    label: { de: 'Autotransporter-Auflieger', en: 'Car transporter trailer' },
    temperatureControlled: false,
  },
];

export function listTrailerTypes(
  lang: Language,
): { id: string; name: string; temperatureControlled: boolean }[] {
  return TRAILER_TYPES.map((t) => ({
    id: t.id,
    name: t.label[lang],
    temperatureControlled: t.temperatureControlled,
  }));
}

export function listSourceVersions(
  lang: Language,
): { id: string; name: string; version: string; published: string; note: string }[] {
  return SOURCE_VERSIONS.map((s: SourceVersion) => ({
    id: s.id,
    name: s.name,
    version: s.version,
    published: s.published,
    note: s.note[lang],
  }));
}
