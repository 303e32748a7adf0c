import { useMemo } from 'react';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { TOUR_CODE_PAGE_SIZE } from '@klimadesk/contract/mappings/schemas';
import { type Answer, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { EntityListPage, useEntityList } from '../../components/EntityListPage.tsx';
import { formatDateTime } from '../../components/format.ts';
import { rowCodeText } from '../mappings/mappingsApi.ts';

type TourCode = Answer<'tourCodes'>['hydra:member'][number];

type Filters = { code: string; from: string; to: string };

/** Time, tour, code, its message in words and the row of the file. */
function tourCodeColumns(t: TFunction, lang: Language): GridColDef<TourCode>[] {
  return [
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
  ];
}

/** The tour code protocol of the company: which tour or row an import or calculation refused, and why. */
export function TourCodesPage() {
  const { t } = useTranslation(['logs', 'mappings', 'common']);
  const lang = currentLanguage();
  // Newest first, always: the protocol has no other order (seed 002 §7).
  const list = useEntityList<TourCode, never, Filters>({
    table: 'tour-codes',
    pageSize: TOUR_CODE_PAGE_SIZE,
    sort: [],
    filters: { code: '', from: '', to: '' },
    source: (query, f) =>
      queryOptions('tourCodes', {
        query: {
          ...query,
          code: f.code.trim() || undefined,
          'createdAt[after]': f.from || undefined,
          'createdAt[before]': f.to || undefined,
        },
      }),
  });

  const columns = useMemo(() => tourCodeColumns(t, lang), [t, lang]);

  return (
    <EntityListPage
      list={list}
      title={t('tourCodes.title')}
      subtitle={t('tourCodes.subtitle')}
      search={{ label: t('tourCodes.search') }}
      filters={
        <>
          <TextField
            label={t('tourCodes.columns.code')}
            value={list.filters.code}
            onChange={(e) => list.setFilter('code', e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'tour-codes-code' } }}
          />
          <DatesProvider>
            <DayPicker
              label={t('from')}
              value={list.filters.from || null}
              onChange={(d) => list.setFilter('from', d ?? '')}
            />
            <DayPicker
              label={t('to')}
              value={list.filters.to || null}
              onChange={(d) => list.setFilter('to', d ?? '')}
            />
          </DatesProvider>
        </>
      }
      label={t('tourCodes.title')}
      columns={columns}
    />
  );
}
