import { Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TUTORIAL_STEPS } from '@klimadesk/contract/help/schemas';
import { splitStep } from '@klimadesk/contract/help/sections';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { HtmlContent } from '../../components/HtmlContent.tsx';
import { NumberedStep, NumberedSteps } from '../../components/NumberedSteps.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const IntroTour = lazy(() =>
  import('../../app/dialogs/IntroTour.tsx').then((m) => ({ default: m.IntroTour })),
);

/**
 * `/cfc/tutorial`: the platform admin's tutorial steps to read at leisure, and the introductory tour
 * to run again (the same texts the first login shows).
 */
export function CfcTutorialPage() {
  const { t } = useTranslation('cfc');
  const me = useMe();
  const lang = currentLanguage();
  const [touring, setTouring] = useState(0);
  const texts = useQuery({
    ...queryOptions('texts', { query: { type: 'tutorial', lang } }),
    select: (d) =>
      TUTORIAL_STEPS.flatMap((name) => {
        const value = d['hydra:member'].find((x) => x.name === name)?.value.trim();
        return value ? [{ name, ...splitStep(value) }] : [];
      }),
  });
  return (
    <>
      <PageHeader
        title={t('tutorial.title')}
        subtitle={t('tutorial.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<PlayArrowOutlined />}
            onClick={() => setTouring((n) => n + 1)}
            data-testid="cfc-tutorial-start"
          >
            {t('tutorial.start')}
          </Button>
        }
      />
      {touring > 0 && (
        <Suspense fallback={null}>
          <IntroTour key={touring} me={me} />
        </Suspense>
      )}
      <NumberedSteps maxWidth={960}>
        {texts.isPending && <Skeleton variant="rounded" height={240} />}
        {texts.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        {texts.data?.length === 0 && <Alert severity="info">{t('tutorial.empty')}</Alert>}
        {texts.data?.map((step, i) => (
          <NumberedStep key={step.name} number={i + 1} padding={{ xs: 2, sm: 3 }}>
            {step.title && (
              <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                {step.title}
              </Typography>
            )}
            <HtmlContent html={step.body} />
          </NumberedStep>
        ))}
      </NumberedSteps>
    </>
  );
}
