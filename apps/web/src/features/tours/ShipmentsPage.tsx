import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { EmissionFilterBar } from '../../components/EmissionFilterBar.tsx';
import { useEmissionFilters } from '../../components/emissionFilters.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useTableState } from '../../components/tableState.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { dayColumn, emissionColumns, placeText } from './emissionColumns.tsx';
import { listPath, shipmentPath, useEmissionList, type ShipmentItem } from './toursApi.ts';
import { filtersActive, ListEmpty } from './ListEmpty.tsx';
import { UpgradeHint } from './UpgradeHint.tsx';

/** Shown on request (column choice): the key figures fit a 1440 px screen without them. */
const HIDDEN_COLUMNS = ['tours', 'weightKg', 'tkm'];

/** Shipments with their allocated emissions; a row opens the shipment with its legs. */
export function ShipmentsPage() {
  const { t } = useTranslation(['tours', 'exports']);
  const lang = currentLanguage();
  const me = useMe();
  const filters = useEmissionFilters('shipment');
  const state = useTableState('shipments', { sort: [{ field: 'departureDate', sort: 'desc' }] });
  const filterKey = JSON.stringify(filters.applied);
  const { setPage } = state;
  // Other filters give other pages: start again at the first.
  useEffect(() => setPage(0), [filterKey, setPage]);
  const path = listPath('shipments', state.query, filters.applied);
  const { data, isFetching } = useEmissionList<ShipmentItem>('shipments', path, filters.ready);
  const total = data?.['hydra:totalItems'] ?? 0;

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

  return (
    <>
      <PageHeader
        title={t('shipments.title')}
        subtitle={t('shipments.subtitle')}
        actions={
          <ExportButton
            kind="shipments"
            filters={filters.applied}
            // Upgrade-only in the basic edition (seed 000 §6).
            disabled={total === 0 || me.company.isBasic}
          />
        }
      />
      <UpgradeHint show={me.company.isBasic} />
      <EmissionFilterBar filters={filters} searchLabel={t('shipments.search')} />
      <DataTable
        label={t('shipments.title')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={total}
        loading={isFetching}
        state={state}
        testId="shipments-table"
        hiddenByDefault={HIDDEN_COLUMNS}
        empty={<ListEmpty kind="shipments" filtered={filtersActive(filters.applied)} />}
      />
    </>
  );
}
