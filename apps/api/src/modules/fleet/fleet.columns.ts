import type { Language } from '@klimadesk/contract';
import type { CellType, Column } from '../../platform/spreadsheet.ts';

export type FleetEntity = 'vehicle' | 'trailer';
/** A vehicle or trailer as flat field values, the shape of a template row. */
export type FleetRecord = Record<string, unknown>;
export type FleetColumn = Column<FleetRecord>;

/** A column, found in a file by its title in either language or by its key. */
const col = (key: string, type: CellType, header: Record<Language, string>, width?: number): FleetColumn => ({
  key,
  type,
  header,
  aliases: [key],
  ...(width ? { width } : {}),
});

/** Bumped when columns change; files from older templates are refused with WrongTemplateVersion. */
export const TEMPLATE_VERSION = 2;
export const CONFIG_SHEET = 'config';

const fuel = (n: 1 | 2): FleetColumn[] => [
  col(`fuel${n}Consumption`, 'number', {
    de: `Verbrauch ${n} (je 100 km)`,
    en: `Consumption ${n} (per 100 km)`,
  }),
  col(`fuel${n}Unit`, 'text', { de: `Einheit ${n} (L, kg, kWh)`, en: `Unit ${n} (L, kg, kWh)` }),
  col(`fuel${n}Type`, 'text', { de: `Kraftstoff ${n}`, en: `Fuel ${n}` }),
];

const WEIGHTS: FleetColumn[] = [
  col('maxPayload', 'number', { de: 'Max. Nutzlast (kg)', en: 'Max. payload (kg)' }),
  col('maxWeight', 'number', { de: 'Zul. Gesamtgewicht (kg)', en: 'Max. gross weight (kg)' }),
  col('weight', 'number', { de: 'Leergewicht (kg)', en: 'Empty weight (kg)' }),
];

const COOLING: FleetColumn[] = [
  col('hasCoolingUnit', 'boolean', { de: 'Kühlaggregat (ja/nein)', en: 'Cooling unit (yes/no)' }),
  col('coolingUnitDescription', 'text', { de: 'Kühlaggregat Beschreibung', en: 'Cooling unit description' }),
];

// Without a plate column a file is no fleet template: it is refused as a whole.
const plate: FleetColumn = {
  ...col('licensePlate', 'text', { de: 'Kennzeichen *', en: 'Licence plate *' }, 16),
  required: true,
};

/** The columns of templates, imports and exports, in this order. */
// A `*` in a title marks a value the rules require (fleet.rules.ts).
export const FLEET_COLUMNS: Record<FleetEntity, FleetColumn[]> = {
  vehicle: [
    plate,
    col('glecVehicleType', 'text', { de: 'GLEC-Fahrzeugtyp *', en: 'GLEC vehicle type *' }, 30),
    col('vehicleReference', 'text', { de: 'Fahrzeugreferenz', en: 'Vehicle reference' }),
    col('vehicleLocation', 'text', { de: 'Standort', en: 'Location' }),
    col('description', 'text', { de: 'Beschreibung', en: 'Description' }, 30),
    ...fuel(1),
    ...fuel(2),
    col('manufacturer', 'text', { de: 'Hersteller', en: 'Manufacturer' }),
    col('type', 'text', { de: 'Typ', en: 'Type' }),
    col('model', 'text', { de: 'Modell', en: 'Model' }),
    ...WEIGHTS,
    col('enginePowerPs', 'number', { de: 'Leistung (PS)', en: 'Power (hp)' }),
    col('enginePowerKw', 'number', { de: 'Leistung (kW)', en: 'Power (kW)' }),
    col('engineDisplacement', 'number', { de: 'Hubraum (cm³)', en: 'Displacement (cm³)' }),
    col('yearOfConstruction', 'integer', { de: 'Baujahr', en: 'Year of construction' }),
    col('exhaustStandard', 'text', { de: 'Abgasnorm', en: 'Emission standard' }),
    ...COOLING,
  ],
  trailer: [
    plate,
    col('glecTrailerType', 'text', { de: 'GLEC-Aufliegertyp *', en: 'GLEC trailer type *' }, 26),
    col('trailerReference', 'text', { de: 'Aufliegerreferenz', en: 'Trailer reference' }),
    col('description', 'text', { de: 'Beschreibung', en: 'Description' }, 30),
    col('loadVolume', 'number', { de: 'Ladevolumen (m³)', en: 'Load volume (m³)' }),
    ...WEIGHTS,
    col('yearOfConstruction', 'integer', { de: 'Baujahr', en: 'Year of construction' }),
    ...COOLING,
  ],
};

export const SHEET_NAMES: Record<FleetEntity, Record<Language, string>> = {
  vehicle: { de: 'Fahrzeuge', en: 'Vehicles' },
  trailer: { de: 'Auflieger', en: 'Trailers' },
};
