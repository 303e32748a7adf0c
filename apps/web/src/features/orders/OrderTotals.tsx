import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { type Body, call } from '../../app/client.ts';
import { parseNumber } from '../../components/format.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { formatCo2, formatIntensity, formatTkm } from '../../components/units.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import type { useLegCalculations } from './LegCalculation.ts';
import { type Order, type OrderFormValues, handovers, legsInOrder, liveTotals } from './OrderFormModel.ts';

/** Five totals side by side from md on, two per row below. */
const TOTALS_GRID = { xs: '1fr 1fr', md: 'repeat(5, 1fr)' };

type TotalFigures = Pick<Order, 'co2Ttw' | 'co2Wtt' | 'co2Wtw' | 'tkm' | 'intensity'>;

function TotalRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** TtW, WtT, WtW with hubs, tonne-kilometres and intensity; `wtwTestId` marks the WtW figure. */
function TotalRows({
  totals,
  lang,
  wtwTestId,
}: {
  totals: TotalFigures;
  lang: Language;
  wtwTestId?: string;
}) {
  const { t } = useTranslation('orders');
  return (
    <>
      <TotalRow label={t('common.co2Ttw')} value={formatCo2(totals.co2Ttw, lang)} />
      <TotalRow label={t('common.co2Wtt')} value={formatCo2(totals.co2Wtt, lang)} />
      <TotalRow
        label={t('form.totals.wtwWithHubs')}
        value={formatCo2(totals.co2Wtw, lang)}
        testId={wtwTestId}
      />
      <TotalRow label={t('common.tkm')} value={formatTkm(totals.tkm, lang)} />
      <TotalRow label={t('common.intensity')} value={formatIntensity(totals.intensity, lang)} />
    </>
  );
}

/**
 * The hubs where the goods change vehicle and their WtW emission, by the API's own rule and factors
 * (orderHubs): 0 without a handover, null while the API has not answered.
 */
function useHubEmissions(values: OrderFormValues, modes: string[], lang: Language) {
  const hubs = handovers(modes);
  const weight = parseNumber(values.grossWeight, lang);
  const quantity = parseNumber(values.quantity, lang);
  const hubBody = useDebounced(
    JSON.stringify(
      hubs > 0 && weight > 0 && modes.every(Boolean)
        ? {
            freightType: values.freightType,
            grossWeight: weight,
            grossWeightUnit: values.grossWeightUnit,
            temperatureControl: values.temperatureControl,
            quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : null,
            modes,
          }
        : null,
    ),
    500,
  );
  const hubQuery = useQuery({
    queryKey: ['orderHubs', hubBody],
    queryFn: ({ signal }) =>
      call('orderHubs', { body: JSON.parse(hubBody) as Body<'orderHubs'> }, { signal }),
    enabled: hubBody !== 'null',
    staleTime: Infinity,
    retry: false,
  });
  const hubWtw = hubs > 0 ? (hubQuery.data?.co2Wtw ?? null) : 0;
  return { hubs, hubWtw };
}

/** The totals the order was saved with and its hubs' share. */
function SavedTotals({ saved, lang }: { saved: Order; lang: Language }) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="saved-totals">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('form.totals.saved')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: TOTALS_GRID, gap: 2, m: 0 }}>
        <TotalRows totals={saved} lang={lang} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('form.totals.savedHubs', {
          value: formatCo2(saved.hubCo2Wtw, lang),
          count: saved.hubs.length,
        })}
      </Typography>
    </Box>
  );
}

/** The order's live totals over its legs and hubs, and the saved totals of an order being edited. */
export function OrderTotals({
  values,
  lang,
  calcs,
  saved,
}: {
  values: OrderFormValues;
  lang: Language;
  calcs: ReturnType<typeof useLegCalculations>;
  saved: Order | null;
}) {
  const { t } = useTranslation('orders');
  const legs = legsInOrder(values.legs);
  const figures = legs.map((_, i) => calcs[i]?.emission ?? null);
  const modes = legs.map((l) => l.leg.transportMode);
  const { hubs, hubWtw } = useHubEmissions(values, modes, lang);
  const live = liveTotals(figures, hubWtw ?? 0);
  return (
    <SectionCard title={t('form.totals.title')} description={t('form.totals.description')}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: TOTALS_GRID, gap: 2, m: 0 }}
        data-testid="order-totals"
      >
        <TotalRows totals={live} lang={lang} wtwTestId="total-wtw" />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {hubs === 0
          ? t('form.totals.noHubs')
          : hubWtw === null
            ? t('form.totals.hubsPending', { count: hubs })
            : t('form.totals.hubs', { count: hubs, value: formatCo2(hubWtw, lang) })}
        {!live.complete && legs.length > 0 ? ` ${t('form.totals.incomplete')}` : ''}
      </Typography>
      {saved && <SavedTotals saved={saved} lang={lang} />}
    </SectionCard>
  );
}
