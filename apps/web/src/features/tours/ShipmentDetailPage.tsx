import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { useVehicleTypeName } from '../../components/vehicleTypes.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { errorText } from '../../components/errors.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import {
  formatCo2,
  formatDay,
  formatIntensity,
  formatKg,
  formatKm,
  formatPercent,
  formatTkm,
} from '../../components/units.ts';
import { CalculationSheet } from './CalculationSheet.tsx';
import { placeText } from './emissionColumns.tsx';
import { LegPrimaryData } from './LegPrimaryData.tsx';
import { SHIPMENTS_PATH, useShipment, type ShipmentDetail } from './toursApi.ts';

type Figures = ShipmentDetail['emissions'];

function Facts({ items }: { items: [string, string][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        gap: 2,
        m: 0,
      }}
    >
      {items.map(([label, v]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function emissionFacts(t: (k: string) => string, e: Figures, lang: 'de' | 'en'): [string, string][] {
  return [
    [t('figures.defaultWtw'), formatCo2(e.default.wtw, lang)],
    [t('figures.defaultTtw'), formatCo2(e.default.ttw, lang)],
    [t('figures.defaultWtt'), formatCo2(e.default.wtt, lang)],
    [t('figures.individualWtw'), formatCo2(e.individual?.wtw, lang)],
    [t('figures.tkm'), formatTkm(e.tkm, lang)],
    [t('figures.intensityDefault'), formatIntensity(e.intensityDefault, lang)],
    [t('figures.intensityIndividual'), formatIntensity(e.intensityIndividual, lang)],
    [t('figures.hub'), formatCo2(e.hubWtw, lang)],
  ];
}

/** Origin and destination; without them, where the first leg starts and the last one ends. */
function shipmentRoute(s: ShipmentDetail): string {
  const from = s.origin ?? s.legs[0]?.departure ?? null;
  const to = s.destination ?? s.legs.at(-1)?.arrival ?? null;
  return `${placeText(from)} → ${placeText(to)}`;
}

/** One leg: the tour it rode on, the primary data in use (if any), its figures and its sheet. */
function LegCard({ leg, n, lang }: { leg: ShipmentDetail['legs'][number]; n: number; lang: Language }) {
  const { t } = useTranslation('tours');
  const typeName = useVehicleTypeName();
  return (
    <SectionCard
      title={t('detail.leg', { n, tour: leg.tourReference })}
      description={`${t(`carriage.${leg.carriage}`)} · ${placeText(leg.departure)} → ${placeText(leg.arrival)}`}
      actions={
        <Chip
          size="small"
          variant="outlined"
          color={leg.method === 'default' ? 'default' : 'success'}
          label={t(`method.${leg.method}`)}
        />
      }
    >
      <LegPrimaryData leg={leg} lang={lang} />
      <Facts
        items={[
          [t('columns.departureDate'), formatDay(leg.departureDate, lang)],
          [
            t('columns.vehicle'),
            [leg.licensePlate, typeName(leg.glecTransportType)].filter(Boolean).join(' · ') || '–',
          ],
          [t('columns.distance'), formatKm(leg.distanceKm, lang)],
          [t('columns.weight'), formatKg(leg.weightKg, lang)],
          [t('detail.share'), formatPercent(leg.share === null ? null : leg.share * 100, lang)],
          [
            t('detail.factorSet'),
            leg.factorSet
              ? [`${leg.factorSet.id} ${leg.factorSet.version}`, leg.factorSet.gwp]
                  .filter(Boolean)
                  .join(' · ')
              : '–',
          ],
          ...emissionFacts(t, leg.emissions, lang),
        ]}
      />
      <Box sx={{ mt: 3 }}>
        <CalculationSheet
          trace={leg.trace}
          sheet={leg.sheet}
          lang={lang}
          title={t('sheet.title', { tour: leg.tourReference })}
        />
      </Box>
    </SectionCard>
  );
}

/** One shipment: its figures, the tours it rode on (legs) and how each leg was calculated. */
export function ShipmentDetailPage() {
  const { t } = useTranslation('tours');
  const lang = currentLanguage();
  const { id } = useParams({ strict: false }) as { id?: string };
  const shipment = useShipment(id ?? '');
  const back = (
    <RouterLink to={SHIPMENTS_PATH} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
      <ArrowBack fontSize="small" />
      {t('shipments.back')}
    </RouterLink>
  );
  if (shipment.isError) {
    return (
      <>
        {back}
        <Alert severity="error">{errorText(shipment.error)}</Alert>
      </>
    );
  }
  const s = shipment.data;
  if (!s) return <Skeleton variant="rounded" height={320} />;

  return (
    <>
      {back}
      <PageHeader
        title={t('detail.title', { reference: s.reference })}
        subtitle={[s.shipper, s.orderNumber, formatDay(s.departureDate, lang)].filter(Boolean).join(' · ')}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <SectionCard title={t('detail.summary')}>
          <Facts
            items={[
              [t('columns.route'), shipmentRoute(s)],
              [t('columns.weight'), formatKg(s.weightKg, lang)],
              [t('detail.loadedDistance'), formatKm(s.loadedDistanceKm, lang)],
              [t('detail.description'), s.description ?? '–'],
              ...emissionFacts(t, s.emissions, lang),
            ]}
          />
        </SectionCard>
        {s.legs.map((leg, i) => (
          <LegCard key={`${leg.tourId}-${i}`} leg={leg} n={i + 1} lang={lang} />
        ))}
      </Box>
    </>
  );
}
