import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { type Answer, type Query, call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import {
  EntityListPage,
  ExportListButton,
  useEntityList,
  type EntityList,
} from '../../components/EntityListPage.tsx';
import { formatDateTime } from '../../components/format.ts';

type LogEntry = Answer<'userActionLogs'>['hydra:member'][number];

const ENTITIES = ['access', 'users', 'user-groups', 'companies', 'logs'] as const;

type Filters = {
  action: string;
  entity: string;
  status: string;
  from: string;
  to: string;
  companyId: string;
};
// The log opens on the completed writes (status=1, seed 002 §3); "all" shows the failed ones too.
const INITIAL: Filters = { action: '', entity: '', status: '1', from: '', to: '', companyId: '' };

/** The route's query fields of the filters, for the list and its export alike. */
const toQuery = (f: Filters) => ({
  action: f.action.trim() || undefined,
  entity: f.entity || undefined,
  // The select offers only the contract's statuses.
  status: (f.status || undefined) as Query<'userActionLogs'>['status'],
  'createdAt[after]': f.from || undefined,
  'createdAt[before]': f.to || undefined,
  companyId: f.companyId || undefined,
});

type LogList = EntityList<LogEntry, never, Filters>;

/** Time, company (platform admin), user, action, entity, status and who acted in the user's name. */
function logColumns(t: TFunction, lang: Language, acrossCompanies: boolean): GridColDef<LogEntry>[] {
  const actionLabel = (a: string) => t(`actions.${a}`, { defaultValue: a });
  return [
    {
      field: 'createdAt',
      headerName: t('columns.createdAt'),
      width: 180,
      valueFormatter: (v: string) => formatDateTime(v, lang),
    },
    ...(acrossCompanies
      ? [
          {
            field: 'companyName',
            headerName: t('columns.company'),
            flex: 1,
            minWidth: 180,
            sortable: false,
            valueFormatter: (v: string | null) => v ?? '',
          } satisfies GridColDef<LogEntry>,
        ]
      : []),
    { field: 'userEmail', headerName: t('columns.user'), flex: 1, minWidth: 200, sortable: false },
    {
      field: 'action',
      headerName: t('columns.action'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueFormatter: (v: string) => actionLabel(v),
    },
    {
      field: 'entity',
      headerName: t('columns.entity'),
      width: 150,
      sortable: false,
      valueFormatter: (v: string) => t(`entities.${v}`, { defaultValue: v }),
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.status === 'success' ? 'success' : 'error'}
          label={t(`status.${row.status}`)}
        />
      ),
    },
    {
      field: 'impersonatorEmail',
      headerName: t('columns.impersonator'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? '',
    },
  ];
}

/** The company (platform admin only), action, entity, status and the days of the log. */
function LogFilters({ list, acrossCompanies }: { list: LogList; acrossCompanies: boolean }) {
  const { t } = useTranslation(['logs', 'common']);
  const companies = useQuery({
    ...queryOptions('companies', { query: { pagination: 'false', 'order[name]': 'asc' } }),
    enabled: acrossCompanies,
  });
  const set = (k: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement>) =>
    list.setFilter(k, e.target.value);
  const setDay = (k: 'from' | 'to') => (day: string | null) => list.setFilter(k, day ?? '');
  return (
    <>
      {acrossCompanies && (
        <TextField
          select
          label={t('columns.company')}
          value={list.filters.companyId}
          onChange={set('companyId')}
          data-testid="protocol-company"
        >
          <MenuItem value="">{t('allCompanies')}</MenuItem>
          {(companies.data?.['hydra:member'] ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField label={t('columns.action')} value={list.filters.action} onChange={set('action')} />
      <TextField select label={t('columns.entity')} value={list.filters.entity} onChange={set('entity')}>
        <MenuItem value="">{t('all')}</MenuItem>
        {ENTITIES.map((e) => (
          <MenuItem key={e} value={e}>
            {t(`entities.${e}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('columns.status')} value={list.filters.status} onChange={set('status')}>
        <MenuItem value="">{t('all')}</MenuItem>
        <MenuItem value="1">{t('status.success')}</MenuItem>
        <MenuItem value="0">{t('status.failure')}</MenuItem>
      </TextField>
      {/* The app's date fields, not the browser's: one date format per language. */}
      <DatesProvider>
        <DayPicker label={t('from')} value={list.filters.from || null} onChange={setDay('from')} />
        <DayPicker label={t('to')} value={list.filters.to || null} onChange={setDay('to')} />
      </DatesProvider>
    </>
  );
}

/**
 * The user action log with filters and an xlsx export: a company admin's own company, the platform
 * admin's every company (or one, chosen in the company filter).
 */
export function ProtocolPage() {
  const { t } = useTranslation(['logs', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  // Only the platform admin may read the company list, and only they read across companies.
  const acrossCompanies = can(me, 'companies');
  const list = useEntityList<LogEntry, never, Filters>({
    table: 'user-action-log',
    pageSize: 20,
    sort: [{ field: 'createdAt', sort: 'desc' }],
    filters: INITIAL,
    source: (query, f) => queryOptions('userActionLogs', { query: { ...query, ...toQuery(f) } }),
  });
  const columns = useMemo(() => logColumns(t, lang, acrossCompanies), [t, lang, acrossCompanies]);

  return (
    <EntityListPage
      list={list}
      title={t('title')}
      subtitle={t(acrossCompanies ? 'subtitleAll' : 'subtitle')}
      actions={
        <ExportListButton
          label={t('common:actions.export')}
          download={() => call('exportUserActionLogs', { query: toQuery(list.appliedFilters) })}
          testId="protocol-export"
        />
      }
      filters={<LogFilters list={list} acrossCompanies={acrossCompanies} />}
      label={t('title')}
      columns={columns}
    />
  );
}
