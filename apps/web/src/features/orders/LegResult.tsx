import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { formatNumber } from '../../components/format.ts';
import { formatCo2, formatIntensity, formatKm, formatTkm } from '../../components/units.ts';
import { CalculationSheet } from '../tours/CalculationSheet.tsx';
import type { LegCalc, LegDistance, LegEmission } from './LegCalculation.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** How the location service measured: its factor or the sea distance in nautical miles. */
function useDistanceDetail(lang: Language) {
  const { t } = useTranslation('orders');
  return (d: LegDistance) =>
    [
      t('orders:form.legs.greatCircle', { km: formatKm(d.greatCircleKm, lang) }),
      d.circuityFactor !== undefined
        ? t('orders:form.legs.circuity', { factor: formatNumber(d.circuityFactor, lang, 2) })
        : null,
      d.nauticalMiles !== undefined
        ? t('orders:form.legs.nauticalMiles', { nm: formatNumber(d.nauticalMiles, lang, 1) })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

/** The leg's calculated figures, its method and distance kind, and its calculation sheet. */
function LegFigures({
  e,
  d,
  busy,
  kind,
  number,
  lang,
}: {
  e: LegEmission;
  d: LegDistance | null | undefined;
  busy: boolean | undefined;
  kind: string;
  number: number;
  lang: Language;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const distanceDetail = useDistanceDetail(lang);
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(6, minmax(0, 1fr))' },
          gap: 1.5,
          m: 0,
          opacity: busy ? 0.6 : 1,
        }}
        data-testid="leg-figures"
      >
        <Figure label={t('orders:form.figures.distance')} value={formatKm(e.distance, lang)} />
        <Figure label={t('orders:common.co2Ttw')} value={formatCo2(e.co2Ttw, lang)} />
        <Figure label={t('orders:common.co2Wtt')} value={formatCo2(e.co2Wtt, lang)} />
        <Figure label={t('orders:common.co2Wtw')} value={formatCo2(e.co2Wtw, lang)} />
        <Figure label={t('orders:common.tkm')} value={formatTkm(e.tkm, lang)} />
        <Figure label={t('orders:common.intensity')} value={formatIntensity(e.intensity, lang)} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
        <Chip size="small" label={t(`orders:form.method.${e.method}`)} />
        <Chip
          size="small"
          variant="outlined"
          label={d ? t(`orders:form.distanceType.${d.distanceType}`) : t(`orders:form.distanceKind.${kind}`)}
        />
        {d && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {distanceDetail(d)}
          </Typography>
        )}
      </Box>
      <Accordion
        disableGutters
        elevation={0}
        sx={{ mt: 1, border: 1, borderColor: 'divider' }}
        slotProps={{ transition: { unmountOnExit: true } }}
      >
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography variant="body2">{t('orders:form.legs.sheet')}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <CalculationSheet
            trace={e.trace}
            sheet={e.sheet}
            lang={lang}
            title={t('orders:form.legs.sheetTitle', { n: number })}
          />
        </AccordionDetails>
      </Accordion>
    </>
  );
}

/** What the leg's live calculation says: a conflict or refusal, its progress, or its figures. */
export function LegResult({
  calc,
  conflict,
  liveEnd,
  liveError,
  kind,
  number,
  lang,
}: {
  calc: LegCalc | undefined;
  conflict: boolean;
  liveEnd: 'origin' | 'destination' | null;
  liveError: string | null;
  kind: string;
  number: number;
  lang: Language;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const e = calc?.emission;
  return (
    <Box sx={{ mt: 1.5 }} aria-live="polite" data-testid="leg-result">
      {conflict && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('errors:freightTypeNotForMode')}
        </Alert>
      )}
      {liveError && !liveEnd && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {liveError}
        </Alert>
      )}
      {calc?.busy && !e && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{t('orders:form.legs.calculating')}</Typography>
        </Box>
      )}
      {!e && !calc?.busy && !liveError && !conflict && (
        <Typography variant="body2" color="text.secondary">
          {t('orders:form.legs.waiting')}
        </Typography>
      )}
      {e && <LegFigures e={e} d={calc?.distance} busy={calc?.busy} kind={kind} number={number} lang={lang} />}
    </Box>
  );
}
