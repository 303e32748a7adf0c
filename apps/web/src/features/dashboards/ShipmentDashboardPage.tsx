import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n.ts';
import { useEmissionFilters } from '../../components/emissionFilters.ts';
import {
  co2Quantity,
  formatCo2,
  formatCount,
  formatIntensity,
  formatTkm,
  quantity,
} from '../../components/units.ts';
import { ChartCard, TrendCharts, FigureTable, RankingChart } from './DashboardCharts.tsx';
import { DashboardFrame } from './DashboardFrame.tsx';
import { useStats } from './dashboardsApi.ts';
import { KpiCard, KpiGrid } from './KpiCard.tsx';
import { StatementPanel } from './StatementPanel.tsx';

/** The shipper dashboard: shipment figures, a per-shipper breakdown and the shipper statement. */
export function ShipmentDashboardPage() {
  const { t } = useTranslation(['dashboards', 'tours']);
  const lang = currentLanguage();
  const filters = useEmissionFilters('shipment');
  const stats = useStats('shipment', filters.applied, filters.ready);

  return (
    <DashboardFrame kind="shipment" filters={filters} stats={stats}>
      {(s) => (
        <>
          <KpiGrid>
            <KpiCard
              id="glecCo2Generic"
              label={t('kpi.glecCo2Generic')}
              quantity={co2Quantity(s.glecCo2Generic, lang)}
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
            <KpiCard
              id="transportActivity"
              label={t('kpi.transportActivity')}
              quantity={quantity(s.transportActivity, 'tkm', lang, 0)}
            />
            <KpiCard
              id="shipments"
              label={t('kpi.shipments')}
              quantity={quantity(s.shipments, '', lang, 0)}
            />
            <KpiCard
              id="numShippers"
              label={t('kpi.numShippers')}
              quantity={quantity(s.numShippers, '', lang, 0)}
            />
            <KpiCard id="weight" label={t('kpi.weight')} quantity={quantity(s.weight / 1000, 't', lang, 2)} />
          </KpiGrid>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              gap: 3,
              mb: 3,
            }}
          >
            <TrendCharts stats={s} lang={lang} />
            <ChartCard title={t('charts.byShipper')} testId="chart-by-shipper">
              <RankingChart
                names={s.byShipper.map((x) => x.shipper ?? t('table.noShipper'))}
                values={s.byShipper.map((x) => x.co2Default)}
                lang={lang}
              />
            </ChartCard>
          </Box>
          <ChartCard title={t('charts.shipperTable')} testId="shipper-breakdown">
            <FigureTable
              label={t('charts.shipperTable')}
              testId="shipper-table"
              head={[
                { label: t('table.shipper') },
                { label: t('table.shipments'), numeric: true },
                { label: t('table.weight'), numeric: true },
                { label: t('table.tkm'), numeric: true },
                { label: t('table.co2Default'), numeric: true },
                { label: t('table.co2Individual'), numeric: true },
                { label: t('table.intensity'), numeric: true },
              ]}
              rows={s.byShipper.map((x, i) => ({
                key: `${x.shipper ?? ''}-${i}`,
                cells: [
                  x.shipper ?? t('table.noShipper'),
                  formatCount(x.shipments, lang),
                  `${formatCount(x.weight / 1000, lang)} t`,
                  formatTkm(x.transportActivity, lang),
                  formatCo2(x.co2Default, lang),
                  formatCo2(x.co2Individual, lang),
                  formatIntensity(x.intensity, lang),
                ],
              }))}
            />
          </ChartCard>
          <Box sx={{ mt: 3 }}>
            <StatementPanel
              shippers={s.byShipper.map((x) => x.shipper).filter((x): x is string => !!x)}
              range={filters.applied}
              disabled={s.sample}
            />
          </Box>
        </>
      )}
    </DashboardFrame>
  );
}
