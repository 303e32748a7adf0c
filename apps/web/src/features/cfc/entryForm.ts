import { z } from 'zod';
import type { Language } from '@klimadesk/contract/constants';
import type { CfcEntry, CfcEntryBody } from '@klimadesk/contract/cfc/schemas';
import { FLIGHT_TYPES, TRAVEL_CLASSES } from '@klimadesk/contract/cfc/schemas';
import { UNITS, unitOf } from '@klimadesk/contract/emission-db/reference';
import { formatFigure, parseNumber } from '../../components/format.ts';

/** The entry fields beyond activity, amount, unit, country, source, quality, factor and note. */
export type ExtraField =
  | 'fuel'
  | 'vehicles'
  | 'substance'
  | 'passengers'
  | 'flightType'
  | 'travelClass'
  | 'rooms'
  | 'nights'
  | 'employees'
  | 'daysPerYear'
  | 'wasteGroup'
  | 'wasteType'
  | 'treatment';

/**
 * Which further fields a section asks for (seed 001 §3 entry data): fuels in combustion, the
 * refrigerant in fugitive emissions, travellers, flight type and class for flights, rooms and
 * nights for hotels, employees and working days for commuting, waste group, type and treatment.
 */
export function sectionFields(section: string): ExtraField[] {
  switch (section) {
    case 'stationary-combustion':
      return ['fuel'];
    case 'mobile-combustion':
    case 'business-travel-car':
      return ['fuel', 'vehicles'];
    case 'fugitive-emissions':
      return ['substance'];
    case 'business-travel-flights':
      return ['passengers', 'flightType', 'travelClass'];
    case 'business-travel-rail':
      return ['passengers'];
    case 'business-travel-hotel':
      return ['rooms', 'nights'];
    case 'employee-commuting':
      return ['employees', 'daysPerYear'];
    case 'waste-solid':
      return ['wasteGroup', 'wasteType', 'treatment'];
    default:
      return [];
  }
}

/** Seed 001 §5 required marks: fuel and substance where the section asks for them. */
export const REQUIRED_EXTRAS: readonly ExtraField[] = ['fuel', 'substance'];

const COUNT_FIELDS = ['vehicles', 'passengers', 'rooms', 'nights', 'employees', 'daysPerYear'] as const;
const TEXT_FIELDS = ['fuel', 'substance', 'wasteGroup', 'wasteType', 'treatment'] as const;

export type EntryForm = {
  activity: { id: string; name: string; baseUnits: string[]; treatmentId?: string | null } | null;
  amount: string;
  unit: string;
  country: string;
  dataSource: string;
  dataQuality: '' | '1' | '2' | '3';
  emissionFactor: string;
  emissionFactorName: string;
  note: string;
  travelClass: string;
  flightType: string;
} & Record<(typeof COUNT_FIELDS)[number] | (typeof TEXT_FIELDS)[number], string>;

export function emptyEntryForm(): EntryForm {
  return {
    activity: null,
    amount: '',
    unit: '',
    country: '',
    dataSource: '',
    dataQuality: '',
    emissionFactor: '',
    emissionFactorName: '',
    note: '',
    travelClass: '',
    flightType: '',
    vehicles: '',
    passengers: '',
    rooms: '',
    nights: '',
    employees: '',
    daysPerYear: '',
    fuel: '',
    substance: '',
    wasteGroup: '',
    wasteType: '',
    treatment: '',
  };
}

const num = (v: number | null, lang: Language) => (v === null ? '' : formatFigure(v, lang, 6));

export function entryToForm(e: CfcEntry, lang: Language): EntryForm {
  return {
    activity: e.activity ? { id: e.activity, name: e.activityName ?? '–', baseUnits: [] } : null,
    amount: num(e.amount, lang),
    unit: e.unit ?? '',
    country: e.country ?? '',
    dataSource: e.dataSource ?? '',
    dataQuality: e.dataQuality === null ? '' : (String(e.dataQuality) as '1' | '2' | '3'),
    emissionFactor: num(e.emissionFactor, lang),
    emissionFactorName: e.emissionFactorName ?? '',
    note: e.note ?? '',
    travelClass: e.travelClass ?? '',
    flightType: e.flightType ?? '',
    vehicles: num(e.vehicles, lang),
    passengers: num(e.passengers, lang),
    rooms: num(e.rooms, lang),
    nights: num(e.nights, lang),
    employees: num(e.employees, lang),
    daysPerYear: num(e.daysPerYear, lang),
    fuel: e.fuel ?? '',
    substance: e.substance ?? '',
    wasteGroup: e.wasteGroup ?? '',
    wasteType: e.wasteType ?? '',
    treatment: e.treatment ?? '',
  };
}

/**
 * The form's rules (seed 001 §5): amount a number of at least zero and required, data source
 * required, an activity or an own factor with its name, counts whole numbers of at least zero,
 * days per year at most 366, fuel and substance where the section asks for them.
 */
