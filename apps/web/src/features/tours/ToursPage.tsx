import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useVehicleTypeName } from '../../components/vehicleTypes.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { EmissionFilterBar } from '../../components/EmissionFilterBar.tsx';
import { useEmissionFilters } from '../../components/emissionFilters.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { formatPercent } from '../../components/units.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { dayColumn, distanceColumn, emissionColumns, placeText } from './emissionColumns.tsx';
import { listPath, useEmissionList, type TourItem } from './toursApi.ts';
import { filtersActive, ListEmpty } from './ListEmpty.tsx';
import { UpgradeHint } from './UpgradeHint.tsx';

/** Shown on request (column choice): the key figures fit a 1440 px screen without them. */
const HIDDEN_COLUMNS = ['vehicle', 'emptyRunningPercentage', 'weightKg', 'tkm'];

/** Tours with their emissions (seed 000 §7 GET /tours: 10 per page, newest departure first). */
export function ToursPage() {
  const { t } = useTranslation(['tours', 'exports']);
  const lang = currentLanguage();
  const me = useMe();
  const typeName = useVehicleTypeName();
  const filters = useEmissionFilters('tour');
  const state = useTableState('tours', { sort: [{ field: 'departureDate', sort: 'desc' }] });
  const filterKey = JSON.stringify(filters.applied);
  const { setPage } = state;
  // Other filters give other pages: start again at the first.
  useEffect(() => setPage(0), [filterKey, setPage]);
  const path = listPath('tours', state.query, filters.applied);
  const { data, isFetching } = useEmissionList<TourItem>('tours', path, filters.ready);
  const total = data?.['hydra:totalItems'] ?? 0;

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

  return (
    <>
      <PageHeader
        title={t('tours.title')}
        subtitle={t('tours.subtitle')}
        actions={
          <ExportButton
            kind="tours"
            filters={filters.applied}
            // Upgrade-only in the basic edition (seed 000 §6).
            disabled={total === 0 || me.company.isBasic}
          />
        }
      />
      <UpgradeHint show={me.company.isBasic} />
      <EmissionFilterBar filters={filters} searchLabel={t('tours.search')} />
      <DataTable
        label={t('tours.title')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={total}
        loading={isFetching}
        state={state}
        testId="tours-table"
        hiddenByDefault={HIDDEN_COLUMNS}
        empty={<ListEmpty kind="tours" filtered={filtersActive(filters.applied)} />}
      />
    </>
  );
}
