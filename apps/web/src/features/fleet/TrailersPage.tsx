import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Trailer } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { formatNumber } from '../../components/format.ts';
import { useTrailerTypes } from './fleetApi.ts';
import { FleetListPage, glecTypeColumn } from './FleetListPage.tsx';
import { TrailerDialog } from './TrailerDialog.tsx';

export function TrailersPage() {
  const { t } = useTranslation(['fleet', 'common']);
  const lang = currentLanguage();
  const { data: types = [] } = useTrailerTypes();

  const typeColumn = useMemo(
    () =>
      glecTypeColumn<Trailer>('glecTrailerType', t('columns.glecTrailerType'), types, {
        flex: 1.2,
        minWidth: 170,
      }),
    [t, types],
  );
  const columns = useMemo<GridColDef<Trailer>[]>(
    () => [
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
    ],
    [t, lang],
  );

  return (
    <FleetListPage<Trailer>
      entity="trailer"
      ns="trailers"
      typeColumn={typeColumn}
      columns={columns}
      renderDialog={(item, close) => <TrailerDialog trailer={item} onClose={close} onSaved={close} />}
    />
  );
}
