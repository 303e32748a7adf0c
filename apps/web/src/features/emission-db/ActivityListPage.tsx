import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SORTINGS,
  type Activity,
} from '@klimadesk/contract/emission-db/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { ChipsCell } from '../../components/DataTable.tsx';
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
import { formatNumber } from '../../components/format.ts';
import { RouterLink } from '../../components/RouterLink.tsx';
import { ACTIVITY_KEYS, activityName, sectionName, sectionOptions, unitName } from './emissionDb.ts';

type Sorting = (typeof ACTIVITY_SORTINGS)[number];
type Filters = {
  categories: string[];
  country: string;
  source: string;
  provider: string;
  custom: '' | 'true' | 'false';
  sorting: Sorting;
};
const INITIAL: Filters = {
  categories: [],
  country: '',
  source: '',
  provider: '',
  custom: '',
  sorting: 'relevance',
};

const toQuery = (f: Filters) => ({
  categories: f.categories.length ? f.categories.join(',') : undefined,
  country: f.country || undefined,
  source: f.source || undefined,
  provider: f.provider || undefined,
  custom: f.custom || undefined,
  sorting: f.sorting,
});

export const activityPath = (id: string) => `/emission-db/edit-activity/${id}`;

type ActivityList = EntityList<Activity, never, Filters>;

function ActivityNameCell({ row, lang }: { row: Activity; lang: Language }) {
  const { t } = useTranslation('emissionDb');
  const other = lang === 'de' ? 'en' : 'de';
  return (
    <Box sx={{ minWidth: 0 }}>
      <RouterLink to={activityPath(row.id)} sx={{ fontWeight: 600 }}>
        {activityName(row, lang)}
      </RouterLink>
      {row.isCustom && (
        <Chip size="small" variant="outlined" label={t('custom')} sx={{ ml: 1 }} color="secondary" />
      )}
      <Typography variant="caption" color="text.secondary" component="div" lang={other}>
        {row.translations[other].name}
      </Typography>
    </Box>
  );
}

/** Name (with the other language's below), categories, number of factors, units and sources. */
function activityColumns(t: TFunction, lang: Language): GridColDef<Activity>[] {
  return [
    {
      field: 'name',
      headerName: t('activities.columns.name'),
      flex: 1.6,
      minWidth: 240,
      sortable: false,
      renderCell: ({ row }) => <ActivityNameCell row={row} lang={lang} />,
    },
    {
      field: 'categories',
      headerName: t('activities.columns.categories'),
      flex: 1.2,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => (
        <ChipsCell
          chips={row.categories.map((c) => ({ key: c, label: sectionName(c, lang), variant: 'outlined' }))}
        />
      ),
    },
    {
      field: 'factorCount',
      headerName: t('activities.columns.factors'),
      width: 100,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (v: number) => formatNumber(v, lang, 0),
    },
    {
      field: 'baseUnits',
      headerName: t('activities.columns.unit'),
      width: 140,
      sortable: false,
      valueGetter: (_v, row) => row.baseUnits.map((u) => unitName(u, lang)).join(', '),
    },
    {
      field: 'sources',
      headerName: t('activities.columns.source'),
      flex: 1.2,
      minWidth: 240,
      sortable: false,
      valueGetter: (_v, row) => row.sources.map((s) => s.name).join(', '),
    },
  ];
}

/** The report sections to search in; scopes bold, their sections indented. */
function CategoriesFilter({ list, lang }: { list: ActivityList; lang: Language }) {
  const { t } = useTranslation('emissionDb');
  const sections = sectionOptions(lang);
  return (
    <TextField
      select
      label={t('activities.filters.categories')}
      value={list.filters.categories}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string;
        list.setFilter('categories', typeof v === 'string' ? v.split(',') : v);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (v) => (v as string[]).map((id) => sectionName(id, lang)).join(', '),
        },
      }}
      data-testid="activity-filter-categories"
    >
      {sections.map((s) =>
        s.isScope ? (
          <MenuItem key={s.value} value={s.value} sx={{ fontWeight: 650 }}>
            {s.label}
          </MenuItem>
        ) : (
          <MenuItem key={s.value} value={s.value} sx={{ pl: 4 }}>
            {s.label}
          </MenuItem>
        ),
      )}
    </TextField>
  );
}

