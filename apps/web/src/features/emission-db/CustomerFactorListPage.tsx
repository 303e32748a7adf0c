import { useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Factor } from '@klimadesk/contract/emission-db/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  EntityListPage,
  editDeleteActions,
  FilterSelect,
  useEntityList,
  type EntityList,
  type ListSource,
} from '../../components/EntityListPage.tsx';
import { useCountries } from '../../components/form.tsx';
import { formatFigure } from '../../components/format.ts';
import { CustomerFactorDialog } from './CustomerFactorDialog.tsx';
import { FACTOR_KEYS, periodText, unitName } from './emissionDb.ts';

type Filters = { company: string };

type Country = { code: string; name: string };

/** Activity, factor per unit, country, period, source, and the company for the platform admin. */
function customerFactorColumns(
  t: TFunction,
  lang: Language,
  countries: readonly Country[],
  isPlatformAdmin: boolean,
): GridColDef<Factor>[] {
  return [
    {
      field: 'activityName',
      headerName: t('factors.columns.activity'),
      flex: 1.4,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.activityName}
        </Typography>
      ),
    },
    {
      field: 'co2Factor',
      headerName: t('factors.columns.co2Factor'),
      width: 180,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => `${formatFigure(row.co2Factor, lang)} / ${unitName(row.baseUnit, lang)}`,
    },
    {
      field: 'countryId',
      headerName: t('factors.columns.country'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) =>
        row.countryId
          ? (countries.find((c) => c.code === row.countryId)?.name ?? row.countryId)
          : t('allCountries'),
    },
    {
      field: 'validFrom',
      headerName: t('factors.columns.period'),
      width: 220,
      sortable: false,
      valueGetter: (_v, row) => periodText(row, lang, t),
    },
    {
      field: 'source',
      headerName: t('factors.columns.source'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, row) =>
        row.source ? `${row.source.name}${row.sourceVersion ? ` (${row.sourceVersion.version})` : ''}` : '–',
    },
    ...(isPlatformAdmin
      ? [
          {
            field: 'company',
            headerName: t('factors.columns.company'),
            flex: 1,
            minWidth: 180,
            sortable: false,
            valueGetter: (_v: unknown, row: Factor) => row.company?.name ?? '–',
          } satisfies GridColDef<Factor>,
        ]
      : []),
  ];
}

/** The platform admin's filter by company (companies with the carbon footprint). */
function CompanyFilter({ list }: { list: EntityList<Factor, never, Filters> }) {
  const { t } = useTranslation('emissionDb');
  const companies = useQuery({
    ...queryOptions('companies', { query: { pagination: 'false', 'order[name]': 'asc', module: 'cfc' } }),
    select: (d) => d['hydra:member'],
  });
  return (
    <FilterSelect
      label={t('factor.company')}
      value={list.filters.company}
      onChange={(v) => list.setFilter('company', v)}
      all={t('customerFactors.allCompanies')}
      options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

/**
 * The customer factor list (seed 002 §2 customer-factor-list): a company's own factors, private to
 * it. Company users of the carbon footprint keep theirs here; the platform admin reads every
 * company's (or one company's) factors.
 */
export function CustomerFactorListPage() {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const isPlatformAdmin = me.roles.includes('ROLE_SMP_ADMIN');
  const list = useEntityList<Factor, never, Filters>({
    table: 'customer-factors',
    filters: { company: '' },
    source: ({ page, limit, search }, f) =>
      queryOptions('customerFactors', {
        query: { page, limit, term: search, company: f.company || undefined },
      }) as ListSource<Factor>,
  });
  const { data: countries = [] } = useCountries();
  const [dialog, setDialog] = useState<{ factor: Factor | null } | null>(null);
  const remove = useConfirmedWrite<Factor>({
    mutate: (f) => call('deleteEmissionFactor', { params: { id: f.id } }),
    invalidate: FACTOR_KEYS,
    success: () => t('factors.deleted'),
    confirm: (f) =>
      deleteConfirm(
        t('factors.deleteTitle'),
        t('factors.deleteText', { period: `${f.activityName}, ${periodText(f, lang, t)}` }),
      ),
  });
  const canCreate = can(me, 'createEmissionFactor');
  const canEdit = can(me, 'updateEmissionFactor');
  const canDelete = can(me, 'deleteEmissionFactor');
  const columns = useMemo(
    () => customerFactorColumns(t, lang, countries, isPlatformAdmin),
    [t, lang, countries, isPlatformAdmin],
  );

  const rowActions = useMemo(
    () =>
      editDeleteActions<Factor>({
        header: t('activities.columns.actions'),
        edit: canEdit && {
          aria: (row) => t('activities.editAria', { name: row.activityName }),
          onClick: (row) => setDialog({ factor: row }),
        },
        remove: canDelete && {
          aria: (row) => t('activities.deleteAria', { name: row.activityName }),
          onClick: remove.ask,
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit, canDelete],
  );

  return (
    <EntityListPage
      list={list}
      title={t('customerFactors.title')}
      subtitle={t(isPlatformAdmin ? 'customerFactors.subtitleAdmin' : 'customerFactors.subtitle')}
      actions={
        canCreate ? (
          <CreateButton
            label={t('customerFactors.create')}
            onClick={() => setDialog({ factor: null })}
            testId="customer-factor-create"
          />
        ) : undefined
      }
      search={{ label: t('customerFactors.search') }}
      filters={isPlatformAdmin ? <CompanyFilter list={list} /> : undefined}
      label={t('customerFactors.tableLabel')}
      testId="customer-factor-table"
      columns={columns}
      rowActions={rowActions}
      empty={<Typography color="text.secondary">{t('customerFactors.empty')}</Typography>}
    >
      {dialog && (
        <CustomerFactorDialog
          factor={dialog.factor}
          isPlatformAdmin={isPlatformAdmin}
          onClose={() => setDialog(null)}
        />
      )}
      {remove.dialog}
    </EntityListPage>
  );
}
