import { keepPreviousData, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import type { List } from '@klimadesk/contract/http';
import type {
  ImportTask,
  Mapping,
  MappingCategory,
  MappingFormat,
  RowIssue,
} from '@klimadesk/contract/mappings/schemas';
import { expandRoles } from '@klimadesk/contract/platform/roles';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { api } from '../../app/api.ts';

export type { ImportTask, Mapping, MappingCategory, MappingFormat, RowIssue };
export type MappingField = { id: string; group: string; category: MappingCategory; required: boolean };
export type SampleValidation = {
  titles: string[];
  suggestions: { value: string; mappingField: string | null }[];
  rows: number;
  valid: boolean;
  issues: RowIssue[];
};
export type TourCode = {
  id: string;
  taskId: string | null;
  tour: string | null;
  row: number | null;
  column: string | null;
  code: string;
  message: string;
  time: string;
};
export type MappingDetail = { value: string; mappingField: string };

export const MAPPINGS_KEY = ['mappings'] as const;
export const IMPORT_TASKS_KEY = ['importTasks'] as const;
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

export function useMappings(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: [...MAPPINGS_KEY, params],
    queryFn: ({ signal }) => api.get<List<Mapping>>('/api/mappings', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMappingFields(category: MappingCategory) {
  return useQuery({
    queryKey: ['mapping-fields', category],
    queryFn: () => api.get<List<MappingField>>('/api/mapping-fields', { category }),
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