function CountryFilter({ list }: { list: ActivityList }) {
  const { t } = useTranslation('emissionDb');
  const { data: countries = [] } = useCountries();
  return (
    <Autocomplete
      options={countries}
      value={countries.find((c) => c.code === list.filters.country) ?? null}
      onChange={(_e, v) => list.setFilter('country', v?.code ?? '')}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      autoHighlight
      renderInput={(params) => (
        <TextField {...params} label={t('activities.filters.country')} placeholder={t('allCountries')} />
      )}
    />
  );
}

/** Categories, country, source, provider, origin and the sorting of the ranked search. */
function ActivityFilters({ list, lang }: { list: ActivityList; lang: Language }) {
  const { t } = useTranslation('emissionDb');
  const sources = useQuery({
    ...queryOptions('sources', { query: { pagination: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  const providers = useQuery({ ...queryOptions('emissionProviders'), select: (d) => d['hydra:member'] });
  return (
    <>
      <CategoriesFilter list={list} lang={lang} />
      <CountryFilter list={list} />
      <FilterSelect
        label={t('activities.filters.source')}
        value={list.filters.source}
        onChange={(v) => list.setFilter('source', v)}
        all={t('all')}
        options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      />
      <FilterSelect
        label={t('activities.filters.provider')}
        value={list.filters.provider}
        onChange={(v) => list.setFilter('provider', v)}
        all={t('all')}
        options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <FilterSelect
        label={t('activities.filters.origin')}
        value={list.filters.custom}
        onChange={(v) => list.setFilter('custom', v)}
        all={t('all')}
        options={[
          { value: 'false', label: t('activities.origin.provider') },
          { value: 'true', label: t('activities.origin.custom') },
        ]}
      />
      <TextField
        select
        label={t('activities.filters.sorting')}
        value={list.filters.sorting}
        onChange={(e) => list.setFilter('sorting', e.target.value as Sorting)}
        data-testid="activity-sorting"
      >
        {ACTIVITY_SORTINGS.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`activities.sorting.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/**
 * The activity list of the emission database (seed 002 §2 activity-list): the ranked search over
 * names, synonyms and translations (de, en), filters for categories, country, source and provider,
 * the sorting, and 30 activities per page.
 */
export function ActivityListPage() {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const list = useEntityList<Activity, never, Filters>({
    table: 'emission-activities',
    pageSize: ACTIVITY_PAGE_SIZE,
    filters: INITIAL,
    // The search ranks itself; the table's sort state is not the route's (`sorting` is).
    source: ({ page, limit, search }, f) =>
      queryOptions('searchActivities', {
        query: { page, limit, term: search, ...toQuery(f) },
      }) as ListSource<Activity>,
  });
  const remove = useConfirmedWrite<Activity>({
    mutate: (a) => call('deleteActivity', { params: { id: a.id } }),
    invalidate: ACTIVITY_KEYS,
    success: (_r, a) => t('activities.deleted', { name: activityName(a, lang) }),
    confirm: (a) =>
      deleteConfirm(t('activities.deleteTitle'), t('activities.deleteText', { name: activityName(a, lang) })),
  });
  const canDelete = can(me, 'deleteActivity');
  const columns = useMemo(() => activityColumns(t, lang), [t, lang]);

  const rowActions = useMemo(
    () =>
      editDeleteActions<Activity>({
        header: t('activities.columns.actions'),
        edit: {
          aria: (row) => t('activities.editAria', { name: row.name }),
          onClick: (row) => void navigate({ href: activityPath(row.id) }),
        },
        remove: canDelete && {
          aria: (row) => t('activities.deleteAria', { name: activityName(row, lang) }),
          onClick: remove.ask,
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, canDelete, navigate],
  );

  return (
    <EntityListPage
      list={list}
      title={t('activities.title')}
      subtitle={t('activities.subtitle')}
      actions={
        can(me, 'createActivity') ? (
          <CreateButton
            label={t('activities.create')}
            onClick={() => void navigate({ href: '/emission-db/edit-activity/new' })}
            testId="activity-create"
          />
        ) : undefined
      }
      search={{ label: t('activities.search') }}
      filters={<ActivityFilters list={list} lang={lang} />}
      label={t('activities.tableLabel')}
      testId="activity-table"
      columns={columns}
      rowActions={rowActions}
      empty={<Typography color="text.secondary">{t('activities.empty')}</Typography>}
    >
      {remove.dialog}
    </EntityListPage>
  );
}
