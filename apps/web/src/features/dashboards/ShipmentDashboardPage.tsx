import { co2ColumnFormat, formatCount, formatIntensity, formatTkm } from '../../components/units.ts';
import { FigureTable, RankingChart, trendCharts } from './DashboardCharts.tsx';
import { DashboardPage, defineDashboard } from './defineDashboard.tsx';
import { StatementPanel } from './StatementPanel.tsx';

const shipmentDashboard = defineDashboard({
  id: 'shipment',
  stats: 'shipmentStats',
  filters: 'shipment',
  kpis: [
    { id: 'glecCo2Generic', co2: true },
    { id: 'glecCo2Individual', co2: true },
    { id: 'hubEmissions', co2: true },
    { id: 'intensity', unit: 'g CO₂e/tkm', digits: 1 },
    { id: 'transportActivity', unit: 'tkm', digits: 0 },
    { id: 'shipments', digits: 0 },
    { id: 'numShippers', digits: 0 },
    { id: 'weight', unit: 't', digits: 2, value: (s) => s.weight / 1000 },
  ],
  charts: [
    ...trendCharts,
    {
      title: 'charts.byShipper',
      testId: 'chart-by-shipper',
      render: (s, { t, lang }) => (
        <RankingChart
          names={s.byShipper.map((x) => x.shipper ?? t('table.noShipper'))}
          values={s.byShipper.map((x) => x.co2Default)}
          lang={lang}
        />
      ),
    },
    {
      title: 'charts.shipperTable',
      testId: 'shipper-breakdown',
      wide: true,
      render: (s, { t, lang }) => {
        // One unit per column (the largest figure decides), not kg and t row by row.
        const co2Default = co2ColumnFormat(
          s.byShipper.map((x) => x.co2Default),
          lang,
        );
        const co2Individual = co2ColumnFormat(
          s.byShipper.map((x) => x.co2Individual),
          lang,
        );
        return (
          <FigureTable
            label={t('charts.shipperTable')}
            testId="shipper-table"
            rows={s.byShipper}
            rowKey={(x, i) => `${x.shipper ?? ''}-${i}`}
            columns={[
              { label: t('table.shipper'), cell: (x) => x.shipper ?? t('table.noShipper') },
              { label: t('table.shipments'), numeric: true, cell: (x) => formatCount(x.shipments, lang) },
              {
                label: t('table.weight'),
                numeric: true,
                cell: (x) => `${formatCount(x.weight / 1000, lang)} t`,
              },
              { label: t('table.tkm'), numeric: true, cell: (x) => formatTkm(x.transportActivity, lang) },
              { label: t('table.co2Default'), numeric: true, cell: (x) => co2Default(x.co2Default) },
              { label: t('table.co2Individual'), numeric: true, cell: (x) => co2Individual(x.co2Individual) },
              { label: t('table.intensity'), numeric: true, cell: (x) => formatIntensity(x.intensity, lang) },
            ]}
          />
        );
      },
    },
  ],
  footer: (s, { filters }) => (
    <StatementPanel
      shippers={s.byShipper.map((x) => x.shipper).filter((x): x is string => !!x)}
      range={filters.applied}
      disabled={s.sample}
    />
  ),
});

/** The shipper dashboard: shipment figures, a per-shipper breakdown and the shipper statement. */
export function ShipmentDashboardPage() {
  return <DashboardPage dashboard={shipmentDashboard} />;
}
