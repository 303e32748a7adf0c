import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { unitOf } from '@klimadesk/contract/emission-db/reference';
import type { Activity } from '@klimadesk/contract/emission-db/schemas';
import { formatFigure } from '../../components/format.ts';

export type FactorPreviewItem = NonNullable<Activity['factorPreview']>[number];

/** One factor as a picker shows it: "0,18296 kg CO₂e/kWh (Brennwert) · alle Länder · DESNZ 2025". */
export function factorLine(f: FactorPreviewItem, lang: Language, everywhere: string): string {
  // The symbol (l, kg, tkm), or the name where it only adds a qualifier to it (kWh (Ho)).
  const name = unitOf(f.unit)?.names[lang];
  const symbol = f.unit.split('-')[0];
  const unit = name && (name === symbol || name.startsWith(`${symbol} `)) ? name : f.unit;
  const region = f.country
    ? (new Intl.DisplayNames([lang], { type: 'region' }).of(f.country) ?? f.country)
    : everywhere;
  const source = [f.source, f.year].filter((x) => x !== null).join(' ');
  return [`${formatFigure(f.value, lang)} kg CO₂e/${unit}`, region, source].filter(Boolean).join(' · ');
}

/** An activity option of the entry dialog: its name and the factors behind it. */
export function ActivityOption({
  name,
  preview,
  factorCount,
  lang,
}: {
  name: string;
  preview: readonly FactorPreviewItem[];
  factorCount: number;
  lang: Language;
}) {
  const { t } = useTranslation('cfc');
  const more = factorCount - preview.length;
  return (
    <Box sx={{ py: 0.25 }} data-testid="cfc-activity-option">
      <Typography>{name}</Typography>
      {preview.map((f, i) => (
        <Typography key={i} variant="body2" color="text.secondary" sx={{ fontSize: 12.5 }}>
          {factorLine(f, lang, t('entries.factorEverywhere'))}
        </Typography>
      ))}
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: 12.5 }}>
          {t('entries.moreFactors', { count: more })}
        </Typography>
      )}
    </Box>
  );
}
