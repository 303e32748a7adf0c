import { z } from 'zod';
import type { TFunction } from 'i18next';
import type { Language } from '@klimadesk/contract/constants';
import {
  SECTIONS,
  TREATMENTS,
  UNITS,
  UNIT_TYPES,
  UNIT_TYPE_NAMES,
  unitOf,
  type UnitType,
} from '@klimadesk/contract/emission-db/reference';
import {
  GWP_SETS,
  type Activity,
  type Factor,
  type FactorInput,
} from '@klimadesk/contract/emission-db/schemas';
import { formatFigure, parseNumber } from '../../components/format.ts';
import { formatDay } from '../../components/units.ts';

/** Query keys the emission database screens refetch after a write. */
export const ACTIVITY_KEYS = [['searchActivities'], ['getActivity'], ['customerFactors']] as const;
export const FACTOR_KEYS = [
  ['getActivity'],
  ['getEmissionFactor'],
  ['customerFactors'],
  ['searchActivities'],
] as const;

/** An activity's name in the reader's language, else in the other one, else its description. */
export function activityName(
  a: Pick<Activity, 'name' | 'description' | 'internalName' | 'translations'>,
  lang: Language,
): string {
  const other = lang === 'de' ? 'en' : 'de';
  return (
    a.translations[lang].name ||
    a.name ||
    a.translations[other].name ||
    a.translations[lang].description ||
    a.description ||
    a.internalName ||
    '–'
  );
}

export const sectionName = (id: string, lang: Language) =>
  SECTIONS.find((s) => s.id === id)?.names[lang] ?? id;

export const unitName = (id: string, lang: Language) => unitOf(id)?.names[lang] ?? id;

export const unitTypeName = (id: UnitType, lang: Language) => UNIT_TYPE_NAMES[id]?.[lang] ?? id;

/** Sections in their order (scope, then weight): the scopes as groups, their sections inside. */
export function sectionOptions(lang: Language) {
  return [...SECTIONS]
    .sort((a, b) => a.weight - b.weight)
    .map((s) => ({ value: s.id, label: s.names[lang], isScope: s.parent === null }));
}

/** Treatments sorted by name in the UI language (seed 002 §3). */
export function treatmentOptions(lang: Language) {
  return TREATMENTS.map((t) => ({ value: t.id, label: t.names[lang] })).sort((a, b) =>
    a.label.localeCompare(b.label, lang),
  );
}

export function unitOptions(lang: Language) {
  return UNITS.map((u) => ({
    value: u.id,
    label: `${u.names[lang]} (${unitTypeName(u.unitType, lang)})`,
  }));
}

export const unitTypeOptions = (lang: Language) =>
  UNIT_TYPES.map((id) => ({ value: id, label: unitTypeName(id, lang) }));

/** A factor's period as text: "01.01.2025 – 31.12.2025", an open end as "offen". */
export function periodText(
  f: Pick<Factor, 'validFrom' | 'validUntil'>,
  lang: Language,
  t: TFunction,
): string {
  return `${formatDay(f.validFrom, lang)} – ${f.validUntil ? formatDay(f.validUntil, lang) : t('emissionDb:factor.openEnd')}`;
}

// ---------- the factor form (factor editor page and the customer factor dialog) ----------

export type FactorForm = {
  baseUnit: string;
  unitTypes: UnitType[];
  co2Factor: string;
  biogenicCo2Factor: string;
  gasCo2: string;
  gasCh4: string;
  gasN2o: string;
  wttFactor: string;
  countryId: string;
  sourceId: string;
  sourceVersionId: string;
  validFrom: string;
  validUntil: string;
  version: string;
  year: string;
  releaseDate: string;
  providerId: string;
  coverage: string;
  lcaActivity: string;
  isPublic: boolean;
  /** 'AR5', 'AR6' or '' (the publisher states none). */
  gwpSet: string;
  noteDe: string;
  noteEn: string;
};

export function emptyFactorForm(isPublic: boolean): FactorForm {
  return {
    baseUnit: '',
    unitTypes: [],
    co2Factor: '',
    biogenicCo2Factor: '',
    gasCo2: '',
    gasCh4: '',
    gasN2o: '',
    wttFactor: '',
    countryId: '',
    sourceId: '',
    sourceVersionId: '',
    validFrom: '',
    validUntil: '',
    version: '1',
    year: '',
    releaseDate: '',
    providerId: '',
    coverage: '',
    lcaActivity: '',
    isPublic,
    gwpSet: 'AR5',
    noteDe: '',
    noteEn: '',
  };
}

const figureText = (v: number | null | undefined, lang: Language) =>
  v == null ? '' : formatFigure(v, lang, 10);