export function entryFormSchema(lang: () => Language, section: string): z.ZodType<EntryForm, EntryForm> {
  const extras = sectionFields(section);
  const number = (v: string) => parseNumber(v, lang());
  const optionalNumber = z.string().refine((v) => v.trim() === '' || number(v) >= 0, 'validation.invalid');
  const schema = z
    .object({
      activity: z
        .object({
          id: z.string(),
          name: z.string(),
          baseUnits: z.array(z.string()),
          treatmentId: z.string().nullable().optional(),
        })
        .nullable(),
      amount: z
        .string()
        .refine((v) => v.trim() !== '', 'validation.required')
        .refine((v) => v.trim() === '' || number(v) >= 0, 'validation.invalid'),
      unit: z.string().min(1, 'validation.required'),
      country: z.string(),
      dataSource: z.string().trim().min(1, 'validation.required').max(300),
      dataQuality: z.enum(['', '1', '2', '3']),
      emissionFactor: optionalNumber,
      emissionFactorName: z.string().trim().max(200),
      note: z.string().trim().max(4000),
      travelClass: z.string(),
      flightType: z.string(),
      ...Object.fromEntries(
        COUNT_FIELDS.map((f) => [
          f,
          z
            .string()
            .refine(
              (v) => v.trim() === '' || (Number.isInteger(number(v)) && number(v) >= 0),
              'validation.invalid',
            )
            .refine((v) => f !== 'daysPerYear' || v.trim() === '' || number(v) <= 366, 'validation.max|366'),
        ]),
      ),
      ...Object.fromEntries(
        TEXT_FIELDS.map((f) => [
          f,
          extras.includes(f) && REQUIRED_EXTRAS.includes(f)
            ? z.string().trim().min(1, 'validation.required').max(200)
            : z.string().trim().max(200),
        ]),
      ),
    })
    .superRefine((v, ctx) => {
      // Without an activity the own factor carries the figure, so it needs a value and a name.
      if (v.activity) return;
      if (v.emissionFactor.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['emissionFactor'], message: 'validation.required' });
      if (v.emissionFactorName.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['emissionFactorName'], message: 'validation.required' });
    });
  // The count and text fields are built from their lists, which zod cannot type field by field.
  return schema as unknown as z.ZodType<EntryForm, EntryForm>;
}

const text = (v: string) => (v.trim() === '' ? null : v.trim());

/** The body of the save call; fields the section does not ask for are sent empty. */
export function toEntryBody(
  v: EntryForm,
  ctx: { report: string; section: CfcEntryBody['section']; id?: string },
  lang: Language,
): CfcEntryBody {
  const extras = sectionFields(ctx.section);
  const numberOf = (s: string) => (s.trim() === '' ? null : parseNumber(s, lang));
  const count = (f: ExtraField, s: string) => (extras.includes(f) ? numberOf(s) : null);
  const word = (f: ExtraField, s: string) => (extras.includes(f) ? text(s) : null);
  return {
    ...(ctx.id ? { id: ctx.id } : {}),
    report: ctx.report,
    section: ctx.section,
    activity: v.activity?.id ?? null,
    amount: numberOf(v.amount),
    unit: v.unit || null,
    country: v.country || null,
    dataSource: text(v.dataSource),
    dataQuality: v.dataQuality === '' ? null : (Number(v.dataQuality) as 1 | 2 | 3),
    emissionFactor: numberOf(v.emissionFactor),
    emissionFactorName: text(v.emissionFactorName),
    note: text(v.note),
    vehicles: count('vehicles', v.vehicles),
    passengers: count('passengers', v.passengers),
    rooms: count('rooms', v.rooms),
    nights: count('nights', v.nights),
    employees: count('employees', v.employees),
    daysPerYear: count('daysPerYear', v.daysPerYear),
    fuel: word('fuel', v.fuel),
    substance: word('substance', v.substance),
    wasteGroup: word('wasteGroup', v.wasteGroup),
    wasteType: word('wasteType', v.wasteType),
    treatment: word('treatment', v.treatment),
    travelClass:
      extras.includes('travelClass') && v.travelClass
        ? (v.travelClass as (typeof TRAVEL_CLASSES)[number])
        : null,
    flightType:
      extras.includes('flightType') && v.flightType ? (v.flightType as (typeof FLIGHT_TYPES)[number]) : null,
  };
}

/**
 * The units an entry may use: those of the unit types the activity's factors are given in (a
 * litre factor takes litres or m³), else every unit.
 */
export function unitChoices(baseUnits: readonly string[], lang: Language) {
  const types = new Set(baseUnits.map((u) => unitOf(u)?.unitType).filter(Boolean));
  return UNITS.filter((u) => types.size === 0 || types.has(u.unitType)).map((u) => ({
    value: u.id,
    label: u.names[lang],
  }));
}
