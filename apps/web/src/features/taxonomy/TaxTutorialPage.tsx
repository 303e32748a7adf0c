import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isPathAllowed } from '@klimadesk/contract/platform/web-routes';
import { useMe } from '../../app/useMe.ts';
import { NumberedStep, NumberedSteps } from '../../components/NumberedSteps.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** The way through the module, step by step, each with a link to its screen (seed 001 §2 tutorial). */
const STEPS = [
  { key: 'year', path: '/taxonofy/financial-year' },
  { key: 'tags', path: '/taxonofy/tags' },
  { key: 'activity', path: '/taxonofy/activity/new/core' },
  { key: 'criteria', path: null },
  { key: 'dnsh', path: null },
  { key: 'minSafe', path: null },
  { key: 'overview', path: '/taxonofy/overview' },
  { key: 'report', path: '/taxonofy/home' },
] as const;

export function TaxTutorialPage() {
  const { t } = useTranslation('taxonomy');
  const me = useMe();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('tutorial.title')} subtitle={t('tutorial.subtitle')} />
      <NumberedSteps maxWidth={880}>
        {STEPS.map((s, i) => (
          <NumberedStep key={s.key} number={i + 1}>
            <Typography sx={{ fontWeight: 650 }}>{t(`tutorial.steps.${s.key}.title`)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: s.path ? 1 : 0 }}>
              {t(`tutorial.steps.${s.key}.text`)}
            </Typography>
            {s.path && isPathAllowed(s.path, me.routes) && (
              <Button size="small" endIcon={<ArrowForward />} onClick={() => void navigate({ href: s.path })}>
                {t(`tutorial.steps.${s.key}.link`)}
              </Button>
            )}
          </NumberedStep>
        ))}
      </NumberedSteps>
    </>
  );
}
