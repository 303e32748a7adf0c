import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { monthlyPrice, priceCurve } from '@klimadesk/contract/invoicing/pricing';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatCents, formatNumber, parseNumber } from '../../components/format.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { KpiCard } from '../dashboards/KpiCard.tsx';
import { formatUnitCents } from './invoicingFormat.ts';

const START_VOLUME = '5000';

/** The best price per shipment over the volume, up to twice the volume asked. */
function PriceCurve({ curve, lang }: { curve: ReturnType<typeof priceCurve>; lang: Language }) {
  const { t } = useTranslation('invoicing');
  return (
    <SectionCard title={t('calculator.curve')} description={t('calculator.curveHint')}>
      <Box
        component="figure"
        aria-label={t('calculator.curve')}
        data-testid="price-curve"
        sx={{ width: '100%', minWidth: 0, m: 0 }}
      >
        <LineChart
          height={300}
          xAxis={[
            {
              data: curve.map((p) => p.shipments),
              label: t('calculator.axisShipments'),
              valueFormatter: (v: number) => formatNumber(v, lang, 0),
            },
          ]}
          yAxis={[{ label: t('calculator.axisUnitPrice'), min: 0 }]}
          series={[
            {
              data: curve.map((p) => p.unitPriceCents),
              label: t('calculator.unitPrice'),
              color: '#0f766e',
              showMark: false,
              valueFormatter: (v: number | null) => (v === null ? '–' : formatUnitCents(v, lang)),
            },
          ]}
        />
      </Box>
    </SectionCard>
  );
}

/**
 * The price for a monthly volume from the company's tariff (or the standard professional price),
 * computed by the same contract function the invoice uses, and the best-price curve up to twice
 * the volume. From 40,000 shipments a month the answer is an individual offer (seed 000 §9).
 */
export function PriceCalculatorPage() {
  const { t } = useTranslation('invoicing');
  const lang = currentLanguage();
  const { data: tariff } = useQuery(queryOptions('pricingTariff'));
  const [text, setText] = useState(START_VOLUME);
  const parsed = parseNumber(text, lang);
  const valid = Number.isFinite(parsed) && parsed >= 0 && Number.isInteger(parsed) && parsed <= 10_000_000;
  const volume = useDebounced(valid ? parsed : 0, 200);
  if (!tariff) return <Skeleton variant="rounded" height={420} />;
  const price = monthlyPrice(tariff, { shipments: volume });
  const curve = priceCurve(tariff, Math.max(1000, volume * 2), 60);
  const individual = volume >= tariff.individualOfferFromShipments;
  return (
    <>
      <PageHeader title={t('calculator.title')} subtitle={t('calculator.subtitle')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <SectionCard
          title={t('calculator.input')}
          description={
            tariff.source === 'booked'
              ? t('calculator.bookedTariff', { name: tariff.name })
              : t('calculator.standardTariff')
          }
        >
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' },
              alignItems: 'start',
            }}
          >
            <TextField
              label={t('calculator.volume')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={!valid}
              helperText={!valid ? t('calculator.invalid') : t('calculator.volumeHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'volume-input' } }}
            />
            <KpiCard
              id="unit-price"
              label={t('calculator.unitPrice')}
              quantity={{
                value: individual ? t('calculator.individual') : formatUnitCents(price.unitPriceCents, lang),
                unit: '',
              }}
            />
            <KpiCard
              id="monthly-price"
              label={t('calculator.monthlyPrice')}
              quantity={{
                value: individual ? t('calculator.individual') : formatCents(price.totalCents, lang),
                unit: '',
              }}
              hint={t('calculator.exclVat')}
            />
          </Box>
          {individual && (
            <Alert severity="info" sx={{ mt: 2 }} data-testid="individual-offer">
              {t('calculator.individualHint', {
                count: tariff.individualOfferFromShipments,
                formatted: formatNumber(tariff.individualOfferFromShipments, lang, 0),
              })}
            </Alert>
          )}
          {tariff.freeNumberOfShipments > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('calculator.free', { count: tariff.freeNumberOfShipments })}
            </Typography>
          )}
        </SectionCard>
        <PriceCurve curve={curve} lang={lang} />
      </Box>
    </>
  );
}
