import { Suspense, lazy, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { useTranslation } from 'react-i18next';
import { MODULE_TOUR } from '../../app/dialogs/moduleTour.ts';
import { useMe } from '../../app/useMe.ts';
import { NumberedStep, NumberedSteps } from '../../components/NumberedSteps.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const IntroTour = lazy(() =>
  import('../../app/dialogs/IntroTour.tsx').then((m) => ({ default: m.IntroTour })),
);

/**
 * `/cfc/tutorial`: the steps of the carbon footprint's own tour to read at leisure, and the tour to
 * run again (the same steps the first login in this module shows).
 */
export function CfcTutorialPage() {
  const { t } = useTranslation(['cfc', 'app']);
  const me = useMe();
  const [touring, setTouring] = useState(0);
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
          <IntroTour key={touring} me={{ ...me, module: 'cfc' }} />
        </Suspense>
      )}
      <NumberedSteps maxWidth={960}>
        {MODULE_TOUR.cfc.map(({ key }, i) => (
          <NumberedStep key={key} number={i + 1} padding={{ xs: 2, sm: 3 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              {t(`app:guide.cfc.tour.${key}.title`, { name: me.firstName })}
            </Typography>
            <Typography>{t(`app:guide.cfc.tour.${key}.text`)}</Typography>
          </NumberedStep>
        ))}
      </NumberedSteps>
    </>
  );
}
