import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { useFuelTypes } from './fleetApi.ts';
import { FleetListPage, formatFleetNumber } from './FleetListPage.tsx';
import { VehicleDialog } from './VehicleDialog.tsx';

export function VehiclesPage() {
  const { t } = useTranslation(['fleet', 'common']);
  const lang = currentLanguage();
  const { data: fuels = [] } = useFuelTypes();

  const columns = useMemo<GridColDef<Vehicle>[]>(
    () => [
      {
        field: 'fuel',
        headerName: t('columns.fuel'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) =>
          row.fuelInformation.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              –
            </Typography>
          ) : (
            <Box sx={{ py: 0.5 }}>
              {row.fuelInformation.map((f, i) => (
                <Typography key={i} variant="body2">
                  {f.consumption === null
                    ? ''
                    : `${formatFleetNumber(f.consumption, lang)} ${f.unitFuelConsumption ?? ''} `}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {fuels.find((x) => x.id === f.fuelType)?.name ?? f.fuelType}
                  </Box>
                </Typography>
              ))}
            </Box>
          ),
      },
    ],
    [t, fuels, lang],
  );

  return (
    <FleetListPage<Vehicle>
      entity="vehicle"
      columns={columns}
      renderDialog={(item, close) => <VehicleDialog item={item} onClose={close} onSaved={close} />}
    />
  );
}
