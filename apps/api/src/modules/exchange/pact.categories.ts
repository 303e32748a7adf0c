import {
  type FactorSource as GlecSource,
  type FuelFactor,
  GLEC_DEFAULT_FACTOR_SET,
  type VehicleTypeFactor,
} from '@klimadesk/glec';
import type { pactSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import { dec } from './pact.decimal.ts';

/**
 * The engine's master data in iLEAP terms: transport modes, energy carriers, hub types and the
 * emission factor sources behind a figure (iLEAP v1.0.1 §6.6.3–§6.6.7; PACT v2
 * secondaryEmissionFactorSources, iLEAP §7.2.1 "GLEC Framework" with its version).
 */
type EnergyCarrier = z.infer<typeof pactSchemas.energyCarrier>;
type TransportMode = z.infer<typeof pactSchemas.transportMode>;
export type EmissionFactorSource = { name: string; version: string };

const SET = GLEC_DEFAULT_FACTOR_SET;
const vehicleTypes = new Map(SET.vehicleTypes.map((v) => [v.id, v]));
const fuels = new Map(SET.fuels.map((f) => [f.id, f]));
const hubs = new Map(SET.hubs.map((h) => [h.id, h]));

export const vehicleType = (id: string): VehicleTypeFactor | undefined => vehicleTypes.get(id);

/** iLEAP §6.6.3 TransportMode of a GLEC vehicle type; a tour without a type counts as road (tours.emissions). */
export function modeOf(id: string | null): TransportMode {
  const mode = (id ? vehicleTypes.get(id)?.mode : undefined) ?? 'road';
  const modes = {
    road: 'Road',
    rail: 'Rail',
    air: 'Air',
    sea: 'Sea',
    inland_waterway: 'InlandWaterway',
  } as const;
  return modes[mode];
}

/** The GLEC vehicle types of one iLEAP mode (TAD filter `mode`). */
export const vehicleTypesOfMode = (mode: TransportMode): string[] =>
  SET.vehicleTypes.filter((v) => modeOf(v.id) === mode).map((v) => v.id);

/** iLEAP §6.6.7 EnergyCarrierType of each engine fuel, with a feedstock where the fuel names one (§6.6.8). */
const CARRIER_OF_FUEL: Record<string, { carrier: string; feedstock?: string }> = {
  diesel: { carrier: 'Diesel', feedstock: 'Fossil' },
  diesel_b7: { carrier: 'Diesel' },
  petrol: { carrier: 'Petrol', feedstock: 'Fossil' },
  ethanol: { carrier: 'Ethanol' },
  biodiesel_b100: { carrier: 'Diesel', feedstock: 'Cooking oil' },
  hvo100: { carrier: 'HVO' },
  cng: { carrier: 'CNG', feedstock: 'Natural gas' },
  bio_cng: { carrier: 'CNG' },
  lng: { carrier: 'LNG', feedstock: 'Natural gas' },
  jet_kerosene: { carrier: 'Aviation fuel', feedstock: 'Fossil' },
  hfo_vlsfo: { carrier: 'HFO', feedstock: 'Fossil' },
  mgo: { carrier: 'MGO', feedstock: 'Fossil' },
  lng_marine: { carrier: 'LNG', feedstock: 'Natural gas' },
  electricity_de: { carrier: 'Electric', feedstock: 'Grid' },
  electricity_de_rail: { carrier: 'Electric', feedstock: 'Grid' },
};

/**
 * The fuel a GLEC default intensity rests on: named in the vehicle type id where it is, else the
 * mode's usual carrier (air: kerosene, sea: heavy fuel oil, road, rail and inland waterway: diesel).
 * Rail classes of unknown or mixed traction count as diesel (decision 0014).
 */
export function defaultFuelOf(id: string): string {
  const v = vehicleTypes.get(id);
  if (/electric/.test(id)) return v?.mode === 'rail' ? 'electricity_de_rail' : 'electricity_de';
  for (const [token, fuel] of [
    ['petrol', 'petrol'],
    ['_cng', 'cng'],
    ['_lng', 'lng'],
    ['hvo', 'hvo100'],
  ] as const)
    if (id.includes(token)) return fuel;
  if (v?.mode === 'air') return 'jet_kerosene';
  if (v?.mode === 'sea') return 'hfo_vlsfo';
  return 'diesel';
}

/**
 * An EnergyCarrier of a TOC or HOC (§6.6.6): the fuel's WTW and TTW factors per its energy unit
 * (kg or kWh), which a TOC must state.
 */
export function energyCarrier(fuelId: string, share: number): EnergyCarrier {
  const f: FuelFactor | undefined = fuels.get(fuelId);
  const kind = CARRIER_OF_FUEL[fuelId] ?? { carrier: f?.label.en ?? fuelId };
  const out: EnergyCarrier = { energyCarrier: kind.carrier, relativeShare: dec(share) };
  if (kind.feedstock) out.feedstocks = [{ feedstock: kind.feedstock }];
  if (f) {
    out.energyConsumptionUnit = f.energyUnit;
    out.emissionFactorWTW = dec(f.ttw + f.wtt);
    out.emissionFactorTTW = dec(f.ttw);
  }
  return out;
}

/** The source of a factor as PACT EmissionFactorDS (name, version). */
function sourceOf(s: GlecSource): EmissionFactorSource {
  if (s.publication?.includes('DESNZ')) return { name: 'UK DESNZ GHG conversion factors', version: '2025' };
  if (s.edition !== 'non-GLEC') return { name: 'GLEC Framework', version: s.edition.slice(1) };
  return { name: 'CLECAT/UBA Guide to ISO 14083 (ifeu, Fraunhofer IML)', version: 'English edition' };
}

/** Sources of a default leg: the vehicle type's intensity. */
export const vehicleSources = (id: string | null): EmissionFactorSource[] => {
  const v = id ? vehicleTypes.get(id) : undefined;
  return v ? [sourceOf(v.source)] : [{ name: 'GLEC Framework', version: '3.1' }];
};
/** Sources of a fuel-based leg: the fuels' emission factors. */
export const fuelSources = (fuelIds: readonly string[]): EmissionFactorSource[] =>
  fuelIds.flatMap((id) => {
    const f = fuels.get(id);
    return f ? [sourceOf(f.source)] : [];
  });
/** Sources of a hub value (GLEC hub table). */
export const hubSources = (hubId: string): EmissionFactorSource[] => {
  const h = hubs.get(hubId);
  return h ? [sourceOf(h.ambient.source)] : [];
};

/** Distinct sources, in a stable order. */
export function distinctSources(list: readonly EmissionFactorSource[]): EmissionFactorSource[] {
  const seen = new Map(list.map((s) => [`${s.name}\u0000${s.version}`, s]));
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

/** iLEAP §6.6.4 HubType of an engine hub category. */
export const HUB_TYPE = {
  transhipment: 'Transshipment',
  storage_transhipment: 'StorageAndTransshipment',
  warehouse: 'Warehouse',
  liquid_bulk_terminal: 'LiquidBulkTerminal',
  maritime_container_terminal: 'MaritimeContainerTerminal',
} as const;

export const hubLabel = (hubId: string): string => hubs.get(hubId)?.label.en ?? hubId;

/** IPCC assessment reports behind a figure, from the GWP labels of its factor sets ("IPCC AR6 GWP100"). */
export function assessmentReports(gwpLabels: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const g of gwpLabels) for (const m of (g ?? '').matchAll(/AR(\d+)/g)) found.add(`AR${m[1]}`);
  if (found.size === 0) for (const m of SET.gwp.matchAll(/AR(\d+)/g)) found.add(`AR${m[1]}`);
  return [...found].sort();
}

/** The GWP label of a vehicle type's default intensity (DESNZ values are AR5, the set's AR6). */
export const vehicleGwp = (id: string | null): string => (id && vehicleTypes.get(id)?.source.gwp) || SET.gwp;
export const SET_GWP = SET.gwp;
