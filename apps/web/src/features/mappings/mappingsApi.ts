import { useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import type { MappingCategory, MappingFormat } from '@klimadesk/contract/mappings/schemas';
import { expandRoles } from '@klimadesk/contract/platform/roles';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { type Answer, queryOptions } from '../../app/client.ts';

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

/** The text of a row code of the validation report or the tour code protocol. */
export function rowCodeText(code: string, message?: string): string {
  for (const key of [`mappings:codes.${code}`, `errors:${code}`]) if (i18n.exists(key)) return i18n.t(key);
  return message || code;
}
