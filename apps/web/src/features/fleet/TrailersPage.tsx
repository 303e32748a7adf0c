import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Trailer } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { formatNumber } from '../../components/format.ts';
import { useTrailerTypes } from './fleetApi.ts';
import { FleetListPage } from './FleetListPage.tsx';
import { TrailerDialog } from './TrailerDialog.tsx';

export function TrailersPage() {
  const { t } = useTranslation(['fleet', 'common']);
  const lang = currentLanguage();
  const { data: types = [] } = useTrailerTypes();

  const columns = useMemo<GridColDef<Trailer>[]>(
    () => [
      {
        field: 'licensePlate',
        headerName: t('columns.licensePlate'),
        width: 140,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.licensePlate}
          </Typography>
        ),
      },
      {
        field: 'glecTrailerType',
        headerName: t('columns.glecTrailerType'),
        flex: 1.2,
        minWidth: 170,
        sortable: false,
        valueGetter: (_v, row) =>
          types.find((x) => x.id === row.glecTrailerType)?.name ?? row.glecTrailerType ?? '',
      },
      { field: 'description', headerName: t('columns.description'), flex: 1, minWidth: 140 },
      {
        field: 'loadVolume',
        headerName: t('columns.loadVolume'),
        width: 120,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number | null) =>
          v === null
            ? '–'
            : `${formatNumber(v, lang, Math.min((String(v).split('.')[1] ?? '').length, 2))} m³`,
      },
      {
        field: 'hasCoolingUnit',
        headerName: t('columns.cooling'),
        width: 90,
        sortable: false,
        valueFormatter: (v: boolean) => (v ? t('yes') : t('no')),
      },
      { field: 'yearOfConstruction', headerName: t('columns.yearOfConstruction'), width: 90 },
    ],
    [t, types, lang],
  );

  return (
    <FleetListPage<Trailer>
      entity="trailer"
      ns="trailers"
      columns={columns}
      renderDialog={(item, close, saved) => (
        <TrailerDialog trailer={item} onClose={close} onSaved={(r) => saved(r.result, r.trailer)} />
      )}
    />
  );
}
