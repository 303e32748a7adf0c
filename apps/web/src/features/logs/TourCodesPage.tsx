import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOUR_CODE_PAGE_SIZE } from '@klimadesk/contract/mappings/schemas';
import { type Answer, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { rowCodeText } from '../mappings/mappingsApi.ts';

type TourCode = Answer<'tourCodes'>['hydra:member'][number];

type Filters = { code: string; search: string; from: string; to: string };
const EMPTY: Filters = { code: '', search: '', from: '', to: '' };

/** The tour code protocol of the company: which tour or row an import or calculation refused, and why. */
export function TourCodesPage() {
  const { t } = useTranslation(['logs', 'mappings', 'common']);
  const lang = currentLanguage();
  // Newest first, always: the protocol has no other order (seed 002 §7).
  const state = useTableState('tour-codes', { pageSize: TOUR_CODE_PAGE_SIZE, sort: [] });
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const debounced = useDebounced(filters);
  const { data, isFetching } = useQuery({
    ...queryOptions('tourCodes', {
      query: {
        page: state.page + 1,
        limit: state.pageSize,
        code: debounced.code.trim() || undefined,
        search: debounced.search.trim() || undefined,
        'createdAt[after]': debounced.from || undefined,
        'createdAt[before]': debounced.to || undefined,
      },
    }),
    placeholderData: keepPreviousData,
  });
  const set = (k: 'code' | 'search') => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFilters((f) => ({ ...f, [k]: e.target.value }));
    state.setPage(0);
  };
  const setDay = (k: 'from' | 'to') => (day: string | null) => {
    setFilters((f) => ({ ...f, [k]: day ?? '' }));
    state.setPage(0);
  };

  const columns = useMemo<GridColDef<TourCode>[]>(
    () => [
      {
        field: 'time',
        headerName: t('tourCodes.columns.time'),
        width: 170,
        sortable: false,
        valueFormatter: (v: string) => formatDateTime(v, lang),
      },
      {
        field: 'tour',
        headerName: t('tourCodes.columns.tour'),
        width: 160,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? '–',
      },
      { field: 'code', headerName: t('tourCodes.columns.code'), width: 190, sortable: false },
      {
        field: 'message',
        headerName: t('tourCodes.columns.message'),
        flex: 1,
        minWidth: 260,
        sortable: false,
        valueGetter: (_v, row) => rowCodeText(row.code, row.message),
      },
      {
        field: 'row',
        headerName: t('tourCodes.columns.row'),
        width: 90,
        sortable: false,
        valueFormatter: (v: number | null) => (v === null ? '–' : String(v)),
      },
    ],
    [t, lang],
  );

  return (
    <>
      <PageHeader title={t('tourCodes.title')} subtitle={t('tourCodes.subtitle')} />
      <Box
        role="search"
        aria-label={t('filters')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1.5fr 1fr 1fr auto' },
          mb: 2,
          alignItems: 'center',
        }}
      >
        <TextField
          label={t('tourCodes.columns.code')}
          value={filters.code}
          onChange={set('code')}
          slotProps={{ htmlInput: { 'data-testid': 'tour-codes-code' } }}
        />
        <TextField label={t('tourCodes.search')} value={filters.search} onChange={set('search')} />
        <DatesProvider>
          <DayPicker label={t('from')} value={filters.from || null} onChange={setDay('from')} />
          <DayPicker label={t('to')} value={filters.to || null} onChange={setDay('to')} />
        </DatesProvider>
        <Button
          onClick={() => setFilters(EMPTY)}
          disabled={JSON.stringify(filters) === JSON.stringify(EMPTY)}
        >
          {t('common:actions.reset')}
        </Button>
      </Box>
      <DataTable
        label={t('tourCodes.title')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching}
        state={state}
      />
    </>
  );
}
