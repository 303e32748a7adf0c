import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { formatNumber } from '../../components/format.ts';
import { useFuelTypes, useVehicleTypes } from './fleetApi.ts';
import { FleetListPage } from './FleetListPage.tsx';
import { VehicleDialog } from './VehicleDialog.tsx';

const fractionDigits = (v: number) =>
  Number.isInteger(v) ? 0 : Math.min((String(v).split('.')[1] ?? '').length, 2);

export function VehiclesPage() {
  const { t } = useTranslation(['fleet', 'common']);
  const lang = currentLanguage();
  const { data: types = [] } = useVehicleTypes();
  const { data: fuels = [] } = useFuelTypes();

  const columns = useMemo<GridColDef<Vehicle>[]>(
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
        field: 'glecVehicleType',
        headerName: t('columns.glecVehicleType'),
        flex: 1.4,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) =>
          types.find((x) => x.id === row.glecVehicleType)?.name ?? row.glecVehicleType ?? '',
      },
      { field: 'description', headerName: t('columns.description'), flex: 1, minWidth: 140 },
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
                    : `${formatNumber(f.consumption, lang, fractionDigits(f.consumption))} ${f.unitFuelConsumption ?? ''} `}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {fuels.find((x) => x.id === f.fuelType)?.name ?? f.fuelType}
                  </Box>
                </Typography>
              ))}
            </Box>
          ),
      },
      { field: 'yearOfConstruction', headerName: t('columns.yearOfConstruction'), width: 90 },
    ],
    [t, types, fuels, lang],
  );

  return (
    <FleetListPage<Vehicle>
      entity="vehicle"
      ns="vehicles"
      columns={columns}
      renderDialog={(item, close, saved) => (
        <VehicleDialog vehicle={item} onClose={close} onSaved={(r) => saved(r.result, r.vehicle)} />
      )}
    />
  );
}
