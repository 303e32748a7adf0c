import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n.ts';
import { formatFigure } from '../../components/format.ts';
import type { SampleValidation } from './mappingsApi.ts';

/**
 * The first tour of the sample as the import computes it: the user sees "18,500 kg" and
 * "95 g CO2e/tkm" and notices a wrong unit before importing.
 */
export function SampleFigures({ sample }: { sample: NonNullable<SampleValidation['sample']> }) {
  const { t } = useTranslation('mappings');
  const lang = currentLanguage();
  const figures: [string, string][] = [
    [t('sample.weight'), `${formatFigure(sample.weightKg, lang, 2)} kg`],
    [t('sample.distance'), `${formatFigure(sample.distanceKm, lang, 1)} km`],
    [t('sample.tkm'), sample.tkm === null ? '–' : `${formatFigure(sample.tkm, lang, 2)} tkm`],
    [t('sample.co2'), `${formatFigure(sample.co2WtwKg, lang, 2)} kg CO₂e`],
    [
      t('sample.intensity'),
      sample.gramsPerTkm === null ? '–' : `${formatFigure(sample.gramsPerTkm, lang, 1)} g CO₂e/tkm`,
    ],
  ];
  return (
    <Box
      data-testid="mapping-sample"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap: 1 }}
    >
      <Typography variant="subtitle2">
        {t('sample.title', { row: sample.row, tour: sample.tourReference })}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(5, auto)' }, gap: 1.5 }}
      >
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('sample.help')}
      </Typography>
    </Box>
  );
}
