import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n.ts';
import { useEmissionFilters } from '../../components/emissionFilters.ts';
import {
  co2Quantity,
  formatCo2,
  formatCount,
  formatIntensity,
  formatKm,
  quantity,
} from '../../components/units.ts';
import { ChartCard, TrendCharts, FigureTable } from './DashboardCharts.tsx';
import { DashboardFrame } from './DashboardFrame.tsx';
import { useStats } from './dashboardsApi.ts';
import { KpiCard, KpiGrid } from './KpiCard.tsx';

const listFormat = (items: string[], lang: string) =>
  new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);

/**
 * The carrier dashboard: tour figures for the filters. External read-only users see it too; it
 * calls only the stats and filter-suggestion endpoints, which limit them to their shippers.
 */
export function TourDashboardPage() {
  const { t } = useTranslation(['dashboards', 'tours']);
  const lang = currentLanguage();
  const filters = useEmissionFilters('tour');
  const stats = useStats('tour', filters.applied, filters.ready);

  return (
    <DashboardFrame kind="tour" filters={filters} stats={stats}>
      {(s) => (
        <>
          {s.shipperScope !== null && (
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
          )}
          <KpiGrid>
            <KpiCard
              id="glecCo2Default"
              label={t('kpi.glecCo2Default')}
              quantity={co2Quantity(s.glecCo2Default, lang)}
            />
            <KpiCard
              id="glecCo2Individual"
              label={t('kpi.glecCo2Individual')}
              quantity={co2Quantity(s.glecCo2Individual, lang)}
            />
            <KpiCard
              id="hubEmissions"
              label={t('kpi.hubEmissions')}
              quantity={co2Quantity(s.hubEmissions, lang)}
            />
            <KpiCard
              id="intensity"
              label={t('kpi.intensity')}
              quantity={quantity(s.intensity, 'g CO₂e/tkm', lang, 1)}
            />
            <KpiCard id="tkm" label={t('kpi.tkm')} quantity={quantity(s.tkm, 'tkm', lang, 0)} />
            <KpiCard id="tours" label={t('kpi.tours')} quantity={quantity(s.tours, '', lang, 0)} />
            <KpiCard
              id="trips"
              label={t('kpi.trips')}
              quantity={quantity(s.trips, '', lang, 0)}
              hint={t('kpi.tripsHint')}
            />
            <KpiCard
              id="shipments"
              label={t('kpi.shipments')}
              quantity={quantity(s.shipments, '', lang, 0)}
            />
            <KpiCard id="vehicles" label={t('kpi.vehicles')} quantity={quantity(s.vehicles, '', lang, 0)} />
            <KpiCard id="distance" label={t('kpi.distance')} quantity={quantity(s.distance, 'km', lang, 0)} />
            <KpiCard
              id="emptyDistancePercentage"
              label={t('kpi.emptyDistancePercentage')}
              quantity={quantity(s.emptyDistancePercentage, '%', lang, 1)}
            />
          </KpiGrid>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              gap: 3,
            }}
          >
            <TrendCharts stats={s} lang={lang} />
            <ChartCard title={t('charts.topVehicles')} testId="chart-top-vehicles">
              <FigureTable
                label={t('charts.topVehicles')}
                testId="top-vehicles"
                head={[
                  { label: t('table.vehicle') },
                  { label: t('table.tours'), numeric: true },
                  { label: t('table.distance'), numeric: true },
                  { label: t('table.co2Default'), numeric: true },
                  { label: t('table.intensity'), numeric: true },
                ]}
                rows={s.topVehicles.map((v, i) => ({
                  key: v.vehicleId ?? `${v.licensePlate}-${i}`,
                  cells: [
                    v.licensePlate ?? t('table.unknownVehicle'),
                    formatCount(v.tours, lang),
                    formatKm(v.distance, lang),
                    formatCo2(v.co2Default, lang),
                    formatIntensity(v.intensity, lang),
                  ],
                }))}
              />
            </ChartCard>
          </Box>
        </>
      )}
    </DashboardFrame>
  );
}
