import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  QUANTITY_FIELDS,
  type FormatOptions,
  type QuantityUnit,
  inferQuantityUnit,
} from '@klimadesk/contract/mappings/schemas';
import { call } from '../../app/client.ts';
import {
  useMappingFields,
  type Mapping,
  type MappingCategory,
  type MappingDetail,
  type MappingField,
  type MappingFormat,
  type SampleValidation,
} from './mappingsApi.ts';

/**
 * The template step's state: name (with the server's refusal of a taken name), category, file
 * format and, for CSV, its delimiter, decimal separator and date format.
 */
export function useWizardTemplate(mapping: Mapping | null) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  const [name, setName] = useState(mapping?.templateName ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [category, setCategory] = useState<MappingCategory>(mapping?.mappingFieldCategory ?? 'shipment');
  const [format, setFormat] = useState<MappingFormat>(mapping?.mappingFormat ?? 'xlsx');
  const [options, setOptions] = useState<FormatOptions>(
    mapping?.formatOptions ?? { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' },
  );
  const [nameTaken, setNameTaken] = useState<string | null>(null);
  const nameError =
    name.trim() === ''
      ? t('common:validation.required')
      : nameTaken !== null && nameTaken === name.trim()
        ? t('errors:mappingNameExists')
        : null;
  return {
    name,
    setName,
    nameTouched,
    setNameTouched,
    category,
    setCategory,
    format,
    setFormat,
    options,
    setOptions,
    setNameTaken,
    nameError,
  };
}

export type WizardTemplate = ReturnType<typeof useWizardTemplate>;

/** Earlier choices win over suggestions for titles that stay; new titles take the suggestion. */
function mergeAssignments(
  prev: Record<string, string>,
  res: SampleValidation,
  fields: MappingField[] | undefined,
): Record<string, string> {
  const next: Record<string, string> = {};
  const used = new Set<string>();
  for (const title of res.titles) {
    const kept = prev[title];
    if (kept && !used.has(kept)) {
      next[title] = kept;
      used.add(kept);
    }
  }
  for (const s of res.suggestions) {
    if (next[s.value] || !s.mappingField || used.has(s.mappingField)) continue;
    if (fields && !fields.some((x) => x.id === s.mappingField)) continue;
    next[s.value] = s.mappingField;
    used.add(s.mappingField);
  }
  return next;
}

/**
 * The columns step's state: the sample's titles, the field each is mapped to and the unit of
 * quantity columns, and what follows from them (the details to store, missing units).
 */
export function useWizardColumns(mapping: Mapping | null, category: MappingCategory) {
  const [titles, setTitles] = useState<string[]>(mapping?.mappingDetails.map((d) => d.value) ?? []);
  const [assigned, setAssigned] = useState<Record<string, string>>(
    Object.fromEntries(mapping?.mappingDetails.map((d) => [d.value, d.mappingField]) ?? []),
  );
  // Units chosen for quantity columns, by title; a title naming its unit needs no choice.
  const [units, setUnits] = useState<Record<string, QuantityUnit>>(
    Object.fromEntries(mapping?.mappingDetails.flatMap((d) => (d.unit ? [[d.value, d.unit]] : [])) ?? []),
  );
  const fields = useMappingFields(category);

  const unitOf = (title: string): QuantityUnit | null =>
    QUANTITY_FIELDS[assigned[title]] ? (units[title] ?? inferQuantityUnit(assigned[title], title)) : null;
  const details: MappingDetail[] = titles
    .filter((title) => assigned[title])
    .map((title) => {
      const unit = unitOf(title);
      return { value: title, mappingField: assigned[title], ...(unit ? { unit } : {}) };
    });
  // Quantity columns whose unit neither the title names nor the user chose: asked before saving.
  const unitMissing = titles.filter((title) => QUANTITY_FIELDS[assigned[title]] && !unitOf(title));
  const taken = useMemo(() => new Set(Object.values(assigned).filter(Boolean)), [assigned]);
  const takeSample = (res: SampleValidation) => {
    setTitles(res.titles);
    setAssigned((prev) => mergeAssignments(prev, res, fields.data));
  };
  return {
    titles,
    assigned,
    setAssigned,
    units,
    setUnits,
    fields,
    unitOf,
    details,
    unitMissing,
    taken,
    takeSample,
  };
}

export type WizardColumns = ReturnType<typeof useWizardColumns>;

/** Stores the template: a change of the stored one, else a new one. */
export function storeMapping(
  saved: Mapping | null,
  isNew: boolean,
  template: Pick<WizardTemplate, 'name' | 'category' | 'format' | 'options'>,
  details: MappingDetail[],
): Promise<Mapping> {
  const formatOptions = template.format === 'csv' ? template.options : undefined;
  return saved
    ? call('updateMapping', {
        params: { id: saved.id },
        body: {
          templateName: template.name.trim(),
          // The user may have gone back and chosen another format since the template was stored.
          ...(isNew ? { mappingFormat: template.format } : {}),
          mappingDetails: details,
          formatOptions,
        },
      })
    : call('createMapping', {
        body: {
          templateName: template.name.trim(),
          mappingFieldCategory: template.category,
          mappingFormat: template.format,
          formatOptions,
          mappingDetails: details,
        },
      });
}
