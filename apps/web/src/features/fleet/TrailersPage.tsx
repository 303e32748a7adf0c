import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Trailer } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { FleetListPage, formatFleetNumber } from './FleetListPage.tsx';
import { TrailerDialog } from './TrailerDialog.tsx';

export function TrailersPage() {
  const { t } = useTranslation(['fleet', 'common']);
  const lang = currentLanguage();

  const columns = useMemo<GridColDef<Trailer>[]>(
    () => [
      {
        field: 'loadVolume',
        headerName: t('columns.loadVolume'),
        width: 120,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number | null) => (v === null ? '–' : `${formatFleetNumber(v, lang)} m³`),
      },
      {
        field: 'hasCoolingUnit',
        headerName: t('columns.cooling'),
        width: 90,
        sortable: false,
        valueFormatter: (v: boolean) => (v ? t('yes') : t('no')),
      },
    ],
    [t, lang],
  );

  return (
    <FleetListPage<Trailer>
      entity="trailer"
      columns={columns}
      renderDialog={(item, close) => <TrailerDialog item={item} onClose={close} onSaved={close} />}
    />
  );
}
