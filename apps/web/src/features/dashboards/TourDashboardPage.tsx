import Alert from '@mui/material/Alert';
import { co2ColumnFormat, formatCount, formatIntensity, formatKm } from '../../components/units.ts';
import { FigureTable, trendCharts } from './DashboardCharts.tsx';
import { DashboardPage, defineDashboard } from './defineDashboard.tsx';

const listFormat = (items: string[], lang: string) =>
  new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);

const tourDashboard = defineDashboard({
  id: 'tour',
  stats: 'tourStats',
  filters: 'tour',
  notice: (s, { t, lang }) =>
    s.shipperScope !== null && (
      // An external user's figures are limited to the group's shippers: say which, or why none.
      <Alert
        severity={s.shipperScope.length === 0 ? 'warning' : 'info'}
        sx={{ mb: 2 }}
        data-testid="shipper-scope"
      >
        {s.shipperScope.length === 0
          ? t('scope.empty')
          : t('scope.limited', { shippers: listFormat(s.shipperScope, lang) })}
      </Alert>
    ),
  kpis: [
    { id: 'glecCo2Default', co2: true },
    { id: 'glecCo2Individual', co2: true },
    { id: 'hubEmissions', co2: true },
    { id: 'intensity', unit: 'g CO₂e/tkm', digits: 1 },
    { id: 'tkm', unit: 'tkm', digits: 0 },
    { id: 'tours', digits: 0 },
    { id: 'trips', digits: 0, hint: true },
    { id: 'shipments', digits: 0 },
    { id: 'vehicles', digits: 0 },
    { id: 'distance', unit: 'km', digits: 0 },
    { id: 'emptyDistancePercentage', unit: '%', digits: 1 },
  ],
  charts: [
    ...trendCharts,
    {
      title: 'charts.topVehicles',
      testId: 'chart-top-vehicles',
      render: (s, { t, lang }) => {
        // One unit per column (the largest figure decides), not kg and t row by row.
        const co2Default = co2ColumnFormat(
          s.topVehicles.map((x) => x.co2Default),
          lang,
        );
        return (
          <FigureTable
            label={t('charts.topVehicles')}
            testId="top-vehicles"
            rows={s.topVehicles}
            rowKey={(v, i) => v.vehicleId ?? `${v.licensePlate}-${i}`}
            columns={[
              { label: t('table.vehicle'), cell: (v) => v.licensePlate ?? t('table.unknownVehicle') },
              { label: t('table.tours'), numeric: true, cell: (v) => formatCount(v.tours, lang) },
              { label: t('table.distance'), numeric: true, cell: (v) => formatKm(v.distance, lang) },
              { label: t('table.co2Default'), numeric: true, cell: (v) => co2Default(v.co2Default) },
              { label: t('table.intensity'), numeric: true, cell: (v) => formatIntensity(v.intensity, lang) },
            ]}
          />
        );
      },
    },
  ],
});

/**
 * The carrier dashboard: tour figures for the filters. External read-only users see it too; it
 * calls only the stats and filter-suggestion endpoints, which limit them to their shippers.
 */
export function TourDashboardPage() {
  return <DashboardPage dashboard={tourDashboard} />;
}
