import { z } from 'zod';
import type { Language } from '@klimadesk/contract/constants';
import type { Trailer, Vehicle } from '@klimadesk/contract/fleet/schemas';
import { parseNumber } from '../../components/format.ts';
import { numberString, yearString } from '../../components/validation.ts';
import type { FuelType } from './fleetApi.ts';
import type { FleetFormKind } from './fleetFields.tsx';

export type FuelUnit = 'L' | 'kg' | 'kWh';
export const FUEL_SLOTS = 2;

/** Messages of the fleet rules; the dialogs pass the translated texts in. */
export type FleetMessages = {
  fuelIncomplete: string;
  fuelUnit: string;
};

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1).max(max);

const fuelSlotForm = z.object({
  consumption: z.string(),
  unitFuelConsumption: z.string(),
  fuelType: z.string(),
});

const numberFields = [
  'maxPayload',
  'maxWeight',
  'weight',
  'enginePowerPs',
  'enginePowerKw',
  'engineDisplacement',
] as const;
const trailerNumberFields = ['loadVolume', 'maxPayload', 'maxWeight', 'weight'] as const;

/**
 * The vehicle form. Numbers stay text while typing (comma or dot decimals); the fuel rules of the
 * server are checked here too so the user sees them at the field: per slot none or all three
 * values, and the unit must be one of the fuel's units.
 */
export function vehicleFormSchema(fuels: readonly FuelType[], lang: () => Language, msg: FleetMessages) {
  const num = numberString(lang);
  return z
    .object({
      licensePlate: requiredText(20),
      glecVehicleType: requiredText(100),
      vehicleReference: text(100),
      vehicleLocation: text(255),
      description: text(1000),
      fuelInformation: z.array(fuelSlotForm).length(FUEL_SLOTS),
      manufacturer: text(100),
      type: text(100),
      model: text(100),
      maxPayload: num,
      maxWeight: num,
      weight: num,
      enginePowerPs: num,
      enginePowerKw: num,
      engineDisplacement: num,
      yearOfConstruction: yearString,
      exhaustStandard: text(50),
      hasCoolingUnit: z.boolean(),
      coolingUnitDescription: text(500),
    })
    .superRefine((v, ctx) => {
      v.fuelInformation.forEach((slot, i) => {
        const values = [slot.fuelType, slot.consumption, slot.unitFuelConsumption];
        const filled = values.filter((x) => x.trim() !== '').length;
        if (filled === 0) return;
        if (filled < 3) {
          for (const key of ['fuelType', 'consumption', 'unitFuelConsumption'] as const) {
            if (slot[key].trim() === '')
              ctx.addIssue({
                code: 'custom',
                path: ['fuelInformation', i, key],
                message: msg.fuelIncomplete,
              });
          }
        }
        if (slot.consumption.trim() !== '' && !(parseNumber(slot.consumption, lang()) >= 0)) {
          ctx.addIssue({
            code: 'custom',
            path: ['fuelInformation', i, 'consumption'],
            message: 'validation.number',
          });
        }
        const fuel = fuels.find((f) => f.id === slot.fuelType);
        if (fuel && slot.unitFuelConsumption && !fuel.units.includes(slot.unitFuelConsumption as FuelUnit)) {
          ctx.addIssue({
            code: 'custom',
            path: ['fuelInformation', i, 'unitFuelConsumption'],
            message: msg.fuelUnit,
          });
        }
      });
    });
}

export type VehicleForm = z.infer<ReturnType<typeof vehicleFormSchema>>;

export function trailerFormSchema(lang: () => Language) {
  const num = numberString(lang);
  return z.object({
    licensePlate: requiredText(20),
    glecTrailerType: requiredText(100),
    trailerReference: text(100),
    description: text(1000),
    loadVolume: num,
    maxPayload: num,
    maxWeight: num,
    weight: num,
    yearOfConstruction: yearString,
    hasCoolingUnit: z.boolean(),
    coolingUnitDescription: text(500),
  });
}

export type TrailerForm = z.infer<ReturnType<typeof trailerFormSchema>>;

// ---- Conversions between API items and form values ------------------------------------------

const str = (v: string | null | undefined) => v ?? '';
/** Numbers in the user's notation without grouping, so they read back unchanged. */
const numStr = (v: number | null | undefined, lang: Language) =>
  v === null || v === undefined ? '' : lang === 'de' ? String(v).replace('.', ',') : String(v);
const toNum = (v: string, lang: Language) => (v.trim() === '' ? null : parseNumber(v, lang));
const toText = (v: string) => (v.trim() === '' ? null : v.trim());
const toYear = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

/** The values both fleet entities share: plate, description, numbers, year of construction and cooling unit. */
type SharedKey =
  'licensePlate' | 'description' | 'yearOfConstruction' | 'hasCoolingUnit' | 'coolingUnitDescription';
type SharedItem = Pick<Vehicle, SharedKey>;
type SharedForm = Pick<VehicleForm, SharedKey>;

/** An entity's own text and number fields, converted alike. */
type OwnFields<T extends string, K extends string> = { texts: readonly T[]; numbers: readonly K[] };
const VEHICLE_FIELDS = {
  texts: ['vehicleReference', 'vehicleLocation', 'manufacturer', 'type', 'model', 'exhaustStandard'],
  numbers: numberFields,
} as const;
const TRAILER_FIELDS = { texts: ['trailerReference'], numbers: trailerNumberFields } as const;

