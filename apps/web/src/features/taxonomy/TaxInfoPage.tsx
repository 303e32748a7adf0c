import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';

const STEPS = ['eligibility', 'substantialContribution', 'dnsh', 'minSafeguards', 'alignment'] as const;
const SOURCES = ['regulation', 'climate', 'environmental', 'disclosures', 'amendments'] as const;

/** Information on the EU taxonomy (seed 001 §2 info): objectives, the assessment and the KPIs, with the acts. */
export function TaxInfoPage() {
  const { t } = useTranslation('taxonomy');
  const criteria =
    useQuery({ ...queryOptions('taxCriterias'), staleTime: Infinity }).data?.['hydra:member'] ?? [];
  return (
    <>
      <PageHeader title={t('info.title')} subtitle={t('info.subtitle')} />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <SectionCard title={t('info.objectivesTitle')} description={t('info.objectivesText')}>
          <Box
            component="ul"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { md: '1fr 1fr' },
            }}
          >
            {criteria.map((c) => (
              <Box
                component="li"
                key={c.id}
                sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
              >
                <Typography sx={{ fontWeight: 650 }}>
                  {c.abbreviation} · {c.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.title}
                </Typography>
              </Box>
            ))}
          </Box>
        </SectionCard>
        <SectionCard title={t('info.stepsTitle')}>
          <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1.5 }}>
            {STEPS.map((k) => (
              <li key={k}>
                <Typography sx={{ fontWeight: 650 }}>{t(`info.steps.${k}.title`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`info.steps.${k}.text`)}
                </Typography>
              </li>
            ))}
          </Box>
        </SectionCard>
        <SectionCard title={t('info.kpisTitle')}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('info.kpisText')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('info.kpisExample')}
          </Typography>
        </SectionCard>
        <SectionCard title={t('info.sourcesTitle')}>
          <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {SOURCES.map((k) => (
              <li key={k}>
                <Typography variant="body2">{t(`info.sources.${k}`)}</Typography>
              </li>
            ))}
          </Box>
        </SectionCard>
      </Box>
    </>
  );
}
