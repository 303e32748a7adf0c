import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useVehicleTypeName } from '../../components/vehicleTypes.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatPercent } from '../../components/units.ts';
import { dayColumn, distanceColumn, emissionColumns, placeText } from './emissionColumns.tsx';
import { EmissionList } from './EmissionList.tsx';
import type { TourItem } from './toursApi.ts';

/** Shown on request (column choice): the key figures fit a 1440 px screen without them. */
const HIDDEN_COLUMNS = ['vehicle', 'emptyRunningPercentage', 'weightKg', 'tkm'];

/** Tours with their emissions (seed 000 §7 GET /tours: 10 per page, newest departure first). */
export function ToursPage() {
  const { t } = useTranslation('tours');
  const lang = currentLanguage();
  const typeName = useVehicleTypeName();

  const columns = useMemo<GridColDef<TourItem>[]>(
    () => [
      {
        field: 'reference',
        headerName: t('columns.tour'),
        minWidth: 150,
        flex: 1,
        renderCell: ({ row }) => (
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.reference}
            </Typography>
            {row.tags.length > 0 && (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                {row.tags.map((tag) => (
                  <Chip key={tag} size="small" variant="outlined" label={tag} />
                ))}
              </Box>
            )}
          </Box>
        ),
      },
      dayColumn<TourItem>(t, lang),
      {
        field: 'route',
        headerName: t('columns.route'),
        minWidth: 170,
        flex: 1,
        sortable: false,
        valueGetter: (_v, row) => `${placeText(row.departure)} → ${placeText(row.arrival)}`,
      },
      {
        field: 'vehicle',
        headerName: t('columns.vehicle'),
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <Box>
            <Typography variant="body2">{row.licensePlate ?? row.vehicleReference ?? '–'}</Typography>
            <Typography variant="caption" color="text.secondary">
              {typeName(row.glecTransportType)}
            </Typography>
          </Box>
        ),
      },
      distanceColumn<TourItem>(t, lang),
      {
        field: 'emptyRunningPercentage',
        headerName: t('columns.emptyRunning'),
        width: 110,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => formatPercent(row.emptyRunningPercentage, lang),
      },
      ...emissionColumns<TourItem>(t, lang),
    ],
    [t, lang, typeName],
  );

  return <EmissionList kind="tours" columns={columns} hiddenByDefault={HIDDEN_COLUMNS} />;
}