function sharedToForm<T extends string, K extends string>(
  v: SharedItem & Record<T, string | null> & Record<K, number | null>,
  { texts, numbers }: OwnFields<T, K>,
  lang: Language,
) {
  return {
    licensePlate: v.licensePlate,
    description: str(v.description),
    ...(Object.fromEntries(texts.map((k) => [k, str(v[k])])) as Record<T, string>),
    ...(Object.fromEntries(numbers.map((k) => [k, numStr(v[k], lang)])) as Record<K, string>),
    yearOfConstruction: v.yearOfConstruction === null ? '' : String(v.yearOfConstruction),
    hasCoolingUnit: v.hasCoolingUnit,
    coolingUnitDescription: str(v.coolingUnitDescription),
  };
}

function sharedToBody<T extends string, K extends string>(
  v: SharedForm & Record<T | K, string>,
  { texts, numbers }: OwnFields<T, K>,
  lang: Language,
) {
  return {
    licensePlate: v.licensePlate.trim(),
    description: toText(v.description),
    ...(Object.fromEntries(texts.map((k) => [k, toText(v[k])])) as Record<T, string | null>),
    ...(Object.fromEntries(numbers.map((k) => [k, toNum(v[k], lang)])) as Record<K, number | null>),
    yearOfConstruction: toYear(v.yearOfConstruction),
    hasCoolingUnit: v.hasCoolingUnit,
    coolingUnitDescription: v.hasCoolingUnit ? toText(v.coolingUnitDescription) : null,
  };
}

export function emptyVehicleForm(): VehicleForm {
  return {
    licensePlate: '',
    glecVehicleType: '',
    vehicleReference: '',
    vehicleLocation: '',
    description: '',
    fuelInformation: Array.from({ length: FUEL_SLOTS }, () => ({
      consumption: '',
      unitFuelConsumption: '',
      fuelType: '',
    })),
    manufacturer: '',
    type: '',
    model: '',
    maxPayload: '',
    maxWeight: '',
    weight: '',
    enginePowerPs: '',
    enginePowerKw: '',
    engineDisplacement: '',
    yearOfConstruction: '',
    exhaustStandard: '',
    hasCoolingUnit: false,
    coolingUnitDescription: '',
  };
}

export function vehicleToForm(v: Vehicle, lang: Language): VehicleForm {
  const base = emptyVehicleForm();
  return {
    ...base,
    glecVehicleType: str(v.glecVehicleType),
    fuelInformation: base.fuelInformation.map((empty, i) => {
      const f = v.fuelInformation[i];
      return f
        ? {
            consumption: numStr(f.consumption, lang),
            unitFuelConsumption: str(f.unitFuelConsumption),
            fuelType: str(f.fuelType),
          }
        : empty;
    }),
    ...sharedToForm(v, VEHICLE_FIELDS, lang),
  };
}

/** The request body of a vehicle; numbers are parsed in the user's notation. */
export function toVehicleBody(v: VehicleForm, lang: Language) {
  return {
    glecVehicleType: v.glecVehicleType,
    fuelInformation: v.fuelInformation
      .filter((s) => s.fuelType || s.consumption.trim() || s.unitFuelConsumption)
      .map((s) => ({
        consumption: toNum(s.consumption, lang),
        unitFuelConsumption: (s.unitFuelConsumption || null) as FuelUnit | null,
        fuelType: s.fuelType || null,
      })),
    ...sharedToBody(v, VEHICLE_FIELDS, lang),
  };
}

export function emptyTrailerForm(): TrailerForm {
  return {
    licensePlate: '',
    glecTrailerType: '',
    trailerReference: '',
    description: '',
    loadVolume: '',
    maxPayload: '',
    maxWeight: '',
    weight: '',
    yearOfConstruction: '',
    hasCoolingUnit: false,
    coolingUnitDescription: '',
  };
}

export function trailerToForm(t: Trailer, lang: Language): TrailerForm {
  return {
    ...emptyTrailerForm(),
    glecTrailerType: str(t.glecTrailerType),
    ...sharedToForm(t, TRAILER_FIELDS, lang),
  };
}

export function toTrailerBody(v: TrailerForm, lang: Language) {
  return {
    glecTrailerType: v.glecTrailerType,
    ...sharedToBody(v, TRAILER_FIELDS, lang),
  };
}

export const vehicleKind = {
  entity: 'vehicle',
  typeField: 'glecVehicleType',
  empty: emptyVehicleForm,
  toForm: vehicleToForm,
  toBody: toVehicleBody,
} satisfies FleetFormKind<VehicleForm, Vehicle>;

export const trailerKind = {
  entity: 'trailer',
  typeField: 'glecTrailerType',
  empty: emptyTrailerForm,
  toForm: trailerToForm,
  toBody: toTrailerBody,
} satisfies FleetFormKind<TrailerForm, Trailer>;

/** Units the fuel allows; without a fuel no unit can be picked yet. */
export function unitsOf(fuels: readonly FuelType[], fuelType: string): FuelUnit[] {
  return fuels.find((f) => f.id === fuelType)?.units ?? [];
}
