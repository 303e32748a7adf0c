import {
  AIR_TYPES,
  CARGO_TYPES,
  CARRIAGES,
  CONTAINER_LOADS,
  CONTAINER_TYPES,
  FREIGHT_TYPES,
  IMPORT_EXPORT,
  type Language,
  MASTER_LABELS,
  type Masters,
  ORDER_STATUSES,
  ORDER_TRANSPORT_MODES,
  ORDER_WEIGHT_UNITS,
} from '@klimadesk/contract';
import { listFuelTypes, listGlecVehicleTypes, listTrailerTypes } from '@klimadesk/glec';

const coded = (list: string, codes: readonly string[], lang: Language) =>
  codes.map((id) => ({ id, name: MASTER_LABELS[list][id][lang] }));

/**
 * Seed 000 §3 master data lists. Vehicle classes are every GLEC class of the factor set, whatever
 * regions the company chose for its fleet: an order goes anywhere, and the form preselects the class
 * of the leg's region (issue 37). Each carries its region and its name in the other language.
 */
export function masters(lang: Language): Masters {
  const types = listGlecVehicleTypes(lang);
  const other = new Map(listGlecVehicleTypes(lang === 'de' ? 'en' : 'de').map((t) => [t.id, t.name]));
  const entry = (t: (typeof types)[number]) => ({
    id: t.id,
    name: t.name,
    region: t.region,
    otherName: other.get(t.id) ?? t.name,
  });
  const ofMode = (mode: string) => types.filter((t) => t.mode === mode).map(entry);
  return {
    transportMode: coded('transportMode', ORDER_TRANSPORT_MODES, lang),
    carriage: coded('carriage', CARRIAGES, lang),
    importExport: coded('importExport', IMPORT_EXPORT, lang),
    cargo: coded('cargo', CARGO_TYPES, lang),
    containerLoad: coded('containerLoad', CONTAINER_LOADS, lang),
    containerType: coded('containerType', CONTAINER_TYPES, lang),
    freightType: coded('freightType', FREIGHT_TYPES, lang),
    weightUnit: coded('weightUnit', ORDER_WEIGHT_UNITS, lang),
    truckType: ofMode('road'),
    trainType: ofMode('rail'),
    shipType: ofMode('sea'),
    inlandWaterwayType: ofMode('inland_waterway'),
    orderStatus: coded('orderStatus', ORDER_STATUSES, lang),
    airType: types
      .filter((t) => t.mode === 'air')
      .map((t) => ({
        ...entry(t),
        aircraft: t.aircraft ?? AIR_TYPES[2],
        haul: t.haul ?? 'long',
      })),
    glecVehicleTypes: types.map((t) => ({ id: t.id, name: t.name, mode: t.mode })),
    glecTrailerTypes: listTrailerTypes(lang),
    fuelTypes: listFuelTypes(lang),
  };
}
