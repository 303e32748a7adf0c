import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { OrderStatus, OrderSummary } from '@klimadesk/contract/orders/schemas';
import { formatNumber } from '../../components/format.ts';
import { formatDay } from '../../components/units.ts';
import { OrderListModes } from './OrderListModes.tsx';
import type { MasterListName, OrderMasters } from './orderQueries.ts';

/** Status chips: open and cancelled outlined, the others filled (colours with AA contrast on white). */
const STATUS_CHIPS: Record<OrderStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  open: { color: 'primary', variant: 'outlined' },
  confirmed: { color: 'primary', variant: 'filled' },
  completed: { color: 'success', variant: 'filled' },
  cancelled: { color: 'default', variant: 'outlined' },
};

/** The name of a coded value in one of the master lists. */
export type MasterNameOf = (list: MasterListName, id: string | null) => string;

/** The order number with the alternative's marker, the auto marker and the label below it. */
function OrderNumberCell({ row, t }: { row: OrderSummary; t: TFunction }) {
  return (
    <Box sx={{ py: 1, minWidth: 0 }} title={row.number}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {row.number}
      </Typography>
      {(row.label || row.position > 1) && (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {row.position > 1 && (
            <Chip
              size="small"
              variant="outlined"
              label={t('list.alternative', { position: row.position })}
              data-testid="order-alternative-marker"
            />
          )}
          {row.isAutoAlternative && (
            <Chip size="small" variant="outlined" color="secondary" label={t('list.auto')} />
          )}
          {row.label && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {row.label}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/** Freight type and container above, gross weight and cargo type below. */
function OrderCargoCell({ row, lang, name }: { row: OrderSummary; lang: Language; name: MasterNameOf }) {
  return (
    <Box sx={{ py: 1, minWidth: 0 }} title={name('cargo', row.cargoType)}>
      <Typography variant="body2" noWrap>
        {name('freightType', row.freightType)}
        {row.containerSpec ? ` ${row.containerSpec}` : ''}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {`${formatNumber(row.grossWeight, lang, row.grossWeightUnit === 't' ? 2 : 0)} ${row.grossWeightUnit}`}{' '}
        · {name('cargo', row.cargoType)}
      </Typography>
    </Box>
  );
}

/** A right-aligned figure column; only the emissions of the whole order sort. */
function figureColumn(
  field: 'co2Wtw' | 'tkm' | 'intensity' | 'co2Ttw' | 'co2Wtt',
  headerName: string,
  width: number,
  value: (row: OrderSummary) => string,
): GridColDef<OrderSummary> {
  return {
    field,
    headerName,
    width,
    ...(field === 'co2Wtw' ? {} : { sortable: false }),
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => value(row),
  };
}

/** The order list's columns; emissions in kg (`kg`), coded values named from the masters (`name`). */
export function orderColumns(
  t: TFunction,
  lang: Language,
  masters: OrderMasters | undefined,
  kg: (value: number) => string,
  name: MasterNameOf,
): GridColDef<OrderSummary>[] {
  return [
    {
      field: 'number',
      headerName: t('common.orderNumber'),
      flex: 1,
      minWidth: 110,
      renderCell: ({ row }) => <OrderNumberCell row={row} t={t} />,
    },
    { field: 'client', headerName: t('common.client'), flex: 1, minWidth: 90 },
    {
      field: 'date',
      headerName: t('common.date'),
      width: 100,
      valueGetter: (_v, row) => formatDay(row.date, lang),
    },
    {
      field: 'freightType',
      headerName: t('common.cargo'),
      flex: 1,
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => <OrderCargoCell row={row} lang={lang} name={name} />,
    },
    {
      field: 'modes',
      headerName: t('common.modes'),
      width: 98,
      sortable: false,
      renderCell: ({ row }) => <OrderListModes modes={row.modes} name={(m) => name('transportMode', m)} />,
    },
    figureColumn('co2Wtw', t('list.columns.co2Wtw'), 100, (row) => kg(row.co2Wtw)),
    figureColumn('tkm', t('list.columns.tkm'), 85, (row) => formatNumber(row.tkm, lang, 1)),
    figureColumn('intensity', t('list.columns.intensity'), 97, (row) => formatNumber(row.intensity, lang, 1)),
    figureColumn('co2Ttw', t('list.columns.co2Ttw'), 120, (row) => kg(row.co2Ttw)),
    figureColumn('co2Wtt', t('list.columns.co2Wtt'), 120, (row) => kg(row.co2Wtt)),
    {
      field: 'status',
      headerName: t('common.status'),
      width: 140,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          {...STATUS_CHIPS[row.status]}
          label={masters ? name('orderStatus', row.status) : t(`status.${row.status}`)}
          data-testid="order-status"
        />
      ),
    },
    {
      field: 'createdAt',
      headerName: t('list.columns.createdAt'),
      width: 110,
      valueGetter: (_v, row) => formatDay(row.createdAt, lang),
    },
  ];
}
