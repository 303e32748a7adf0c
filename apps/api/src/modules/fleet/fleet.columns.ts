import type { Language } from '@klimadesk/contract';

export type FleetEntity = 'vehicle' | 'trailer';
export type ColumnKind = 'text' | 'number' | 'integer' | 'boolean' | 'fuelUnit';
export type FleetColumn = { key: string; kind: ColumnKind; label: Record<Language, string>; width?: number };

/** Bumped when columns change; files from older templates are refused with WrongTemplateVersion. */
export const TEMPLATE_VERSION = 2;
export const CONFIG_SHEET = 'config';

const fuel = (n: 1 | 2): FleetColumn[] => [
  {
    key: `fuel${n}Consumption`,
    kind: 'number',
    label: { de: `Verbrauch ${n} (je 100 km)`, en: `Consumption ${n} (per 100 km)` },
  },
  {
    key: `fuel${n}Unit`,
    kind: 'fuelUnit',
    label: { de: `Einheit ${n} (L, kg, kWh)`, en: `Unit ${n} (L, kg, kWh)` },
  },
  { key: `fuel${n}Type`, kind: 'text', label: { de: `Kraftstoff ${n}`, en: `Fuel ${n}` } },
];

const WEIGHTS: FleetColumn[] = [
  { key: 'maxPayload', kind: 'number', label: { de: 'Max. Nutzlast (kg)', en: 'Max. payload (kg)' } },
  {
    key: 'maxWeight',
    kind: 'number',
    label: { de: 'Zul. Gesamtgewicht (kg)', en: 'Max. gross weight (kg)' },
  },
  { key: 'weight', kind: 'number', label: { de: 'Leergewicht (kg)', en: 'Empty weight (kg)' } },
];

const COOLING: FleetColumn[] = [
  {
    key: 'hasCoolingUnit',
    kind: 'boolean',
    label: { de: 'Kühlaggregat (ja/nein)', en: 'Cooling unit (yes/no)' },
  },
  {
    key: 'coolingUnitDescription',
    kind: 'text',
    label: { de: 'Kühlaggregat Beschreibung', en: 'Cooling unit description' },
  },
];

/** The columns of templates, imports and exports, in this order. */
export const FLEET_COLUMNS: Record<FleetEntity, FleetColumn[]> = {
  vehicle: [
    { key: 'licensePlate', kind: 'text', label: { de: 'Kennzeichen *', en: 'Licence plate *' }, width: 16 },
    {
      key: 'glecVehicleType',
      kind: 'text',
      label: { de: 'GLEC-Fahrzeugtyp *', en: 'GLEC vehicle type *' },
      width: 30,
    },
    { key: 'vehicleReference', kind: 'text', label: { de: 'Fahrzeugreferenz', en: 'Vehicle reference' } },
    { key: 'vehicleLocation', kind: 'text', label: { de: 'Standort', en: 'Location' } },
    { key: 'description', kind: 'text', label: { de: 'Beschreibung', en: 'Description' }, width: 30 },
    ...fuel(1),
    ...fuel(2),
    { key: 'manufacturer', kind: 'text', label: { de: 'Hersteller', en: 'Manufacturer' } },
    { key: 'type', kind: 'text', label: { de: 'Typ', en: 'Type' } },
    { key: 'model', kind: 'text', label: { de: 'Modell', en: 'Model' } },
    ...WEIGHTS,
    { key: 'enginePowerPs', kind: 'number', label: { de: 'Leistung (PS)', en: 'Power (hp)' } },
    { key: 'enginePowerKw', kind: 'number', label: { de: 'Leistung (kW)', en: 'Power (kW)' } },
    { key: 'engineDisplacement', kind: 'number', label: { de: 'Hubraum (cm³)', en: 'Displacement (cm³)' } },
    { key: 'yearOfConstruction', kind: 'integer', label: { de: 'Baujahr', en: 'Year of construction' } },
    { key: 'exhaustStandard', kind: 'text', label: { de: 'Abgasnorm', en: 'Emission standard' } },
    ...COOLING,
  ],
  trailer: [
    { key: 'licensePlate', kind: 'text', label: { de: 'Kennzeichen *', en: 'Licence plate *' }, width: 16 },
    {
      key: 'glecTrailerType',
      kind: 'text',
      label: { de: 'GLEC-Aufliegertyp *', en: 'GLEC trailer type *' },
      width: 26,
    },
    { key: 'trailerReference', kind: 'text', label: { de: 'Aufliegerreferenz', en: 'Trailer reference' } },
    { key: 'description', kind: 'text', label: { de: 'Beschreibung', en: 'Description' }, width: 30 },
    { key: 'loadVolume', kind: 'number', label: { de: 'Ladevolumen (m³)', en: 'Load volume (m³)' } },
    ...WEIGHTS,
    { key: 'yearOfConstruction', kind: 'integer', label: { de: 'Baujahr', en: 'Year of construction' } },
    ...COOLING,
  ],
};

export const SHEET_NAMES: Record<FleetEntity, Record<Language, string>> = {
  vehicle: { de: 'Fahrzeuge', en: 'Vehicles' },
  trailer: { de: 'Auflieger', en: 'Trailers' },
};