export function factorToForm(f: Factor, lang: Language): FactorForm {
  return {
    baseUnit: f.baseUnit,
    unitTypes: f.unitTypes,
    co2Factor: figureText(f.co2Factor, lang),
    biogenicCo2Factor: figureText(f.biogenicCo2Factor, lang),
    gasCo2: figureText(f.gases.co2, lang),
    gasCh4: figureText(f.gases.ch4, lang),
    gasN2o: figureText(f.gases.n2o, lang),
    wttFactor: figureText(f.wttFactor, lang),
    countryId: f.countryId ?? '',
    sourceId: f.sourceId ?? '',
    sourceVersionId: f.sourceVersionId ?? '',
    validFrom: f.validFrom.slice(0, 10),
    validUntil: f.validUntil?.slice(0, 10) ?? '',
    version: String(f.version),
    year: f.year == null ? '' : String(f.year),
    releaseDate: f.releaseDate?.slice(0, 10) ?? '',
    providerId: f.providerId ?? '',
    coverage: f.coverage ?? '',
    lcaActivity: f.lcaActivity ?? '',
    isPublic: f.isPublic,
    gwpSet: f.gwpSet ?? '',
    noteDe: f.translations.de.note ?? '',
    noteEn: f.translations.en.note ?? '',
  };
}

/**
 * The form's checks: the figures are numbers in the UI language's notation (seed 002 §5: comma
 * or dot), a factor has a unit, a CO2 figure and a start, and its period does not end before it
 * starts. A custom activity's factor needs a source (seed 002 §5).
 */
export function factorFormSchema(lang: () => Language, t: TFunction, opts: { sourceRequired: boolean }) {
  const figure = (required: boolean) =>
    z
      .string()
      .refine((v) => !required || v.trim() !== '', 'validation.required')
      .refine((v) => v.trim() === '' || Number.isFinite(parseNumber(v, lang())), 'validation.invalid');
  return z
    .object({
      baseUnit: z.string().min(1),
      unitTypes: z.array(z.enum(UNIT_TYPES)),
      co2Factor: figure(true),
      biogenicCo2Factor: figure(false),
      gasCo2: figure(false),
      gasCh4: figure(false),
      gasN2o: figure(false),
      wttFactor: figure(false),
      countryId: z.string(),
      sourceId: opts.sourceRequired ? z.string().min(1) : z.string(),
      sourceVersionId: z.string(),
      validFrom: z.string().min(1),
      validUntil: z.string(),
      version: z.string().refine((v) => /^\d{1,5}$/.test(v.trim()) && Number(v) >= 1, 'validation.invalid'),
      year: z
        .string()
        .refine((v) => v.trim() === '' || (/^\d{4}$/.test(v.trim()) && Number(v) >= 1900), 'validation.year'),
      releaseDate: z.string(),
      providerId: z.string(),
      coverage: z.string().max(500),
      lcaActivity: z.string().max(500),
      isPublic: z.boolean(),
      gwpSet: z
        .string()
        .refine((v) => v === '' || (GWP_SETS as readonly string[]).includes(v), 'validation.invalid'),
      noteDe: z.string().max(1000),
      noteEn: z.string().max(1000),
    })
    .refine((v) => !v.validUntil || !v.validFrom || v.validUntil >= v.validFrom, {
      path: ['validUntil'],
      message: t('emissionDb:factor.periodInvalid'),
    });
}

const figureOf = (v: string, lang: Language) => (v.trim() === '' ? null : parseNumber(v, lang));

/** The form as the contract's factor fields; empty optional fields are sent as null. */
export function toFactorInput(v: FactorForm, lang: Language, opts: { withProvider: boolean }): FactorInput {
  return {
    baseUnit: v.baseUnit,
    co2Factor: parseNumber(v.co2Factor, lang),
    biogenicCo2Factor: figureOf(v.biogenicCo2Factor, lang),
    gases: { co2: figureOf(v.gasCo2, lang), ch4: figureOf(v.gasCh4, lang), n2o: figureOf(v.gasN2o, lang) },
    wttFactor: figureOf(v.wttFactor, lang),
    countryId: v.countryId || null,
    sourceId: v.sourceId || null,
    sourceVersionId: v.sourceVersionId || null,
    translations: { de: { note: v.noteDe.trim() || null }, en: { note: v.noteEn.trim() || null } },
    validFrom: v.validFrom,
    validUntil: v.validUntil || null,
    version: Number(v.version),
    year: v.year.trim() ? Number(v.year) : null,
    releaseDate: v.releaseDate || null,
    ...(opts.withProvider ? { providerId: v.providerId || null } : {}),
    coverage: v.coverage.trim() || null,
    lcaActivity: v.lcaActivity.trim() || null,
    isPublic: v.isPublic,
    gwpSet: v.gwpSet === 'AR5' || v.gwpSet === 'AR6' ? v.gwpSet : null,
  };
}
