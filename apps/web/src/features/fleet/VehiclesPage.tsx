import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { formatNumber } from '../../components/format.ts';
import { useFuelTypes, useVehicleTypes } from './fleetApi.ts';
import { FleetListPage, glecTypeColumn } from './FleetListPage.tsx';
import { VehicleDialog } from './VehicleDialog.tsx';

const fractionDigits = (v: number) =>
  Number.isInteger(v) ? 0 : Math.min((String(v).split('.')[1] ?? '').length, 2);

export function VehiclesPage() {
  const { t } = useTranslation(['fleet', 'common']);
  const lang = currentLanguage();
  const { data: types = [] } = useVehicleTypes();
  const { data: fuels = [] } = useFuelTypes();

  const typeColumn = useMemo(
    () =>
      glecTypeColumn<Vehicle>('glecVehicleType', t('columns.glecVehicleType'), types, {
        flex: 1.4,
        minWidth: 180,
      }),
    [t, types],
  );
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
                    : `${formatNumber(f.consumption, lang, fractionDigits(f.consumption))} ${f.unitFuelConsumption ?? ''} `}
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
      ns="vehicles"
      typeColumn={typeColumn}
      columns={columns}
      renderDialog={(item, close) => <VehicleDialog vehicle={item} onClose={close} onSaved={close} />}
    />
  );
}
