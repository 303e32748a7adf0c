import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { SECTIONS } from '@klimadesk/contract/emission-db/reference';
import type { VsmeEnergyEntry, VsmeReport } from '@klimadesk/contract/vsme/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { formatFigure } from '../../components/format.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { unitName } from '../emission-db/emissionDb.ts';

/** Unit symbols of the DESNZ rows a fuel is converted through. */
const SYMBOL = { l: 'l', m3: 'm³', t: 't' } as const;

const sectionName = (id: string, lang: Language) => SECTIONS.find((s) => s.id === id)?.names[lang] ?? id;

/**
 * `Zentrale Hamburg · Mobile Verbrennung · Diesel (durchschnittliche Biokraftstoffbeimischung)`: the
 * activity, with what the entry calls itself where the activity's name does not say it already.
 */
function entryTitle(e: VsmeEnergyEntry, lang: Language): string {
  const activity = e.activity?.[lang] ?? null;
  const label = e.label && !activity?.toLowerCase().includes(e.label.toLowerCase()) ? e.label : null;
  const named = activity && label ? `${activity} – ${label}` : (activity ?? label);
  return [e.report.businessUnit, sectionName(e.section, lang), named].filter(Boolean).join(' · ');
}

/** A fuel turned into kWh: the sum and the two DESNZ rows its net calorific value rests on. */
function Converted({ e }: { e: VsmeEnergyEntry }) {
  const { t } = useTranslation('vsme');
  const lang = currentLanguage();
  const c = e.conversion!;
  const symbol = SYMBOL[c.unit];
  return (
    <li>
      <Typography variant="body2">{entryTitle(e, lang)}</Typography>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('footprint.conversion', {
          amount: formatFigure(c.quantity, lang, 3),
          unit: symbol,
          perUnit: formatFigure(c.kwhPerUnit, lang, 4),
          symbol,
          kwh: formatFigure(e.kwh ?? 0, lang, 0),
        })}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {t('footprint.conversionSource', {
          fuel: c.fuel,
          edition: c.edition,
          factor: formatFigure(c.perUnit.factor, lang, 6),
          symbol,
          unitRow: c.perUnit.row,
          net: formatFigure(c.perKwhNet.factor, lang, 6),
          netRow: c.perKwhNet.row,
        })}
      </Typography>
    </li>
  );
}

/** An entry without kWh, with the reason and where it came from. */
function NotConverted({ e }: { e: VsmeEnergyEntry }) {
  const { t } = useTranslation('vsme');
  const lang = currentLanguage();
  const amount = `${formatFigure(e.amount, lang, 3)} ${unitName(e.unit ?? '', lang)}`.trim();
  const why = [t(`footprint.problems.${e.problem}`), e.fromFreight ? t('footprint.fromFreight') : null];
  return (
    <li data-testid={`vsme-energy-gap-${e.entry}`}>
      {`${t(`footprint.kinds.${e.kind}`)}: ${entryTitle(e, lang)}, ${amount} – ${why.filter(Boolean).join(', ')}`}
    </li>
  );
}

/** How the report's freight figures arrive: through the footprint's freight take-over, counted once. */
function FreightNote({ footprint }: { footprint: NonNullable<VsmeReport['footprint']> | null }) {
  const { t } = useTranslation('vsme');
  const lang = currentLanguage();
  const taken = footprint?.freight;
  return (
    <Box data-testid="vsme-freight-note">
      <Typography variant="subtitle2">{t('footprint.freightTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('footprint.freight')}
      </Typography>
      {footprint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {taken && taken.entries > 0
            ? t('footprint.freightTaken', {
                count: taken.entries,
                year: footprint.year,
                sections: taken.sections.map((s) => sectionName(s, lang)).join(', '),
              })
            : t('footprint.freightNone', { year: footprint.year })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * B3's source note (issue 40): which carbon footprint the energy and emissions come from, each fuel
 * turned into kWh on its net calorific value with the DESNZ rows, the entries that could not be
 * turned into kWh (their kind stays open, never 0), and how freight figures arrive.
 */
export function VsmeFootprintNote({ report }: { report: VsmeReport }) {
  const { t } = useTranslation('vsme');
  const f = report.footprint;
  const converted = f?.energy.filter((e) => e.conversion) ?? [];
  const gaps = f?.energy.filter((e) => e.problem) ?? [];
  return (
    <SectionCard title={f ? t('footprint.title', { year: f.year }) : t('footprint.titleNone')}>
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="vsme-footprint-note">
        <Typography variant="body2" color="text.secondary">
          {f ? t('footprint.intro', { year: f.year }) : t('footprint.none', { year: report.year })}
        </Typography>
        {converted.length > 0 && (
          <Box>
            <Typography variant="subtitle2">{t('footprint.converted')}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
              {converted.map((e) => (
                <Converted key={e.entry} e={e} />
              ))}
            </Box>
          </Box>
        )}
        {gaps.length > 0 && (
          <Alert severity="warning" data-testid="vsme-energy-gaps">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('footprint.notConverted')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {gaps.map((e) => (
                <NotConverted key={e.entry} e={e} />
              ))}
            </Box>
          </Alert>
        )}
        <FreightNote footprint={f} />
      </Box>
    </SectionCard>
  );
}
