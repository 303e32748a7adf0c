import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Trans, useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Answer } from '../../app/client.ts';
import { formatNumber } from '../../components/format.ts';

/** A step of a calculation trace, with the names of its keys in the UI language (from the API). */
export type TraceStep = Answer<'getShipment'>['legs'][number]['trace'][number];
type Scalar = TraceStep['inputs'][string];

/** Numbers keep up to four decimals here: the sheet is for checking, not for reading at a glance. */
function value(v: Scalar, lang: Language): string {
  if (v === null) return '–';
  if (typeof v === 'number') {
    const digits = Number.isInteger(v) ? 0 : Math.min(4, Math.max(2, (String(v).split('.')[1] ?? '').length));
    return formatNumber(v, lang, digits);
  }
  return String(v);
}

function Pairs({
  values,
  names,
  lang,
}: {
  values: Record<string, Scalar>;
  names: Record<string, string> | undefined;
  lang: Language;
}) {
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
        columnGap: 2,
        m: 0,
      }}
    >
      {entries.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {names?.[k] ?? k}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {value(v, lang)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One step: its label, formula, inputs with the factor and its source, output and note. */
function TraceStepItem({ s, lang }: { s: TraceStep; lang: Language }) {
  const { t } = useTranslation('tours');
  return (
    <Box component="li">
      <Typography variant="subtitle2">{s.label}</Typography>
      <Typography
        variant="body2"
        component="code"
        sx={{
          display: 'block',
          fontFamily: 'ui-monospace, monospace',
          bgcolor: '#f0f5f4',
          px: 1,
          py: 0.5,
          borderRadius: 1,
          my: 0.5,
        }}
      >
        {s.formula}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('sheet.inputs')}
          </Typography>
          <Pairs values={s.inputs} names={s.names} lang={lang} />
          {s.factor && (
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {/* The source is cited as published (<cite>), in the language of its publisher. */}
              <Trans
                t={t}
                i18nKey="sheet.factor"
                values={{
                  value: value(s.factor.value, lang),
                  // A dimensionless factor (unit "factor") shows its value alone.
                  unit: s.factor.unit === 'factor' ? '' : ` ${s.factor.unit}`,
                  source: s.factor.source,
                  edition: s.factor.edition,
                }}
                components={{ cite: <cite style={{ fontStyle: 'normal' }} /> }}
              />
            </Typography>
          )}
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('sheet.output')}
          </Typography>
          <Pairs values={s.output} names={s.names} lang={lang} />
        </Box>
      </Box>
      {s.note && (
        <Typography variant="caption" color="text.secondary">
          {s.note}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The calculation trace as a sheet: each step with its formula, inputs, factor and result, and the
 * server's plain-text sheet for copying into a report.
 */
export function CalculationSheet({
  trace,
  sheet,
  lang,
  title,
}: {
  trace: TraceStep[];
  sheet: string;
  lang: Language;
  title: string;
}) {
  const { t } = useTranslation('tours');
  return (
    <Box component="section" aria-label={title} data-testid="calculation-sheet">
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ol" sx={{ pl: 3, m: 0, display: 'grid', gap: 1.5 }}>
        {trace.map((s, i) => (
          <TraceStepItem key={`${s.step}-${i}`} s={s} lang={lang} />
        ))}
      </Box>
      <Accordion disableGutters elevation={0} sx={{ mt: 2, border: 1, borderColor: 'divider' }}>
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography variant="body2">{t('sheet.plain')}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Box
            component="pre"
            sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'ui-monospace, monospace', fontSize: 13 }}
          >
            {sheet}
          </Box>
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
