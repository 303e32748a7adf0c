import type { Language } from '@klimadesk/contract';
import type { CellType, Column } from '../../platform/spreadsheet.ts';
import { texts } from '@klimadesk/contract/messages';

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
  col(`fuel${n}Consumption`, 'number', texts('fleet.columns.fuelConsumption', { n })),
  col(`fuel${n}Unit`, 'text', texts('fleet.columns.fuelUnit', { n })),
  col(`fuel${n}Type`, 'text', texts('fleet.columns.fuelType', { n })),
];

const WEIGHTS: FleetColumn[] = [
  col('maxPayload', 'number', texts('fleet.columns.maxPayloadKg')),
  col('maxWeight', 'number', texts('fleet.columns.maxGrossWeightKg')),
  col('weight', 'number', texts('fleet.columns.emptyWeightKg')),
];

const COOLING: FleetColumn[] = [
  col('hasCoolingUnit', 'boolean', texts('fleet.columns.coolingUnitYesNo')),
  col('coolingUnitDescription', 'text', texts('fleet.columns.coolingUnitDescription')),
];

// Without a plate column a file is no fleet template: it is refused as a whole.
const plate: FleetColumn = {
  ...col('licensePlate', 'text', texts('fleet.columns.licencePlate'), 16),
  required: true,
};

/** The columns of templates, imports and exports, in this order. */
// A `*` in a title marks a value the rules require (fleet.rules.ts).
export const FLEET_COLUMNS: Record<FleetEntity, FleetColumn[]> = {
  vehicle: [
    plate,
    col('glecVehicleType', 'text', texts('fleet.columns.glecVehicleType'), 30),
    col('vehicleReference', 'text', texts('fleet.columns.vehicleReference')),
    col('vehicleLocation', 'text', texts('fleet.columns.location')),
    col('description', 'text', texts('fleet.columns.description'), 30),
    ...fuel(1),
    ...fuel(2),
    col('manufacturer', 'text', texts('fleet.columns.manufacturer')),
    col('type', 'text', texts('fleet.columns.type')),
    col('model', 'text', texts('fleet.columns.model')),
    ...WEIGHTS,
    col('enginePowerPs', 'number', texts('fleet.columns.powerHp')),
    col('enginePowerKw', 'number', texts('fleet.columns.powerKW')),
    col('engineDisplacement', 'number', texts('fleet.columns.displacementCm')),
    col('yearOfConstruction', 'integer', texts('fleet.columns.yearOfConstruction')),
    col('exhaustStandard', 'text', texts('fleet.columns.emissionStandard')),
    ...COOLING,
  ],
  trailer: [
    plate,
    col('glecTrailerType', 'text', texts('fleet.columns.glecTrailerType'), 26),
    col('trailerReference', 'text', texts('fleet.columns.trailerReference')),
    col('description', 'text', texts('fleet.columns.description'), 30),
    col('loadVolume', 'number', texts('fleet.columns.loadVolumeM')),
    ...WEIGHTS,
    col('yearOfConstruction', 'integer', texts('fleet.columns.yearOfConstruction')),
    ...COOLING,
  ],
};

export const SHEET_NAMES: Record<FleetEntity, Record<Language, string>> = {
  vehicle: texts('fleet.columns.vehicle'),
  trailer: texts('fleet.columns.trailer'),
};
