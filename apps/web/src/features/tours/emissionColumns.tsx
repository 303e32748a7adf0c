import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ShipmentItem, TourItem } from '@klimadesk/contract/tours/schemas';
import {
  formatCo2,
  formatDay,
  formatIntensity,
  formatKg,
  formatKm,
  formatTkm,
} from '../../components/units.ts';

type Row = TourItem | ShipmentItem;
type Place = { name: string | null; city: string | null; zip: string | null; country: string | null } | null;

export const placeText = (p: Place) => {
  if (!p) return '–';
  const city = [p.zip, p.city ?? p.name].filter(Boolean).join(' ');
  return [city, p.country].filter(Boolean).join(', ') || '–';
};

/** WTW in front, TTW and WTT beneath: the three scopes of one result in one cell. */
/** A part the result does not know (a partner's WTW without TTW) shows as "–", never 0. */
function Co2Cell({
  co2,
  lang,
}: {
  co2: { ttw: number | null; wtt: number | null; wtw: number } | null;
  lang: Language;
}) {
  if (!co2) return <>–</>;
  return (
    <Box sx={{ textAlign: 'right', width: '100%' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatCo2(co2.wtw, lang)}
      </Typography>
      {/* One scope a line, so the column stays narrow enough for the key figures to fit. */}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        TTW {formatCo2(co2.ttw, lang)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        WTT {formatCo2(co2.wtt, lang)}
      </Typography>
    </Box>
  );
}

export const dayColumn = <R extends Row>(t: TFunction, lang: Language): GridColDef<R> => ({
  field: 'departureDate',
  headerName: t('tours:columns.departureDate'),
  width: 130,
  valueGetter: (_v, row) => formatDay(row.departureDate, lang),
});

/** Weight, transport activity and the emission figures shared by the tour and shipment lists. */
export function emissionColumns<R extends Row>(t: TFunction, lang: Language): GridColDef<R>[] {
  return [
    {
      field: 'weightKg',
      headerName: t('tours:columns.weight'),
      width: 110,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => formatKg(row.weightKg, lang),
    },
    {
      field: 'tkm',
      headerName: t('tours:columns.tkm'),
      width: 120,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => formatTkm(row.emissions.tkm, lang),
    },
    {
      field: 'co2DefaultWtw',
      headerName: t('tours:columns.co2Default'),
      width: 165,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => <Co2Cell co2={row.emissions.default} lang={lang} />,
    },
    {
      field: 'co2IndividualWtw',
      headerName: t('tours:columns.co2Individual'),
      width: 165,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => <Co2Cell co2={row.emissions.individual} lang={lang} />,
    },
    {
      field: 'intensity',
      headerName: t('tours:columns.intensity'),
      width: 150,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => formatIntensity(row.emissions.intensityDefault, lang),
    },
  ];
}

export const distanceColumn = <R extends TourItem>(t: TFunction, lang: Language): GridColDef<R> => ({
  field: 'distanceKm',
  headerName: t('tours:columns.distance'),
  width: 110,
  align: 'right',
  headerAlign: 'right',
  valueGetter: (_v, row) => formatKm(row.distanceKm, lang),
});
