import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n.ts';
import { RouterLink } from '../../components/RouterLink.tsx';
import { dayColumn, emissionColumns, placeText } from './emissionColumns.tsx';
import { EmissionList } from './EmissionList.tsx';
import { shipmentPath, type ShipmentItem } from './toursApi.ts';

/** Shown on request (column choice): the key figures fit a 1440 px screen without them. */
const HIDDEN_COLUMNS = ['tours', 'weightKg', 'tkm'];

/** Shipments with their allocated emissions; a row opens the shipment with its legs. */
export function ShipmentsPage() {
  const { t } = useTranslation('tours');
  const lang = currentLanguage();

  const columns = useMemo<GridColDef<ShipmentItem>[]>(
    () => [
      {
        field: 'reference',
        headerName: t('columns.shipment'),
        minWidth: 150,
        flex: 1,
        renderCell: ({ row }) => (
          <Box>
            <RouterLink
              to={shipmentPath(row.id)}
              sx={{ fontWeight: 600 }}
              aria-label={t('shipments.openAria', { reference: row.reference })}
            >
              {row.reference}
            </RouterLink>
            {row.orderNumber && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {row.orderNumber}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'shipper',
        headerName: t('columns.shipper'),
        minWidth: 140,
        valueGetter: (_v, row) => row.shipper ?? '–',
      },
      dayColumn<ShipmentItem>(t, lang),
      {
        field: 'route',
        headerName: t('columns.route'),
        minWidth: 170,
        flex: 1,
        sortable: false,
        valueGetter: (_v, row) => `${placeText(row.origin)} → ${placeText(row.destination)}`,
      },
      {
        field: 'tours',
        headerName: t('columns.legs'),
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Box>
            {row.tours.map((leg) => (
              <Typography key={leg.id} variant="body2">
                {leg.reference}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  ({t(`carriage.${leg.carriage}`)})
                </Typography>
              </Typography>
            ))}
          </Box>
        ),
      },
      ...emissionColumns<ShipmentItem>(t, lang),
    ],
    [t, lang],
  );

  return <EmissionList kind="shipments" columns={columns} hiddenByDefault={HIDDEN_COLUMNS} />;
}
