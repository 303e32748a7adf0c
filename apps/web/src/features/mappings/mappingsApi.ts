import { useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import type { MappingCategory, MappingFormat } from '@klimadesk/contract/mappings/schemas';
import { ROW_CODE_TEXTS, rowCodeTexts } from '@klimadesk/contract/mappings/row-codes';
import { expandRoles } from '@klimadesk/contract/platform/roles';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { type Answer, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';

export type { MappingCategory, MappingFormat };
export type Mapping = Answer<'mappings'>['hydra:member'][number];
export type ImportTask = Answer<'importTasks'>['hydra:member'][number];
export type MappingField = Answer<'mappingFields'>['hydra:member'][number];
export type SampleValidation = Answer<'sampleTitles'>;
export type MappingDetail = Mapping['mappingDetails'][number];

export const ACCEPT: Record<MappingFormat, string> = {
  xlsx: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: '.csv,text/csv',
};

/** Only freight admins create and change templates; freight users import with them. */
/** Templates and imports are professional features: a basic company sees them disabled up front. */
export function mappingAccess(me: Pick<Me, 'roles' | 'company'>) {
  const roles = expandRoles(me.roles);
  const basic = me.company.isBasic;
  return { canManage: roles.has('ROLE_CFT_ADMIN'), canImport: roles.has('ROLE_CFT_USER') && !basic, basic };
}

export function useMappingFields(category: MappingCategory) {
  return useQuery({
    ...queryOptions('mappingFields', { query: { category } }),
    select: (d) => d['hydra:member'],
    staleTime: Infinity,
  });
}

/** The name of a mapping field; unknown ids (from newer servers) are shown as they are. */
export function fieldLabel(id: string): string {
  return i18n.t(`mappings:fields.${id}`, { defaultValue: id });
}

/**
 * The text of a row code of the validation report or the tour code protocol in the user's
 * language, with the figures the stored message quotes ("(18.5 kg < 40 kg)").
 */
export function rowCodeText(code: string, message?: string): string {
  const texts = rowCodeTexts(code, message ?? code, currentLanguage());
  const known = (ROW_CODE_TEXTS as Record<string, unknown>)[code] !== undefined;
  const text = known
    ? texts.message
    : i18n.exists(`errors:${code}`)
      ? i18n.t(`errors:${code}`)
      : message || code;
  return known && texts.detail ? `${text} (${texts.detail})` : text;
}

/** How to fix a refused row (empty for codes without a hint). */
export const rowCodeHint = (code: string): string => rowCodeTexts(code, code, currentLanguage()).hint;
